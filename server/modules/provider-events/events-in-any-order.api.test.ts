import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedStripe } from '../../adapters/payments/testing.js';
import { checkoutSessions } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { startStripeTestApp } from '../checkout/testing.js';
import { escrowBalanceOfOrder, ledgerIsBalanced } from '../ledger/balances.js';
import { deliver, orderOfSession, paidAtStripe, type SignedEvent, stripeEvents } from './testing.js';

/**
 * Decision 0050: what Stripe finally says about a payment (its refunds, its dispute) decides the sale,
 * whatever order its events arrive in. For each drawn story the provider's state is set first (events
 * arrive late), then every event of the story is delivered in a drawn order, and the ledger is checked
 * after each one. The only order that matters is the one the issue names: a payment refunded before its
 * sale was made is never sold.
 */

type Dispute = 'none' | 'open' | 'won' | 'lost';
interface Story {
  /** Refunds made at Stripe's dashboard, as shares of the payment in thousandths. */
  refunds: number[];
  dispute: Dispute;
}

const stories: fc.Arbitrary<Story> = fc
  .record({
    refunds: fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 2 }),
    dispute: fc.constantFrom<Dispute>('none', 'open', 'won', 'lost'),
  })
  .map((story) => {
    // A payment refunded in full can no longer be disputed; refunds never exceed the payment.
    let left = 1000;
    const refunds = story.refunds.map((share) => {
      const taken = Math.min(share, left);
      left -= taken;
      return taken;
    });
    const kept = refunds.filter((share) => share > 0);
    return { refunds: kept, dispute: left === 0 ? 'none' : story.dispute };
  });

type EventName = 'completed' | `refunded-${number}` | 'dispute-created' | 'dispute-closed';

function eventsOf(story: Story): EventName[] {
  const names: EventName[] = ['completed', ...story.refunds.map((_, index) => `refunded-${index}` as const)];
  if (story.dispute !== 'none') names.push('dispute-created');
  if (story.dispute === 'won' || story.dispute === 'lost') names.push('dispute-closed');
  return names;
}

const RUNS = 30;

describe.each(backends)('provider events in any order on %s', (backend) => {
  let harness: TestApp;
  const stripe = recordedStripe();
  const events = stripeEvents(stripe);
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startStripeTestApp(backend, stripe, clock);
    seller = await createTestUser(harness.database.db);
    buyer = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });

  it(`ends every story in the state Stripe's final word implies, the ledger balanced after each event (${RUNS} stories × orders)`, {
    timeout: 240_000,
  }, async () => {
    const db = harness.database.db;
    let disputes = 0;
    await fc.assert(
      fc.asyncProperty(
        stories.chain((story) =>
          fc
            .shuffledSubarray(eventsOf(story), { minLength: eventsOf(story).length })
            .map((order) => ({ story, order })),
        ),
        async ({ story, order }) => {
          const paid = await paidAtStripe(harness, stripe, buyer, seller.id);
          const amount = paid.price.buyerPaysCents;
          const delivered = new Map<EventName, SignedEvent>();
          story.refunds.forEach((share, index) => {
            const refund = stripe.refundAtDashboard(
              paid.intent,
              Math.max(1, Math.floor((amount * share) / 1000)),
            );
            delivered.set(`refunded-${index}`, events.refunded(paid.intent, refund.refundId));
          });
          const refunded = stripe.refundedOf(paid.intent);
          disputes += 1;
          const disputeId = `dp_story_${disputes}`;
          if (story.dispute !== 'none') {
            const status = story.dispute === 'open' ? 'needs_response' : story.dispute;
            const final = stripe.setDispute({ id: disputeId, payment_intent: paid.intent, status });
            delivered.set(
              'dispute-created',
              events.dispute('created', { ...final, status: 'needs_response' }),
            );
            delivered.set('dispute-closed', events.dispute('closed', final));
          }
          delivered.set('completed', events.completed(paid.sessionId));
          for (const name of order) {
            await deliver(harness, delivered.get(name) as SignedEvent);
            expect(await ledgerIsBalanced(db)).toBe(true);
          }

          const sale = await orderOfSession(harness, paid.sessionId);
          const refundedBeforeSale = order[0]?.startsWith('refunded') === true;
          if (refundedBeforeSale) {
            expect(sale).toBeNull();
            const [session] = await db
              .select()
              .from(checkoutSessions)
              .where(eq(checkoutSessions.id, paid.sessionId));
            expect(session?.outcome).toBe('refunded');
            expect(stripe.refundedOf(paid.intent)).toBe(amount);
            return;
          }
          if (!sale) throw new Error('the payment made no sale');
          if (refunded >= amount) {
            expect(sale).toMatchObject({ status: 'refunded', refundCause: 'provider' });
          } else if (story.dispute === 'lost') {
            expect(sale).toMatchObject({
              status: 'refunded',
              refundCause: 'chargeback',
              disputeStatus: 'lost',
            });
          } else {
            expect(sale.status).toBe('in_escrow');
            expect(await escrowBalanceOfOrder(db, sale.id)).toBe(amount - refunded);
            if (story.dispute === 'none' && refunded === 0) expect(sale.disputeStatus).toBeNull();
            if (story.dispute === 'none' && refunded > 0)
              expect(sale).toMatchObject({ disputeSource: 'partial_refund', disputeStatus: 'open' });
            if (story.dispute === 'open')
              expect(sale).toMatchObject({
                disputeSource: 'provider',
                disputeStatus: 'open',
                providerDisputeId: disputeId,
              });
            if (story.dispute === 'won')
              expect(sale).toMatchObject({ disputeSource: 'provider', disputeStatus: 'released' });
          }
          if (sale.status === 'refunded') expect(await escrowBalanceOfOrder(db, sale.id)).toBe(0);
          // Encore never asks Stripe to return more than the payment.
          expect(stripe.refundedOf(paid.intent)).toBeLessThanOrEqual(amount);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
