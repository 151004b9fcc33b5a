import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXT } from '../../../common/messages.js';
import { events, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { expireBids } from './service.js';
import { bidBody, bidRow, insertSavedCard, runMatching } from './testing.js';

/** Issue 43 §8, decision 0072: a postponed event's bids follow its new date, and each bidder is told. */

const EVENT_DATE = '2030-05-01';
const NEW_DATE = '2030-06-15';
const ZONE = 'America/Los_Angeles';

describe.each(backends)('bids of a postponed event on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let admin: TestClient;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await signedInClient(harness, (await createTestUser(db(), { role: 'admin' })).id);
  });
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;
  const uniqueName = (prefix: string) => {
    sequence += 1;
    return `${prefix} ${sequence}`;
  };

  async function newEvent(name: string, daysCount = 1) {
    const [venue] = await db()
      .insert(venues)
      .values({ name: uniqueName('Canyon Bowl'), city: 'Los Angeles', timeZone: ZONE })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name, date: EVENT_DATE, daysCount, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  async function bidder() {
    const user = await createTestUser(db());
    const card = await insertSavedCard(db(), user.id);
    return { user, card, client: await signedInClient(harness, user.id) };
  }
  async function placeBid(client: TestClient, card: string, overrides: Record<string, unknown>) {
    const answer = await client.post(
      '/api/bids',
      bidBody(card, { eventDate: EVENT_DATE, maxPrice: 1, ...overrides }),
    );
    expect(answer.status, answer.text).toBe(200);
    return answer.body.bid.id as number;
  }
  const outboxOf = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];
  const postpone = (eventId: number, newDate: string) =>
    admin.post(`/api/admin/events/${eventId}/postpone`, { newDate });

  it('moves the event’s bids to the new date, ends them when the new date is over, and e-mails each bidder once', async () => {
    const event = await newEvent(uniqueName('Comet Parade'), 2);
    const elsewhere = await newEvent(uniqueName('Quiet Harbour'));
    const fan = await bidder();
    const other = await bidder();
    const byEvent = await placeBid(fan.client, fan.card, { eventId: event.id, eventName: event.name });
    const byName = await placeBid(fan.client, fan.card, { eventName: event.name.toUpperCase() });
    const unrelated = await placeBid(other.client, other.card, {
      eventId: elsewhere.id,
      eventName: elsewhere.name,
    });
    // Two days in Los Angeles from May 1: on sale until midnight there after May 2.
    expect(await bidRow(db(), byEvent)).toMatchObject({ expiresAt: new Date('2030-05-03T07:00:00Z') });

    const postponed = await postpone(event.id, NEW_DATE);
    expect(postponed.status, postponed.text).toBe(200);
    // June 15–16 in Los Angeles: the bid ends at midnight there after June 16.
    for (const bidId of [byEvent, byName])
      expect(await bidRow(db(), bidId)).toMatchObject({
        isActive: true,
        eventDate: NEW_DATE,
        expiresAt: new Date('2030-06-17T07:00:00Z'),
        endedReason: null,
      });
    expect(await bidRow(db(), unrelated)).toMatchObject({
      eventDate: EVENT_DATE,
      expiresAt: new Date('2030-05-02T07:00:00Z'),
    });
    const listed = await fan.client.get('/api/bids');
    expect(listed.body.bids.map((bid: { eventDate: string; expiresAt: string }) => bid.eventDate)).toEqual([
      NEW_DATE,
      NEW_DATE,
    ]);

    // Past the old date, the bids are still on; the listings of the new date can still be matched.
    clock.set(new Date('2030-05-04T12:00:00Z'));
    expect(await expireBids(db(), clock.now())).toBe(1);
    expect(await bidRow(db(), byEvent)).toMatchObject({ isActive: true });
    expect(await bidRow(db(), unrelated)).toMatchObject({
      isActive: false,
      endedReason: BID_TEXT.endedExpired,
    });

    // The e-mails go through the bidders' durable jobs, once each however often the jobs run.
    await runMatching(harness);
    await runMatching(harness);
    const mails = await outboxOf(fan.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      BID_TEXT.eventPostponedMailSubject,
      BID_TEXT.eventPostponedMailSubject,
    ]);
    for (const name of [event.name, event.name.toUpperCase()])
      expect(mails.find((mail) => mail.text.includes(`tickets for ${name} on`))?.text).toBe(
        [
          'Hi Test,',
          `${name} has been postponed from Wednesday, May 1, 2030 to Saturday, June 15, 2030.`,
          `Your bid follows it: it is still active for 2 tickets for ${name} on Saturday, June 15, 2030, and ends on Monday, June 17, 2030 at 12:00 AM PDT if it has not bought tickets by then.`,
          'You have not been charged. If the new date does not suit you, you can cancel the bid in My Bids:',
          'http://localhost:3000/my-bids',
        ].join('\n\n'),
      );
    expect(await outboxOf(other.user.email)).toEqual([]);

    clock.set(new Date('2030-06-17T07:01:00Z'));
    await expireBids(db(), clock.now());
    expect(await bidRow(db(), byEvent)).toMatchObject({
      isActive: false,
      endedReason: BID_TEXT.endedExpired,
    });
  });

  it('a bid that followed the new date buys a listing of it after the old date', async () => {
    clock.set(new Date('2030-03-01T12:00:00Z'));
    const event = await newEvent(uniqueName('Ember Night'));
    const fan = await bidder();
    const bidId = await placeBid(fan.client, fan.card, {
      eventId: event.id,
      eventName: event.name,
      maxPrice: 1000,
    });
    expect((await postpone(event.id, NEW_DATE)).status).toBe(200);
    // After the old date: the bid would have ended then, had it not followed the event.
    clock.set(new Date('2030-05-10T12:00:00Z'));
    const seller = await createTestUser(db());
    const listing = await insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: NEW_DATE,
      timeZone: ZONE,
    });
    await harness.app.bidMatching.listingBuyable(listing.id);
    await runMatching(harness);
    expect(await bidRow(db(), bidId)).toMatchObject({ matched: true, matchedTicketId: listing.id });
  });

  it('leaves a bid by name and date alone when another event of that name and date still goes ahead', async () => {
    clock.set(new Date('2030-03-01T12:00:00Z'));
    const name = uniqueName('Twin Shows');
    const moving = await newEvent(name);
    await newEvent(name);
    const fan = await bidder();
    const byName = await placeBid(fan.client, fan.card, { eventName: name });
    expect((await postpone(moving.id, NEW_DATE)).status).toBe(200);
    expect(await bidRow(db(), byName)).toMatchObject({ isActive: true, eventDate: EVENT_DATE });
    await runMatching(harness);
    expect(await outboxOf(fan.user.email)).toEqual([]);
  });
});
