import { eq, gt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, events, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import {
  backends,
  startTestApp,
  type TestApp,
  type TestClient,
  type TestResponse,
} from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buySoldTicket } from '../messages/testing.js';
import { buyListing } from '../payouts/testing.js';

/**
 * Decision 0057: every admin and ambassador action that changes or reveals data writes exactly one audit row
 * (with who, what, the target and before/after as named fields) in the same transaction or request, and an
 * action that is refused writes none. Each step of the inventory is done here through HTTP.
 */

interface ExpectedRow {
  adminId: number;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

describe.each(backends)('the audit log of admin and ambassador actions on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let admin: TestAccount;
  let ambassador: TestAccount;
  let seller: TestAccount;
  let buyer: TestAccount;
  let adminClient: TestClient;
  let ambassadorClient: TestClient;
  let sellerClient: TestClient;
  let buyerClient: TestClient;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    admin = await createTestUser(db, { role: 'admin' });
    ambassador = await createTestUser(db, { role: 'AMBSD' });
    seller = await createTestUser(db);
    buyer = await createTestUser(db);
    adminClient = await signedInClient(harness, admin.id);
    ambassadorClient = await signedInClient(harness, ambassador.id);
    sellerClient = await signedInClient(harness, seller.id);
    buyerClient = await signedInClient(harness, buyer.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;

  async function lastAuditId(): Promise<number> {
    const [row] = await db()
      .select({ id: sql<number | null>`max(${adminAuditLog.id})` })
      .from(adminAuditLog);
    return Number(row?.id ?? 0);
  }

  async function rowsAfter(id: number) {
    return db()
      .select({
        adminId: adminAuditLog.adminId,
        action: adminAuditLog.action,
        targetType: adminAuditLog.targetType,
        targetId: adminAuditLog.targetId,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
      })
      .from(adminAuditLog)
      .where(gt(adminAuditLog.id, id))
      .orderBy(adminAuditLog.id);
  }

  /** Does `act`, expects `status`, and expects exactly the one audit row `expected` to have been written. */
  async function audited<T>(
    status: number,
    act: () => Promise<TestResponse<T>>,
    expected: (response: TestResponse<T>) => ExpectedRow,
  ): Promise<TestResponse<T>> {
    const since = await lastAuditId();
    const response = await act();
    expect(response.status, response.text).toBe(status);
    expect(await rowsAfter(since)).toEqual([expected(response)]);
    return response;
  }

  /** Does `act`, expects `status`, and expects no audit row at all. */
  async function unaudited(status: number, act: () => Promise<TestResponse>): Promise<void> {
    const since = await lastAuditId();
    const response = await act();
    expect(response.status, response.text).toBe(status);
    expect(await rowsAfter(since)).toEqual([]);
  }

  async function newEvent(name: string) {
    const [venue] = await db()
      .insert(venues)
      .values({ name: `${name} Hall`, city: 'Springfield' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name, date: '2030-05-01', venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }

  const ids = (rows: { id: number }[]) => [...new Set(rows.map((row) => row.id))];

  it('records role and listing-status changes, and the reads of users, tickets and transactions', async () => {
    const fan = await createTestUser(db());
    await audited(
      200,
      () => adminClient.put(`/api/admin/users/${fan.id}/role`, { role: 'AMBSD' }),
      () => ({
        adminId: admin.id,
        action: 'user.role',
        targetType: 'user',
        targetId: String(fan.id),
        before: { role: 'user' },
        after: { role: 'AMBSD' },
      }),
    );
    // Refused, or nothing to change: no row.
    await unaudited(404, () => adminClient.put('/api/admin/users/2000000000/role', { role: 'admin' }));
    await unaudited(409, () => adminClient.put(`/api/admin/users/${admin.id}/role`, { role: 'user' }));
    await unaudited(200, () => adminClient.put(`/api/admin/users/${fan.id}/role`, { role: 'AMBSD' }));
    await unaudited(403, () => sellerClient.put(`/api/admin/users/${fan.id}/role`, { role: 'admin' }));

    const listing = await insertListing(db(), seller.id, { eventDate: '2030-05-01' });
    await audited(
      200,
      () =>
        adminClient.put(`/api/admin/tickets/${listing.id}`, {
          status: 'pending',
          reason: 'Checked by support.',
        }),
      () => ({
        adminId: admin.id,
        action: 'ticket.status',
        targetType: 'ticket',
        targetId: String(listing.id),
        before: { status: 'available', version: listing.version },
        after: { status: 'pending', version: listing.version + 1, reason: 'Checked by support.' },
      }),
    );
    await unaudited(409, () =>
      adminClient.put(`/api/admin/tickets/${listing.id}`, { status: 'sold', reason: 'Checked by support.' }),
    );

    await audited(
      200,
      () => adminClient.get(`/api/admin/users?search=${fan.username}`),
      () => ({
        adminId: admin.id,
        action: 'users.list',
        targetType: 'admin_list',
        targetId: 'users',
        before: null,
        after: { search: fan.username, page: 1, ids: [fan.id] },
      }),
    );
    await audited(
      200,
      () => adminClient.get(`/api/admin/users/${fan.id}`),
      () => ({
        adminId: admin.id,
        action: 'user.view',
        targetType: 'user',
        targetId: String(fan.id),
        before: null,
        after: { username: fan.username },
      }),
    );
    await unaudited(404, () => adminClient.get('/api/admin/users/2000000000'));
    await unaudited(400, () => adminClient.get('/api/admin/users?pageSize=1000'));

    await audited(
      200,
      () => adminClient.get('/api/admin/tickets?page=1&pageSize=5'),
      (response) => ({
        adminId: admin.id,
        action: 'tickets.list',
        targetType: 'admin_list',
        targetId: 'tickets',
        before: null,
        after: { page: 1, ids: ids(response.body.rows) },
      }),
    );
    await audited(
      200,
      () => adminClient.get(`/api/admin/tickets/${listing.id}`),
      () => ({
        adminId: admin.id,
        action: 'ticket.view',
        targetType: 'ticket',
        targetId: String(listing.id),
        before: null,
        after: { event: listing.eventName },
      }),
    );
    await unaudited(404, () => adminClient.get('/api/admin/tickets/2000000000'));

    const sale = await buyListing(harness, buyerClient, seller.id);
    const transactions = await audited(
      200,
      () => adminClient.get('/api/admin/transactions?type=payment'),
      (response) => ({
        adminId: admin.id,
        action: 'transactions.list',
        targetType: 'admin_list',
        targetId: 'transactions',
        before: null,
        after: { type: 'payment', page: 1, ids: ids(response.body.rows) },
      }),
    );
    expect(ids(transactions.body.rows)).toContain(sale.order.id);
    await audited(
      200,
      () => adminClient.get(`/api/admin/transactions/${sale.order.id}`),
      () => ({
        adminId: admin.id,
        action: 'transaction.view',
        targetType: 'order',
        targetId: String(sale.order.id),
        before: null,
        after: { event: sale.ticket.eventName },
      }),
    );
    await unaudited(404, () => adminClient.get('/api/admin/transactions/2000000000'));

    // Published reviews, dashboard figures and the log itself show no member's private data: not recorded.
    await unaudited(200, () => adminClient.get('/api/admin/reviews'));
    await unaudited(200, () => adminClient.get('/api/admin/stats'));
    await unaudited(200, () => adminClient.get('/api/admin/audit-log'));
    // The log names the admin by username, as every admin tab names people.
    expect((await adminClient.get('/api/admin/audit-log')).body.entries[0].adminName).toBe(admin.username);
  });

  it('records the money actions: refund, dispute resolution, cancelling and postponing an event', async () => {
    const sale = await buyListing(harness, buyerClient, seller.id);
    const reason = 'The seller asked us to cancel the sale.';
    await audited(
      200,
      () => adminClient.post(`/api/admin/transactions/${sale.order.id}/refund`, { reason }),
      () => ({
        adminId: admin.id,
        action: 'order.refund',
        targetType: 'order',
        targetId: String(sale.order.id),
        before: { status: 'in_escrow', disputeStatus: null },
        after: { status: 'refunded', amountCents: sale.order.amountCents, reason },
      }),
    );
    await unaudited(409, () =>
      adminClient.post(`/api/admin/transactions/${sale.order.id}/refund`, { reason }),
    );

    const reported = await buyListing(harness, buyerClient, seller.id);
    const report = await buyerClient.post(`/api/tickets/${reported.ticket.id}/report-problem`, {
      reason: 'The tickets never arrived.',
    });
    expect(report.status, report.text).toBe(200);
    const disputes = await audited(
      200,
      () => adminClient.get('/api/admin/disputes'),
      (response) => ({
        adminId: admin.id,
        action: 'disputes.list',
        targetType: 'admin_list',
        targetId: 'disputes',
        before: null,
        after: {
          status: 'open',
          page: 1,
          ids: response.body.disputes.map((dispute: { orderId: number }) => dispute.orderId),
        },
      }),
    );
    expect(disputes.body.disputes.map((dispute: { orderId: number }) => dispute.orderId)).toEqual([
      reported.order.id,
    ]);
    const resolve = `/api/admin/disputes/${reported.order.id}/resolve`;
    await unaudited(409, () => adminClient.post(resolve, { resolution: 'release', reason: 'Delivered' }));
    await audited(
      200,
      () => adminClient.post(resolve, { resolution: 'refund', reason: 'Nothing was delivered' }),
      () => ({
        adminId: admin.id,
        action: 'dispute.resolve',
        targetType: 'dispute',
        targetId: String(reported.order.id),
        before: { status: 'open', source: 'report', orderStatus: 'in_escrow' },
        after: { status: 'refunded', reason: 'Nothing was delivered' },
      }),
    );

    const cancelled = await newEvent('Audit Cancel Night');
    await audited(
      200,
      () => adminClient.post(`/api/admin/events/${cancelled.id}/cancel`, { reason: 'The band split up' }),
      () => ({
        adminId: admin.id,
        action: 'event.cancel',
        targetType: 'event',
        targetId: String(cancelled.id),
        before: { status: 'scheduled', date: '2030-05-01' },
        after: { status: 'cancelled', reason: 'The band split up', withdrawnListings: 0, refundedOrders: [] },
      }),
    );
    await unaudited(409, () =>
      adminClient.post(`/api/admin/events/${cancelled.id}/cancel`, { reason: 'The band split up' }),
    );
    const postponed = await newEvent('Audit Postpone Night');
    await audited(
      200,
      () => adminClient.post(`/api/admin/events/${postponed.id}/postpone`, { newDate: '2030-06-01' }),
      () => ({
        adminId: admin.id,
        action: 'event.postpone',
        targetType: 'event',
        targetId: String(postponed.id),
        before: { status: 'scheduled', date: '2030-05-01' },
        after: { status: 'postponed', date: '2030-06-01' },
      }),
    );
    await unaudited(400, () =>
      adminClient.post(`/api/admin/events/${postponed.id}/postpone`, { newDate: 'soon' }),
    );
  });

  it('records support answers, status changes and an admin reading every conversation', async () => {
    const request = await buyerClient.post('/api/admin-messages', {
      topic: 'payment',
      message: 'I was charged twice for one ticket.',
    });
    expect(request.status, request.text).toBe(201);
    const id = request.body.id as number;
    // A member's own messages and reads are theirs, not an admin action.
    await unaudited(200, () => buyerClient.get('/api/admin-messages'));

    const reply = await audited(
      201,
      () =>
        adminClient.post(`/api/admin-messages/${id}/reply`, { message: 'We refunded the second charge.' }),
      (response) => ({
        adminId: admin.id,
        action: 'support.reply',
        targetType: 'support_message',
        targetId: String(id),
        before: null,
        after: {
          member: buyer.username,
          topic: 'payment',
          reply: 'We refunded the second charge.',
          replyId: response.body.id,
          answeredIds: [id],
        },
      }),
    );
    expect(reply.body.isFromAdmin).toBe(true);
    await unaudited(404, () =>
      adminClient.post('/api/admin-messages/2000000000/reply', { message: 'Hello' }),
    );
    await unaudited(400, () => adminClient.post(`/api/admin-messages/${id}/reply`, { message: '   ' }));

    // The answer resolved the request; reopening and resolving it again are each audited.
    await audited(
      200,
      () => adminClient.put(`/api/admin-messages/${id}/status`, { resolved: false }),
      () => ({
        adminId: admin.id,
        action: 'support.status',
        targetType: 'support_message',
        targetId: String(id),
        before: { status: 'resolved' },
        after: { status: 'pending' },
      }),
    );
    await audited(
      200,
      () => adminClient.put(`/api/admin-messages/${id}/status`, { resolved: true }),
      () => ({
        adminId: admin.id,
        action: 'support.status',
        targetType: 'support_message',
        targetId: String(id),
        before: { status: 'pending' },
        after: { status: 'resolved' },
      }),
    );
    await unaudited(200, () => adminClient.put(`/api/admin-messages/${id}/status`, { resolved: true }));
    await unaudited(404, () => adminClient.put('/api/admin-messages/2000000000/status', { resolved: true }));
    await unaudited(403, () => buyerClient.put(`/api/admin-messages/${id}/status`, { resolved: true }));

    await audited(
      200,
      () => adminClient.get('/api/admin-messages?limit=2'),
      () => ({
        adminId: admin.id,
        action: 'support.list',
        targetType: 'admin_list',
        targetId: 'support_messages',
        before: null,
        after: { messages: 2, members: [buyer.id] },
      }),
    );
    expect((await buyerClient.get('/api/admin-messages')).body).toHaveLength(2);
    await unaudited(200, () => adminClient.get('/api/admin-messages?before=1'));
  });

  it("records an admin's post in a sale's thread and their reads of its messages, barcode and images", async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const thread = `/api/tickets/${ticketId}/messages`;
    // The sale's own parties talk without an audit row.
    await unaudited(201, () => buyerClient.post(thread, { content: 'Thanks, see you there!' }));
    const posted = await audited(
      201,
      () => adminClient.post(thread, { content: 'Encore support here: the transfer is on its way.' }),
      (response) => ({
        adminId: admin.id,
        action: 'ticket.message',
        targetType: 'ticket',
        targetId: String(ticketId),
        before: null,
        after: { message: 'Encore support here: the transfer is on its way.', messageId: response.body.id },
      }),
    );
    await unaudited(400, () => adminClient.post(thread, { content: '   ' }));
    const unsold = await insertListing(db(), seller.id);
    await unaudited(404, () => adminClient.post(`/api/tickets/${unsold.id}/messages`, { content: 'Hi' }));

    const read = await audited(
      200,
      () => adminClient.get(thread),
      (response) => ({
        adminId: admin.id,
        action: 'ticket.thread',
        targetType: 'ticket',
        targetId: String(ticketId),
        before: null,
        after: { messages: response.body.length },
      }),
    );
    // The sale's system note, the buyer's words and the admin's.
    expect(read.body.map((message: { content: string }) => message.content).slice(-2)).toEqual([
      'Thanks, see you there!',
      'Encore support here: the transfer is on its way.',
    ]);
    // Nothing new shown, nothing recorded: an unchanged thread (304) and an empty poll after the last id.
    await unaudited(304, () =>
      adminClient.request('GET', thread, { headers: { 'if-none-match': read.headers.get('etag') ?? '' } }),
    );
    await unaudited(200, () => adminClient.get(`${thread}?after=${posted.body.id}`));
    await unaudited(200, () => sellerClient.get(thread));

    await unaudited(404, () => adminClient.get(`/api/tickets/${ticketId}/barcode/download`));
    const form = new FormData();
    form.append('ticketId', String(ticketId));
    const png = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    form.append('barcode', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'barcode.png');
    const uploaded = await sellerClient.request('POST', '/api/tickets/barcode/upload', { body: form });
    expect(uploaded.status, uploaded.text).toBe(200);
    await audited(
      200,
      () => adminClient.get(`/api/tickets/${ticketId}/barcode/download`),
      () => ({
        adminId: admin.id,
        action: 'ticket.barcode',
        targetType: 'ticket',
        targetId: String(ticketId),
        before: null,
        after: null,
      }),
    );
    await unaudited(200, () => sellerClient.get(`/api/tickets/${ticketId}/barcode/download`));

    const [row] = await db()
      .select({ publicId: tickets.barcodePublicId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    const publicId = row?.publicId ?? '';
    await audited(
      200,
      () => adminClient.get(`/api/images/${publicId}`),
      () => ({
        adminId: admin.id,
        action: 'image.view',
        targetType: 'image',
        targetId: publicId,
        before: null,
        after: { owner: seller.id },
      }),
    );
    await unaudited(200, () => sellerClient.get(`/api/images/${publicId}`));
    await unaudited(404, () => adminClient.get('/api/images/img_no_such_image'));
  });

  it('records what ambassadors and admins create in the chat and every attendee search', async () => {
    const topic = await audited(
      201,
      () => ambassadorClient.post('/api/ambsd/chat/topics', { name: 'Summer festival', description: '  ' }),
      (response) => ({
        adminId: ambassador.id,
        action: 'chat.topic',
        targetType: 'chat_topic',
        targetId: String(response.body.id),
        before: null,
        after: { name: 'Summer festival', description: null },
      }),
    );
    await unaudited(400, () => ambassadorClient.post('/api/ambsd/chat/topics', { name: '' }));
    await unaudited(403, () => buyerClient.post('/api/ambsd/chat/topics', { name: 'Not mine' }));

    const posted = await audited(
      201,
      () =>
        adminClient.post(`/api/ambsd/chat/topics/${topic.body.id}/messages`, { content: 'Flyers are in.' }),
      (response) => ({
        adminId: admin.id,
        action: 'chat.message',
        targetType: 'chat_topic',
        targetId: String(topic.body.id),
        before: null,
        after: { message: 'Flyers are in.', messageId: response.body.id },
      }),
    );
    expect(posted.body.content).toBe('Flyers are in.');
    await unaudited(404, () =>
      ambassadorClient.post('/api/ambsd/chat/topics/2000000000/messages', { content: 'Anyone?' }),
    );
    // The group's own chat is read by its members: no personal data of others, no row.
    await unaudited(200, () => ambassadorClient.get(`/api/ambsd/chat/topics/${topic.body.id}/messages`));

    await audited(
      200,
      () => ambassadorClient.get(`/api/ambsd/event-attendees?query=${buyer.username}`),
      (response) => ({
        adminId: ambassador.id,
        action: 'attendees.search',
        targetType: 'attendee_search',
        targetId: buyer.username,
        before: null,
        after: { resultCount: response.body.length, at: clock.now().toISOString() },
      }),
    );
    await unaudited(400, () => ambassadorClient.get('/api/ambsd/event-attendees?query='));
  });
});
