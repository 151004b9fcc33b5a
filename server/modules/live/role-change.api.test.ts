import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { openLive, sameMemberOn, startTwoInstances, type TwoInstances } from './testing.js';

/**
 * A demoted admin's open stream (issue 43 item 12): the role change cuts it on every instance, the session
 * goes on, and the stream the browser opens again hears only what the new role hears.
 */
describe.each(backends)('live streams when a role changes on %s', (backend) => {
  let two: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    two = await startTwoInstances(backend);
    [a, b] = two.instances;
  }, 60_000);
  afterAll(async () => {
    await two?.close();
  });

  it('cuts a demoted admin’s stream on another instance; the new one no longer hears the back office', async () => {
    const db = a.database.db;
    const boss = await signedInClient(a, (await createTestUser(db, { role: 'admin' })).id);
    const demoted = await createTestUser(db, { role: 'admin' });
    const demotedClient = await signedInClient(a, demoted.id);
    const member = await signedInClient(a, (await createTestUser(db)).id);
    const asAdmin = await openLive(sameMemberOn(demotedClient, b));
    const first = await member.post('/api/admin-messages', { topic: 'payment', message: 'Charged twice.' });
    expect(first.status).toBe(201);
    await asAdmin.next((notice) => notice.kind === 'support' && notice.id === first.body.id);

    const changed = await boss.put(`/api/admin/users/${demoted.id}/role`, { role: 'user' });
    expect(changed.status, changed.text).toBe(200);
    expect(await asAdmin.ended()).toBe('closed');

    // Still signed in: the browser reconnects, and the new stream carries the new role.
    const asMember = await openLive(sameMemberOn(demotedClient, b));
    expect(asMember.status).toBe(200);
    const second = await member.post('/api/admin-messages', { topic: 'payment', message: 'Still twice.' });
    expect(second.status).toBe(201);
    const own = await demotedClient.post('/api/admin-messages', {
      topic: 'other',
      message: 'Hello again, support.',
    });
    expect(own.status, own.text).toBe(201);
    await asMember.next((notice) => notice.kind === 'support' && notice.id === own.body.id);
    expect(asMember.notices.some((notice) => notice.id === second.body.id)).toBe(false);
    asMember.close();
  });

  it('leaves the streams alone when the role stays the same', async () => {
    const db = a.database.db;
    const boss = await signedInClient(a, (await createTestUser(db, { role: 'admin' })).id);
    const ambassador = await createTestUser(db, { role: 'AMBSD' });
    const client = await signedInClient(a, ambassador.id);
    const live = await openLive(sameMemberOn(client, b));
    expect((await boss.put(`/api/admin/users/${ambassador.id}/role`, { role: 'AMBSD' })).status).toBe(200);
    const own = await client.post('/api/admin-messages', { topic: 'other', message: 'Still here.' });
    await live.next((notice) => notice.kind === 'support' && notice.id === own.body.id);
    live.close();
  });
});
