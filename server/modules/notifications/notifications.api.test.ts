import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { buySoldTicket } from '../messages/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

type TicketState = Pick<typeof tickets.$inferInsert, 'sold' | 'transferStatus' | 'transferComplete'> & {
  buyerId?: number | null;
};

async function insertTicket(db: DbOrTx, sellerId: number, state: TicketState): Promise<number> {
  const [row] = await db
    .insert(tickets)
    .values({
      sellerId,
      eventName: 'Test Event',
      eventDate: '2030-06-01',
      description: 'Test Event at Hall, Town',
      section: 'A',
      row: '1',
      seats: '1',
      faceValueCents: 5000,
      serviceFeeCents: 500,
      listingPriceCents: 5500,
      ...state,
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error('ticket insert returned no row');
  return row.id;
}

describe.each(backends)('notifications on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('needs a session', async () => {
    const response = await harness.client().get('/api/notifications');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
  });

  it('lists the transfers waiting on the caller as seller or buyer', async () => {
    const db = harness.database.db;
    const seller = await createTestUser(db);
    const buyer = await createTestUser(db);
    const sellerWaits = await insertTicket(db, seller.id, {
      sold: true,
      buyerId: buyer.id,
      transferStatus: 'not_started',
      transferComplete: false,
    });
    const buyerWaits = await insertTicket(db, seller.id, {
      sold: true,
      buyerId: buyer.id,
      transferStatus: 'initiated',
      transferComplete: false,
    });
    await insertTicket(db, seller.id, {
      sold: false,
      transferStatus: 'not_started',
      transferComplete: false,
    });
    await insertTicket(db, seller.id, {
      sold: true,
      buyerId: buyer.id,
      transferStatus: 'completed',
      transferComplete: true,
    });

    const forSeller = await (await signedInClient(harness, seller.id)).get('/api/notifications');
    expect(forSeller.status).toBe(200);
    expect(forSeller.body).toEqual({
      pendingReviewsCount: 0,
      pendingTransfers: [{ ticketId: sellerWaits, role: 'seller' }],
      unreadMessages: [],
      unreadAdminMessagesCount: 0,
      matchedPriceAlertsCount: 0,
    });
    const forBuyer = await (await signedInClient(harness, buyer.id)).get('/api/notifications');
    expect(forBuyer.body.pendingTransfers).toEqual([{ ticketId: buyerWaits, role: 'buyer' }]);
    const stranger = await createTestUser(db);
    const forStranger = await (await signedInClient(harness, stranger.id)).get('/api/notifications');
    expect(forStranger.body.pendingTransfers).toEqual([]);
  });
});

describe.each(backends)('notification counts after a sale on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('counts pending reviews and unread messages as the sale moves on', async () => {
    const db = harness.database.db;
    const seller = await createTestUser(db);
    const buyer = await createTestUser(db);
    const sellerClient = await signedInClient(harness, seller.id);
    const buyerClient = await signedInClient(harness, buyer.id);
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const notificationsOf = async (client: TestClient) => (await client.get('/api/notifications')).body;

    expect(await notificationsOf(sellerClient)).toEqual({
      pendingReviewsCount: 0,
      pendingTransfers: [{ ticketId, role: 'seller' }],
      unreadMessages: [],
      unreadAdminMessagesCount: 0,
      matchedPriceAlertsCount: 0,
    });
    await buyerClient.post(`/api/tickets/${ticketId}/messages`, { content: 'Hello' });
    expect((await notificationsOf(sellerClient)).unreadMessages).toEqual([{ ticketId, count: 1 }]);

    await initiateTransfer(db, ticketId, seller.id, clock.now());
    // System notes of the transfer steps are not unread messages: the steps show in pendingTransfers.
    expect(await notificationsOf(sellerClient)).toMatchObject({
      pendingTransfers: [],
      unreadMessages: [{ ticketId, count: 1 }],
    });
    expect(await notificationsOf(buyerClient)).toMatchObject({
      pendingTransfers: [{ ticketId, role: 'buyer' }],
      unreadMessages: [],
    });

    await completeTransfer(db, ticketId, { kind: 'buyer', userId: buyer.id }, clock.now());
    await sellerClient.get(`/api/tickets/${ticketId}/messages`);
    expect(await notificationsOf(sellerClient)).toEqual({
      pendingReviewsCount: 1,
      pendingTransfers: [],
      unreadMessages: [],
      unreadAdminMessagesCount: 0,
      matchedPriceAlertsCount: 0,
    });
    expect(await notificationsOf(buyerClient)).toMatchObject({
      pendingReviewsCount: 1,
      pendingTransfers: [],
      unreadMessages: [],
    });
  });
});
