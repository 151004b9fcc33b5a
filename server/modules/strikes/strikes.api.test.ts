import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIKE_TEXT } from '../../../common/texts/strikes.js';
import { adminAuditLog, sellerStrikes, strikeReviews, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buyListing, testJobRunner } from '../payouts/testing.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';
import { strikeSeller } from './service.js';

const START = new Date('2030-03-01T12:00:00Z');
// The transfer deadline of a sale made on START for a show on 2030-05-01: the day before (decision 0017).
const AFTER_TRANSFER_DEADLINE = new Date('2030-04-30T04:05:00Z');
const REASON = 'The seller showed the tickets were stuck at the primary site.';

/** Decision 0087: a strike per lapsed sale, three within twelve months pause the seller for review. */
describe.each(backends)('strikes on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  type Party = TestAccount & { client: TestClient };
  const db = () => harness.database.db;
  const party = async (role: 'user' | 'admin' = 'user'): Promise<Party> => {
    const account = await createTestUser(db(), { role });
    return { ...account, client: await signedInClient(harness, account.id) };
  };
  let admin: Party;
  const mailsTo = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];
  const runJobs = async () => {
    const runner = testJobRunner(harness, clock);
    for (let round = 0; round < 5; round++) if ((await runner.runOnce()) === 0) return;
  };
  const statusOf = async (id: number) =>
    (await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]?.status;
  const openReviews = async () => (await admin.client.get('/api/admin/strike-reviews')).body;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await party('admin');
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('strikes each lapsed sale once, pauses the listings at the third, and an admin lifts the pause', async () => {
    clock.set(START);
    const seller = await party();
    const buyer = await party();
    const sales: Awaited<ReturnType<typeof buyListing>>[] = [];
    for (const show of ['One', 'Two', 'Three'])
      sales.push(
        await buyListing(harness, buyer.client, seller.id, { eventName: `Strike ${show} ${backend}` }),
      );
    const onSale = await insertListing(db(), seller.id, {
      eventName: `Still Listed ${backend}`,
      eventDate: '2030-06-01',
    });
    clock.set(AFTER_TRANSFER_DEADLINE);
    await runJobs();
    const strikes = await db().select().from(sellerStrikes).where(eq(sellerStrikes.sellerId, seller.id));
    expect(strikes.map((strike) => strike.orderId).sort()).toEqual(sales.map((sale) => sale.order.id).sort());
    // A rerun strikes the same sale nothing more.
    await db().transaction((tx) =>
      strikeSeller(tx, { orderId: sales[0]?.order.id as number, sellerId: seller.id, now: clock.now() }),
    );
    expect(await db().select().from(sellerStrikes).where(eq(sellerStrikes.sellerId, seller.id))).toHaveLength(
      3,
    );

    expect(await statusOf(onSale.id)).toBe('pending');
    const marketplace = await harness
      .client()
      .get(`/api/tickets?search=${encodeURIComponent('Still Listed')}`);
    expect(marketplace.body.tickets.map((card: { id: number }) => card.id)).not.toContain(onSale.id);
    const mails = await mailsTo(seller.email);
    expect(mails.map((mail) => mail.subject)).toContain(STRIKE_TEXT.pausedSubject);
    // Paused, the seller lists nothing new.
    const image = await uploadedImage(seller.client);
    const listed = await sendTicketForm(seller.client, 'POST', '/api/tickets', {
      ...validTicketFields(image),
      eventDate: '2030-06-01',
    });
    expect(listed.status).toBe(409);
    expect(listed.body.message).toBe(STRIKE_TEXT.pausedForReview);

    const page = await openReviews();
    const review = page.rows.find((row: { sellerId: number }) => row.sellerId === seller.id);
    expect(review).toMatchObject({
      username: seller.username,
      strikes: 3,
      listingsPaused: 1,
      liftedAt: null,
    });
    expect(page.total).toBeGreaterThanOrEqual(1);

    // Only an admin lifts, with a reason.
    expect(
      (await seller.client.post(`/api/admin/strike-reviews/${review.id}/lift`, { reason: REASON })).status,
    ).toBe(403);
    expect(
      (await admin.client.post(`/api/admin/strike-reviews/${review.id}/lift`, { reason: 'no' })).status,
    ).toBe(400);
    const lifted = await admin.client.post(`/api/admin/strike-reviews/${review.id}/lift`, { reason: REASON });
    expect(lifted.status, lifted.text).toBe(200);
    expect(lifted.body.message).toBe(STRIKE_TEXT.lifted(seller.username, 1));
    expect(await statusOf(onSale.id)).toBe('available');
    const again = await admin.client.post(`/api/admin/strike-reviews/${review.id}/lift`, { reason: REASON });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(STRIKE_TEXT.alreadyLifted);
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'strike.lift'), eq(adminAuditLog.targetId, String(seller.id))))
      .orderBy(desc(adminAuditLog.id));
    expect(audit?.after).toMatchObject({ reason: REASON, listingsRestored: [onSale.id] });
    await runJobs();
    expect((await mailsTo(seller.email)).map((mail) => mail.subject)).toContain(STRIKE_TEXT.liftedSubject);
    const liftedPage = (await admin.client.get('/api/admin/strike-reviews?status=lifted')).body;
    expect(liftedPage.rows.map((row: { id: number }) => row.id)).toContain(review.id);
    expect((await openReviews()).rows.map((row: { id: number }) => row.id)).not.toContain(review.id);
  });

  it('counts only the strikes of the last twelve months', async () => {
    clock.set(START);
    const seller = await party();
    const buyer = await party();
    const sales: Awaited<ReturnType<typeof buyListing>>[] = [];
    for (const show of ['Old', 'Older', 'New'])
      sales.push(
        await buyListing(harness, buyer.client, seller.id, { eventName: `Window ${show} ${backend}` }),
      );
    const onSale = await insertListing(db(), seller.id, { eventDate: '2030-06-01' });
    const [first, second, third] = sales.map((sale) => sale.order.id);
    const thirteenMonthsAgo = new Date(START.getTime() - 396 * 86_400_000);
    await db().transaction(async (tx) => {
      await strikeSeller(tx, { orderId: first as number, sellerId: seller.id, now: thirteenMonthsAgo });
      await strikeSeller(tx, { orderId: second as number, sellerId: seller.id, now: START });
      await strikeSeller(tx, { orderId: third as number, sellerId: seller.id, now: START });
    });
    expect(await statusOf(onSale.id)).toBe('available');
    expect(await db().select().from(strikeReviews).where(eq(strikeReviews.sellerId, seller.id))).toHaveLength(
      0,
    );
  });

  it('lists reviews to admins only, a page at a time', async () => {
    const member = await party();
    expect((await member.client.get('/api/admin/strike-reviews')).status).toBe(403);
    expect((await harness.client().get('/api/admin/strike-reviews')).status).toBe(401);
    expect((await admin.client.get('/api/admin/strike-reviews?pageSize=1000')).status).toBe(400);
    const firstPage = await admin.client.get('/api/admin/strike-reviews?status=lifted&pageSize=1');
    expect(firstPage.status).toBe(200);
    expect(firstPage.body.rows.length).toBeLessThanOrEqual(1);
    expect(
      (await admin.client.post('/api/admin/strike-reviews/999999/lift', { reason: REASON })).status,
    ).toBe(404);
  });
});
