import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventPath } from '../../../common/event-path.js';
import { formatCents } from '../../../common/money.js';
import { MAX_ACTIVE_PRICE_ALERTS } from '../../../common/schemas/price-alerts.js';
import { PRICE_ALERT_TEXT } from '../../../common/texts/price-alerts.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import { events, jobs, priceAlertMails, priceAlerts, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { priceAlertMatchedMail } from './mail.js';
import { PRICE_ALERT_MATCHED_MAIL_JOB } from './matching.js';
import { PRICE_ALERTS_CREATED_PER_HOUR } from './routes.js';
import { memberOfUnsubscribeToken, unsubscribeToken } from './token.js';

/** Price alerts (decision 0060): the API, the quota, matching, the e-mail, unsubscribing and ending. */

const EVENT_DATE = '2030-05-01';
const ZONE = 'America/Los_Angeles';

describe.each(backends)('price alerts on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let admin: TestClient;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await signedInClient(harness, (await createTestUser(db(), { role: 'admin' })).id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;
  const unique = (prefix: string) => {
    sequence += 1;
    return `${prefix} ${sequence}`;
  };

  async function newEvent(date = EVENT_DATE, status: 'scheduled' | 'postponed' | 'cancelled' = 'scheduled') {
    const [venue] = await db()
      .insert(venues)
      .values({ name: unique('Bayview Hall'), city: 'San Francisco', timeZone: ZONE })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: unique('Luna Ray Live'), date, venueId: venue?.id ?? 0, status })
      .returning();
    if (!event || !venue) throw new Error('no event');
    return { ...event, venueName: venue.name };
  }
  async function member() {
    const user = await createTestUser(db());
    return { user, client: await signedInClient(harness, user.id) };
  }
  async function createAlert(client: TestClient, body: Record<string, unknown>) {
    const answer = await client.post('/api/price-alerts', body);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.alert as { id: number; status: string };
  }
  async function alertRow(id: number) {
    const [row] = await db().select().from(priceAlerts).where(eq(priceAlerts.id, id));
    if (!row) throw new Error(`no alert ${id}`);
    return row;
  }
  /** Runs the alert jobs due now until none is left (matching schedules the e-mails it needs). */
  async function runJobs() {
    const { runner, mailRunner } = harness.app.priceAlertMatching;
    for (let round = 0; round < 5; round++)
      if ((await runner.runOnce()) + (await mailRunner.runOnce()) === 0) return;
  }
  const outboxOf = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
      html: string;
    }[];
  const unseenOf = async (client: TestClient) =>
    (await client.get('/api/notifications')).body.matchedPriceAlertsCount as number;

  it('creates an alert and lists it, newest first, a page at a time', async () => {
    const event = await newEvent();
    const fan = await member();
    const first = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 45.5 });
    const second = await createAlert(fan.client, { eventId: event.id, quantity: 1, maxPrice: 30 });
    const page = await fan.client.get('/api/price-alerts?pageSize=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 1, total: 2, activeCount: 2 });
    expect(page.body.alerts).toEqual([
      {
        id: second.id,
        eventId: event.id,
        eventName: event.name,
        eventDate: EVENT_DATE,
        venue: event.venueName,
        quantity: 1,
        maxPrice: 30,
        status: 'active',
        endedReason: null,
        matchedTicketId: null,
        matchedAt: null,
        unseen: false,
        createdAt: clock.now().toISOString(),
        endedAt: null,
      },
    ]);
    const next = await fan.client.get('/api/price-alerts?pageSize=1&page=2');
    expect(
      next.body.alerts.map((alert: { id: number; maxPrice: number }) => [alert.id, alert.maxPrice]),
    ).toEqual([[first.id, 45.5]]);
    expect((await alertRow(first.id)).maxPriceCents).toBe(4_550);
    // Someone else sees none of them; a visitor is asked to sign in.
    expect((await (await member()).client.get('/api/price-alerts')).body.alerts).toEqual([]);
    expect((await harness.client().get('/api/price-alerts')).status).toBe(401);
    expect(
      (await harness.client().post('/api/price-alerts', { eventId: event.id, quantity: 1, maxPrice: 9 }))
        .status,
    ).toBe(401);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const event = await newEvent();
    const cancelled = await newEvent(EVENT_DATE, 'cancelled');
    const past = await newEvent('2030-02-27');
    const fan = await member();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ eventId: event.id, quantity: 0, maxPrice: 40 }, 'quantity', PRICE_ALERT_TEXT.quantityInvalid],
      [{ eventId: event.id, quantity: 9, maxPrice: 40 }, 'quantity', PRICE_ALERT_TEXT.quantityInvalid],
      [{ eventId: event.id, quantity: 1.5, maxPrice: 40 }, 'quantity', PRICE_ALERT_TEXT.quantityInvalid],
      [{ eventId: event.id, quantity: 2 }, 'maxPrice', PRICE_ALERT_TEXT.maxPriceRequired],
      [{ eventId: event.id, quantity: 2, maxPrice: 0 }, 'maxPrice', PRICE_ALERT_TEXT.maxPricePositive],
      [{ eventId: event.id, quantity: 2, maxPrice: 10.005 }, 'maxPrice', PRICE_ALERT_TEXT.maxPriceInvalid],
      [{ eventId: event.id, quantity: 2, maxPrice: '40' }, 'maxPrice', PRICE_ALERT_TEXT.maxPriceInvalid],
      [{ eventId: event.id, quantity: 2, maxPrice: 100_001 }, 'maxPrice', PRICE_ALERT_TEXT.maxPriceTooHigh],
      [{ eventId: 99_999_999, quantity: 2, maxPrice: 40 }, 'eventId', PRICE_ALERT_TEXT.eventNotFound],
      [{ eventId: cancelled.id, quantity: 2, maxPrice: 40 }, 'eventId', PRICE_ALERT_TEXT.eventNotUpcoming],
      [{ eventId: past.id, quantity: 2, maxPrice: 40 }, 'eventId', PRICE_ALERT_TEXT.eventNotUpcoming],
    ];
    for (const [body, field, message] of cases) {
      const refused = await fan.client.post('/api/price-alerts', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fieldErrors?.[field] ?? refused.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await db().select().from(priceAlerts).where(eq(priceAlerts.userId, fan.user.id))).toEqual([]);
    // A postponed event still takes alerts.
    await createAlert(fan.client, {
      eventId: (await newEvent(EVENT_DATE, 'postponed')).id,
      quantity: 2,
      maxPrice: 40,
    });
  });

  it('keeps at most 10 active alerts per member, even when created at once, and frees a place on removal', async () => {
    const shows = [await newEvent(), await newEvent()];
    const fan = await member();
    // Each a different show or number of tickets: the same one again is merged, not counted.
    const answers = await Promise.all(
      Array.from({ length: MAX_ACTIVE_PRICE_ALERTS + 4 }, (_, index) =>
        fan.client.post('/api/price-alerts', {
          eventId: shows[index % 2]?.id,
          quantity: (index % 7) + 1,
          maxPrice: 20 + index,
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(created).toHaveLength(MAX_ACTIVE_PRICE_ALERTS);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array.from({ length: 4 }, () => [409, PRICE_ALERT_TEXT.limit]),
    );
    const removable = created[0]?.body.alert;
    const removed = await fan.client.delete(`/api/price-alerts/${removable.id}`);
    expect(removed.status).toBe(204);
    expect(await alertRow(removable.id)).toMatchObject({
      status: 'removed',
      endedAt: clock.now(),
    });
    await createAlert(fan.client, { eventId: removable.eventId, quantity: removable.quantity, maxPrice: 99 });
    expect(
      (await fan.client.post('/api/price-alerts', { eventId: shows[0]?.id, quantity: 8, maxPrice: 98 }))
        .status,
    ).toBe(409);
  });

  it('merges the same alert again into the one there is, at the new price, and lists a show’s own', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const fan = await member();
    const first = await fan.client.post('/api/price-alerts', {
      eventId: event.id,
      quantity: 2,
      maxPrice: 40,
    });
    expect(first.body.merged).toBe(false);
    const again = await fan.client.post('/api/price-alerts', {
      eventId: event.id,
      quantity: 2,
      maxPrice: 35,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ merged: true, alert: { id: first.body.alert.id, maxPrice: 35 } });
    const active = await db()
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, fan.user.id), eq(priceAlerts.status, 'active')));
    expect(active.map((row) => [row.quantity, row.maxPriceCents])).toEqual([[2, 3_500]]);
    // Another number of tickets is another alert; another show's are not this show's.
    await createAlert(fan.client, { eventId: event.id, quantity: 4, maxPrice: 30 });
    await createAlert(fan.client, { eventId: other.id, quantity: 2, maxPrice: 30 });
    const mine = await fan.client.get(`/api/price-alerts?eventId=${event.id}&status=active`);
    expect(mine.body.alerts.map((alert: { quantity: number }) => alert.quantity)).toEqual([4, 2]);
    expect(mine.body.total).toBe(2);
    expect((await fan.client.get('/api/price-alerts?eventId=0')).status).toBe(400);
    expect((await fan.client.get('/api/price-alerts?status=gone')).status).toBe(400);
  });

  it('removes only one’s own active alert', async () => {
    const event = await newEvent();
    const fan = await member();
    const alert = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 50 });
    const stranger = await member();
    const theirs = await stranger.client.delete(`/api/price-alerts/${alert.id}`);
    expect([theirs.status, theirs.body.message]).toEqual([404, PRICE_ALERT_TEXT.notFound]);
    expect((await fan.client.delete(`/api/price-alerts/${alert.id}`)).status).toBe(204);
    const again = await fan.client.delete(`/api/price-alerts/${alert.id}`);
    expect([again.status, again.body.message]).toEqual([409, PRICE_ALERT_TEXT.notActive]);
    expect((await fan.client.delete('/api/price-alerts/abc')).status).toBe(400);
  });

  it('matches the alerts a buyable listing fits: one e-mail with the ticket link and an in-app notice each', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const seller = await member();
    const probe = await insertListing(db(), seller.user.id, {
      eventId: other.id,
      eventDate: EVENT_DATE,
      quantity: 2,
    });
    const price = probe.buyerPaysPerTicketCents;
    const fan = await member();
    const second = await member();
    const fits = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: price / 100 });
    const alsoFits = await createAlert(second.client, {
      eventId: event.id,
      quantity: 2,
      maxPrice: price / 100 + 20,
    });
    const third = await member();
    const tooCheap = await createAlert(third.client, {
      eventId: event.id,
      quantity: 2,
      maxPrice: (price - 1) / 100,
    });
    const otherQuantity = await createAlert(fan.client, { eventId: event.id, quantity: 3, maxPrice: 1_000 });
    const otherEvent = await createAlert(fan.client, { eventId: other.id, quantity: 3, maxPrice: 1_000 });
    const sellersOwn = await createAlert(seller.client, { eventId: event.id, quantity: 2, maxPrice: 1_000 });

    const ticket = await insertListing(db(), seller.user.id, {
      eventId: event.id,
      eventDate: EVENT_DATE,
      quantity: 2,
    });
    expect(ticket.buyerPaysPerTicketCents).toBe(price);
    clock.advance(1_000);
    await harness.app.priceAlertMatching.listingBuyable(ticket.id);
    await runJobs();
    for (const id of [fits.id, alsoFits.id])
      expect(await alertRow(id)).toMatchObject({
        status: 'matched',
        matchedTicketId: ticket.id,
        matchedAt: clock.now(),
      });
    for (const id of [tooCheap.id, otherQuantity.id, otherEvent.id, sellersOwn.id])
      expect((await alertRow(id)).status).toBe('active');

    const mails = await outboxOf(fan.user.email);
    expect(mails).toHaveLength(1);
    const token = unsubscribeToken(harness.config.emailLinkSecret, fan.user.id);
    expect(mails[0]?.subject).toBe(PRICE_ALERT_TEXT.matchedMailSubject);
    expect(mails[0]?.text).toBe(
      [
        'Hi Test,',
        `2 tickets for ${event.name} at ${event.venueName} on ${formatCalendarDate(EVENT_DATE)} just went on sale at ${formatCents(price)} each, all-in: at or below your alert's ${formatCents(price)}.`,
        // What every card says of the listing ($80.00 face value, $12.50 original fee, 10% markup; decision 0083).
        `Per ticket, all-in: ${formatCents(price)}. 12% above the original price (face value $80.00 + $12.50 original fee).`,
        `See the tickets: http://localhost:3000/?ticket=${ticket.id}`,
        `This alert has done its job and is now matched. Want another one? Create it on the show's page: http://localhost:3000${eventPath(event.id, event.name)}`,
        `No more price alert e-mails: http://localhost:3000/price-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      ].join('\n\n'),
    );
    expect(await outboxOf(second.user.email)).toHaveLength(1);
    expect(await outboxOf(seller.user.email)).toEqual([]);

    // The in-app notice: a count of matched alerts not seen yet, cleared once seen on My Bids.
    expect(await unseenOf(fan.client)).toBe(1);
    const listed = (await fan.client.get('/api/price-alerts')).body.alerts as {
      id: number;
      unseen: boolean;
    }[];
    expect(listed.filter((alert) => alert.unseen).map((alert) => alert.id)).toEqual([fits.id]);
    expect((await fan.client.post('/api/price-alerts/seen')).status).toBe(204);
    expect(await unseenOf(fan.client)).toBe(0);
    expect(await unseenOf(second.client)).toBe(1);

    // One notice per alert: the listing buyable again (released, edited) tells nobody twice.
    await harness.app.priceAlertMatching.listingBuyable(ticket.id);
    await runJobs();
    expect(await outboxOf(fan.user.email)).toHaveLength(1);
    // A matched alert no longer counts toward the 10.
    expect((await fan.client.get('/api/price-alerts')).body.activeCount).toBe(2);

    // A sold or withdrawn listing matches nothing.
    const waiting = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 1_000 });
    const sold = await insertListing(db(), seller.user.id, {
      eventId: event.id,
      eventDate: EVENT_DATE,
      sold: true,
      status: 'sold',
    });
    await harness.app.priceAlertMatching.listingBuyable(sold.id);
    await runJobs();
    expect((await alertRow(waiting.id)).status).toBe('active');
  });

  it('matches a held listing once its hold lapses, from the same durable job', async () => {
    const event = await newEvent();
    const seller = await member();
    const fan = await member();
    const alert = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 1_000 });
    const ticket = await insertListing(db(), seller.user.id, {
      eventId: event.id,
      eventDate: EVENT_DATE,
      quantity: 2,
    });
    await db()
      .update(tickets)
      .set({ lockExpiresAt: new Date(clock.now().getTime() + 10 * 60_000) })
      .where(eq(tickets.id, ticket.id));
    await harness.app.priceAlertMatching.listingBuyable(ticket.id);
    await runJobs();
    expect((await alertRow(alert.id)).status).toBe('active');
    clock.advance(10 * 60_000 + 1_000);
    await runJobs();
    expect(await alertRow(alert.id)).toMatchObject({ status: 'matched', matchedTicketId: ticket.id });
    expect(await outboxOf(fan.user.email)).toHaveLength(1);
  });

  it('adds the one-click unsubscribe headers to the e-mail', () => {
    const token = unsubscribeToken('s'.repeat(40), 7);
    const mail = priceAlertMatchedMail(
      'fan@example.com',
      {
        firstName: 'Ana',
        eventId: 3,
        eventName: 'Luna Ray',
        eventDate: EVENT_DATE,
        venue: 'Bayview',
        quantity: 1,
        maxPriceCents: 5_000,
        ticketId: 11,
        priceCents: 4_900,
        faceValueCents: 4_500,
        serviceFeeCents: 500,
      },
      'https://encore.example',
      token,
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://encore.example/api/price-alerts/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('See the tickets: https://encore.example/?ticket=11');
    expect(mail.text).toContain(
      'Per ticket, all-in: $49.00. 2% below the original price (face value $45.00 + $5.00 original fee).',
    );
  });

  it('unsubscribes with a valid signed token only, without signing in', async () => {
    const event = await newEvent();
    const fan = await member();
    const stranger = await member();
    const alerts = [
      await createAlert(fan.client, { eventId: event.id, quantity: 1, maxPrice: 40 }),
      await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 40 }),
    ];
    const theirs = await createAlert(stranger.client, { eventId: event.id, quantity: 1, maxPrice: 40 });
    const secret = harness.config.emailLinkSecret;
    const token = unsubscribeToken(secret, fan.user.id);
    expect(memberOfUnsubscribeToken(secret, token)).toBe(fan.user.id);
    const signature = token.split('.')[1] ?? '';
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const bad = [
      '',
      'nonsense',
      `${fan.user.id}.${flipped}`,
      `${stranger.user.id}.${signature}`,
      unsubscribeToken('another-secret-of-at-least-32-characters', fan.user.id),
      // The fixed development secret of old, which anyone could read in the source (issue 43 §12).
      unsubscribeToken('encore-development-email-link-secret-not-for-production', fan.user.id),
      `${token}x`,
    ];
    for (const attempt of bad) {
      const refused = await harness
        .client()
        .post(`/api/price-alerts/unsubscribe?token=${encodeURIComponent(attempt)}`);
      expect([refused.status, refused.body.message], attempt).toEqual([
        400,
        PRICE_ALERT_TEXT.unsubscribeInvalid,
      ]);
    }
    for (const alert of [...alerts, theirs]) expect((await alertRow(alert.id)).status).toBe('active');

    // RFC 8058: the mail client posts a form to the List-Unsubscribe address.
    const oneClick = await harness
      .client()
      .request('POST', `/api/price-alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect([oneClick.status, oneClick.body]).toEqual([200, { removed: 2 }]);
    for (const alert of alerts) expect((await alertRow(alert.id)).status).toBe('removed');
    expect((await alertRow(theirs.id)).status).toBe('active');
    // Again (the page's button after the mail client's POST): nothing left, still fine.
    const again = await harness
      .client()
      .post(`/api/price-alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    expect([again.status, again.body]).toEqual([200, { removed: 0 }]);
  });

  it('ends an event’s alerts when the event is cancelled', async () => {
    const event = await newEvent();
    const elsewhere = await newEvent();
    const fan = await member();
    const alert = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 40 });
    const kept = await createAlert(fan.client, { eventId: elsewhere.id, quantity: 2, maxPrice: 40 });
    clock.advance(60_000);
    const cancelled = await admin.post(`/api/admin/events/${event.id}/cancel`, {
      reason: 'The headliner is ill',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await alertRow(alert.id)).toMatchObject({
      status: 'ended',
      endedReason: 'event_cancelled',
      endedAt: clock.now(),
    });
    expect((await alertRow(kept.id)).status).toBe('active');
  });

  it('ends an event’s alerts at the venue’s midnight after its last day, following a postponement', async () => {
    const oneDay = await newEvent('2030-03-05');
    const festival = await newEvent('2030-03-05');
    await db().update(events).set({ daysCount: 3 }).where(eq(events.id, festival.id));
    const postponed = await newEvent('2030-03-05');
    const fan = await member();
    const ends = await createAlert(fan.client, { eventId: oneDay.id, quantity: 1, maxPrice: 40 });
    const lasts = await createAlert(fan.client, { eventId: festival.id, quantity: 1, maxPrice: 40 });
    const moved = await createAlert(fan.client, { eventId: postponed.id, quantity: 1, maxPrice: 40 });
    await db()
      .update(events)
      .set({ status: 'postponed', date: '2030-04-10' })
      .where(eq(events.id, postponed.id));

    // 11:59 PM in San Francisco on the show's day (PST, UTC−8): still on.
    clock.set(new Date('2030-03-06T07:59:00Z'));
    await runJobs();
    expect((await alertRow(ends.id)).status).toBe('active');
    // Midnight there: the show has passed. The hourly job runs within the hour.
    clock.set(new Date('2030-03-06T09:00:00Z'));
    await runJobs();
    expect(await alertRow(ends.id)).toMatchObject({ status: 'ended', endedReason: 'event_passed' });
    expect((await alertRow(lasts.id)).status).toBe('active');
    expect((await alertRow(moved.id)).status).toBe('active');
    const refused = await fan.client.post('/api/price-alerts', {
      eventId: oneDay.id,
      quantity: 1,
      maxPrice: 40,
    });
    expect([refused.status, refused.body.fieldErrors?.eventId]).toEqual([
      400,
      PRICE_ALERT_TEXT.eventNotUpcoming,
    ]);
    // The festival's last day is 7 March; 8 March begins at 08:00 UTC (PST).
    clock.set(new Date('2030-03-08T08:00:00Z'));
    await runJobs();
    expect((await alertRow(lasts.id)).status).toBe('ended');
    expect((await alertRow(moved.id)).status).toBe('active');
  });

  it('limits how many alerts a member creates in an hour, however many they remove (issue 43 §12)', async () => {
    const event = await newEvent();
    const fan = await member();
    const other = await member();
    for (let index = 0; index < PRICE_ALERTS_CREATED_PER_HOUR; index++) {
      const alert = await createAlert(fan.client, { eventId: event.id, quantity: 1, maxPrice: 10 + index });
      expect((await fan.client.delete(`/api/price-alerts/${alert.id}`)).status).toBe(204);
    }
    const refused = await fan.client.post('/api/price-alerts', {
      eventId: event.id,
      quantity: 1,
      maxPrice: 99,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: PRICE_ALERT_TEXT.tooManyCreated });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not held back, and the member may create again an hour later.
    await createAlert(other.client, { eventId: event.id, quantity: 1, maxPrice: 99 });
    clock.advance(60 * 60_000);
    await createAlert(fan.client, { eventId: event.id, quantity: 1, maxPrice: 99 });
  });

  it('e-mails a match once per alert and listing, even when its job runs again or its instance died sending', async () => {
    const event = await newEvent();
    const seller = await member();
    const fan = await member();
    const alert = await createAlert(fan.client, { eventId: event.id, quantity: 2, maxPrice: 1_000 });
    const ticket = await insertListing(db(), seller.user.id, {
      eventId: event.id,
      eventDate: EVENT_DATE,
      quantity: 2,
    });
    clock.advance(1_000);
    // The first send fails at the mailer: the claim is given back and the retry sends it.
    const send = vi.spyOn(harness.mailer, 'send').mockRejectedValueOnce(new Error('SMTP unavailable'));
    await harness.app.priceAlertMatching.listingBuyable(ticket.id);
    await runJobs();
    expect(await outboxOf(fan.user.email)).toEqual([]);
    expect(await db().select().from(priceAlertMails).where(eq(priceAlertMails.alertId, alert.id))).toEqual(
      [],
    );
    clock.advance(10 * 60_000);
    await runJobs();
    send.mockRestore();
    expect(await outboxOf(fan.user.email)).toHaveLength(1);
    expect(await db().select().from(priceAlertMails).where(eq(priceAlertMails.alertId, alert.id))).toEqual([
      { alertId: alert.id, ticketId: ticket.id, claimedAt: clock.now(), sentAt: clock.now() },
    ]);
    // The instance is killed after sending, before the job is recorded done: the job runs again.
    const mailJob = and(eq(jobs.kind, PRICE_ALERT_MATCHED_MAIL_JOB), eq(jobs.key, `alert:${alert.id}`));
    await db().update(jobs).set({ doneAt: null, runAt: clock.now(), lockedUntil: null }).where(mailJob);
    await runJobs();
    expect((await db().select().from(jobs).where(mailJob))[0]?.doneAt).not.toBeNull();
    expect(await outboxOf(fan.user.email)).toHaveLength(1);

    // Killed while sending: the claim was made and never marked sent. Nothing more is sent.
    const second = await member();
    const theirs = await createAlert(second.client, { eventId: event.id, quantity: 2, maxPrice: 1_000 });
    const next = await insertListing(db(), seller.user.id, {
      eventId: event.id,
      eventDate: EVENT_DATE,
      quantity: 2,
    });
    await db()
      .insert(priceAlertMails)
      .values({ alertId: theirs.id, ticketId: next.id, claimedAt: clock.now() });
    clock.advance(1_000);
    await harness.app.priceAlertMatching.listingBuyable(next.id);
    await runJobs();
    expect(await alertRow(theirs.id)).toMatchObject({ status: 'matched', matchedTicketId: next.id });
    expect(await outboxOf(second.user.email)).toEqual([]);
  });
});
