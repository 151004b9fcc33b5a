import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import { centsToDollars, formatCents } from '../../../common/money.js';
import { FAN_QUEUE_LAPSES_TO_BACK, FAN_QUEUE_OFFER_MS } from '../../../common/schemas/fan-queue.js';
import type { SplitRule } from '../../../common/splits.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.js';
import {
  events,
  fanQueueEntries,
  fanQueueOffers,
  fanQueueShows,
  jobs,
  tickets,
  venues,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, latestMail, signedInClient } from '../auth/testing.js';
import { bidBody, bidRow, insertSavedCard, runMatching, unbalancedSessions } from '../bids/testing.js';
import { fulfilCheckout, sandboxSessionStore } from '../checkout/service.js';
import { endLapsedHolds } from '../holds/hold-ends.js';
import { sweepIdleParts } from '../holds/splits.js';
import { insertListing, insertUsers } from '../marketplace/testing.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import { offerBought } from './offer-ends.js';
import { sellerQueueNotice } from './offers.js';

const EVENT_DATE = '2030-05-01';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Decision 0100, "Offers: the queue comes before the market": a fair listing is held for the first fitting
 * fan in line for 10 minutes, handed on when the offer lapses or is withdrawn, bought through the ordinary
 * checkout; bids and alerts get only what the line passes by. Entries are rows put straight into the line.
 */
