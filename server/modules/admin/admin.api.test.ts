import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../common/constants.js';
import { ADMIN_TEXT, LISTING_STATUS_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import {
  adminReviewsResponseSchema,
  adminStatsSchema,
  adminTicketsResponseSchema,
  adminTransactionDetailSchema,
  adminTransactionsResponseSchema,
  adminUserSchema,
  adminUsersResponseSchema,
} from '../../../common/schemas/admin.js';
import { checkoutSessions, tickets, users } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buyListing, ledgerOf } from '../payouts/testing.js';
import { completedSale } from '../reviews/testing.js';

describe.each(backends)('admin dashboard API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  type Party = TestAccount & { client: TestClient };
  let admin: Party;
  let member: Party;
  let ambassador: Party;
  const party = async (role: Role = 'user', username?: string): Promise<Party> => {
    const account = await createTestUser(harness.database.db, { role, ...(username ? { username } : {}) });
    return { ...account, client: await signedInClient(harness, account.id) };
  };
  const db = () => harness.database.db;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await party('admin');
    member = await party();
    ambassador = await party('AMBSD');
  });
  afterAll(async () => {
    await harness.close();
  });

  it('answers every admin route to admins only: visitor 401, member and ambassador 403', async () => {
    const listing = await insertListing(db(), member.id);
    const sale = await buyListing(harness, ambassador.client, member.id);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${member.id}`],
      ['PUT', `/api/admin/users/${member.id}/role`, { role: 'user' }],
      ['GET', '/api/admin/tickets'],
      ['GET', `/api/admin/tickets/${listing.id}`],
      ['PUT', `/api/admin/tickets/${listing.id}`, { status: 'available', reason: 'Checked by support.' }],
      ['GET', '/api/admin/transactions'],
      ['GET', `/api/admin/transactions/${sale.order.id}`],
      ['GET', '/api/admin/reviews'],
      ['GET', '/api/admin/stats'],
    ];
    for (const [method, path, json] of calls) {
      const visitor = await harness.client().request(method, path, json === undefined ? {} : { json });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(visitor.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
      for (const who of [member, ambassador]) {
        const refused = await who.client.request(method, path, json === undefined ? {} : { json });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.message).toBe(SERVER_MESSAGE.forbidden);
      }
      const allowed = await admin.client.request(method, path, json === undefined ? {} : { json });
      expect(allowed.status, `${method} ${path}: ${allowed.text}`).toBe(200);
    }
    // The review detail needs a submitted review; its rights are checked with the reviews list below.
    expect((await member.client.get('/api/admin/reviews/1')).status).toBe(403);
  });

  it('pages, sorts and searches users by username, e-mail or id, ignoring case', async () => {
    const tag = `zed${Date.now().toString(36)}`;
    const a = await party('user', `${tag}_alpha`);
    const b = await party('user', `${tag}_beta`);
    const c = await createTestUser(db(), { username: `other${tag}`, email: `${tag}_CARL@example.com` });
    const search = async (query: string) => {
      const response = await admin.client.get(`/api/admin/users?${query}`);
      expect(response.status, response.text).toBe(200);
      return adminUsersResponseSchema.parse(response.body);
    };
    const all = await search(`search=${tag.toUpperCase()}&sort=username&order=asc`);
    expect(all).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(all.rows.map((row) => row.id)).toEqual([c.id, a.id, b.id]);
    const second = await search(`search=${tag}&sort=username&order=asc&pageSize=2&page=2`);
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.rows.map((row) => row.id)).toEqual([b.id]);
    expect((await search(`search=${tag}_carl@`)).rows.map((row) => row.id)).toEqual([c.id]);
    const byId = await search(`search=${b.id}`);
    expect(byId.rows.map((row) => row.id)).toContain(b.id);
    // LIKE's own characters are text: '%' matches only a '%'.
    expect((await search('search=%25')).total).toBe(0);
    const newest = await search('sort=createdAt&order=desc&pageSize=1');
    expect(newest.rows[0]?.id).toBe(c.id);
    // Totals are counted up to 1,000 (or the page's end): past that, the bound and an estimate flag.
    const many = `many${tag}`;
    await db().execute(sql`insert into users (username, email, password_hash, first_name, last_name)
      select ${many} || '_' || i, ${many} || i || '@encore.test', 'not-a-hash', 'Many', 'Fans'
      from generate_series(1, 1001) i`);
    expect(await search(`search=${many}&pageSize=10`)).toMatchObject({ total: 1000, totalIsEstimate: true });
    const farPage = await search(`search=${many}&pageSize=100&page=11`);
    expect(farPage).toMatchObject({ total: 1001, totalIsEstimate: false });
    expect(farPage.rows).toHaveLength(1);
    expect((await admin.client.get('/api/admin/users?pageSize=101')).status).toBe(400);
    expect((await admin.client.get(`/api/admin/users?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it("shows a user's figures: tickets sold and bought, reward points and average rating", async () => {
    const seller = await party();
    const buyer = await party();
    const done = await completedSale(harness, clock, seller.id, buyer, { eventDate: '2030-05-01' });
    // A sale still waiting for its transfer counts as sold and bought, but earns no points yet (decision 0065).
    await buyListing(harness, buyer.client, seller.id);
    const review = await buyer.client.post('/api/reviews', {
      ticketId: done.ticket.id,
      targetUserId: seller.id,
      rating: 4,
      comment: 'Quick and friendly',
      reviewType: 'buyer_to_seller',
      transactionId: done.orderId,
      isPending: false,
    });
    expect(review.status, review.text).toBe(201);
    const sellerView = adminUserSchema.parse((await admin.client.get(`/api/admin/users/${seller.id}`)).body);
    expect(sellerView).toMatchObject({
      id: seller.id,
      username: seller.username,
      email: seller.email,
      role: 'user',
      rewardPoints: 10,
      totalTicketsSold: 2,
      totalTicketsBought: 0,
      averageRating: 4,
    });
    const buyerView = adminUserSchema.parse((await admin.client.get(`/api/admin/users/${buyer.id}`)).body);
    expect(buyerView).toMatchObject({
      rewardPoints: 10,
      totalTicketsSold: 0,
      totalTicketsBought: 2,
      averageRating: null,
    });
    const missing = await admin.client.get('/api/admin/users/2147483647');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_TEXT.userNotFound);
  });

  it('appoints an ambassador, whose next request carries the new role, and demotes them again', async () => {
    const fan = await party();
    const appointed = await admin.client.put(`/api/admin/users/${fan.id}/role`, { role: 'AMBSD' });
    expect(appointed.status, appointed.text).toBe(200);
    expect(appointed.body.message).toBe('User role updated to AMBSD');
    expect(appointed.body.user).toMatchObject({ id: fan.id, role: 'AMBSD' });
    expect((await fan.client.get('/api/session')).body.user.role).toBe('AMBSD');
    const back = await admin.client.put(`/api/admin/users/${fan.id}/role`, { role: 'user' });
    expect(back.body.user.role).toBe('user');
    // Each change is in the audit log, with who made it and the role before and after.
    const audit = await admin.client.get(`/api/admin/audit-log?action=user.role&targetId=${fan.id}`);
    expect(
      audit.body.entries.map((entry: { before: unknown; after: unknown }) => [entry.before, entry.after]),
    ).toEqual([
      [{ role: 'AMBSD' }, { role: 'user' }],
      [{ role: 'user' }, { role: 'AMBSD' }],
    ]);
    expect(audit.body.entries[0]).toMatchObject({ adminId: admin.id, targetType: 'user' });
    expect((await admin.client.put(`/api/admin/users/${fan.id}/role`, { role: 'owner' })).status).toBe(400);
  });

  it('never demotes the last admin, even when two admins demote each other at once', async () => {
    const others = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const other of others.filter((row) => row.id !== admin.id))
      await db().update(users).set({ role: 'user' }).where(eq(users.id, other.id));
    const alone = await admin.client.put(`/api/admin/users/${admin.id}/role`, { role: 'user' });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(ADMIN_TEXT.lastAdmin);

    const second = await party('admin');
    const [one, two] = await Promise.all([
      admin.client.put(`/api/admin/users/${second.id}/role`, { role: 'user' }),
      second.client.put(`/api/admin/users/${admin.id}/role`, { role: 'AMBSD' }),
    ]);
    // The loser is refused by the lock (409) or, when the winner demoted it first, by its new role (403).
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const remaining = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(remaining).toHaveLength(1);
    // Put the suite's admin back for the tests that follow.
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  });

  it('withdraws a held listing: the hold ends, the version moves on, the open checkout expires', async () => {
    const buyer = await party();
    const listing = await insertListing(db(), member.id, { eventDate: '2030-05-01' });
    const lock = await buyer.client.post(`/api/tickets/${listing.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const price = saleBreakdown({
      perTicketCents: listing.listingPriceCents,
      markupPercent: listing.markup,
      quantity: listing.quantity,
    });
    const payment = await buyer.client.post(`/api/tickets/${listing.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) ?? '';

    const stale = await admin.client.put(`/api/admin/tickets/${listing.id}`, {
      status: 'pending',
      reason: 'Checked by support.',
      version: 99,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: ADMIN_TEXT.ticketChanged,
      currentVersion: lock.body.version,
    });

    const stateOnMyTickets = async () =>
      (await member.client.get('/api/my-tickets?tab=listings&limit=50')).body.tickets.find(
        (ticket: { id: number }) => ticket.id === listing.id,
      )?.listingState;
    expect(await stateOnMyTickets()).toBe('active');
    const withdrawn = await admin.client.put(`/api/admin/tickets/${listing.id}`, {
      status: 'pending',
      reason: 'Checked by support.',
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(await stateOnMyTickets()).toBe('under_review');
    expect(withdrawn.body.message).toBe(ADMIN_TEXT.statusUpdated(LISTING_STATUS_TEXT.pending));
    expect(withdrawn.body.ticket).toMatchObject({ status: 'pending', version: lock.body.version + 1 });
    const [row] = await db().select().from(tickets).where(eq(tickets.id, listing.id));
    expect(row).toMatchObject({ currentViewerId: null, lockExpiresAt: null, sold: false });
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    // Ended at the provider (the sandbox records its own expiry as cancelled): it can no longer be paid.
    expect(['expired', 'cancelled']).toContain(session?.status);
    // The held buyer cannot lock it again while withdrawn.
    expect((await buyer.client.post(`/api/tickets/${listing.id}/lock`)).status).not.toBe(200);

    const cancelled = await admin.client.put(`/api/admin/tickets/${listing.id}`, {
      status: 'cancelled',
      reason: 'Checked by support.',
    });
    expect(cancelled.body.ticket.status).toBe('cancelled');
    expect(await stateOnMyTickets()).toBe('withdrawn');
    const relisted = await admin.client.put(`/api/admin/tickets/${listing.id}`, {
      status: 'available',
      reason: 'Checked by support.',
    });
    expect(relisted.body.ticket).toMatchObject({ status: 'available', version: lock.body.version + 3 });
    const audit = await admin.client.get(`/api/admin/audit-log?action=ticket.status&targetId=${listing.id}`);
    expect(audit.body.entries.map((entry: { after: { status: string } }) => entry.after.status)).toEqual([
      'available',
      'cancelled',
      'pending',
    ]);
    expect((await buyer.client.post(`/api/tickets/${listing.id}/lock`)).status).toBe(200);
  });

  it('marks nothing sold without a paid order, and cancels a sale only through its refund', async () => {
    const listing = await insertListing(db(), member.id);
    const sold = await admin.client.put(`/api/admin/tickets/${listing.id}`, {
      status: 'sold',
      reason: 'Checked by support.',
    });
    expect(sold.status).toBe(409);
    expect(sold.body.message).toBe(ADMIN_TEXT.soldNeedsPaidOrder);

    const buyer = await party();
    const sale = await buyListing(harness, buyer.client, member.id);
    const before = await ledgerOf(harness, sale.sessionId);
    for (const status of ['cancelled', 'available', 'pending'] as const) {
      const refused = await admin.client.put(`/api/admin/tickets/${sale.ticket.id}`, {
        status,
        reason: 'Checked by support.',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ADMIN_TEXT.soldIsRefundedNotCancelled);
    }
    const same = await admin.client.put(`/api/admin/tickets/${sale.ticket.id}`, {
      status: 'sold',
      reason: 'Checked by support.',
    });
    expect(same.status).toBe(200);
    expect(same.body.ticket).toMatchObject({ status: 'sold', buyerId: buyer.id, buyerName: buyer.username });
    expect(await ledgerOf(harness, sale.sessionId)).toEqual(before);
    expect(before.balances.escrow).toBe(sale.order.amountCents);
  });

  it('pages and searches tickets by event name, seller name or id', async () => {
    const tag = `Qx${Date.now().toString(36)}`;
    const seller = await party('user', `seller_${tag}`);
    const one = await insertListing(db(), seller.id, { eventName: 'Harbor Lights' });
    const two = await insertListing(db(), member.id, { eventName: `The ${tag} Tour` });
    const search = async (query: string) => {
      const response = await admin.client.get(`/api/admin/tickets?${query}`);
      expect(response.status, response.text).toBe(200);
      return adminTicketsResponseSchema.parse(response.body);
    };
    const found = await search(`search=${tag.toLowerCase()}&sort=id&order=asc`);
    expect(found.rows.map((row) => row.id)).toEqual([one.id, two.id]);
    expect(found.rows[0]).toMatchObject({
      eventName: 'Harbor Lights',
      sellerId: seller.id,
      sellerName: seller.username,
      buyerId: null,
      status: 'available',
      faceValue: 80,
      serviceFee: 12.5,
      markup: 10,
    });
    expect((await search(`search=${two.id}`)).rows.map((row) => row.id)).toContain(two.id);
    const detail = await admin.client.get(`/api/admin/tickets/${one.id}`);
    expect(detail.body).toMatchObject({ id: one.id, venue: 'Riverside Arena', section: '101', row: 'C' });
    expect((await admin.client.get('/api/admin/tickets/2147483647')).body.message).toBe(
      ADMIN_TEXT.ticketNotFound,
    );
  });

  it('lists payments with their session id and searches them by event, buyer, seller or id', async () => {
    const tag = `Tr${Date.now().toString(36)}`;
    const buyer = await party('user', `buyer_${tag}`);
    const sale = await buyListing(harness, buyer.client, member.id, { eventName: 'Quiet Storm' });
    const search = async (query: string) => {
      const response = await admin.client.get(`/api/admin/transactions?${query}`);
      expect(response.status, response.text).toBe(200);
      return adminTransactionsResponseSchema.parse(response.body);
    };
    const byBuyer = await search(`search=${tag.toUpperCase()}`);
    expect(byBuyer.total).toBe(1);
    expect(byBuyer.rows[0]).toEqual({
      id: sale.order.id,
      type: 'payment',
      eventName: 'Quiet Storm',
      amount: sale.order.amountCents / 100,
      status: 'escrow',
      buyerId: buyer.id,
      buyerName: buyer.username,
      sellerId: member.id,
      sellerName: member.username,
      createdAt: expect.any(String),
      stripeSessionId: sale.sessionId,
    });
    expect((await search(`search=${sale.order.id}&type=payment`)).rows.map((row) => row.id)).toContain(
      sale.order.id,
    );
    expect((await search(`search=${tag}&type=payout`)).total).toBe(0);
    const detail = adminTransactionDetailSchema.parse(
      (await admin.client.get(`/api/admin/transactions/${sale.order.id}`)).body,
    );
    expect(detail).toMatchObject({ id: sale.order.id, type: 'payment', movements: [{ type: 'payment' }] });
    const pageOne = await search('pageSize=1&sort=id&order=desc');
    expect(pageOne.rows).toHaveLength(1);
    expect(pageOne.total).toBeGreaterThanOrEqual(2);
    // Past 1,000 matching sales the total is the bound, and the page still holds the newest sale's refund.
    const many = `Many${tag}`;
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into tickets (seller_id, event_name, event_date, description, venue, section,
          row, seats, quantity, face_value_cents, service_fee_cents, markup, listing_price_cents, sold, status,
          buyer_id)
        select ${member.id}, ${many} || ' ' || i, '2030-05-01', 'many', 'Arena', 'A', 'R1', '1', 1, 10000, 0, 0,
          10000, true, 'sold', ${buyer.id}
        from generate_series(1, 1001) i`);
      await tx.execute(sql`insert into checkout_sessions (id, provider, ticket_id, buyer_id, seller_id,
          ticket_version, event_name, event_date, quantity, per_ticket_cents, markup, total_cents,
          processing_fee_cents, platform_fee_cents, seller_proceeds_cents, amount_cents, status, outcome, url,
          expires_at)
        select 'sbx_many_' || t.id, 'sandbox', t.id, t.buyer_id, t.seller_id, 1, t.event_name, t.event_date, 1,
          10000, 0, 10000, 195, 500, 9305, 10195, 'paid', 'fulfilled', '', now()
        from tickets t where t.event_name like ${`${many} %`}`);
      await tx.execute(sql`insert into orders (checkout_session_id, ticket_id, buyer_id, seller_id,
          ticket_version, quantity, per_ticket_cents, total_cents, processing_fee_cents, platform_fee_cents,
          seller_proceeds_cents, amount_cents, status, created_at)
        select s.id, s.ticket_id, s.buyer_id, s.seller_id, 1, 1, 10000, 10000, 195, 500, 9305, 10195,
          case when s.event_name = ${`${many} 1`} then 'refunded' else 'in_escrow' end,
          now() + interval '1 day' - (split_part(s.event_name, ' ', 2)::integer || ' seconds')::interval
        from checkout_sessions s where s.id like 'sbx_many_%'`);
    });
    const crowded = await search(`search=${many}`);
    expect(crowded).toMatchObject({ total: 1000, totalIsEstimate: true });
    expect(crowded.rows.slice(0, 3).map((row) => [row.eventName, row.type])).toEqual([
      [`${many} 1`, 'payment'],
      [`${many} 1`, 'refund'],
      [`${many} 2`, 'payment'],
    ]);
    expect(crowded.rows).toHaveLength(25);
  });

  it('lists submitted reviews and searches them by event, reviewer, target or id', async () => {
    const tag = `Rv${Date.now().toString(36)}`;
    const seller = await party('user', `host_${tag}`);
    const buyer = await party();
    const done = await completedSale(harness, clock, seller.id, buyer, {
      eventDate: '2030-05-01',
      eventName: 'Velvet Hour',
    });
    const search = async (query: string) => {
      const response = await admin.client.get(`/api/admin/reviews?${query}`);
      expect(response.status, response.text).toBe(200);
      return adminReviewsResponseSchema.parse(response.body);
    };
    expect((await search(`search=${tag}`)).total).toBe(0);
    await buyer.client.post('/api/reviews', {
      ticketId: done.ticket.id,
      targetUserId: seller.id,
      rating: 5,
      comment: 'Great seller',
      reviewType: 'buyer_to_seller',
      transactionId: done.orderId,
      isPending: false,
    });
    const found = await search(`search=${tag}`);
    expect(found.rows).toEqual([
      {
        id: expect.any(Number),
        eventName: 'Velvet Hour',
        reviewType: 'buyer_to_seller',
        rating: 5,
        reviewerId: buyer.id,
        reviewerName: buyer.username,
        targetId: seller.id,
        targetName: seller.username,
        comment: 'Great seller',
        createdAt: expect.any(String),
        hidden: false,
      },
    ]);
    const id = found.rows[0]?.id;
    expect((await search('search=velvet hour')).rows.map((row) => row.id)).toContain(id);
    expect((await admin.client.get(`/api/admin/reviews/${id}`)).body.comment).toBe('Great seller');
    expect((await member.client.get(`/api/admin/reviews/${id}`)).status).toBe(403);
    expect((await harness.client().get(`/api/admin/reviews/${id}`)).status).toBe(401);
  });

  it('counts the dashboard figures from the tables', async () => {
    const stats = async () => adminStatsSchema.parse((await admin.client.get('/api/admin/stats')).body);
    const before = await stats();
    const seller = await party();
    const buyer = await party();
    await insertListing(db(), seller.id);
    await insertListing(db(), seller.id, { status: 'cancelled' });
    const sale = await buyListing(harness, buyer.client, seller.id);
    // Completed as the Sold tab has it: the transfer is done, the payout still waits for the event.
    await completedSale(harness, clock, seller.id, buyer, { eventDate: '2030-05-01' });
    const after = await stats();
    expect(after.users.total - before.users.total).toBe(2);
    expect(after.tickets.total - before.tickets.total).toBe(4);
    expect(after.tickets.available - before.tickets.available).toBe(1);
    expect(after.tickets.sold - before.tickets.sold).toBe(2);
    expect(after.transactions.completed - before.transactions.completed).toBe(1);
    expect(Math.round((after.transactions.totalAmount - before.transactions.totalAmount) * 100)).toBe(
      sale.order.amountCents * 2,
    );
    // Encore's income is the fees the ledger kept, apart from what buyers paid.
    const feesOfOne = sale.order.platformFeeCents + 2 * sale.order.processingFeeCents;
    expect(Math.round((after.income.total - before.income.total) * 100)).toBe(2 * feesOfOne);
    expect(Math.round((after.income.platformFees - before.income.platformFees) * 100)).toBe(
      2 * sale.order.platformFeeCents,
    );
    expect(Math.round((after.income.processingFees - before.income.processingFees) * 100)).toBe(
      4 * sale.order.processingFeeCents,
    );
    expect(after.reviews.avgRating).toBe(before.reviews.avgRating);
  });
});
