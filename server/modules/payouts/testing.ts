import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import { ledgerEntries, orders } from '../../db/schema/index.js';
import { createJobRunner } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { insertListing, type ListingOverrides } from '../marketplace/testing.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { afterSaleJobHandlers } from './service.js';

/** Helpers for API tests of the after-sale timeline: a real purchase, a job runner, ledger sums. */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Lists a ticket of `sellerId`, and `buyer` holds it and starts paying at the all-in price: the payment
 * provider's session is open. Returns the listing, its price and the session id.
 */
export async function startCheckoutOf(
  harness: TestApp,
  buyer: TestClient,
  sellerId: number,
  overrides: ListingOverrides = {},
) {
  const ticket = await insertListing(harness.database.db, sellerId, {
    eventDate: '2030-05-01',
    ...overrides,
  });
  const price = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
  expect(lock.status, lock.text).toBe(200);
  const payment = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
    amount: centsToDollars(price.buyerPaysCents),
    version: lock.body.version,
  });
  expect(payment.status, payment.text).toBe(200);
  const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) as string;
  return { ticket, price, sessionId };
}

/** Lists a ticket of `sellerId` and buys it through the sandbox checkout as `buyer`; returns the sale. */
export async function buyListing(
  harness: TestApp,
  buyer: TestClient,
  sellerId: number,
  overrides: ListingOverrides = {},
) {
  const db = harness.database.db;
  const { ticket, price, sessionId } = await startCheckoutOf(harness, buyer, sellerId, overrides);
  const paid = await buyer.post(`/api/sandbox/checkout/${sessionId}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2031,
    cvc: '123',
  });
  expect(paid.status, paid.text).toBe(200);
  const [order] = await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  if (!order) throw new Error('the purchase made no order');
  return { ticket, sessionId, order, price };
}

/** The money path's dependencies on the test app's database, mail and clock, with the sandbox unless told. */
export function testMoneyDeps(harness: TestApp, clock: Clock, payments?: PaymentProvider): MoneyDeps {
  const db = harness.database.db;
  return {
    db,
    payments:
      payments ??
      createPaymentProvider(harness.config, sandboxSessionStore(db, clock), sandboxCardStore(db, clock)),
    mailer: harness.mailer,
    clock,
    appUrl: harness.config.appUrl,
    log: quiet,
  };
}

/** A job runner with the after-sale handlers, on the test app's database and clock. */
export function testJobRunner(harness: TestApp, clock: Clock, payments?: PaymentProvider) {
  const deps = testMoneyDeps(harness, clock, payments);
  return createJobRunner({ db: deps.db, clock, log: quiet, handlers: afterSaleJobHandlers(deps) });
}

/** Every journal of a checkout session with its sum (each must be zero) and the session's account balances. */
export async function ledgerOf(harness: TestApp, sessionId: string) {
  const db = harness.database.db;
  const journals = await db
    .select({
      journal: ledgerEntries.journal,
      sum: sql<number>`sum(${ledgerEntries.amountCents})::int`,
      rows: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.checkoutSessionId, sessionId))
    .groupBy(ledgerEntries.journal);
  const accounts = await db
    .select({ account: ledgerEntries.account, balance: sql<number>`sum(${ledgerEntries.amountCents})::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.checkoutSessionId, sessionId))
    .groupBy(ledgerEntries.account);
  return {
    journals: Object.fromEntries(journals.map((row) => [row.journal, { sum: row.sum, rows: row.rows }])),
    balances: Object.fromEntries(accounts.map((row) => [row.account, row.balance])) as Record<string, number>,
  };
}
