import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { HOLD_DURATION_MS, HOLD_MAX_EXTENSIONS } from '../../../common/schemas/checkout.js';
import { tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing, insertUsers } from '../marketplace/testing.js';

describe.each(backends)('holds API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let sellerId: number;
  let seller: TestClient;
  let buyer: TestClient;
  let buyerId: number;
  let rival: TestClient;
  let rivalId: number;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    sellerId = (await createTestUser(db)).id;
    buyerId = (await createTestUser(db)).id;
    rivalId = (await createTestUser(db)).id;
    seller = await signedInClient(harness, sellerId);
    buyer = await signedInClient(harness, buyerId);
    rival = await signedInClient(harness, rivalId);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const listing = () => insertListing(db(), sellerId, { eventDate: '2030-05-01' });

  it('holds a ticket for the hold length, answers {ticketId, quantity, version, expiresAt}, and refuses everyone else with 409', async () => {
    const ticket = await listing();
    const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    expect(lock.body).toEqual({
      ticketId: ticket.id,
      quantity: ticket.quantity,
      version: 1,
      expiresAt: new Date(clock.now().getTime() + HOLD_DURATION_MS).toISOString(),
      extensionsLeft: HOLD_MAX_EXTENSIONS,
    });
    const taken = await rival.post(`/api/tickets/${ticket.id}/lock`);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(CHECKOUT_TEXT.heldByOther);

    // GET /api/tickets/{id} shows the hold; only the holder learns it is theirs (decision 0032).
    const details = await rival.get(`/api/tickets/${ticket.id}`);
    expect(details.body).toMatchObject({
      isBeingEdited: true,
      currentViewerId: null,
      lockExpiresAt: lock.body.expiresAt,
    });
    expect((await buyer.get(`/api/tickets/${ticket.id}`)).body.currentViewerId).toBe(buyerId);

    // Locking again while holding keeps the same hold (it does not restart the clock).
    clock.advance(60_000);
    const again = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    expect(again.body.expiresAt).toBe(lock.body.expiresAt);
  });

  it('tells a sold ticket’s transfer state to its seller and buyer only', async () => {
    const ticket = await insertListing(db(), sellerId, { eventDate: '2030-05-01', sold: true });
    await db().update(tickets).set({ buyerId, transferStatus: 'initiated' }).where(eq(tickets.id, ticket.id));
    expect((await seller.get(`/api/tickets/${ticket.id}`)).body.transferStatus).toBe('initiated');
    expect((await buyer.get(`/api/tickets/${ticket.id}`)).body.transferStatus).toBe('initiated');
    expect((await rival.get(`/api/tickets/${ticket.id}`)).body.transferStatus).toBe('not_started');
  });

  it('tells a member in the marketplace list and the details whether a ticket is reserved and whether by them, and a sale’s transfer state only to its parties', async () => {
    const name = `Privacy Night ${Date.now().toString(36)}`;
    const make = (overrides: Parameters<typeof insertListing>[2] = {}) =>
      insertListing(db(), sellerId, { eventName: name, eventDate: '2030-05-01', ...overrides });
    const held = await make();
    const edited = await make();
    const sold = await make({ sold: true });
    const lock = await buyer.post(`/api/tickets/${held.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    // The seller's editor, set as start-edit does but on the test clock the list reads.
    await db()
      .update(tickets)
      .set({ editingBy: sellerId, editExpiresAt: new Date(clock.now().getTime() + 60_000) })
      .where(eq(tickets.id, edited.id));
    await db().update(tickets).set({ buyerId, transferStatus: 'initiated' }).where(eq(tickets.id, sold.id));
    const adminId = (await createTestUser(db(), { role: 'admin' })).id;
    const admin = await signedInClient(harness, adminId);

    const cards = async (client: TestClient) => {
      const answer = await client.get(`/api/tickets?includeAll=true&search=${encodeURIComponent(name)}`);
      expect(answer.status, answer.text).toBe(200);
      const byId = new Map<number, Record<string, unknown>>(
        answer.body.tickets.map((card: { id: number }) => [card.id, card]),
      );
      return { held: byId.get(held.id), edited: byId.get(edited.id), sold: byId.get(sold.id) };
    };
    const reserved = { isBeingEdited: true, currentViewerId: null };

    // Another member (first, so the page they share is the one cached): reserved, by nobody named.
    const seenByRival = await cards(rival);
    expect(seenByRival.held).toMatchObject({ ...reserved, lockExpiresAt: lock.body.expiresAt });
    expect(seenByRival.edited).toMatchObject(reserved);
    expect(seenByRival.sold).toMatchObject({ transferStatus: 'not_started', currentViewerId: null });
    expect((await rival.get(`/api/tickets/${held.id}`)).body).toMatchObject(reserved);
    expect((await rival.get(`/api/tickets/${edited.id}`)).body).toMatchObject(reserved);

    // The holder sees their hold as theirs, and the sale they bought.
    const seenByBuyer = await cards(buyer);
    expect(seenByBuyer.held).toMatchObject({ isBeingEdited: true, currentViewerId: buyerId });
    expect(seenByBuyer.edited).toMatchObject(reserved);
    expect(seenByBuyer.sold).toMatchObject({ transferStatus: 'initiated' });
    expect((await buyer.get(`/api/tickets/${held.id}`)).body.currentViewerId).toBe(buyerId);

    // The seller sees their own editor as theirs and their sale, but not who holds their ticket.
    const seenBySeller = await cards(seller);
    expect(seenBySeller.edited).toMatchObject({ isBeingEdited: true, currentViewerId: sellerId });
    expect(seenBySeller.held).toMatchObject(reserved);
    expect(seenBySeller.sold).toMatchObject({ transferStatus: 'initiated' });
    expect((await seller.get(`/api/tickets/${edited.id}`)).body.currentViewerId).toBe(sellerId);

    // An admin reads the transfer state, as in the details; the shared page stays masked after all that.
    const seenByAdmin = await cards(admin);
    expect(seenByAdmin.sold).toMatchObject({ transferStatus: 'initiated' });
    expect(seenByAdmin.held).toMatchObject(reserved);
    expect(await cards(rival)).toEqual(seenByRival);
  });

  it('lets 50 simultaneous lock calls on one ticket give exactly one 200', async () => {
    const ticket = await listing();
    const buyers = await insertUsers(db(), 50);
    const clients = await Promise.all(buyers.map((user) => signedInClient(harness, user.id)));
    const answers = await Promise.all(clients.map((client) => client.post(`/api/tickets/${ticket.id}/lock`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = buyers[answers.findIndex((answer) => answer.status === 200)];
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.currentViewerId).toBe(winner?.id);
  });

  it('lets a hold lapse on its own: once the clock passes its expiry the next buyer gets it, no sweep involved', async () => {
    const ticket = await listing();
    expect((await buyer.post(`/api/tickets/${ticket.id}/lock`)).status).toBe(200);
    clock.advance(HOLD_DURATION_MS - 1_000);
    expect((await rival.post(`/api/tickets/${ticket.id}/lock`)).status).toBe(409);
    clock.advance(1_000);
    const next = await rival.post(`/api/tickets/${ticket.id}/lock`);
    expect(next.status, next.text).toBe(200);
    const card = await rival.get(`/api/tickets/${ticket.id}`);
    expect(card.body.currentViewerId).toBe(rivalId);
    // The first buyer's hold is gone: extending it is refused.
    const extend = await buyer.post(`/api/tickets/${ticket.id}/lock/extend`);
    expect(extend.status).toBe(409);
    expect(extend.body.message).toBe(CHECKOUT_TEXT.notHolding);
  });

  it('extends one’s own hold a bounded number of times (WCAG 2.2.1), each time to the full hold length', async () => {
    const ticket = await listing();
    await buyer.post(`/api/tickets/${ticket.id}/lock`);
    for (let left = HOLD_MAX_EXTENSIONS - 1; left >= 0; left--) {
      clock.advance(HOLD_DURATION_MS - 30_000);
      const extended = await buyer.post(`/api/tickets/${ticket.id}/lock/extend`);
      expect(extended.status, extended.text).toBe(200);
      expect(extended.body).toEqual({
        ticketId: ticket.id,
        quantity: ticket.quantity,
        version: 1,
        expiresAt: new Date(clock.now().getTime() + HOLD_DURATION_MS).toISOString(),
        extensionsLeft: left,
      });
    }
    const refused = await buyer.post(`/api/tickets/${ticket.id}/lock/extend`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHECKOUT_TEXT.noMoreExtensions);
    expect((await rival.post(`/api/tickets/${ticket.id}/lock/extend`)).body.message).toBe(
      CHECKOUT_TEXT.notHolding,
    );
  });

  it('unlocks only the caller’s own hold', async () => {
    const ticket = await listing();
    await buyer.post(`/api/tickets/${ticket.id}/lock`);
    const foreign = await rival.post(`/api/tickets/${ticket.id}/unlock`);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ released: false, message: CHECKOUT_TEXT.notHeld });
    expect((await rival.post(`/api/tickets/${ticket.id}/lock`)).status).toBe(409);
    const own = await buyer.post(`/api/tickets/${ticket.id}/unlock`);
    expect(own.body).toEqual({ released: true, message: CHECKOUT_TEXT.unlocked });
    expect((await rival.post(`/api/tickets/${ticket.id}/lock`)).status).toBe(200);
  });

  it('refuses the seller’s own ticket, a sold one, one its seller is editing, a past event and an unknown id', async () => {
    const own = await listing();
    const mine = await seller.post(`/api/tickets/${own.id}/lock`);
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe(CHECKOUT_TEXT.ownTicket);

    const sold = await insertListing(db(), sellerId, { eventDate: '2030-05-01', sold: true });
    const soldAnswer = await buyer.post(`/api/tickets/${sold.id}/lock`);
    expect(soldAnswer.status).toBe(409);
    expect(soldAnswer.body.message).toBe(CHECKOUT_TEXT.alreadySold);

    const edited = await listing();
    await db()
      .update(tickets)
      .set({ editingBy: sellerId, editExpiresAt: new Date(clock.now().getTime() + 60_000) })
      .where(eq(tickets.id, edited.id));
    const editAnswer = await buyer.post(`/api/tickets/${edited.id}/lock`);
    expect(editAnswer.status).toBe(409);
    expect(editAnswer.body.message).toBe(CHECKOUT_TEXT.beingEditedBySeller);

    const past = await insertListing(db(), sellerId, { eventDate: '2030-02-27' });
    const pastAnswer = await buyer.post(`/api/tickets/${past.id}/lock`);
    expect(pastAnswer.status).toBe(409);
    expect(pastAnswer.body.message).toBe(CHECKOUT_TEXT.eventPast);

    const unknown = await buyer.post('/api/tickets/99999999/lock');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TICKET_TEXT.notFound);
    expect((await harness.client().post(`/api/tickets/${own.id}/lock`)).status).toBe(401);
  });
});
