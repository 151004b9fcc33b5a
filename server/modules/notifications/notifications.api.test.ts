import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';

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
    });
    const forBuyer = await (await signedInClient(harness, buyer.id)).get('/api/notifications');
    expect(forBuyer.body.pendingTransfers).toEqual([{ ticketId: buyerWaits, role: 'buyer' }]);
    const stranger = await createTestUser(db);
    const forStranger = await (await signedInClient(harness, stranger.id)).get('/api/notifications');
    expect(forStranger.body.pendingTransfers).toEqual([]);
  });
});
