import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_TEXT, SALE_STATE_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { buyListing, ledgerOf, testJobRunner } from '../payouts/testing.js';

// The listing's event is on 2030-05-01 in the platform's zone, New York (EDT, UTC−4): the seller's proceeds are
// payable from midnight there on 2030-05-04, and the transfer deadline is its midnight on 2030-04-30.
const START = new Date('2030-03-01T12:00:00Z');
const AFTER_PAYOUT_DUE = new Date('2030-05-04T04:05:00Z');
// The transfer deadline of a sale made on START: the day before the event (decision 0017).
const AFTER_TRANSFER_DEADLINE = new Date('2030-04-30T04:05:00Z');

/**
 * The whole after-sale life through HTTP, as buyer and seller see it: buy → initiate → talk → confirm →
 * review each other → paid after the event, with the ledger balanced at every step.
 */
describe.each(backends)('the life of a sale on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  let seller: TestAccount;
  let buyer: TestAccount;
  let sellerClient: TestClient;
  let buyerClient: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyer = await createTestUser(db);
    sellerClient = await signedInClient(harness, seller.id);
    buyerClient = await signedInClient(harness, buyer.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const expectBalanced = async (sessionId: string) => {
    const ledger = await ledgerOf(harness, sessionId);
    for (const [journal, { sum }] of Object.entries(ledger.journals)) expect(sum, journal).toBe(0);
    return ledger;
  };
  const notifications = async (client: TestClient) => {
    const response = await client.get('/api/notifications');
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  const myTab = async (client: TestClient, tab: string) => {
    const response = await client.get(`/api/my-tickets?tab=${tab}`);
    expect(response.status, response.text).toBe(200);
    return response.body.tickets.map((ticket: { id: number }) => ticket.id);
  };

  it('goes from payment to payout with every step visible to both sides', async () => {
    const { ticket, sessionId, order } = await buyListing(harness, buyerClient, seller.id);
    expect((await expectBalanced(sessionId)).balances.escrow).toBeGreaterThan(0);
    expect(await myTab(sellerClient, 'pending')).toContain(ticket.id);
    expect(await myTab(buyerClient, 'pending')).toContain(ticket.id);
    expect((await notifications(sellerClient)).pendingTransfers).toEqual([
      expect.objectContaining({ ticketId: ticket.id }),
    ]);

    const initiated = await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(initiated.status, initiated.text).toBe(200);
    expect((await notifications(sellerClient)).pendingTransfers).toEqual([]);

    const unreadBefore = (await notifications(sellerClient)).unreadMessages[0]?.count ?? 0;
    const question = await buyerClient.post(`/api/tickets/${ticket.id}/messages`, {
      content: 'Sent to which e-mail?',
    });
    expect(question.status, question.text).toBe(201);
    expect((await notifications(sellerClient)).unreadMessages).toEqual([
      { ticketId: ticket.id, count: unreadBefore + 1 },
    ]);
    const sellerThread = await sellerClient.get(`/api/tickets/${ticket.id}/messages`);
    expect(sellerThread.body.map((message: { content: string }) => message.content)).toContain(
      'Sent to which e-mail?',
    );
    expect((await notifications(sellerClient)).unreadMessages).toEqual([]);
    const answer = await sellerClient.post(`/api/tickets/${ticket.id}/messages`, {
      content: 'The one on file.',
    });
    expect(answer.status, answer.text).toBe(201);

    const completed = await buyerClient.post(`/api/tickets/${ticket.id}/complete-transfer`);
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.alreadyCompleted).toBeFalsy();
    expect(await myTab(buyerClient, 'bought')).toContain(ticket.id);
    expect(await myTab(sellerClient, 'sold')).toContain(ticket.id);
    await expectBalanced(sessionId);

    for (const [client, target] of [
      [buyerClient, seller],
      [sellerClient, buyer],
    ] as const) {
      expect((await notifications(client)).pendingReviewsCount).toBe(1);
      const [pending] = (await client.get('/api/reviews/pending')).body;
      expect(pending).toMatchObject({
        ticketId: ticket.id,
        transactionId: order.id,
        targetUserId: target.id,
      });
      const review = await client.post('/api/reviews', {
        ticketId: ticket.id,
        targetUserId: target.id,
        rating: client === buyerClient ? 5 : 4,
        comment: 'Smooth and friendly.',
        reviewType: pending.reviewType,
        transactionId: order.id,
      });
      expect(review.status, review.text).toBe(201);
      expect((await notifications(client)).pendingReviewsCount).toBe(0);
    }
    expect((await sellerClient.get('/api/user')).body).toMatchObject({ averageRating: 5, totalReviews: 1 });
    expect((await buyerClient.get('/api/user')).body).toMatchObject({ averageRating: 4, totalReviews: 1 });

    const runner = testJobRunner(harness, clock);
    await runner.runOnce();
    const early = (await sellerClient.get(`/api/payouts?ticketId=${ticket.id}`)).body.payouts[0];
    expect(early).toMatchObject({ status: 'scheduled' });

    clock.set(AFTER_PAYOUT_DUE);
    await runner.runOnce();
    await runner.runOnce();
    const paid = (await sellerClient.get(`/api/payouts?ticketId=${ticket.id}`)).body.payouts;
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid' });
    const ledger = await expectBalanced(sessionId);
    expect(ledger.journals.payout).toBeDefined();
    expect(ledger.balances.escrow ?? 0).toBe(0);
  });

  it("refunds a sale the seller never transferred and takes it off both sides' pending work", async () => {
    clock.set(START);
    const { ticket, sessionId } = await buyListing(harness, buyerClient, seller.id);
    clock.set(AFTER_TRANSFER_DEADLINE);
    await testJobRunner(harness, clock).runOnce();

    const ledger = await expectBalanced(sessionId);
    expect(ledger.journals.escrow_refund).toBeDefined();
    expect(ledger.balances.escrow ?? 0).toBe(0);
    expect(await myTab(sellerClient, 'pending')).not.toContain(ticket.id);
    expect(await myTab(buyerClient, 'pending')).not.toContain(ticket.id);
    const counts = (await sellerClient.get('/api/my-tickets?tab=pending')).body;
    expect(counts.sellerActionCount).toBe(0);
    expect((await notifications(sellerClient)).pendingTransfers).toEqual([]);
    const initiate = await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(initiate.status).toBe(409);
  });

  it('keeps a refunded sale in the history of both sides, marked refunded, with a read-only thread', async () => {
    clock.set(START);
    const { ticket, order } = await buyListing(harness, buyerClient, seller.id);
    const before = await sellerClient.get('/api/my-tickets?tab=sold');
    const boughtBefore = await buyerClient.get('/api/my-tickets?tab=bought');
    clock.set(AFTER_TRANSFER_DEADLINE);
    await testJobRunner(harness, clock).runOnce();

    for (const [client, tab, role, counted] of [
      [buyerClient, 'bought', 'buyer', boughtBefore.body.counts.bought],
      [sellerClient, 'sold', 'seller', before.body.counts.sold],
    ] as const) {
      const page = await client.get(`/api/my-tickets?tab=${tab}`);
      expect(page.status, page.text).toBe(200);
      const card = page.body.tickets.find((item: { id: number }) => item.id === ticket.id);
      expect(card).toMatchObject({
        role,
        sold: true,
        refunded: true,
        transferComplete: false,
        transferStatus: 'not_started',
        totalPaid: centsToDollars(order.amountCents),
        disputedAt: null,
      });
      expect(page.body.counts[tab]).toBe(counted + 1);
      expect(await myTab(client, 'pending')).not.toContain(ticket.id);
    }
    // The sale paid out in the first test shares the tab and is not marked refunded.
    const sold = (await sellerClient.get('/api/my-tickets?tab=sold')).body.tickets;
    const completed = sold.filter((item: { transferComplete: boolean }) => item.transferComplete);
    expect(completed.length).toBeGreaterThan(0);
    for (const item of completed) expect(item.refunded).toBe(false);
    expect((await notifications(sellerClient)).pendingTransfers).toEqual([]);
    expect((await notifications(buyerClient)).pendingTransfers).toEqual([]);

    const thread = await buyerClient.get(`/api/tickets/${ticket.id}/messages`);
    expect(thread.status, thread.text).toBe(200);
    expect(thread.body.at(-1).content).toBe(PAYOUT_TEXT.systemRefunded);
    for (const client of [buyerClient, sellerClient]) {
      const write = await client.post(`/api/tickets/${ticket.id}/messages`, { content: 'Why?' });
      expect(write.status).toBe(409);
      expect(write.body.message).toBe(SALE_STATE_TEXT.threadClosed);
    }
  });

  it('shows a reported problem on both sides of the sale, with when, and keeps the seller waiting', async () => {
    clock.set(START);
    const { ticket } = await buyListing(harness, buyerClient, seller.id);
    const quiet = await buyListing(harness, buyerClient, seller.id);
    const initiated = await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(initiated.status, initiated.text).toBe(200);
    const reportedAt = new Date('2030-03-02T09:30:00Z');
    clock.set(reportedAt);
    const report = await buyerClient.post(`/api/tickets/${ticket.id}/report-problem`, {
      reason: 'The tickets never arrived.',
    });
    expect(report.status, report.text).toBe(200);

    for (const client of [buyerClient, sellerClient]) {
      const pending = (await client.get('/api/my-tickets?tab=pending')).body.tickets;
      const card = pending.find((item: { id: number }) => item.id === ticket.id);
      expect(card).toMatchObject({ disputedAt: reportedAt.toISOString(), refunded: false });
      const other = pending.find((item: { id: number }) => item.id === quiet.ticket.id);
      expect(other).toMatchObject({ disputedAt: null });
    }
    const again = await buyerClient.post(`/api/tickets/${ticket.id}/report-problem`, { reason: 'Still no.' });
    expect(again.status).toBe(409);
    expect((await sellerClient.get(`/api/payouts?ticketId=${ticket.id}`)).body.payouts[0].status).toBe(
      'on_hold',
    );
  });
});
