import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, SERVER_MESSAGE, SUSPENSION_TEXT } from '../../../common/messages.js';
import { adminReviewsResponseSchema, adminUserSchema } from '../../../common/schemas/admin.js';
import { adminAuditLog, reviews, sessions } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { completedSale } from '../reviews/testing.js';

describe.each(backends)('admin moderation API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  type Party = TestAccount & { client: TestClient };
  let admin: Party;
  const party = async (role: 'user' | 'admin' | 'AMBSD' = 'user'): Promise<Party> => {
    const account = await createTestUser(harness.database.db, { role });
    return { ...account, client: await signedInClient(harness, account.id) };
  };
  const db = () => harness.database.db;
  const lastAudit = async (action: string, targetId: number) =>
    (
      await db()
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, String(targetId))))
        .orderBy(desc(adminAuditLog.id))
    )[0];

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await party('admin');
  });
  afterAll(async () => {
    await harness.close();
  });

  it('suspends a member: their sessions end, sign-in says so, and reinstating lets them back in', async () => {
    const member = await party();
    const otherDevice = await signedInClient(harness, member.id);
    const suspend = await admin.client.put(`/api/admin/users/${member.id}/suspension`, {
      suspended: true,
      reason: 'Checked by support.',
    });
    expect(suspend.status, suspend.text).toBe(200);
    expect(suspend.body.message).toBe(SUSPENSION_TEXT.userSuspended(member.username, 0));
    expect(adminUserSchema.parse(suspend.body.user).suspended).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    for (const client of [member.client, otherDevice])
      expect((await client.get('/api/notifications')).status).toBe(401);
    const login = await harness.client().post('/api/login', member);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(SERVER_MESSAGE.accountSuspended);
    expect(await lastAudit('user.suspension', member.id)).toMatchObject({
      adminId: admin.id,
      targetType: 'user',
      before: { suspended: false },
      after: { suspended: true, reason: 'Checked by support.', endedSessions: 2 },
    });

    const reinstate = await admin.client.put(`/api/admin/users/${member.id}/suspension`, {
      suspended: false,
      reason: 'Checked by support.',
    });
    expect(reinstate.body.message).toBe(ADMIN_TEXT.userReinstated(member.username));
    expect(reinstate.body.user.suspended).toBe(false);
    expect((await admin.client.get(`/api/admin/users/${member.id}`)).body.suspended).toBe(false);
    expect((await harness.client().post('/api/login', member)).status).not.toBe(403);
    expect(await lastAudit('user.suspension', member.id)).toMatchObject({
      before: { suspended: true },
      after: { suspended: false },
    });
  });

  it('never suspends an admin, and lets only admins suspend anyone', async () => {
    const other = await party('admin');
    const refused = await admin.client.put(`/api/admin/users/${other.id}/suspension`, {
      suspended: true,
      reason: 'Checked by support.',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN_TEXT.adminNotSuspended);
    const member = await party();
    const ambassador = await party('AMBSD');
    for (const who of [member, ambassador]) {
      const forbidden = await who.client.put(`/api/admin/users/${member.id}/suspension`, {
        suspended: true,
        reason: 'Checked by support.',
      });
      expect(forbidden.status).toBe(403);
    }
    const visitor = await harness
      .client()
      .put(`/api/admin/users/${member.id}/suspension`, { suspended: true, reason: 'Checked by support.' });
    expect(visitor.status).toBe(401);
    expect((await admin.client.get(`/api/admin/users/${member.id}`)).body.suspended).toBe(false);
  });

  it('hides an abusive review from the rating and the review list, keeps it, and shows it again', async () => {
    const seller = await party();
    const kind = await party();
    const abusive = await party();
    const review = async (buyer: Party, rating: number, comment: string) => {
      const sale = await completedSale(harness, clock, seller.id, buyer, { eventDate: '2030-05-01' });
      const posted = await buyer.client.post('/api/reviews', {
        ticketId: sale.ticket.id,
        targetUserId: seller.id,
        rating,
        comment,
        reviewType: 'buyer_to_seller',
        transactionId: sale.orderId,
        isPending: false,
      });
      expect(posted.status, posted.text).toBe(201);
      const [row] = await db()
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.orderId, sale.orderId), eq(reviews.reviewType, 'buyer_to_seller')));
      return row?.id ?? 0;
    };
    await review(kind, 5, 'Smooth and quick');
    const abusiveId = await review(abusive, 1, 'Something abusive');
    const listed = async () =>
      ((await kind.client.get(`/api/users/${seller.id}/reviews`)).body as { comment: string }[]).map(
        (row) => row.comment,
      );
    const rating = async () => (await admin.client.get(`/api/admin/users/${seller.id}`)).body.averageRating;
    expect(await rating()).toBe(3);
    expect(await listed()).toContain('Something abusive');

    const hide = await admin.client.put(`/api/admin/reviews/${abusiveId}/visibility`, {
      hidden: true,
      reason: 'Checked by support.',
    });
    expect(hide.status, hide.text).toBe(200);
    expect(hide.body.message).toBe(ADMIN_TEXT.reviewHidden);
    expect(hide.body.review).toMatchObject({ id: abusiveId, hidden: true, comment: 'Something abusive' });
    expect(await rating()).toBe(5);
    expect(await listed()).toEqual(['Smooth and quick']);
    const adminList = adminReviewsResponseSchema.parse(
      (await admin.client.get(`/api/admin/reviews?search=${abusiveId}`)).body,
    );
    expect(adminList.rows.find((row) => row.id === abusiveId)?.hidden).toBe(true);
    expect(await lastAudit('review.visibility', abusiveId)).toMatchObject({
      adminId: admin.id,
      targetType: 'review',
      before: { hidden: false },
      after: { hidden: true, reason: 'Checked by support.' },
    });
    expect(
      (
        await kind.client.put(`/api/admin/reviews/${abusiveId}/visibility`, {
          hidden: false,
          reason: 'Checked by support.',
        })
      ).status,
    ).toBe(403);

    const show = await admin.client.put(`/api/admin/reviews/${abusiveId}/visibility`, {
      hidden: false,
      reason: 'Checked by support.',
    });
    expect(show.body.message).toBe(ADMIN_TEXT.reviewShown);
    expect(await rating()).toBe(3);
    expect(await listed()).toContain('Something abusive');
  });
});
