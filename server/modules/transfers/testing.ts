import { expect } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import type { TestClient } from '../../test/harness.js';

/** Helpers for API tests of the after-sale steps: a real sale through hold, checkout and the sandbox card. */

export const SANDBOX_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/** Buys `ticket` as `client` (lock → payment → sandbox pay), failing the test on any step. */
export async function buyThroughSandbox(
  client: TestClient,
  ticket: { id: number; listingPriceCents: number; markup: number; quantity: number },
): Promise<void> {
  const lock = await client.post(`/api/tickets/${ticket.id}/lock`);
  expect(lock.status, lock.text).toBe(200);
  const price = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  const payment = await client.post(`/api/tickets/${ticket.id}/payment`, {
    amount: centsToDollars(price.buyerPaysCents),
    version: lock.body.version,
  });
  expect(payment.status, payment.text).toBe(200);
  const sessionId = new URL(payment.body.url).pathname.split('/').at(-1);
  const paid = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, SANDBOX_CARD);
  expect(paid.status, paid.text).toBe(200);
}
