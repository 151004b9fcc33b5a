import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_TEXT } from '../../common/messages.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { latestLinkToken, latestLoginCode } from '../modules/auth/testing.js';
import { backends, startTestApp, type TestApp } from '../test/harness.js';
import { seedDemoUsers } from './users.js';

describe.each(backends)('demo users on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('seeds the four verified accounts idempotently', async () => {
    const first = await seedDemoUsers(harness.database.db);
    const before = await harness.database.db.select().from(users).orderBy(users.id);
    const second = await seedDemoUsers(harness.database.db);
    const after = await harness.database.db.select().from(users).orderBy(users.id);
    expect(second).toEqual(first);
    expect(after.map(({ updatedAt: _u, ...row }) => row)).toEqual(
      before.map(({ updatedAt: _u, ...row }) => row),
    );
    expect(after.map((row) => [row.username, row.email, row.role, row.firstName, row.lastName])).toEqual([
      ['admin', 'admin@encore.test', 'admin', 'Ada', 'Admin'],
      ['ambassador', 'ambassador@encore.test', 'AMBSD', 'Sam', 'Ambassador'],
      ['maya', 'maya@encore.test', 'user', 'Maya', 'Lopez'],
      ['jordan', 'jordan@encore.test', 'user', 'Jordan', 'Reed'],
    ]);
    expect(after.every((row) => row.emailVerifiedAt !== null)).toBe(true);
  });

  it.each([
    ['admin', 'Encore#Admin2026', 'admin@encore.test'],
    ['ambassador', 'Encore#Ambsd2026', 'ambassador@encore.test'],
    ['maya', 'Encore#Maya2026', 'maya@encore.test'],
    ['jordan', 'Encore#Jordan2026', 'jordan@encore.test'],
  ])('%s signs in with the documented password', async (username, password, email) => {
    await seedDemoUsers(harness.database.db);
    const client = harness.client();
    const login = await client.post('/api/login', { username, password });
    expect(login.status).toBe(200);
    const verified = await client.post('/api/verify-login', {
      userId: login.body.userId,
      verificationCode: await latestLoginCode(harness, email),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.username).toBe(username);
  });

  it('puts back a changed password through the password-change path: its reset links end', async () => {
    await seedDemoUsers(harness.database.db);
    await harness.client().post('/api/request-password-reset', { email: 'maya@encore.test' });
    const token = await latestLinkToken(harness, 'maya@encore.test', 'reset-password');
    const [maya] = await harness.database.db.select().from(users).where(eq(users.username, 'maya'));
    await harness.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed#Pass1') })
      .where(eq(users.id, maya?.id ?? 0));
    await seedDemoUsers(harness.database.db);
    const link = await harness.client().get(`/api/reset-password/${token}`);
    expect(link.status).toBe(400);
    expect(link.body).toEqual({ message: RECOVERY_TEXT.resetInvalidToken });
  });
});
