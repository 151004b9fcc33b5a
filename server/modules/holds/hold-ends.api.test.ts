import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPath } from '../../../common/event-path.js';
import { CHECKOUT_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { HOLD_DURATION_MS } from '../../../common/schemas/checkout.js';
import type { LiveNotice } from '../../../common/schemas/live.js';
import type { SplitRule } from '../../../common/splits.js';
import { events, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import {
  type LiveListener,
  openLive,
  sameMemberOn,
  startTwoInstances,
  type TwoInstances,
} from '../live/testing.js';
import { insertListing, insertUsers } from '../marketplace/testing.js';

/**
 * Issue 43: a 409 on opening a ticket says why (item 2); a hold that ends by time reaches open pages on
 * every instance within 2 s (item 7), a lapsed part goes back into its listing at once and a part is never
 * split again (12c); a hold's end belongs to its buyer and listing (12d); a deleted listing is announced
 * (12f). Two app instances on one database, with a clock the test moves.
 */
describe.each(backends)('hold ends and lock conflicts (%s)', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let two: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  let event: { id: number; name: string };
  beforeAll(async () => {
    two = await startTwoInstances(backend, { clock });
    [a, b] = two.instances;
    const [venue] = await db().insert(venues).values({ name: 'Hold Hall', city: 'Springfield' }).returning();
    const [row] = await db()
      .insert(events)
      .values({ name: 'Hold Ends Live', date: '2030-05-01', venueId: venue?.id ?? 0 })
      .returning();
    if (!row) throw new Error('no event');
    event = row;
  }, 60_000);
  afterAll(async () => {
    await two?.close();
  });

  const db = () => a.database.db;
  const row = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];

  async function listingOf(quantity: number, splitRule: SplitRule = 'any') {
    const seller = await createTestUser(db());
    const listing = await insertListing(db(), seller.id, {
      eventDate: '2030-05-01',
      eventId: event.id,
      eventName: event.name,
      quantity,
      seats: quantity === 1 ? '1' : `1-${quantity}`,
      splitRule,
    });
    return { seller, listing };
  }

  async function members(count: number): Promise<TestClient[]> {
    const users = await insertUsers(db(), count);
    return Promise.all(users.map((user, index) => signedInClient(index % 2 === 0 ? a : b, user.id)));
  }

  /** Waits until `live` has heard `count` notices about ticket `id`. */
  async function heard(live: LiveListener, id: number, count: number, timeoutMs = 2_000) {
    const about = (notice: LiveNotice) => notice.kind === 'ticket' && notice.id === id;
    const deadline = Date.now() + timeoutMs;
    while (live.notices.filter(about).length < count) {
      if (Date.now() > deadline)
        throw new Error(
          `no notice ${count} about ${id} within ${timeoutMs} ms: ${JSON.stringify(live.notices)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('says why a ticket cannot be opened: only someone else’s hold is "being viewed by another user"', async () => {
    const [buyer, rival] = await members(2);
    const back = eventPath(event.id, event.name);
    const held = await listingOf(2, 'all');
    await buyer?.post(`/api/tickets/${held.listing.id}/lock`);
    const heldAnswer = await rival?.post(`/api/tickets/${held.listing.id}/lock`);
    expect(heldAnswer?.status).toBe(409);
    expect(heldAnswer?.body).toEqual({ message: CHECKOUT_TEXT.heldByOther, code: 'held', eventPath: back });

    const sold = await listingOf(2);
    await db().update(tickets).set({ sold: true, status: 'sold' }).where(eq(tickets.id, sold.listing.id));
    const withdrawn = await listingOf(2);
    await db().update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, withdrawn.listing.id));
    const editing = await listingOf(2);
    await db()
      .update(tickets)
      .set({ editingBy: editing.seller.id, editExpiresAt: new Date(clock.now().getTime() + 60_000) })
      .where(eq(tickets.id, editing.listing.id));
    const over = await listingOf(2);
    await db().update(tickets).set({ eventDate: '2030-02-27' }).where(eq(tickets.id, over.listing.id));
    const answers = [
      [sold, 'sold', CHECKOUT_TEXT.alreadySold],
      [withdrawn, 'withdrawn', CHECKOUT_TEXT.withdrawn],
      [editing, 'editing', CHECKOUT_TEXT.beingEditedBySeller],
      [over, 'event-over', CHECKOUT_TEXT.eventPast],
    ] as const;
    for (const [{ listing }, code, message] of answers) {
      for (const body of [undefined, { quantity: 1 }]) {
        const answer = await rival?.post(`/api/tickets/${listing.id}/lock`, body);
        expect(answer?.status, `${code} ${JSON.stringify(body)}`).toBe(409);
        expect(answer?.body).toEqual({ message, code, eventPath: back });
      }
    }

    const split = await listingOf(4, 'no_single');
    const three = await rival?.post(`/api/tickets/${split.listing.id}/lock`, { quantity: 3 });
    expect(three?.status).toBe(409);
    expect(three?.body).toEqual({
      message: 'The seller sells these tickets 1, 2 or 4 at a time.',
      code: 'quantity-not-offered',
      eventPath: back,
      quantities: [1, 2, 4],
    });
    await buyer?.post(`/api/tickets/${split.listing.id}/lock`, { quantity: 2 });
    const four = await rival?.post(`/api/tickets/${split.listing.id}/lock`, { quantity: 4 });
    expect(four?.body).toEqual({
      message: CHECKOUT_TEXT.onlyLeft(2),
      code: 'only-left',
      eventPath: back,
      quantities: [2],
    });
  });

  it('announces a hold that ended by time on both instances within 2 s, and the card opens again', async () => {
    const [buyer, watcher] = await members(2);
    if (!buyer || !watcher) throw new Error('no members');
    const onA = await openLive(watcher);
    const onB = await openLive(sameMemberOn(watcher, b));
    const { listing } = await listingOf(2, 'all');
    const lock = await buyer.post(`/api/tickets/${listing.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    await heard(onA, listing.id, 2);
    await heard(onB, listing.id, 2);
    expect((await watcher.get(`/api/tickets/${listing.id}`)).body.isBeingEdited).toBe(true);

    clock.advance(HOLD_DURATION_MS);
    await heard(onA, listing.id, 3);
    await heard(onB, listing.id, 3);
    expect((await watcher.get(`/api/tickets/${listing.id}`)).body).toMatchObject({
      isBeingEdited: false,
      lockExpiresAt: null,
    });
    expect(await row(listing.id)).toMatchObject({ currentViewerId: null, lockExpiresAt: null });
    onA.close();
    onB.close();
  });

  it('puts a lapsed part back into its listing at once, and announces the part’s end', async () => {
    const [buyer, watcher] = await members(2);
    if (!buyer || !watcher) throw new Error('no members');
    const live = await openLive(watcher);
    const { listing } = await listingOf(4, 'any');
    const part = await buyer.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(part.status, part.text).toBe(200);
    await heard(live, part.body.ticketId, 1);
    clock.advance(HOLD_DURATION_MS);
    await heard(live, part.body.ticketId, 2);
    await heard(live, listing.id, 3);
    expect(await row(part.body.ticketId)).toBeUndefined();
    expect(await row(listing.id)).toMatchObject({ quantity: 4, seats: '1-4' });
    live.close();
  });

  it('sells a part that stayed on sale on its own only whole, and takes it back when the listing’s hold ends', async () => {
    const { listing } = await listingOf(4, 'any');
    const [first, second, third] = await members(3);
    const part = await first?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    clock.advance(60_000);
    const whole = await second?.post(`/api/tickets/${listing.id}/lock`);
    expect(whole?.body.quantity).toBe(2);
    // The part lapses while the listing is held whole by another buyer: it stays on sale on its own.
    clock.advance(HOLD_DURATION_MS - 60_000);
    await waitFor(async () => (await row(part?.body.ticketId))?.currentViewerId === null);
    const one = await third?.post(`/api/tickets/${part?.body.ticketId}/lock`, { quantity: 1 });
    expect(one?.status).toBe(409);
    expect(one?.body).toMatchObject({ code: 'quantity-not-offered', quantities: [2] });
    expect(await row(part?.body.ticketId)).toMatchObject({ quantity: 2 });
    // The listing's own hold ends: the part goes back into it.
    clock.advance(60_000);
    await waitFor(async () => (await row(part?.body.ticketId)) === undefined);
    expect(await row(listing.id)).toMatchObject({ quantity: 4, seats: '1-4', currentViewerId: null });
  });

  it('keeps one hold end per buyer and listing: switching between the whole listing and a part never renews it', async () => {
    const { listing } = await listingOf(4, 'any');
    const [buyer] = await members(1);
    const whole = await buyer?.post(`/api/tickets/${listing.id}/lock`);
    const end = new Date(clock.now().getTime() + HOLD_DURATION_MS).toISOString();
    expect(whole?.body.expiresAt).toBe(end);
    clock.advance(60_000);
    const part = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(part?.status, part?.text).toBe(200);
    expect(part?.body).toMatchObject({ quantity: 2, expiresAt: end });
    clock.advance(60_000);
    const back = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 4 });
    expect(back?.body).toMatchObject({ ticketId: listing.id, quantity: 4, expiresAt: end });
    clock.advance(60_000);
    // Letting go and taking it again, as part or whole, is no fresh hold either.
    await buyer?.post(`/api/tickets/${listing.id}/unlock`);
    const again = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 1 });
    expect(again?.body).toMatchObject({ quantity: 1, expiresAt: end });
    await buyer?.post(`/api/tickets/${again?.body.ticketId}/unlock`);
    const wholeAgain = await buyer?.post(`/api/tickets/${listing.id}/lock`);
    expect(wholeAgain?.body).toMatchObject({ ticketId: listing.id, quantity: 4, expiresAt: end });
    // Once it has ended, a later hold is a hold of its own (decision 0031).
    clock.advance(HOLD_DURATION_MS);
    await waitFor(async () => (await row(listing.id))?.currentViewerId === null);
    const later = await buyer?.post(`/api/tickets/${listing.id}/lock`);
    expect(later?.body.expiresAt).toBe(new Date(clock.now().getTime() + HOLD_DURATION_MS).toISOString());
  });

  it('shows the seller one listing with the tickets a buyer holds, and keeps the editor from blocking that hold', async () => {
    const { seller, listing } = await listingOf(4, 'any');
    const [buyer] = await members(1);
    const sellerClient = await signedInClient(b, seller.id);
    const part = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(part?.status, part?.text).toBe(200);
    const listings = await sellerClient.get('/api/my-tickets?tab=listings');
    expect(listings.body.counts.listings).toBe(1);
    expect(
      listings.body.tickets.map((ticket: { id: number; quantity: number; heldByBuyers?: number }) => ({
        id: ticket.id,
        quantity: ticket.quantity,
        heldByBuyers: ticket.heldByBuyers,
      })),
    ).toEqual([{ id: listing.id, quantity: 2, heldByBuyers: 2 }]);

    const edit = await sellerClient.post(`/api/tickets/${listing.id}/start-edit`);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(TICKET_TEXT.buyerAtWork);
    const resized = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 3 });
    expect(resized?.status, resized?.text).toBe(200);
    expect(resized?.body).toMatchObject({ quantity: 3, expiresAt: part?.body.expiresAt });

    await buyer?.post(`/api/tickets/${resized?.body.ticketId}/unlock`);
    const after = await sellerClient.get('/api/my-tickets?tab=listings');
    expect(after.body.tickets).toEqual([expect.objectContaining({ id: listing.id, quantity: 4 })]);
    expect(after.body.tickets[0].heldByBuyers).toBeUndefined();
    expect((await sellerClient.post(`/api/tickets/${listing.id}/start-edit`)).status).toBe(200);
  });

  it('announces a listing its seller deleted', async () => {
    const [watcher] = await members(1);
    if (!watcher) throw new Error('no member');
    const live = await openLive(sameMemberOn(watcher, b));
    const { seller, listing } = await listingOf(2);
    const sellerClient = await signedInClient(a, seller.id);
    await heard(live, listing.id, 1);
    const deleted = await sellerClient.delete(`/api/tickets/${listing.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    await heard(live, listing.id, 2);
    live.close();
  });
});

/** Polls `check` until it holds, for at most 2 s. */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
