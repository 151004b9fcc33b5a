import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { AMBASSADOR_TEXT } from '../../../common/texts/ambassador.js';
import { adminAuditLog, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { buySoldTicket } from '../messages/testing.js';

describe.each(backends)('ambassador chat and attendee search on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let ambassador: TestAccount;
  let admin: TestAccount;
  let member: TestAccount;
  let ambassadorClient: TestClient;
  let adminClient: TestClient;
  let memberClient: TestClient;

  /** The audit log's attendee searches by one caller, oldest first. */
  function attendeeSearchesBy(userId: number) {
    return harness.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, userId), eq(adminAuditLog.action, 'attendees.search')))
      .orderBy(adminAuditLog.id);
  }

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    ambassador = await createTestUser(db, { role: 'AMBSD' });
    admin = await createTestUser(db, { role: 'admin' });
    member = await createTestUser(db);
    ambassadorClient = await signedInClient(harness, ambassador.id);
    adminClient = await signedInClient(harness, admin.id);
    memberClient = await signedInClient(harness, member.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const unreadByTopic = async (client: TestClient) =>
    Object.fromEntries(
      ((await client.get('/api/ambsd/chat/topics')).body as { id: number; unreadCount: number }[]).map(
        (topic) => [topic.id, topic.unreadCount],
      ),
    );

  it('lets ambassadors and admins create topics and chat, with unread counts per reader', async () => {
    expect((await ambassadorClient.get('/api/ambsd/chat/topics')).body).toEqual([]);
    const created = await ambassadorClient.post('/api/ambsd/chat/topics', {
      name: '  Summer festival  ',
      description: '   ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Summer festival',
      description: null,
      unreadCount: 0,
    });
    const topicId = created.body.id as number;
    const withDescription = await adminClient.post('/api/ambsd/chat/topics', {
      name: 'Merch',
      description: 'Shirts and posters',
    });
    expect(withDescription.body.description).toBe('Shirts and posters');

    const posted = await ambassadorClient.post(`/api/ambsd/chat/topics/${topicId}/messages`, {
      content: 'Who is going on Friday?\nI have flyers.',
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      id: expect.any(Number),
      userId: ambassador.id,
      content: 'Who is going on Friday?\nI have flyers.',
      timestamp: expect.any(String),
      username: ambassador.username,
      firstName: 'Test',
      lastName: 'User',
      role: 'AMBSD',
    });
    await ambassadorClient.post(`/api/ambsd/chat/topics/${topicId}/messages`, { content: 'Reply here' });
    // The author's own words are never unread; the other reader has two.
    expect((await unreadByTopic(ambassadorClient))[topicId]).toBe(0);
    expect((await unreadByTopic(adminClient))[topicId]).toBe(2);
    // The spec's userId parameter does not choose the reader.
    const asSomeoneElse = await adminClient.get(`/api/ambsd/chat/topics?userId=${ambassador.id}`);
    expect(asSomeoneElse.body.find((topic: { id: number }) => topic.id === topicId).unreadCount).toBe(2);

    const read = await adminClient.get(`/api/ambsd/chat/topics/${topicId}/messages`);
    expect(read.body.map((message: { content: string }) => message.content)).toEqual([
      'Who is going on Friday?\nI have flyers.',
      'Reply here',
    ]);
    expect((await unreadByTopic(adminClient))[topicId]).toBe(0);
    const answer = await adminClient.post(`/api/ambsd/chat/topics/${topicId}/messages`, { content: 'Me!' });
    expect(answer.body.role).toBe('admin');
    expect((await unreadByTopic(ambassadorClient))[topicId]).toBe(1);
    const newer = await ambassadorClient.get(
      `/api/ambsd/chat/topics/${topicId}/messages?after=${posted.body.id}`,
    );
    expect(newer.body.map((message: { content: string }) => message.content)).toEqual(['Reply here', 'Me!']);
    expect((await unreadByTopic(ambassadorClient))[topicId]).toBe(0);
  });

  it('refuses blank and oversized input with clear messages', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/ambsd/chat/topics', { name: '   ' }, AMBASSADOR_TEXT.nameBlank],
      ['/api/ambsd/chat/topics', { name: '\u200b\u2060\ufeff' }, AMBASSADOR_TEXT.nameBlank],
      ['/api/ambsd/chat/topics', { name: 'x'.repeat(101) }, AMBASSADOR_TEXT.nameTooLong],
      [
        '/api/ambsd/chat/topics',
        { name: 'ok', description: 'x'.repeat(501) },
        AMBASSADOR_TEXT.descriptionTooLong,
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await ambassadorClient.post(path, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const topic = await ambassadorClient.post('/api/ambsd/chat/topics', { name: 'Limits' });
    const blank = await ambassadorClient.post(`/api/ambsd/chat/topics/${topic.body.id}/messages`, {
      content: ' ',
    });
    expect(blank.body.message).toBe(AMBASSADOR_TEXT.messageBlank);
    const invisible = await ambassadorClient.post(`/api/ambsd/chat/topics/${topic.body.id}/messages`, {
      content: '\u200b\u200d\n\u00ad\u3164',
    });
    expect(invisible.status).toBe(400);
    expect(invisible.body.message).toBe(AMBASSADOR_TEXT.messageBlank);
    const long = await ambassadorClient.post(`/api/ambsd/chat/topics/${topic.body.id}/messages`, {
      content: 'x'.repeat(1001),
    });
    expect(long.body.message).toBe(AMBASSADOR_TEXT.messageTooLong);
    const missing = await ambassadorClient.post('/api/ambsd/chat/topics/2147483647/messages', {
      content: 'Hi',
    });
    expect(missing.status).toBe(404);
    expect((await ambassadorClient.get('/api/ambsd/chat/topics/2147483647/messages')).status).toBe(404);
    const emptyQuery = await ambassadorClient.get('/api/ambsd/event-attendees?query=%20');
    expect(emptyQuery.status).toBe(400);
    expect(emptyQuery.body.message).toBe(AMBASSADOR_TEXT.queryBlank);
    expect((await ambassadorClient.get(`/api/ambsd/event-attendees?query=${'x'.repeat(101)}`)).status).toBe(
      400,
    );
  });

  it('finds the buyers of an event and records every search', async () => {
    const seller = await createTestUser(harness.database.db);
    const buyerClient = await signedInClient(harness, member.id);
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const [ticket] = await harness.database.db
      .select({ eventName: tickets.eventName })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    const eventName = ticket?.eventName ?? '';
    const query = eventName.slice(0, 6).toLowerCase();

    const found = await ambassadorClient.get(`/api/ambsd/event-attendees?query=${encodeURIComponent(query)}`);
    expect(found.status).toBe(200);
    expect(found.body).toContainEqual({
      id: member.id,
      username: member.username,
      email: member.email,
      role: 'user',
      eventName,
      eventDate: expect.any(String),
      ticketId,
      quantity: expect.any(Number),
      section: expect.any(String),
      row: expect.any(String),
      seats: expect.toSatisfy((seats: unknown) => seats === null || typeof seats === 'string'),
      purchaseDate: expect.any(String),
    });
    // The seller is no attendee, and a LIKE wildcard is searched as the character it is.
    expect(found.body.some((row: { id: number }) => row.id === seller.id)).toBe(false);
    const wildcard = await adminClient.get('/api/ambsd/event-attendees?query=%25');
    expect(wildcard.body).toEqual([]);

    const searches = await attendeeSearchesBy(ambassador.id);
    expect(searches.at(-1)).toMatchObject({
      action: 'attendees.search',
      targetType: 'attendee_search',
      targetId: query,
      after: { resultCount: found.body.length },
    });
    const adminSearches = await attendeeSearchesBy(admin.id);
    expect(adminSearches.at(-1)).toMatchObject({ targetId: '%', after: { resultCount: 0 } });
  });

  it('answers 401 to visitors and 403 to members on every ambassador route, recording nothing', async () => {
    const topic = await ambassadorClient.post('/api/ambsd/chat/topics', { name: 'Private' });
    const calls = (client: TestClient) => [
      client.get('/api/ambsd/chat/topics'),
      client.post('/api/ambsd/chat/topics', { name: 'Mine' }),
      client.get(`/api/ambsd/chat/topics/${topic.body.id}/messages`),
      client.post(`/api/ambsd/chat/topics/${topic.body.id}/messages`, { content: 'Hi' }),
      client.get('/api/ambsd/event-attendees?query=a'),
    ];
    for (const response of await Promise.all(calls(harness.client()))) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
    }
    for (const response of await Promise.all(calls(memberClient))) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(SERVER_MESSAGE.forbidden);
    }
    expect(await attendeeSearchesBy(member.id)).toEqual([]);
  });
});
