import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { SUPPORT_TEXT } from '../../../common/texts/support.js';
import { supportMessages } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { SUPPORT_MAIL_QUIET_MS } from './service.js';

describe.each(backends)('customer support on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let member: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  let memberClient: TestClient;
  let otherClient: TestClient;
  let adminClient: TestClient;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    member = await createTestUser(db);
    other = await createTestUser(db);
    admin = await createTestUser(db, { role: 'admin' });
    memberClient = await signedInClient(harness, member.id);
    otherClient = await signedInClient(harness, other.id);
    adminClient = await signedInClient(harness, admin.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const unreadOf = async (client: TestClient) =>
    (await client.get('/api/notifications')).body.unreadAdminMessagesCount as number;
  const mailsTo = async (to: string) =>
    (await harness.mailer.list(to)).filter((mail) => mail.subject === SUPPORT_TEXT.mailSubject);

  it('keeps a conversation between a member and an admin, with unread answers and the spec fields', async () => {
    const created = await memberClient.post('/api/admin-messages', {
      topic: 'payment',
      message: '  I was charged twice for one ticket.  ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      userId: member.id,
      username: member.username,
      topic: 'payment',
      message: 'I was charged twice for one ticket.',
      resolved: false,
      isFromAdmin: false,
      createdAt: expect.any(String),
    });
    expect(await unreadOf(memberClient)).toBe(0);

    const answer = await adminClient.post(`/api/admin-messages/${created.body.id}/reply`, {
      message: 'We refunded the second charge.',
      adminId: 999_999,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      userId: member.id,
      username: member.username,
      topic: 'payment',
      isFromAdmin: true,
      message: 'We refunded the second charge.',
    });
    // adminId is ignored: the answer is the session's admin's.
    const [stored] = await harness.database.db
      .select({ senderId: supportMessages.senderId })
      .from(supportMessages)
      .where(eq(supportMessages.id, answer.body.id));
    expect(stored?.senderId).toBe(admin.id);
    // Answered, the member's message is no longer pending for them, the Messages tab or the dashboard.
    expect((await adminClient.get('/api/admin-messages')).body).toContainEqual(
      expect.objectContaining({ id: created.body.id, resolved: true }),
    );
    expect(await unreadOf(memberClient)).toBe(1);
    expect(await unreadOf(adminClient)).toBe(0);

    const own = await memberClient.get('/api/admin-messages');
    expect(own.status).toBe(200);
    expect(own.body.map((message: { id: number }) => message.id)).toEqual([answer.body.id, created.body.id]);

    const read = await memberClient.put('/api/admin-messages/read', { topic: 'payment' });
    expect(read.status).toBe(204);
    expect(await unreadOf(memberClient)).toBe(0);

    const followUp = await memberClient.post(`/api/admin-messages/${answer.body.id}/follow-up`, {
      message: 'Thanks!',
    });
    expect(followUp.status).toBe(201);
    expect(followUp.body).toMatchObject({ topic: 'payment', isFromAdmin: false, resolved: false });

    const resolved = await adminClient.put(`/api/admin-messages/${created.body.id}/status`, {
      resolved: true,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: created.body.id, resolved: true });
    const reopened = await adminClient.put(`/api/admin-messages/${created.body.id}/status`, {
      resolved: false,
    });
    expect(reopened.body.resolved).toBe(false);
  });

  it('shows a member only their own messages and an admin every conversation, paged', async () => {
    const mine = await otherClient.post('/api/admin-messages', {
      topic: 'other',
      message: 'Where can I see my reward points?',
    });
    const theirs = await otherClient.get('/api/admin-messages');
    expect(theirs.body.map((message: { userId: number }) => message.userId)).toEqual([other.id]);
    const forMember = await memberClient.get('/api/admin-messages');
    expect(forMember.body.every((message: { userId: number }) => message.userId === member.id)).toBe(true);

    const all = await adminClient.get('/api/admin-messages');
    const owners = new Set(all.body.map((message: { userId: number }) => message.userId));
    expect(owners).toEqual(new Set([member.id, other.id]));
    const firstPage = await adminClient.get('/api/admin-messages?limit=1');
    expect(firstPage.body.map((message: { id: number }) => message.id)).toEqual([mine.body.id]);
    const nextPage = await adminClient.get(`/api/admin-messages?limit=2&before=${mine.body.id}`);
    expect(nextPage.body).toHaveLength(2);
    expect(nextPage.body.every((message: { id: number }) => message.id < mine.body.id)).toBe(true);
    expect((await adminClient.get('/api/admin-messages?limit=201')).status).toBe(400);
  });

  it('answers with the spec’s validation messages and stores nothing', async () => {
    const before = (await harness.database.db.select().from(supportMessages)).length;
    const cases: [unknown, string][] = [
      [{ message: 'A long enough message' }, SUPPORT_TEXT.topicRequired],
      [{ topic: 'weather', message: 'A long enough message' }, SUPPORT_TEXT.topicRequired],
      [{ topic: 'account', message: '   short   ' }, SUPPORT_TEXT.messageTooShort],
      [{ topic: 'account' }, SUPPORT_TEXT.messageTooShort],
      [{ topic: 'account', message: '\u200b'.repeat(20) }, SUPPORT_TEXT.messageTooShort],
      [{ topic: 'account', message: 'x'.repeat(1001) }, SUPPORT_TEXT.messageTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await memberClient.post('/api/admin-messages', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(
      (await memberClient.post('/api/admin-messages', { topic: 'account', message: 'x'.repeat(1000) }))
        .status,
    ).toBe(201);
    const [any] = await harness.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, member.id));
    const blankReply = await adminClient.post(`/api/admin-messages/${any?.id}/reply`, { message: '   ' });
    expect(blankReply.status).toBe(400);
    expect(blankReply.body.message).toBe(SUPPORT_TEXT.replyBlank);
    const blankFollowUp = await memberClient.post(`/api/admin-messages/${any?.id}/follow-up`, {
      message: '',
    });
    expect(blankFollowUp.body.message).toBe(SUPPORT_TEXT.replyBlank);
    for (const message of ['\u200b\u2060', '\ufeff\u200e \u00ad']) {
      const invisibleReply = await adminClient.post(`/api/admin-messages/${any?.id}/reply`, { message });
      expect(invisibleReply.status).toBe(400);
      expect(invisibleReply.body.message).toBe(SUPPORT_TEXT.replyBlank);
      const invisibleFollowUp = await memberClient.post(`/api/admin-messages/${any?.id}/follow-up`, {
        message,
      });
      expect(invisibleFollowUp.body.message).toBe(SUPPORT_TEXT.replyBlank);
    }
    expect((await harness.database.db.select().from(supportMessages)).length).toBe(before + 1);
  });

  it('lets visitors do nothing, members touch only their own conversations, and only admins answer', async () => {
    const visitor = harness.client();
    expect((await visitor.get('/api/admin-messages')).status).toBe(401);
    expect(
      (await visitor.post('/api/admin-messages', { topic: 'account', message: 'Hello there, support' }))
        .status,
    ).toBe(401);
    expect((await visitor.put('/api/admin-messages/read', { topic: 'account' })).status).toBe(401);

    const created = await memberClient.post('/api/admin-messages', {
      topic: 'security',
      message: 'Someone tried to sign in to my account.',
    });
    const id = created.body.id as number;
    for (const response of [
      await visitor.post(`/api/admin-messages/${id}/reply`, { message: 'Hi' }),
      await visitor.put(`/api/admin-messages/${id}/status`, { resolved: true }),
      await visitor.post(`/api/admin-messages/${id}/follow-up`, { message: 'Hi' }),
    ])
      expect(response.status).toBe(401);
    for (const client of [memberClient, otherClient]) {
      const reply = await client.post(`/api/admin-messages/${id}/reply`, { message: 'I am support' });
      expect(reply.status).toBe(403);
      expect(reply.body.message).toBe(SERVER_MESSAGE.forbidden);
      expect((await client.put(`/api/admin-messages/${id}/status`, { resolved: true })).status).toBe(403);
    }
    // Someone else's conversation does not exist for a member.
    const intrusion = await otherClient.post(`/api/admin-messages/${id}/follow-up`, { message: 'Me too' });
    expect(intrusion.status).toBe(404);
    expect(intrusion.body.message).toBe(SUPPORT_TEXT.notFound);
    // An admin answers through /reply, never in the member's own voice.
    expect((await adminClient.post(`/api/admin-messages/${id}/follow-up`, { message: 'Hi' })).status).toBe(
      403,
    );
    expect((await adminClient.post('/api/admin-messages/2147483647/reply', { message: 'Hi' })).status).toBe(
      404,
    );
    expect((await adminClient.put('/api/admin-messages/2147483647/status', { resolved: true })).status).toBe(
      404,
    );
  });

  it('e-mails the member about answers at most once per quiet period', async () => {
    const asker = await createTestUser(harness.database.db);
    const askerClient = await signedInClient(harness, asker.id);
    const question = await askerClient.post('/api/admin-messages', {
      topic: 'refund',
      message: 'The event was cancelled, can I get a refund?',
    });
    const answer = (message: string) =>
      adminClient.post(`/api/admin-messages/${question.body.id}/reply`, { message });
    await answer('Yes: the refund is on its way.');
    await answer('It takes 5 to 10 business days.');
    const mails = await mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Yes: the refund is on its way.');
    expect(mails[0]?.text).toContain('Refund Requests');
    expect(mails[0]?.html).not.toContain('<script');
    expect(await unreadOf(askerClient)).toBe(2);

    clock.advance(SUPPORT_MAIL_QUIET_MS + 1_000);
    await answer('<script>alert(1)</script> Done.');
    const later = await mailsTo(asker.email);
    expect(later).toHaveLength(2);
    expect(later.map((mail) => mail.html).join('')).not.toContain('<script>');
  });
});
