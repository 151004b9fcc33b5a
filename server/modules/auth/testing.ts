import { expect } from 'vitest';
import type { Role } from '../../../common/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { hashPassword } from './passwords.js';

/** Helpers for API tests of any module: accounts and signed-in clients without the mail round trip. */

let sequence = 0;

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** Inserts a verified account straight into the database. */
export async function createTestUser(
  db: DbOrTx,
  overrides: Partial<{ username: string; email: string; password: string; role: Role }> = {},
): Promise<TestAccount> {
  sequence += 1;
  const suffix = `${Date.now().toString(36)}${sequence}`;
  const username = overrides.username ?? `user${suffix}`;
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? 'Sturdy#Pass1';
  const [row] = await db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Test',
      lastName: 'User',
      role: overrides.role ?? 'user',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('test user insert returned no row');
  return { id: row.id, username, email, password };
}

/** A client whose cookie jar holds a fresh session of `userId` (no login calls, no rate limits). */
export async function signedInClient(harness: TestApp, userId: number): Promise<TestClient> {
  const token = newToken();
  await harness.database.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const client = harness.client();
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

/** The newest mail to `to`, failing the test when there is none. */
export async function latestMail(harness: TestApp, to: string) {
  const [mail] = await harness.mailer.list(to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail as NonNullable<typeof mail>;
}

/** The 6-digit code of the newest login-code mail to `to`. */
export async function latestLoginCode(harness: TestApp, to: string): Promise<string> {
  const mail = await latestMail(harness, to);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail to ${to}: ${mail.text}`);
  return code;
}

/** The token of the newest `/{page}/{token}` link mailed to `to`. */
export async function latestLinkToken(
  harness: TestApp,
  to: string,
  page: 'verify-email' | 'reset-password',
): Promise<string> {
  const mail = await latestMail(harness, to);
  const token = new RegExp(`/${page}/([\\w-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${page} link in mail to ${to}: ${mail.text}`);
  return token;
}

/** Full login through the API: password, then the e-mailed code. */
export async function logInThroughApi(
  harness: TestApp,
  client: TestClient,
  account: { username: string; email: string; password: string },
  trustThisDevice = false,
) {
  const login = await client.post('/api/login', { username: account.username, password: account.password });
  expect(login.status).toBe(200);
  if (login.body.requiresVerification === false) return login;
  const code = await latestLoginCode(harness, account.email);
  const verified = await client.post('/api/verify-login', {
    userId: login.body.userId,
    verificationCode: code,
    trustThisDevice,
  });
  expect(verified.status).toBe(200);
  return verified;
}
