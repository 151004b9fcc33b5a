import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, LISTING_STATUS_TEXT, WITHDRAW_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import { adminAuditLog, checkoutSessions, orders, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { testJobRunner } from '../payouts/testing.js';

const EVENT_DATE = '2030-05-01';
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

/**
 * An admin withdrawing a listing (issue 43 items 12 and 14): a buyer's held part of it can no longer be paid
 * for, the seller is e-mailed the reason in the member's words, and the audit log records it.
 */
describe.each(backends)('an admin withdrawing a listing on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let admin: TestClient;
  const db = () => harness.database.db;
  const ticketOf = async (id: number) => {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    if (!row) throw new Error(`no ticket ${id}`);
    return row;
  };
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await signedInClient(harness, (await createTestUser(db(), { role: 'admin' })).id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  /** A listing of 4 of a new seller, with 2 of them held by a new buyer who has started to pay. */
  async function heldPartBeingPaid() {
    const seller = await createTestUser(db());
    const listing = await insertListing(db(), seller.id, {
      eventDate: EVENT_DATE,
      quantity: 4,
      seats: '1, 2, 3, 4',
      splitRule: 'any',
    });
    const buyerAccount = await createTestUser(db());
    const buyer = await signedInClient(harness, buyerAccount.id);
    const lock = await buyer.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(lock.status, lock.text).toBe(200);
    const partId = lock.body.ticketId as number;
    const price = saleBreakdown({
      perTicketCents: listing.listingPriceCents,
      markupPercent: listing.markup,
      quantity: 2,
    });
    const payment = await buyer.post(`/api/tickets/${partId}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) as string;
    return { seller, listing, buyer, partId, sessionId };
  }

  it('ends the hold on a part of it, so the part cannot be sold, and tells the seller why', async () => {
    const { seller, listing, buyer, partId, sessionId } = await heldPartBeingPaid();
    const reason = 'The seller could not show where the tickets came from.';
    const withdrawn = await admin.put(`/api/admin/tickets/${listing.id}`, { status: 'pending', reason });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.message).toBe(ADMIN_TEXT.statusUpdated(LISTING_STATUS_TEXT.pending));
    const part = await ticketOf(partId);
    expect(part).toMatchObject({ status: 'pending', currentViewerId: null, sold: false });
    // Paying now sells nothing: the checkout ended with the hold.
    await buyer.post(`/api/sandbox/checkout/${sessionId}/pay`, CARD);
    expect(await db().select().from(orders).where(eq(orders.ticketId, partId))).toEqual([]);
    expect((await ticketOf(partId)).sold).toBe(false);

    const [entry] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'ticket.status'), eq(adminAuditLog.targetId, String(listing.id))))
      .orderBy(desc(adminAuditLog.id));
    expect(entry?.after).toMatchObject({ status: 'pending', reason, parts: [partId] });

    const runner = testJobRunner(harness, clock);
    for (let round = 0; round < 3; round++) await runner.runOnce();
    const mails = (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(seller.email)}`))
      .body as { subject: string; text: string }[];
    const told = mails.find((mail) => mail.subject === WITHDRAW_TEXT.mailSubject);
    expect(told?.text).toBe(
      WITHDRAW_TEXT.mail(
        'Test',
        `${listing.eventName} on ${formatCalendarDate(EVENT_DATE)}`,
        LISTING_STATUS_TEXT.pending,
        reason,
        `${harness.config.appUrl}/my-tickets`,
      ).join('\n\n'),
    );

    // Back on sale, the part goes back into its listing.
    const back = await admin.put(`/api/admin/tickets/${listing.id}`, {
      status: 'available',
      reason: 'Receipts checked.',
    });
    expect(back.status, back.text).toBe(200);
    expect(await ticketOf(listing.id)).toMatchObject({ status: 'available', quantity: 4 });
    expect(await db().select().from(tickets).where(eq(tickets.id, partId))).toEqual([]);
  });

  it('re-checks the listing at payment: a part of a withdrawn listing is refunded, never sold', async () => {
    const { listing, buyer, partId, sessionId } = await heldPartBeingPaid();
    // The listing withdrawn by a path that leaves its part alone: the payment itself must refuse the sale.
    await db().update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, listing.id));
    const paid = await buyer.post(`/api/sandbox/checkout/${sessionId}/pay`, CARD);
    expect(paid.status, paid.text).toBeLessThan(500);
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.outcome).toBe('refunded');
    expect(await db().select().from(orders).where(eq(orders.ticketId, partId))).toEqual([]);
    expect((await ticketOf(partId)).sold).toBe(false);
  });

  it('needs a reason to change a listing’s status', async () => {
    const seller = await createTestUser(db());
    const listing = await insertListing(db(), seller.id, { eventDate: EVENT_DATE });
    for (const body of [{ status: 'pending' }, { status: 'pending', reason: 'no' }]) {
      const refused = await admin.put(`/api/admin/tickets/${listing.id}`, body);
      expect(refused.status).toBe(400);
    }
    expect((await ticketOf(listing.id)).status).toBe('available');
  });
});
