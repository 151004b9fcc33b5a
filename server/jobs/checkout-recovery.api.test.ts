import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../common/money.js';
import { saleBreakdown } from '../../common/pricing.js';
import { SandboxPaymentProvider } from '../adapters/payments/sandbox.js';
import { checkoutSessions, ledgerEntries, tickets } from '../db/schema/index.js';
import { ManualClock } from '../lib/clock.js';
import { createTestUser, signedInClient } from '../modules/auth/testing.js';
import { CHECKOUT_SESSION_TTL_MS, sandboxSessionStore } from '../modules/checkout/service.js';
import { insertListing } from '../modules/marketplace/testing.js';
import { sandboxCardStore } from '../modules/payment-methods/service.js';
import {
  backends,
  openTestDatabase,
  startTestAppOn,
  type TestApp,
  type TestClient,
} from '../test/harness.js';
import { type CheckoutRecovery, startCheckoutRecovery } from './checkout-recovery.js';

/** The sandbox, except that its refunds can be made to fail (a provider outage). */
class FlakySandbox extends SandboxPaymentProvider {
  refundsFail = false;
  override async refund(request: Parameters<SandboxPaymentProvider['refund']>[0]) {
    if (this.refundsFail) throw new Error('provider unavailable');
    return super.refund(request);
  }
}

describe.each(backends)('checkout recovery on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  const quiet = { info() {}, warn() {}, error() {} };
  let harness: TestApp;
  let payments: FlakySandbox;
  let recovery: CheckoutRecovery;
  let sellerId: number;
  let buyer: TestClient;
  let rival: TestClient;
  beforeAll(async () => {
    const database = await openTestDatabase(backend);
    payments = new FlakySandbox(
      'http://localhost:3000',
      sandboxSessionStore(database.db, clock),
      sandboxCardStore(database.db, clock),
    );
    harness = await startTestAppOn(database, {}, { clock, payments }, () => database.drop());
    recovery = startCheckoutRecovery(
      { db: database.db, payments, mailer: harness.mailer, clock, appUrl: harness.config.appUrl, log: quiet },
      3_600_000,
    );
    sellerId = (await createTestUser(database.db)).id;
    buyer = await signedInClient(harness, (await createTestUser(database.db)).id);
    rival = await signedInClient(harness, (await createTestUser(database.db)).id);
  });
  afterAll(async () => {
    await recovery.stop();
    await harness.close();
  });

  const db = () => harness.database.db;
  async function session(client: TestClient, ticket: Awaited<ReturnType<typeof insertListing>>) {
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const lock = await client.post(`/api/tickets/${ticket.id}/lock`);
    const payment = await client.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    return new URL(payment.body.url).pathname.split('/').at(-1) as string;
  }

  it('fulfils a paid session nobody fulfilled, and retries a refund the provider refused', async () => {
    const ticket = await insertListing(db(), sellerId, { eventDate: '2030-05-01' });
    const paidNeverFulfilled = await session(buyer, ticket);
    await db()
      .update(checkoutSessions)
      .set({ status: 'paid', paymentReference: 'sbx_pi_crash', paidAt: clock.now() })
      .where(eq(checkoutSessions.id, paidNeverFulfilled));
    expect(await recovery.runOnce()).toEqual({ fulfilled: 1, refunds: 0, bidPurchases: 0 });
    const [sold] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(sold?.sold).toBe(true);

    const other = await insertListing(db(), sellerId, { eventDate: '2030-05-01' });
    const late = await session(rival, other);
    clock.advance(CHECKOUT_SESSION_TTL_MS + 1_000);
    const winner = await session(buyer, other);
    await buyer.post(`/api/sandbox/checkout/${winner}/pay`, {
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
    });
    payments.refundsFail = true;
    await db()
      .update(checkoutSessions)
      .set({ status: 'paid', paymentReference: 'sbx_pi_late', paidAt: clock.now() })
      .where(eq(checkoutSessions.id, late));
    expect((await rival.post(`/api/purchase/verify/${late}`)).body.status).toBe('refunded');
    const [pending] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, late));
    expect(pending?.outcome).toBe('refund_pending');
    payments.refundsFail = false;
    expect(await recovery.runOnce()).toEqual({ fulfilled: 0, refunds: 1, bidPurchases: 0 });
    const [refunded] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, late));
    expect(refunded?.outcome).toBe('refunded');
    const journals = await db().select().from(ledgerEntries).where(eq(ledgerEntries.checkoutSessionId, late));
    expect(journals.reduce((sum, row) => sum + row.amountCents, 0)).toBe(0);
    expect(await recovery.runOnce()).toEqual({ fulfilled: 0, refunds: 0, bidPurchases: 0 });
  });
});