describe.each(backends)('Fan Queue offers (%s)', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  afterEach(async () => {
    expect(await unbalancedSessions(db())).toEqual([]);
  });

  const db = () => harness.database.db;
  const queue = () => harness.app.fanQueueOffers;
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

  /** A catalog show with an empty line. */
  async function show() {
    sequence += 1;
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Queue Hall ${sequence}`, city: 'Portland' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Fair Night ${sequence}`, date: EVENT_DATE, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    await db().insert(fanQueueShows).values({ eventId: event.id });
    return event;
  }

  /** A member joins the line now (a second later than the one before, so the order is plain). */
  async function join(eventId: number, userId: number, quantity: number, maxPriceCents = 50_000) {
    clock.advance(1_000);
    const [entry] = await db()
      .insert(fanQueueEntries)
      .values({ eventId, userId, quantity, maxPriceCents, joinedAt: clock.now(), positionKey: clock.now() })
      .returning();
    await db()
      .update(fanQueueShows)
      .set({ waiting: sql`${fanQueueShows.waiting} + 1`, version: sql`${fanQueueShows.version} + 1` })
      .where(eq(fanQueueShows.eventId, eventId));
    if (!entry) throw new Error('no entry');
    return entry;
  }

  /** A listing of the show, fair unless a markup is given (face value $80 + $12.50 fee; −10 % is $84.87 all-in). */
  async function listing(
    sellerId: number,
    event: { id: number; name: string },
    options: { quantity?: number; splitRule?: SplitRule; markup?: number } = {},
  ) {
    const quantity = options.quantity ?? 2;
    return insertListing(db(), sellerId, {
      eventId: event.id,
      eventName: event.name,
      eventDate: EVENT_DATE,
      quantity,
      seats: quantity === 1 ? '1' : `1-${quantity}`,
      splitRule: options.splitRule ?? 'any',
      markup: options.markup ?? -10,
    });
  }

  /** The listing became buyable (as the listing routes announce it); every job this instance would run, run. */
  async function buyable(ticketId: number) {
    await queue().listingBuyable(ticketId);
    await settle();
  }

  async function settle() {
    await queue().runner.runOnce();
    await runMatching(harness);
    await harness.app.priceAlertMatching.runner.runOnce();
  }

  async function ticket(id: number) {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    if (!row) throw new Error(`no ticket ${id}`);
    return row;
  }
  async function entryRow(id: number) {
    const [row] = await db().select().from(fanQueueEntries).where(eq(fanQueueEntries.id, id));
    if (!row) throw new Error(`no entry ${id}`);
    return row;
  }
  async function line(eventId: number) {
    const [row] = await db().select().from(fanQueueShows).where(eq(fanQueueShows.eventId, eventId));
    if (!row) throw new Error(`no line for ${eventId}`);
    return row;
  }
  async function offersOf(entryId: number) {
    return db()
      .select()
      .from(fanQueueOffers)
      .where(eq(fanQueueOffers.entryId, entryId))
      .orderBy(asc(fanQueueOffers.id));
  }
  async function job(kind: string, key: string) {
    const [row] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
    return row;
  }
  /** Bids and alerts were told of the listing (their durable jobs exist). */
  async function passedOn(ticketId: number): Promise<boolean> {
    const bid = await job('bid_match_listing', `ticket:${ticketId}`);
    const alert = await job('price_alert_match_listing', `ticket:${ticketId}`);
    expect(Boolean(bid)).toBe(Boolean(alert));
    return Boolean(bid);
  }

  it('offers a fair listing to the first entry it fits, held in their name for 10 minutes, with the e-mail', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [wantsThree, tooCheap, wantsOne, first, second] = await insertUsers(db(), 5, 'fan');
    if (!wantsThree || !tooCheap || !wantsOne || !first || !second) throw new Error('no fans');
    const sellers = await join(event.id, seller.id, 2);
    const three = await join(event.id, wantsThree.id, 3);
    const cheap = await join(event.id, tooCheap.id, 2, 8_000);
    const one = await join(event.id, wantsOne.id, 1);
    const fits = await join(event.id, first.id, 2, 8_487);
    const behind = await join(event.id, second.id, 2);
    const before = await line(event.id);
    const listed = await listing(seller.id, event, { quantity: 2, splitRule: 'all' });
    expect(listed.buyerPaysPerTicketCents).toBe(8_487);

    await buyable(listed.id);
    const held = await ticket(listed.id);
    expect(held).toMatchObject({ currentViewerId: first.id, lockExpiresAt: inMinutes(10), quantity: 2 });
    const [offer] = await offersOf(fits.id);
    expect(offer).toMatchObject({
      ticketId: listed.id,
      quantity: 2,
      priceCents: 8_487,
      status: 'open',
      expiresAt: new Date(clock.now().getTime() + FAN_QUEUE_OFFER_MS),
    });
    expect(await entryRow(fits.id)).toMatchObject({ status: 'offered' });
    for (const passed of [sellers, three, cheap, one, behind])
      expect(await entryRow(passed.id)).toMatchObject({ status: 'waiting' });
    expect(await line(event.id)).toMatchObject({ waiting: before.waiting - 1, version: before.version + 1 });
    // The queue held it: bids and alerts were not told.
    expect(await passedOn(listed.id)).toBe(false);
    expect(await job('fan_queue_offer_lapse', `offer:${offer?.id}`)).toMatchObject({
      runAt: offer?.expiresAt,
      doneAt: null,
    });

    const mail = await latestMail(harness, first.email);
    expect(mail.subject).toBe(FAN_QUEUE_TEXT.offerMailSubject(event.name));
    expect(mail.text).toContain(FAN_QUEUE_TEXT.offer(2, formatCents(8_487), 10));
    expect(mail.text).toContain(
      `${FAN_QUEUE_TEXT.payOffer}: ${harness.config.appUrl}/?ticket=${listed.id}&quantity=2`,
    );
    expect(await harness.mailer.list(second.email)).toEqual([]);
    // Announced again (an edit, say): the same offer stands, no second e-mail.
    await buyable(listed.id);
    expect(await offersOf(fits.id)).toHaveLength(1);
    expect(await harness.mailer.list(first.email)).toHaveLength(1);
  });

  it('sends a listing above its original price straight to bids and alerts, never to the queue', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [fan] = await insertUsers(db(), 1, 'fan');
    const entry = await join(event.id, fan?.id ?? 0, 2);
    const dear = await listing(seller.id, event, { markup: 0 });
    await buyable(dear.id);
    expect(await passedOn(dear.id)).toBe(true);
    expect(await job('fan_queue_offer', `ticket:${dear.id}`)).toBeUndefined();
    expect(await offersOf(entry.id)).toEqual([]);
    expect((await ticket(dear.id)).currentViewerId).toBeNull();
    // A fair listing without a catalog show, and one of a show whose line is empty, go straight on too.
    const noShow = await insertListing(db(), seller.id, { eventDate: EVENT_DATE, markup: -10 });
    const empty = await show();
    const quiet = await listing(seller.id, empty);
    for (const other of [noShow, quiet]) {
      await buyable(other.id);
      expect(await passedOn(other.id)).toBe(true);
      expect(await job('fan_queue_offer', `ticket:${other.id}`)).toBeUndefined();
    }
    expect(await sellerQueueNotice(db(), event.id, dear)).toEqual({ goesToQueue: false, waiting: 1 });
    expect(await sellerQueueNotice(db(), event.id, quiet)).toEqual({ goesToQueue: true, waiting: 1 });
    expect(await sellerQueueNotice(db(), empty.id, quiet)).toEqual({ goesToQueue: false, waiting: 0 });
  });

  it('keeps an offered hold from the hold-ends poller and from other buyers until the lapse hands it on', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [first, next, rival] = await insertUsers(db(), 3, 'fan');
    if (!first || !next || !rival) throw new Error('no fans');
    const firstEntry = await join(event.id, first.id, 2);
    const nextEntry = await join(event.id, next.id, 2);
    const listed = await listing(seller.id, event, { quantity: 2, splitRule: 'any' });
    await buyable(listed.id);
    const [offer] = await offersOf(firstEntry.id);
    expect(offer?.status).toBe('open');

    clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
    // The poller and the sweep of idle parts leave it to the queue's job.
    await endLapsedHolds(db(), clock.now());
    await sweepIdleParts(db(), clock.now());
    expect(await ticket(listed.id)).toMatchObject({ currentViewerId: first.id });
    // Another buyer cannot take it in the gap, whole or in part.
    const client = await signedInClient(harness, rival.id);
    for (const body of [undefined, { quantity: 1 }]) {
      const answer = await client.post(`/api/tickets/${listed.id}/lock`, body);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body).toMatchObject({ message: CHECKOUT_TEXT.heldByOther, code: 'held' });
    }
    expect(await ticket(listed.id)).toMatchObject({ currentViewerId: first.id, quantity: 2 });

    // The lapse: the first fan goes back in line (one lapse counted), the next fan gets it.
    const before = await line(event.id);
    await settle();
    expect((await offersOf(firstEntry.id))[0]).toMatchObject({ status: 'lapsed', endedAt: clock.now() });
    expect(await entryRow(firstEntry.id)).toMatchObject({ status: 'waiting', lapsesInRow: 1 });
    const [handed] = await offersOf(nextEntry.id);
    expect(handed).toMatchObject({ status: 'open', ticketId: listed.id, quantity: 2 });
    expect(await entryRow(nextEntry.id)).toMatchObject({ status: 'offered' });
    expect(await ticket(listed.id)).toMatchObject({ currentViewerId: next.id, lockExpiresAt: inMinutes(10) });
    // One back in, one out.
    expect(await line(event.id)).toMatchObject({ waiting: before.waiting, version: before.version + 2 });
    expect((await latestMail(harness, next.email)).subject).toBe(FAN_QUEUE_TEXT.offerMailSubject(event.name));
    expect(await passedOn(listed.id)).toBe(false);
  });

  it('lets bids wait while the queue holds a listing, and buy it when nobody in line takes it', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const bidder = await createTestUser(db());
    const card = await insertSavedCard(db(), bidder.id);
    const bidClient = await signedInClient(harness, bidder.id);
    const placed = await bidClient.post(
      '/api/bids',
      bidBody(card, {
        eventId: event.id,
        eventName: event.name,
        eventDate: EVENT_DATE,
        quantity: 2,
        maxPrice: 1_000,
      }),
    );
    expect(placed.status, placed.text).toBe(200);
    await runMatching(harness);
    const [fan] = await insertUsers(db(), 1, 'fan');
    const entry = await join(event.id, fan?.id ?? 0, 2);
    const listed = await listing(seller.id, event);
    await buyable(listed.id);
    expect(await ticket(listed.id)).toMatchObject({ currentViewerId: fan?.id, sold: false });
    expect((await bidRow(db(), placed.body.bid.id)).matched).toBe(false);

    clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
    await settle();
    // Nobody else fits: the hold ends and the bid buys the listing.
    expect((await offersOf(entry.id))[0]?.status).toBe('lapsed');
    expect(await entryRow(entry.id)).toMatchObject({ status: 'waiting', lapsesInRow: 1 });
    expect(await ticket(listed.id)).toMatchObject({ sold: true, buyerId: bidder.id });
    expect((await bidRow(db(), placed.body.bid.id)).matched).toBe(true);
  });

  it(`moves an entry that lets ${FAN_QUEUE_LAPSES_TO_BACK} offers pass in a row to the back of the line`, async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [slow, other] = await insertUsers(db(), 2, 'fan');
    if (!slow || !other) throw new Error('no fans');
    const slowEntry = await join(event.id, slow.id, 2);
    // Behind, but wants more than these listings have: never offered here.
    const otherEntry = await join(event.id, other.id, 4);
    for (let lapse = 1; lapse <= FAN_QUEUE_LAPSES_TO_BACK; lapse += 1) {
      const listed = await listing(seller.id, event, { quantity: 2 });
      await buyable(listed.id);
      expect(await ticket(listed.id)).toMatchObject({ currentViewerId: slow.id });
      clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
      await settle();
      expect(await passedOn(listed.id)).toBe(true);
      const entry = await entryRow(slowEntry.id);
      if (lapse < FAN_QUEUE_LAPSES_TO_BACK) {
        expect(entry).toMatchObject({
          status: 'waiting',
          lapsesInRow: lapse,
          positionKey: slowEntry.positionKey,
        });
      } else {
        expect(entry).toMatchObject({ status: 'waiting', lapsesInRow: 0, positionKey: clock.now() });
        expect(entry.positionKey.getTime()).toBeGreaterThan(otherEntry.positionKey.getTime());
      }
    }
    expect((await offersOf(slowEntry.id)).map((offer) => offer.status)).toEqual([
      'lapsed',
      'lapsed',
      'lapsed',
    ]);
  });

  it('marks an offer paid through the checkout bought, fills the entry and counts the tickets once', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [fan] = await insertUsers(db(), 1, 'fan');
    if (!fan) throw new Error('no fan');
    const entry = await join(event.id, fan.id, 2);
    const listed = await listing(seller.id, event);
    await buyable(listed.id);
    const before = await line(event.id);

    const client = await signedInClient(harness, fan.id);
    // Opening the held ticket keeps the offer's hold as it is.
    const lock = await client.post(`/api/tickets/${listed.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    expect(new Date(lock.body.expiresAt)).toEqual(inMinutes(10));
    const payment = await client.post(`/api/tickets/${listed.id}/payment`, {
      amount: centsToDollars(8_487 * 2),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) ?? '';
    const paid = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    expect(paid.status, paid.text).toBe(200);
    const verify = await client.post(`/api/purchase/verify/${sessionId}`);
    expect(verify.body.success).toBe(true);

    expect(await ticket(listed.id)).toMatchObject({ sold: true, buyerId: fan.id });
    const [offer] = await offersOf(entry.id);
    expect(offer).toMatchObject({ status: 'bought', endedAt: clock.now() });
    expect(await entryRow(entry.id)).toMatchObject({
      status: 'filled',
      lapsesInRow: 0,
      endedAt: clock.now(),
    });
    expect(await line(event.id)).toMatchObject({
      waiting: before.waiting,
      throughQueueTickets: before.throughQueueTickets + 2,
      version: before.version + 1,
    });
    expect(await job('fan_queue_offer_lapse', `offer:${offer?.id}`)).toMatchObject({
      lastError: 'cancelled',
    });

    // Fulfilment again, and the sale's step again: still once.
    await client.post(`/api/purchase/verify/${sessionId}`);
    const money = {
      db: db(),
      payments: new SandboxPaymentProvider(
        harness.config.appUrl,
        sandboxSessionStore(db(), clock),
        sandboxCardStore(db(), clock),
      ),
      mailer: harness.mailer,
      clock,
      appUrl: harness.config.appUrl,
      log: quiet,
    };
    await fulfilCheckout(money, sessionId);
    await db().transaction((tx) => offerBought(tx, listed.id, fan.id, 2, clock.now()));
    clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
    await settle();
    expect(await line(event.id)).toMatchObject({ throughQueueTickets: before.throughQueueTickets + 2 });
    expect(await entryRow(entry.id)).toMatchObject({ status: 'filled' });
    expect((await offersOf(entry.id)).map((row) => row.status)).toEqual(['bought']);
  });

  it('offers a part of a listing to an entry that wants fewer than it has, and the rest goes on', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [fan] = await insertUsers(db(), 1, 'fan');
    if (!fan) throw new Error('no fan');
    const entry = await join(event.id, fan.id, 2);
    const listed = await listing(seller.id, event, { quantity: 4, splitRule: 'any' });
    await buyable(listed.id);
    const [offer] = await offersOf(entry.id);
    expect(offer).toMatchObject({ status: 'open', quantity: 2 });
    expect(offer?.ticketId).not.toBe(listed.id);
    const part = await ticket(offer?.ticketId ?? 0);
    expect(part).toMatchObject({
      splitFromTicketId: listed.id,
      quantity: 2,
      currentViewerId: fan.id,
      lockExpiresAt: inMinutes(10),
    });
    expect(await ticket(listed.id)).toMatchObject({ quantity: 2, currentViewerId: null });
    // The two left are nobody's in line: bids and alerts may have them.
    expect(await passedOn(listed.id)).toBe(true);
    const mail = await latestMail(harness, fan.email);
    expect(mail.text).toContain(`/?ticket=${part.id}&quantity=2`);

    // The lapse: nobody else fits, so the part goes back into its listing, which goes on to the market.
    clock.advance(FAN_QUEUE_OFFER_MS + 1_000);
    await settle();
    // The part's row is gone: the lapsed offer names the listing it came from.
    expect((await offersOf(entry.id))[0]).toMatchObject({ status: 'lapsed', ticketId: listed.id });
    expect(await db().select().from(tickets).where(eq(tickets.id, part.id))).toEqual([]);
    expect(await ticket(listed.id)).toMatchObject({ quantity: 4, currentViewerId: null });
    expect((await job('bid_match_listing', `ticket:${listed.id}`))?.runAt).toEqual(clock.now());
    expect((await job('price_alert_match_listing', `ticket:${listed.id}`))?.runAt).toEqual(clock.now());
  });

  it('hands a withdrawn offer to the next fan: letting go of the hold, or leaving the line', async () => {
    const event = await show();
    const seller = await createTestUser(db());
    const [first, second, third] = await insertUsers(db(), 3, 'fan');
    if (!first || !second || !third) throw new Error('no fans');
    const firstEntry = await join(event.id, first.id, 2);
    const secondEntry = await join(event.id, second.id, 2);
    const thirdEntry = await join(event.id, third.id, 2);
    const listed = await listing(seller.id, event);
    await buyable(listed.id);
    expect(await ticket(listed.id)).toMatchObject({ currentViewerId: first.id });

    // The first fan closes the dialog: the offer is withdrawn (no lapse counted), the second gets it.
    const client = await signedInClient(harness, first.id);
    const unlock = await client.post(`/api/tickets/${listed.id}/unlock`);
    expect(unlock.status, unlock.text).toBeLessThan(300);
    await settle();
    expect((await offersOf(firstEntry.id))[0]).toMatchObject({ status: 'withdrawn', endedAt: clock.now() });
    expect(await entryRow(firstEntry.id)).toMatchObject({ status: 'waiting', lapsesInRow: 0 });
    expect(await ticket(listed.id)).toMatchObject({
      currentViewerId: second.id,
      lockExpiresAt: inMinutes(10),
    });
    expect((await offersOf(secondEntry.id))[0]).toMatchObject({ status: 'open', ticketId: listed.id });
    expect((await latestMail(harness, second.email)).subject).toBe(
      FAN_QUEUE_TEXT.offerMailSubject(event.name),
    );

    // The second leaves the line (the DELETE route marks the entry left, then calls onLeftWithOffer): the
    // first is passed over for this listing, so the third gets it.
    await db()
      .update(fanQueueEntries)
      .set({ status: 'left', endedAt: clock.now() })
      .where(eq(fanQueueEntries.id, secondEntry.id));
    await queue().leftWithOffer(secondEntry.id);
    await settle();
    expect((await offersOf(secondEntry.id))[0]).toMatchObject({ status: 'withdrawn' });
    expect(await entryRow(secondEntry.id)).toMatchObject({ status: 'left' });
    expect(await ticket(listed.id)).toMatchObject({ currentViewerId: third.id });
    expect((await offersOf(thirdEntry.id))[0]).toMatchObject({ status: 'open' });
    expect(
      await db()
        .select({ id: fanQueueOffers.id })
        .from(fanQueueOffers)
        .where(and(eq(fanQueueOffers.ticketId, listed.id), isNull(fanQueueOffers.endedAt))),
    ).toHaveLength(1);
  });
});
