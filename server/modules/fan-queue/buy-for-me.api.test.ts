import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXT, CHECKOUT_TEXT, PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { SANDBOX_DECLINED } from '../../adapters/payments/sandbox.js';
import {
  checkoutSessions,
  events,
  fanQueueEntries,
  fanQueueOffers,
  tickets,
  venues,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, latestMail, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertSavedCard, runMatching, unbalancedSessions } from '../bids/testing.js';
import { insertListing } from '../marketplace/testing.js';

const EVENT_DATE = '2030-05-01';

/**
 * Decision 0100, "buy for me": an entry backed by a saved card is bought off-session the moment an offer
 * reaches it (the bids' purchase, with its 3D Secure path); a declined card or a confirmation that never
 * came is an offer let pass; one card backs at most one such entry per show.
 */
describe.each(backends)('Fan Queue “buy for me” on %s', (backend) => {
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
  const path = (eventId: number) => `/api/events/${eventId}/fan-queue`;

  async function show() {
    sequence += 1;
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Card Hall ${sequence}`, city: 'Portland' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Card Night ${sequence}`, date: EVENT_DATE, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  async function member(): Promise<{ user: TestAccount; client: TestClient }> {
    const user = await createTestUser(db());
    return { user, client: await signedInClient(harness, user.id) };
  }
  /** Joins through the API (a second after the one before, so the order is plain). */
  async function join(client: TestClient, eventId: number, paymentMethodId: string | null, quantity = 2) {
    clock.advance(1_000);
    const answer = await client.put(path(eventId), { quantity, maxPrice: 100, paymentMethodId });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as { id: number; card: { id: string; brand: string; last4: string } | null };
  }
  /** A member in the show's line with "buy for me" and a sandbox card ending in `last4`. */
  async function inLineWithCard(eventId: number, last4: string) {
    const fan = await member();
    const card = await insertSavedCard(db(), fan.user.id, last4, `fp-${eventId}`);
    return { fan, card, entry: await join(fan.client, eventId, card) };
  }
  /** A fair listing of the show (face value $80 + $12.50 fee, −10 %: $84.87 a ticket all-in), announced. */
  async function listed(event: { id: number; name: string }, quantity = 2) {
    const seller = await createTestUser(db());
    const listing = await insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: EVENT_DATE,
      quantity,
      seats: `1-${quantity}`,
      splitRule: 'any',
      markup: -10,
    });
    await harness.app.fanQueueOffers.listingBuyable(listing.id);
    await settle();
    return listing;
  }
  async function settle() {
    await harness.app.fanQueueOffers.runner.runOnce();
    await runMatching(harness);
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
  const offersOf = (entryId: number) =>
    db()
      .select()
      .from(fanQueueOffers)
      .where(eq(fanQueueOffers.entryId, entryId))
      .orderBy(asc(fanQueueOffers.id));
  async function sessionOf(offer: { checkoutSessionId: string | null } | undefined) {
    const [row] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, offer?.checkoutSessionId ?? ''));
    if (!row) throw new Error('no purchase');
    return row;
  }

  it('takes only the member’s own saved card, names it, and lets a card back one entry per show', async () => {
    const event = await show();
    const other = await show();
    const first = await member();
    const second = await member();
    const firstCard = await insertSavedCard(db(), first.user.id, '4242', 'fp-shared');
    const sameCard = await insertSavedCard(db(), second.user.id, '4242', 'fp-shared');

    // Someone else's card reads as no card at all.
    const foreign = await first.client.put(path(event.id), {
      quantity: 2,
      maxPrice: 100,
      paymentMethodId: sameCard,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(FAN_QUEUE_TEXT.cardRequired);

    const entry = await join(first.client, event.id, firstCard);
    expect(entry.card).toEqual({ id: firstCard, brand: 'visa', last4: '4242' });
    expect(await entryRow(entry.id)).toMatchObject({
      paymentMethodId: firstCard,
      cardFingerprint: 'fp-shared',
    });

    // The same card number saved by another member backs nothing more in this show's line…
    const refused = await second.client.put(path(event.id), {
      quantity: 1,
      maxPrice: 100,
      paymentMethodId: sameCard,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(FAN_QUEUE_TEXT.cardInUse);
    expect((await second.client.get(path(event.id))).body.mine).toBeNull();
    // …but may in another show's, and offers to accept need no card.
    await join(second.client, other.id, sameCard);
    await join(second.client, event.id, null);

    // The card is kept while it backs a place; switching to offers keeps the place and frees the card.
    const removing = await first.client.delete(`/api/payment-methods/${firstCard}`);
    expect(removing.status).toBe(409);
    expect(removing.body.message).toBe(FAN_QUEUE_TEXT.cardUsedByQueue(event.name));
    const switched = await first.client.put(path(event.id), {
      quantity: 2,
      maxPrice: 100,
      paymentMethodId: null,
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ card: null, position: 1 });
    const changed = await second.client.put(path(event.id), {
      quantity: 2,
      maxPrice: 100,
      paymentMethodId: sameCard,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.card).toMatchObject({ last4: '4242' });
    expect((await first.client.delete(`/api/payment-methods/${firstCard}`)).body.message).toBe(
      PAYMENT_METHOD_TEXT.removed,
    );
  });

  it('buys the tickets at once with the card: sold, the entry filled, the offer bought, no offer e-mail', async () => {
    const event = await show();
    const { fan, card, entry } = await inLineWithCard(event.id, '4242');

    const listing = await listed(event);
    expect(await ticket(listing.id)).toMatchObject({ sold: true, buyerId: fan.user.id });
    const [offer] = await offersOf(entry.id);
    expect(offer).toMatchObject({ status: 'bought', quantity: 2 });
    const purchase = await sessionOf(offer);
    expect(purchase).toMatchObject({
      kind: 'off_session',
      bidId: null,
      paymentMethodId: card,
      buyerId: fan.user.id,
      status: 'paid',
      outcome: 'fulfilled',
      amountCents: listing.buyerPaysPerTicketCents * 2,
    });
    expect(await entryRow(entry.id)).toMatchObject({ status: 'filled' });
    const subjects = (await harness.mailer.list(fan.user.email)).map((mail) => mail.subject);
    expect(subjects).not.toContain(FAN_QUEUE_TEXT.offerMailSubject(event.name));

    // Running the queue's jobs again starts no second purchase.
    await harness.app.fanQueueOffers.runner.runOnce();
    expect(
      await db().select().from(checkoutSessions).where(eq(checkoutSessions.buyerId, fan.user.id)),
    ).toHaveLength(1);
  });

  it('a declined card is an offer let pass: the next fan gets the tickets, the member keeps their place and is told', async () => {
    const event = await show();
    const declined = await member();
    const next = await member();
    const card = await insertSavedCard(db(), declined.user.id, '0341', `fp-${event.id}`);
    const declinedEntry = await join(declined.client, event.id, card);
    const nextEntry = await join(next.client, event.id, null);

    const listing = await listed(event);
    const [lapsed] = await offersOf(declinedEntry.id);
    expect(lapsed).toMatchObject({ status: 'lapsed' });
    expect(await sessionOf(lapsed)).toMatchObject({ status: 'cancelled', outcome: null });
    expect(await entryRow(declinedEntry.id)).toMatchObject({ status: 'waiting', lapsesInRow: 1 });
    const [offered] = await offersOf(nextEntry.id);
    expect(offered).toMatchObject({ status: 'open', ticketId: listing.id });
    expect(await ticket(listing.id)).toMatchObject({ sold: false, currentViewerId: next.user.id });

    const mail = await latestMail(harness, declined.user.email);
    expect(mail.subject).toBe(FAN_QUEUE_TEXT.declinedMailSubject(event.name));
    expect(mail.text).toContain(FAN_QUEUE_TEXT.declinedMail(event.name, SANDBOX_DECLINED));
    // The next fan was offered them the ordinary way, with the offer's e-mail.
    await harness.app.fanQueueOffers.runner.runOnce();
    expect((await latestMail(harness, next.user.email)).subject).toBe(
      FAN_QUEUE_TEXT.offerMailSubject(event.name),
    );
  });

  it('asks the bank’s confirmation by e-mail; confirmed, the tickets are bought', async () => {
    const event = await show();
    const { fan, entry } = await inLineWithCard(event.id, '3184');
    const listing = await listed(event);
    const [offer] = await offersOf(entry.id);
    const purchase = await sessionOf(offer);
    expect(purchase).toMatchObject({ status: 'open', awaitingAuthentication: true });
    const mail = await latestMail(harness, fan.user.email);
    expect(mail.subject).toBe(BID_TEXT.authenticationMailSubject);
    expect(mail.text).toContain('Your Fan Queue place found 2 tickets for');
    expect(mail.text).toContain(`${harness.config.appUrl}/bids/authenticate/${purchase.id}`);
    const place = (await fan.client.get(path(event.id))).body.mine;
    expect(place.offer).toMatchObject({ status: 'open', purchaseId: purchase.id });
    // The bank's page reads it as the place's purchase, not a bid's.
    const page = await fan.client.get(`/api/bids/payments/${purchase.id}`);
    expect(page.body.payment).toMatchObject({
      purchase: 'fan-queue',
      bidId: null,
      status: 'requires_action',
    });
    // Paying for the held tickets through the checkout as well is refused: it would only be refunded.
    const held = await ticket(listing.id);
    const twice = await fan.client.post(`/api/tickets/${listing.id}/payment`, {
      version: held.version,
      amount: purchase.amountCents / 100,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CHECKOUT_TEXT.savedCardPaying);

    const confirmed = await fan.client.post(`/api/sandbox/bid-payments/${purchase.id}/authenticate`, {
      approve: true,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.payment.status).toBe('succeeded');
    expect(await ticket(listing.id)).toMatchObject({ sold: true, buyerId: fan.user.id });
    expect((await offersOf(entry.id))[0]).toMatchObject({ status: 'bought' });
    expect(await entryRow(entry.id)).toMatchObject({ status: 'filled' });
  });

  it('a confirmation that did not come while the offer held the tickets lapses it to the next fan', async () => {
    const event = await show();
    const { fan, entry } = await inLineWithCard(event.id, '3184');
    const next = await member();
    const nextEntry = await join(next.client, event.id, null);
    const listing = await listed(event);
    const [offer] = await offersOf(entry.id);

    // Other runs leave a purchase that waits for its cardholder alone while the hold lasts.
    clock.advance(9 * 60_000);
    await settle();
    expect(await sessionOf(offer)).toMatchObject({ status: 'open', awaitingAuthentication: true });

    clock.advance(60_000);
    await settle();
    expect(await sessionOf(offer)).toMatchObject({ status: 'expired', outcome: null });
    expect((await offersOf(entry.id))[0]).toMatchObject({ status: 'lapsed' });
    expect(await entryRow(entry.id)).toMatchObject({ status: 'waiting', lapsesInRow: 1 });
    expect((await offersOf(nextEntry.id))[0]).toMatchObject({ status: 'open', ticketId: listing.id });
    const mail = await latestMail(harness, fan.user.email);
    expect(mail.text).toContain(FAN_QUEUE_TEXT.declinedMail(event.name, BID_TEXT.endedAuthenticationMissed));
  });

  it('leaving while the bank waits cancels the charge and hands the tickets on, with no e-mail of a decline', async () => {
    const event = await show();
    const { fan, entry } = await inLineWithCard(event.id, '3184');
    const next = await member();
    const nextEntry = await join(next.client, event.id, null);
    const listing = await listed(event);
    const [offer] = await offersOf(entry.id);
    expect(await sessionOf(offer)).toMatchObject({ status: 'open', awaitingAuthentication: true });

    expect((await fan.client.delete(path(event.id))).status).toBe(204);
    expect(await sessionOf(offer)).toMatchObject({ status: 'cancelled', outcome: null });
    expect((await offersOf(entry.id))[0]).toMatchObject({ status: 'withdrawn' });
    expect((await offersOf(nextEntry.id))[0]).toMatchObject({ status: 'open', ticketId: listing.id });
    // Confirming now is too late: the charge was cancelled and nothing is bought.
    const late = await fan.client.post(`/api/sandbox/bid-payments/${offer?.checkoutSessionId}/authenticate`, {
      approve: true,
    });
    expect(late.status).toBe(409);
    expect(await ticket(listing.id)).toMatchObject({ sold: false, currentViewerId: next.user.id });
    const subjects = (await harness.mailer.list(fan.user.email)).map((mail) => mail.subject);
    expect(subjects).not.toContain(FAN_QUEUE_TEXT.declinedMailSubject(event.name));
  });
});
