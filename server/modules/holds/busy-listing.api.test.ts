import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import { tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { HOLD_QUEUE_WAIT_MS } from './service.js';

/**
 * Issue 45 item 5, decision 0094: in an on-sale rush, a fan who clicks a listing someone else holds hears
 * so at once, even while that buyer's payment start or sale is at work on its row.
 */
describe.each(backends)('a busy listing on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const member = async (): Promise<TestClient> => signedInClient(harness, (await createTestUser(db())).id);

  /** A transaction of someone else's with the listing's row locked, until `finish` is called. */
  async function workOnRow(ticketId: number): Promise<{ finish(): Promise<void> }> {
    let finish = () => {};
    let locked = () => {};
    const rowLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const work = db().transaction(async (tx) => {
      await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).for('update');
      locked();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await rowLocked;
    return {
      async finish() {
        finish();
        await work;
      },
    };
  }

  it.skipIf(backend !== 'postgres')(
    'tells fans a held listing is held without waiting for the work on its row',
    async () => {
      const seller = await createTestUser(db());
      const listing = await insertListing(db(), seller.id, {
        eventDate: '2030-05-01',
        quantity: 4,
        seats: '1-4',
      });
      const [winner, wantsTwo, wantsAll] = [await member(), await member(), await member()];
      expect((await winner.post(`/api/tickets/${listing.id}/lock`)).status).toBe(200);
      // The winner's payment start (or sale), still at work with the listing's row locked.
      const winnersWork = await workOnRow(listing.id);
      const started = Date.now();
      const answers = await Promise.all([
        wantsTwo.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 }),
        wantsAll.post(`/api/tickets/${listing.id}/lock`),
      ]);
      const waited = Date.now() - started;
      await winnersWork.finish();
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(409);
        expect(answer.body).toMatchObject({ code: 'held', message: CHECKOUT_TEXT.heldByOther });
      }
      // Not queued on the row: without the read first, both wait out the lock wait (and hear 429).
      expect(waited).toBeLessThan(HOLD_QUEUE_WAIT_MS);
      const rows = await db().select().from(tickets).where(eq(tickets.sellerId, seller.id));
      expect(rows.map((row) => row.quantity)).toEqual([4]);
    },
  );

  it.skipIf(backend !== 'postgres')(
    'tells a fan queued too long behind another buyer on a listing that it is held, not to slow down',
    async () => {
      const seller = await createTestUser(db());
      const listing = await insertListing(db(), seller.id, { eventDate: '2030-05-01', quantity: 2 });
      const fan = await member();
      // Another buyer's hold in the making: the listing still reads free.
      const othersHold = await workOnRow(listing.id);
      const answer = await fan.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
      await othersHold.finish();
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body).toMatchObject({ code: 'held', message: CHECKOUT_TEXT.heldByOther });
      const [row] = await db().select().from(tickets).where(eq(tickets.id, listing.id));
      expect(row?.currentViewerId).toBeNull();
    },
  );
});
