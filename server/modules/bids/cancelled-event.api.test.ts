import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXT } from '../../../common/messages.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import { bids, events, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { bidBody, bidRow, insertSavedCard, runMatching } from './testing.js';

/** Issue 32 §4: a cancelled event's bids end, free their places and tell their bidders (decision 0054). */

const EVENT_DATE = '2030-05-01';
const REASON = 'The headliner is ill';

describe.each(backends)('bids of a cancelled event on %s', (backend) => {
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

  async function newEvent(name: string, date = EVENT_DATE) {
    const [venue] = await db()
      .insert(venues)
      .values({ name: uniqueName(`${name} Hall`), city: 'Springfield' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name, date, venueId: venue?.id ?? 0 })
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
    const answer = await client.post('/api/bids', bidBody(card, { eventDate: EVENT_DATE, ...overrides }));
    expect(answer.status, answer.text).toBe(200);
    return answer.body.bid.id as number;
  }
  const outboxOf = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];
  const uniqueName = (prefix: string) => {
    sequence += 1;
    return `${prefix} ${sequence}`;
  };

  it('ends the event’s bids, frees their places, e-mails each bidder once, and leaves other bids alone', async () => {
    const event = await newEvent(uniqueName('Comet Parade'));
    const elsewhere = await newEvent(uniqueName('Quiet Harbour'));
    const fan = await bidder();
    const other = await bidder();
    // Both of the fan's places: one bid on the catalog event, one on its name and date only.
    const byEvent = await placeBid(fan.client, fan.card, { eventId: event.id, eventName: event.name });
    const byName = await placeBid(fan.client, fan.card, { eventName: event.name.toUpperCase() });
    const unrelated = await placeBid(other.client, other.card, {
      eventId: elsewhere.id,
      eventName: elsewhere.name,
    });
    const full = await fan.client.post('/api/bids', bidBody(fan.card, { eventName: elsewhere.name }));
    expect(full.status).toBe(409);

    clock.advance(60_000);
    const cancelled = await admin.post(`/api/admin/events/${event.id}/cancel`, { reason: REASON });
    expect(cancelled.status, cancelled.text).toBe(200);
    for (const bidId of [byEvent, byName])
      expect(await bidRow(db(), bidId)).toMatchObject({
        isActive: false,
        matched: false,
        endedReason: BID_TEXT.endedEventCancelled,
        endedAt: clock.now(),
      });
    expect(await bidRow(db(), unrelated)).toMatchObject({ isActive: true, endedReason: null });
    const listed = await fan.client.get('/api/bids');
    expect(
      listed.body.bids.map((bid: { isActive: boolean; endedReason: string | null }) => [
        bid.isActive,
        bid.endedReason,
      ]),
    ).toEqual([
      [false, BID_TEXT.endedEventCancelled],
      [false, BID_TEXT.endedEventCancelled],
    ]);

    // Both places are free again.
    await placeBid(fan.client, fan.card, { eventId: elsewhere.id, eventName: elsewhere.name });
    await placeBid(fan.client, fan.card, { eventName: uniqueName('Open Night') });

    // The e-mails go through the bidders' durable jobs, once each however often the jobs run.
    await runMatching(harness);
    await runMatching(harness);
    const mails = await outboxOf(fan.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      BID_TEXT.eventCancelledMailSubject,
      BID_TEXT.eventCancelledMailSubject,
    ]);
    for (const [mail, name] of [
      [mails.find((each) => each.text.includes(event.name)), event.name],
      [mails.find((each) => each.text.includes(event.name.toUpperCase())), event.name.toUpperCase()],
    ] as const)
      expect(mail?.text).toBe(
        [
          'Hi Test,',
          `Your bid for 2 tickets for ${name} on ${formatCalendarDate(EVENT_DATE)} has ended: the event was cancelled. The reason given: ${REASON}`,
          'You have not been charged, and the bid no longer counts toward your 2 active bids. You can bid for another event in My Bids:',
          'http://localhost:3000/my-bids',
        ].join('\n\n'),
      );
    expect(await outboxOf(other.user.email)).toEqual([]);
  });

  it('refuses a new bid on a cancelled event, by the event or by its name and date', async () => {
    const event = await newEvent(uniqueName('Ember Night'));
    const fan = await bidder();
    expect((await admin.post(`/api/admin/events/${event.id}/cancel`, { reason: REASON })).status).toBe(200);
    for (const overrides of [{ eventId: event.id, eventName: event.name }, { eventName: event.name }]) {
      const refused = await fan.client.post(
        '/api/bids',
        bidBody(fan.card, { eventDate: EVENT_DATE, ...overrides }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(BID_TEXT.eventCancelled);
      expect(refused.body.fieldErrors).toEqual({ eventName: BID_TEXT.eventCancelled });
    }
    expect(await db().select().from(bids).where(eq(bids.userId, fan.user.id))).toEqual([]);
  });

  it('keeps a bid by name and date when another event of that name and date still goes ahead', async () => {
    const name = uniqueName('Twin Shows');
    const cancelledOne = await newEvent(name);
    await newEvent(name);
    const fan = await bidder();
    const byName = await placeBid(fan.client, fan.card, { eventName: name });
    expect((await admin.post(`/api/admin/events/${cancelledOne.id}/cancel`, { reason: REASON })).status).toBe(
      200,
    );
    expect(await bidRow(db(), byName)).toMatchObject({ isActive: true, endedReason: null });
    await runMatching(harness);
    expect(await outboxOf(fan.user.email)).toEqual([]);
  });
});
