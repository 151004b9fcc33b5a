import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPendingSupportSchema,
  adminSupportMessagesResponseSchema,
} from '../../../common/schemas/admin.js';
import { supportMessages } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';

describe.each(backends)('admin support messages list on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let adminClient: TestClient;
  let memberClient: TestClient;
  // Letters only: a digit in the tag (so in the writer's username) would make an id search match their rows.
  const tag = `sq${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')}`;
  let writer: { id: number; username: string };

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    const admin = await createTestUser(db, { role: 'admin' });
    const member = await createTestUser(db);
    writer = await createTestUser(db, { username: `${tag}_writer` });
    adminClient = await signedInClient(harness, admin.id);
    memberClient = await signedInClient(harness, member.id);
    // More than the old capped list of 100: the oldest must still be found and counted.
    await db.insert(supportMessages).values(
      Array.from({ length: 130 }, (_, index) => ({
        userId: index % 2 === 0 ? writer.id : member.id,
        senderId: index % 2 === 0 ? writer.id : member.id,
        topic: index === 0 ? ('security' as const) : ('payment' as const),
        message: index === 0 ? `My oldest note ${tag}-first` : `Charged twice, number ${index}`,
        resolved: index % 3 === 0,
      })),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  const list = async (query: string) => {
    const response = await adminClient.get(`/api/admin/support-messages?${query}`);
    expect(response.status, response.text).toBe(200);
    return adminSupportMessagesResponseSchema.parse(response.body);
  };

  it('pages every member’s messages newest first on the server', async () => {
    const first = await list('page=1&pageSize=50');
    expect(first.rows).toHaveLength(50);
    expect(first.total).toBeGreaterThanOrEqual(130);
    expect(first.totalIsEstimate).toBe(false);
    const ids = first.rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const third = await list('page=3&pageSize=50');
    expect(third.rows.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...third.rows.map((row) => row.id))).toBeLessThan(Math.min(...ids));
  });

  it('searches by message, username, topic label or id, and filters the pending ones', async () => {
    const oldest = await list(`search=${tag}-FIRST`);
    expect(oldest.rows.map((row) => row.message)).toEqual([`My oldest note ${tag}-first`]);
    const id = oldest.rows[0]?.id ?? 0;
    const [middle] = (await list('search=number 77')).rows;
    expect((await list(`search=${middle?.id}`)).rows.map((row) => row.id)).toContain(middle?.id);
    const byName = await list(`search=${tag}_WRITER&pageSize=100`);
    expect(byName.total).toBe(65);
    expect(byName.rows.every((row) => row.username === writer.username)).toBe(true);
    expect((await list('search=security concerns')).rows.map((row) => row.id)).toContain(id);
    expect((await list(`search=${tag}%25`)).total).toBe(0);

    const pending = await list(`status=pending&search=${tag}_writer&pageSize=100`);
    expect(pending.rows.every((row) => !row.resolved && !row.isFromAdmin)).toBe(true);
    expect(pending.total).toBe(43);
  });

  it('counts pending messages with a count, not a capped list', async () => {
    const count = async () =>
      adminPendingSupportSchema.parse(
        (await adminClient.get('/api/admin/support-messages/pending-count')).body,
      ).pending;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(86);
    await memberClient.post('/api/admin-messages', { topic: 'refund', message: 'Please refund my order' });
    expect(await count()).toBe(before + 1);
  });

  it('answers admins only and bounds the search', async () => {
    for (const path of ['/api/admin/support-messages', '/api/admin/support-messages/pending-count']) {
      expect((await harness.client().get(path)).status).toBe(401);
      expect((await memberClient.get(path)).status).toBe(403);
    }
    const long = await adminClient.get(`/api/admin/support-messages?search=${'a'.repeat(500)}`);
    expect(long.status).toBe(400);
  });
});
