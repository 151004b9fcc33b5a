import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_READ_ACTIONS } from '../../../common/schemas/admin-money.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';

/** The audit log's changes and views apart (issue 43 item 14): the reads no longer bury the changes. */
describe.each(backends)('the audit log by kind on %s', (backend) => {
  let harness: TestApp;
  let admin: TestClient;
  let adminId: number;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    adminId = (await createTestUser(harness.database.db, { role: 'admin' })).id;
    admin = await signedInClient(harness, adminId);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  const actionsOf = async (query: string) => {
    const answer = await admin.get(`/api/admin/audit-log?adminId=${adminId}&pageSize=100${query}`);
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.entries as { action: string }[]).map((entry) => entry.action);
  };

  it('answers changes only, views only, or both', async () => {
    const member = await createTestUser(harness.database.db);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
    expect((await admin.get(`/api/admin/users/${member.id}`)).status).toBe(200);
    const role = await admin.put(`/api/admin/users/${member.id}/role`, { role: 'AMBSD' });
    expect(role.status, role.text).toBe(200);
    const suspended = await admin.put(`/api/admin/users/${member.id}/suspension`, {
      suspended: true,
      reason: 'Checked by support.',
    });
    expect(suspended.status, suspended.text).toBe(200);

    expect(await actionsOf('&kind=changes')).toEqual(['user.suspension', 'user.role']);
    const views = await actionsOf('&kind=views');
    expect(views.length).toBeGreaterThanOrEqual(2);
    expect(views.every((action) => (AUDIT_READ_ACTIONS as readonly string[]).includes(action))).toBe(true);
    expect(views).toEqual(expect.arrayContaining(['users.list', 'user.view']));
    const all = await actionsOf('');
    expect(all).toEqual(expect.arrayContaining([...views, 'user.suspension', 'user.role']));
    expect(all).toHaveLength(views.length + 2);
  });

  it('refuses an unknown kind', async () => {
    const answer = await admin.get('/api/admin/audit-log?kind=everything');
    expect(answer.status).toBe(400);
  });
});
