import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPath } from '../../../common/event-path.js';
import { CHECKOUT_MAIL_SUBJECT, CHECKOUT_TEXT } from '../../../common/messages.js';
import { centsToDollars, formatCents } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { checkoutSessions, ledgerEntries, orders, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing, insertShowListing } from '../marketplace/testing.js';
import { CHECKOUT_SESSION_TTL_MS, fulfilCheckout } from './service.js';

const CARD: { expMonth: number | string; expYear: number | string; cvc: string } = {
  expMonth: 12,
  expYear: 2031,
  cvc: '123',
};
const SUCCESS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const THREE_D_SECURE = '4000 0025 0000 3155';

describe.each(backends)('checkout API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyerAccount: TestAccount;
  let buyer: TestClient;
  let rivalAccount: TestAccount;
  let rival: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    rivalAccount = await createTestUser(db);
    buyer = await signedInClient(harness, buyerAccount.id);
    rival = await signedInClient(harness, rivalAccount.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const listing = (overrides: Parameters<typeof insertListing>[2] = {}) =>
    insertListing(db(), seller.id, { eventDate: '2030-05-01', ...overrides });
  const priceOf = (ticket: Awaited<ReturnType<typeof listing>>) =>
    saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });

  /** Lock and start a payment; returns the sandbox session id. */
  async function checkout(client: TestClient, ticket: Awaited<ReturnType<typeof listing>>): Promise<string> {
    const lock = await client.post(`/api/tickets/${ticket.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const payment = await client.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(priceOf(ticket).buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const url = new URL(payment.body.url);
    expect(url.pathname).toMatch(/^\/sandbox\/checkout\/sbx_/);
    return url.pathname.split('/').at(-1) as string;
  }
  const pay = (client: TestClient, sessionId: string, cardNumber = SUCCESS, card = CARD) =>
    client.post(`/api/sandbox/checkout/${sessionId}/pay`, { cardNumber, ...card });
  const ledgerOf = (sessionId: string) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.checkoutSessionId, sessionId));
  const mailTo = (to: string) => harness.mailer.list(to);

  it('sells a ticket end to end through the sandbox: sold to the buyer, order and ledger to the cent, both e-mails', async () => {
    const ticket = await listing({ faceValueCents: 8_000, serviceFeeCents: 1_250, markup: 10, quantity: 2 });
    const price = priceOf(ticket);
    const sessionId = await checkout(buyer, ticket);

    const page = await buyer.get(`/api/sandbox/checkout/${sessionId}`);
    expect(page.body).toEqual({
      sessionId,
      status: 'open',
      eventName: ticket.eventName,
      eventDate: '2030-05-01',
      quantity: 2,
      amount: centsToDollars(price.buyerPaysCents),
      ticketId: ticket.id,
      cancelUrl: `${harness.config.appUrl}/purchase/cancel?ticket_id=${ticket.id}`,
    });
    // The hold now covers the checkout session's lifetime.
    const [held] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(held?.lockExpiresAt?.getTime()).toBe(clock.now().getTime() + CHECKOUT_SESSION_TTL_MS);

    const paid = await pay(buyer, sessionId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({ redirectUrl: `${harness.config.appUrl}/?session_id=${sessionId}` });

    const verify = await buyer.post(`/api/purchase/verify/${sessionId}`, {
      ticketId: ticket.id,
      amount: centsToDollars(price.buyerPaysCents),
      version: 1,
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({
      success: true,
      status: 'paid',
      message: CHECKOUT_TEXT.purchased,
      ticketId: ticket.id,
      eventName: ticket.eventName,
      quantity: 2,
      amount: centsToDollars(price.buyerPaysCents),
    });

    const [sold] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(sold).toMatchObject({
      sold: true,
      status: 'sold',
      buyerId: buyerAccount.id,
      transferStatus: 'not_started',
      currentViewerId: null,
    });
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    // (80.00 + 12.50) x 1.10 = 101.75 a ticket; 203.50 for two; 1.95% processing fee = 1.98 a ticket, 3.96
    // (decision 0073): $103.73 each, $207.46 for two.
    expect(order).toMatchObject({
      ticketId: ticket.id,
      buyerId: buyerAccount.id,
      sellerId: seller.id,
      quantity: 2,
      perTicketCents: 10_175,
      totalCents: 20_350,
      processingFeeCents: 396,
      amountCents: 20_746,
      platformFeeCents: price.platformFeeCents,
      sellerProceedsCents: 20_350 - price.platformFeeCents - 396,
      status: 'in_escrow',
    });
    const ledger = await ledgerOf(sessionId);
    expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(0);
    expect(ledger.every((row) => row.journal === 'sale' && row.orderId === order?.id)).toBe(true);
    const byAccount = (account: string) =>
      ledger.filter((row) => row.account === account).reduce((sum, row) => sum + row.amountCents, 0);
    expect(byAccount('escrow')).toBe(20_746);
    expect(byAccount('seller_payable')).toBe(-(order?.sellerProceedsCents ?? 0));
    expect(byAccount('platform_fees')).toBe(-price.platformFeeCents);
    expect(byAccount('processing_fees')).toBe(-792);

    const buyerMail = await mailTo(buyerAccount.email);
    expect(buyerMail.map((message) => message.subject)).toEqual([CHECKOUT_MAIL_SUBJECT.buyerConfirmation]);
    expect(buyerMail[0]?.text).toContain(formatCents(20_746));
    // A listing of no known event has no event page to link.
    expect(buyerMail[0]?.text).not.toContain("The show's page");
    const sellerMail = await mailTo(seller.email);
    expect(sellerMail.map((message) => message.subject)).toEqual([CHECKOUT_MAIL_SUBJECT.sellerSold]);

    const sellerClient = await signedInClient(harness, seller.id);
    const notifications = await sellerClient.get('/api/notifications');
    expect(notifications.body.pendingTransfers).toContainEqual({ ticketId: ticket.id, role: 'seller' });

    // Opened twice, opened late, from any of the result pages: the same answer and nothing new.
    clock.advance(3_600_000);
    for (const again of [
      await buyer.post(`/api/purchase/verify/${sessionId}`),
      await buyer.post('/api/purchase/complete', { sessionId, ticketId: ticket.id }),
      await buyer.post(`/api/complete-purchase-safari?session_id=${sessionId}`),
    ])
      expect(again.body).toEqual(verify.body);
    expect(await db().select().from(orders).where(eq(orders.ticketId, ticket.id))).toHaveLength(1);
    expect(await ledgerOf(sessionId)).toHaveLength(ledger.length);
    expect(await mailTo(buyerAccount.email)).toHaveLength(1);
  });

  it("links the show's event page in the buyer's confirmation and the seller's sold e-mail", async () => {
    const showSeller = await createTestUser(db());
    const showBuyer = await createTestUser(db());
    const { event, ticket } = await insertShowListing(
      db(),
      showSeller.id,
      `Rock & Roll's Night ${Date.now()}`,
    );
    const client = await signedInClient(harness, showBuyer.id);
    const paid = await pay(client, await checkout(client, ticket));
    expect(paid.status, paid.text).toBe(200);

    const page = `${harness.config.appUrl}${eventPath(event.id, event.name)}`;
    expect(page).toMatch(/\/events\/\d+-rock-roll-s-night-\d+$/);
    const [confirmation] = await mailTo(showBuyer.email);
    const [sold] = await mailTo(showSeller.email);
    expect(confirmation?.subject).toBe(CHECKOUT_MAIL_SUBJECT.buyerConfirmation);
    expect(sold?.subject).toBe(CHECKOUT_MAIL_SUBJECT.sellerSold);
    for (const mail of [confirmation, sold]) {
      expect(mail?.text).toContain(`The show's page: ${page}`);
      expect(mail?.html).toContain(`<p>The show&#39;s page: <a href="${page}">${page}</a></p>`);
      expect(mail?.html).toContain('Rock &amp; Roll&#39;s Night');
    }
  });

  it('refuses a payment at another amount (400) or version (409), without a hold (409), and changes nothing', async () => {
    const ticket = await listing();
    const price = priceOf(ticket);
    const noHold = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: 1,
    });
    expect(noHold.status).toBe(409);
    expect(noHold.body.message).toBe(CHECKOUT_TEXT.notHolding);

    await buyer.post(`/api/tickets/${ticket.id}/lock`);
    const cheaper = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents - 1),
      version: 1,
    });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.message).toBe(CHECKOUT_TEXT.amountMismatch);
    const listingPriceOnly = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.totalCents),
      version: 1,
    });
    expect(listingPriceOnly.status).toBe(400);
    const stale = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: CHECKOUT_TEXT.versionChanged, currentVersion: 1 });
    for (const body of [
      {},
      { amount: 'ten', version: 1 },
      { amount: 1.234, version: 1 },
      { amount: 5, version: 0 },
    ]) {
      const bad = await buyer.post(`/api/tickets/${ticket.id}/payment`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const own = await (await signedInClient(harness, seller.id)).post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: 1,
    });
    expect(own.status).toBe(403);
    expect(
      await db().select().from(checkoutSessions).where(eq(checkoutSessions.ticketId, ticket.id)),
    ).toEqual([]);
  });

  it('declines 4000 0000 0000 0002 with the decline message and keeps the session open; refuses bad card details', async () => {
    const ticket = await listing();
    const sessionId = await checkout(buyer, ticket);
    const declined = await pay(buyer, sessionId, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe(CHECKOUT_TEXT.cardDeclined);
    const cases: [string, typeof CARD, string][] = [
      ['5555 5555 5555 4444', CARD, CHECKOUT_TEXT.cardNumberInvalid],
      ['4242', CARD, CHECKOUT_TEXT.cardNumberInvalid],
      [SUCCESS, { ...CARD, expMonth: 13 }, CHECKOUT_TEXT.expMonthInvalid],
      [SUCCESS, { ...CARD, expYear: 20311 }, CHECKOUT_TEXT.expYearInvalid],
      [SUCCESS, { ...CARD, expYear: 2030, expMonth: 2 }, CHECKOUT_TEXT.cardExpired],
      [SUCCESS, { ...CARD, cvc: '12' }, CHECKOUT_TEXT.cvcInvalid],
      // An empty field is asked for, in words that say it is missing.
      ['', CARD, CHECKOUT_TEXT.cardNumberMissing],
      [SUCCESS, { ...CARD, expMonth: ' ' }, CHECKOUT_TEXT.expMonthMissing],
      [SUCCESS, { ...CARD, expYear: '' }, CHECKOUT_TEXT.expYearMissing],
      [SUCCESS, { ...CARD, cvc: '' }, CHECKOUT_TEXT.cvcMissing],
    ];
    for (const [number, card, message] of cases) {
      const answer = await pay(buyer, sessionId, number, card);
      expect(answer.status, `${number} ${JSON.stringify(card)}`).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await buyer.get(`/api/sandbox/checkout/${sessionId}`)).body.status).toBe('open');
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.sold).toBe(false);
    // Payment failed: the buyer lets go, and the unpaid session ends with the hold.
    await buyer.post(`/api/tickets/${ticket.id}/unlock`);
    expect((await buyer.get(`/api/sandbox/checkout/${sessionId}`)).body.status).toBe('cancelled');
    expect((await pay(buyer, sessionId)).status).toBe(409);
  });

  it('asks 4000 0025 0000 3155 to authenticate: a refusal is not charged, an approval pays', async () => {
    const ticket = await listing();
    const sessionId = await checkout(buyer, ticket);
    const challenge = await pay(buyer, sessionId, THREE_D_SECURE);
    expect(challenge.status).toBe(200);
    expect(challenge.body).toEqual({ requiresAuthentication: true });
    const refused = await buyer.post(`/api/sandbox/checkout/${sessionId}/authenticate`, { approve: false });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(CHECKOUT_TEXT.authenticationFailed);
    const [unsold] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(unsold?.sold).toBe(false);
    const notWaiting = await buyer.post(`/api/sandbox/checkout/${sessionId}/authenticate`, { approve: true });
    expect(notWaiting.status).toBe(409);

    await pay(buyer, sessionId, THREE_D_SECURE);
    const approved = await buyer.post(`/api/sandbox/checkout/${sessionId}/authenticate`, { approve: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ redirectUrl: `${harness.config.appUrl}/?session_id=${sessionId}` });
    const [sold] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(sold?.buyerId).toBe(buyerAccount.id);
  });

  it('cancels a checkout to the cancel URL; only its buyer sees a session; others read it as unknown', async () => {
    const ticket = await listing();
    const sessionId = await checkout(buyer, ticket);
    expect((await rival.get(`/api/sandbox/checkout/${sessionId}`)).status).toBe(404);
    expect(
      (await rival.post(`/api/sandbox/checkout/${sessionId}/pay`, { cardNumber: SUCCESS, ...CARD })).status,
    ).toBe(404);
    const foreign = await rival.post(`/api/purchase/verify/${sessionId}`);
    const unknown = await rival.post('/api/purchase/verify/sbx_nothing_here');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body).toEqual({ message: CHECKOUT_TEXT.sessionNotFound });
    expect((await harness.client().post(`/api/purchase/verify/${sessionId}`)).status).toBe(401);

    const pending = await buyer.post(`/api/purchase/verify/${sessionId}`);
    expect(pending.body).toEqual({
      success: false,
      status: 'pending',
      message: CHECKOUT_TEXT.notCompleted,
      ticketId: ticket.id,
      eventName: ticket.eventName,
      quantity: ticket.quantity,
      amount: centsToDollars(priceOf(ticket).buyerPaysCents),
    });
    const cancel = await buyer.post(`/api/sandbox/checkout/${sessionId}/cancel`);
    expect(cancel.body).toEqual({
      redirectUrl: `${harness.config.appUrl}/purchase/cancel?ticket_id=${ticket.id}`,
    });
    expect((await buyer.get(`/api/sandbox/checkout/${sessionId}`)).body.status).toBe('cancelled');
    expect((await pay(buyer, sessionId)).body.message).toBe(CHECKOUT_TEXT.sessionNotOpen);
    expect((await buyer.post(`/api/purchase/verify/${sessionId}`)).body.status).toBe('expired');
    const missing = await buyer.post('/api/purchase/complete', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CHECKOUT_TEXT.missingSession);
  });

  it('runs fulfilment five times in a row and five at once for one paid session: one sale, one order, one set of entries', async () => {
    const ticket = await listing();
    const sessionId = await checkout(buyer, ticket);
    // The provider reports the payment (as a webhook would), nothing fulfilled yet.
    await db()
      .update(checkoutSessions)
      .set({ status: 'paid', paymentReference: 'sbx_pi_direct', paidAt: clock.now() })
      .where(eq(checkoutSessions.id, sessionId));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => buyer.post(`/api/purchase/verify/${sessionId}`)),
    );
    expect(answers.map((answer) => answer.body.status)).toEqual(Array(5).fill('paid'));
    for (let call = 0; call < 5; call++) {
      const again = await buyer.post('/api/purchase/complete', { sessionId });
      expect(again.body.success).toBe(true);
    }
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(1);
    expect(await ledgerOf(sessionId)).toHaveLength(5);
    const subjects = (await mailTo(buyerAccount.email)).map((message) => message.subject);
    expect(
      subjects.filter((subject) => subject === CHECKOUT_MAIL_SUBJECT.buyerConfirmation).length,
    ).toBeGreaterThan(0);
    const [{ count } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.ticketId, ticket.id));
    expect(count).toBe(1);
  });

  it('refunds a second payment for a ticket already sold, records the refund and tells the buyer', async () => {
    const ticket = await listing();
    const first = await checkout(rival, ticket);
    // The rival's checkout outlives their hold (they wandered off); the hold lapses and the buyer takes it.
    clock.advance(CHECKOUT_SESSION_TTL_MS + 1_000);
    const second = await checkout(buyer, ticket);
    expect((await pay(buyer, second)).status).toBe(200);
    // The provider then reports the rival's late payment for the same ticket.
    await db()
      .update(checkoutSessions)
      .set({ status: 'paid', paymentReference: 'sbx_pi_late', paidAt: clock.now() })
      .where(eq(checkoutSessions.id, first));
    const result = await rival.post(`/api/purchase/verify/${first}`);
    expect(result.body).toEqual({
      success: false,
      status: 'refunded',
      message: CHECKOUT_TEXT.refunded,
      ticketId: ticket.id,
      eventName: ticket.eventName,
      quantity: ticket.quantity,
      amount: centsToDollars(priceOf(ticket).buyerPaysCents),
    });
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.buyerId).toBe(buyerAccount.id);
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, first));
    expect(session).toMatchObject({
      outcome: 'refunded',
      refundReference: expect.stringMatching(/^sbx_re_/),
    });
    const ledger = await ledgerOf(first);
    expect(ledger.map((entry) => entry.journal).sort()).toEqual([
      'refund',
      'refund',
      'unmatched_payment',
      'unmatched_payment',
    ]);
    expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    const escrow = ledger
      .filter((entry) => entry.account === 'escrow')
      .reduce((sum, e) => sum + e.amountCents, 0);
    expect(escrow).toBe(0);
    const refundMail = (await mailTo(rivalAccount.email)).filter(
      (message) => message.subject === CHECKOUT_MAIL_SUBJECT.buyerRefund,
    );
    expect(refundMail).toHaveLength(1);
    expect(refundMail[0]?.text).toContain(formatCents(priceOf(ticket).buyerPaysCents));
    // Asked again: no second refund, no second e-mail.
    await rival.post(`/api/purchase/verify/${first}`);
    expect(await ledgerOf(first)).toHaveLength(4);
  });

  it('refunds a payment for a listing its seller changed in the meantime (version)', async () => {
    const ticket = await listing();
    const sessionId = await checkout(buyer, ticket);
    await db()
      .update(tickets)
      .set({ version: sql`${tickets.version} + 1` })
      .where(eq(tickets.id, ticket.id));
    expect((await pay(buyer, sessionId)).status).toBe(200);
    expect((await buyer.post(`/api/purchase/verify/${sessionId}`)).body.status).toBe('refunded');
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.sold).toBe(false);
  });

  it('gives the ticket to a buyer who pays and never comes back', async () => {
    const ticket = await listing();
    const sessionId = await checkout(buyer, ticket);
    expect((await pay(buyer, sessionId)).status).toBe(200);
    // No verify, no result page: the payment alone completed the sale.
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ sold: true, buyerId: buyerAccount.id });
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(1);
  });

  it('keeps every order’s ledger balanced', async () => {
    const totals = await db()
      .select({
        session: ledgerEntries.checkoutSessionId,
        sum: sql<number>`sum(${ledgerEntries.amountCents})::int`,
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.checkoutSessionId);
    expect(totals.length).toBeGreaterThan(3);
    expect(totals.every((total) => total.sum === 0)).toBe(true);
  });

  it('fulfils from the service itself for an unknown session without effect', async () => {
    const deps = {
      db: db(),
      payments: { kind: 'sandbox' } as never,
      mailer: harness.mailer,
      clock,
      appUrl: harness.config.appUrl,
      log: { info() {}, warn() {}, error() {} },
    };
    expect(await fulfilCheckout(deps, 'sbx_unknown')).toBeNull();
  });
});
