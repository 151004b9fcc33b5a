import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { checkoutSessions, orders } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';

const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

/** Issue 21 item 9: one buyer starting a payment many times at once leaves one payable session. */
describe.each(backends)('payment restarts on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('keeps exactly one session payable after ten simultaneous payment starts, and sells once', async () => {
    const db = harness.database.db;
    const seller = await createTestUser(db);
    const buyerAccount = await createTestUser(db);
    const buyer = await signedInClient(harness, buyerAccount.id);
    const ticket = await insertListing(db, seller.id, { eventDate: '2030-05-01' });
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    const starts = await Promise.all(
      Array.from({ length: 10 }, () =>
        buyer.post(`/api/tickets/${ticket.id}/payment`, {
          amount: centsToDollars(price.buyerPaysCents),
          version: lock.body.version,
        }),
      ),
    );
    for (const start of starts) expect(start.status, start.text).toBe(200);
    const open = await db
      .select({ id: checkoutSessions.id })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.ticketId, ticket.id), eq(checkoutSessions.status, 'open')));
    expect(open).toHaveLength(1);

    const sessionIds = starts.map((start) => new URL(start.body.url).pathname.split('/').at(-1) as string);
    const payments = [];
    for (const sessionId of sessionIds)
      payments.push(await buyer.post(`/api/sandbox/checkout/${sessionId}/pay`, CARD));
    expect(payments.filter((payment) => payment.status === 200)).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.ticketId, ticket.id))).toHaveLength(1);
  });
});
