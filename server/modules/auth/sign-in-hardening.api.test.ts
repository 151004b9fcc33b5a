import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SUCCESS_TEXT, RECOVERY_TEXT, SERVER_MESSAGE, SIGN_IN_TEXT } from '../../../common/messages.js';
import { buildApp } from '../../app.js';
import { emailTokens, loginCodes, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/tokens.js';
import { backends, startTestApp, type TestApp, TestClient, type TestResponse } from '../../test/harness.js';
import { PENDING_LOGIN_COOKIE } from './routes.js';
import { createTestUser, latestLinkToken, latestLoginCode, logInThroughApi } from './testing.js';

const WRONG = 'Wrong#Pass1';

describe.each(backends)('sign-in hardening on %s', (backend) => {
  let harness: TestApp;
  /** A second app instance on the same database, as behind a load balancer. */
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    second = await buildApp({ config: harness.config, database: harness.database, mailer: harness.mailer });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second.close();
    await harness.close();
  });

  const anyInstance = (index: number) => (index % 2 === 0 ? harness.client() : new TestClient(secondUrl));

  async function userRow(id: number) {
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  }

  describe('lockout under parallel attack', () => {
    it('30 parallel wrong passwords over two instances check at most 5, then the account is locked', async () => {
      const account = await createTestUser(harness.database.db);
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          anyInstance(index).post('/api/login', { username: account.username, password: WRONG }),
        ),
      );
      const statuses = burst.map((response) => response.status);
      // Four wrong passwords are answered as such, the fifth locks; nothing else was checked.
      expect(statuses.filter((status) => status === 401)).toHaveLength(4);
      expect(statuses.filter((status) => status === 423)).toHaveLength(26);
      for (const response of burst.filter((answer) => answer.status === 423))
        expect(response.body).toEqual({ message: SERVER_MESSAGE.accountLocked });
      const locked = await userRow(account.id);
      expect(locked.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

      const right = await harness.client().post('/api/login', account);
      expect(right.status).toBe(423);
      expect((await userRow(account.id)).lockedUntil).toEqual(locked.lockedUntil);
      expect(await harness.mailer.list(account.email)).toHaveLength(0);
    });

    it('a right password inside a locked burst is refused and does not clear the lock', async () => {
      const account = await createTestUser(harness.database.db);
      let rightAnswer: Promise<TestResponse> | undefined;
      const burst = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const response = await anyInstance(index).post('/api/login', {
            username: account.username,
            password: WRONG,
          });
          // The first refusal means the lock has been decided; the right password arrives mid-burst.
          if (response.status === 423 && !rightAnswer)
            rightAnswer = anyInstance(index + 1).post('/api/login', account);
          return response;
        }),
      );
      expect(burst.filter((response) => response.status === 401)).toHaveLength(4);
      expect(rightAnswer).toBeDefined();
      const right = await rightAnswer;
      expect(right?.status).toBe(423);
      expect(right?.body).toEqual({ message: SERVER_MESSAGE.accountLocked });
      const row = await userRow(account.id);
      expect(row.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
      expect((await harness.client().post('/api/login', account)).status).toBe(423);
      expect(await harness.mailer.list(account.email)).toHaveLength(0);
    });

    it('parallel right passwords all sign in and leave no count behind', async () => {
      const account = await createTestUser(harness.database.db);
      const logins = await Promise.all(
        Array.from({ length: 4 }, (_, index) => anyInstance(index).post('/api/login', account)),
      );
      expect(logins.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      expect((await userRow(account.id)).lockedUntil).toBeNull();
    });
  });

  describe('reset links', () => {
    it('using the newer of two reset links ends the older one', async () => {
      const account = await createTestUser(harness.database.db);
      await harness.client().post('/api/request-password-reset', { email: account.email });
      const older = await latestLinkToken(harness, account.email, 'reset-password');
      await harness.client().post('/api/request-password-reset', { email: account.email });
      const newer = await latestLinkToken(harness, account.email, 'reset-password');
      expect(newer).not.toBe(older);

      const reset = await harness
        .client()
        .post(`/api/reset-password/${newer}`, { newPassword: 'Brand-New9' });
      expect(reset.status).toBe(200);
      const stale = await harness
        .client()
        .post(`/api/reset-password/${older}`, { newPassword: 'Stale-Link9' });
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual({ message: RECOVERY_TEXT.resetInvalidToken });
      const rows = await harness.database.db
        .select({ usedAt: emailTokens.usedAt })
        .from(emailTokens)
        .where(eq(emailTokens.userId, account.id));
      expect(rows.every((row) => row.usedAt !== null)).toBe(true);
      expect(
        (await harness.client().post('/api/login', { ...account, password: 'Stale-Link9' })).status,
      ).toBe(401);
      await logInThroughApi(harness, harness.client(), { ...account, password: 'Brand-New9' });
    });

    it('GET /api/reset-password/{token} tells whether a link is live and changes nothing', async () => {
      const account = await createTestUser(harness.database.db);
      await harness.client().post('/api/request-password-reset', { email: account.email });
      const token = await latestLinkToken(harness, account.email, 'reset-password');

      for (let look = 0; look < 2; look++) {
        const live = await harness.client().get(`/api/reset-password/${token}`);
        expect(live.status).toBe(200);
        expect(live.body).toEqual({ valid: true });
      }
      const [stored] = await harness.database.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, sha256(token)));
      expect(stored?.usedAt).toBeNull();

      const unknown = await harness.client().get('/api/reset-password/not-a-token');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: RECOVERY_TEXT.resetInvalidToken });

      expect(
        (await harness.client().post(`/api/reset-password/${token}`, { newPassword: 'Brand-New9' })).status,
      ).toBe(200);
      const used = await harness.client().get(`/api/reset-password/${token}`);
      expect(used.status).toBe(400);
      expect(used.body).toEqual({ message: RECOVERY_TEXT.resetInvalidToken });

      await harness.client().post('/api/request-password-reset', { email: account.email });
      const later = await latestLinkToken(harness, account.email, 'reset-password');
      await harness.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.tokenHash, sha256(later)));
      expect((await harness.client().get(`/api/reset-password/${later}`)).status).toBe(400);
    });
  });

  describe('second factor bound to the client that entered the password', () => {
    async function pendingLogin() {
      const account = await createTestUser(harness.database.db);
      const owner = harness.client();
      const login = await owner.post('/api/login', account);
      expect(login.body.requiresVerification).toBe(true);
      const code = await latestLoginCode(harness, account.email);
      return { account, owner, code };
    }

    async function attemptsOf(userId: number) {
      const [row] = await harness.database.db.select().from(loginCodes).where(eq(loginCodes.userId, userId));
      return row?.attempts;
    }

    it('a stranger who knows the userId can neither use nor burn the code', async () => {
      const { account, owner, code } = await pendingLogin();
      const stranger = harness.client();
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 8; attempt++) {
        const wrong = await stranger.post('/api/verify-login', {
          userId: account.id,
          verificationCode: wrongCode,
        });
        expect(wrong.status).toBe(401);
        expect(wrong.body).toEqual({ message: SIGN_IN_TEXT.pendingLoginExpired });
      }
      const right = await stranger.post('/api/verify-login', { userId: account.id, verificationCode: code });
      expect(right.status).toBe(401);
      expect(stranger.cookies.has(PENDING_LOGIN_COOKIE)).toBe(false);
      expect(owner.cookies.has(PENDING_LOGIN_COOKIE)).toBe(true);
      expect(await attemptsOf(account.id)).toBe(0);

      // Someone with a pending login of their own cannot point it at another user.
      const other = await pendingLogin();
      const crossed = await other.owner.post('/api/verify-login', {
        userId: account.id,
        verificationCode: code,
      });
      expect(crossed.status).toBe(401);
      expect(await attemptsOf(account.id)).toBe(0);

      const verified = await owner.post('/api/verify-login', { userId: account.id, verificationCode: code });
      expect(verified.status).toBe(200);
      expect((await owner.get('/api/user')).body.id).toBe(account.id);
    });

    it('an expired pending login is refused like a missing one', async () => {
      const { account, owner, code } = await pendingLogin();
      await harness.database.db
        .update(loginCodes)
        .set({ pendingExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(loginCodes.userId, account.id));
      const late = await owner.post('/api/verify-login', { userId: account.id, verificationCode: code });
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ message: SIGN_IN_TEXT.pendingLoginExpired });
    });

    describe('POST /api/verify-login/resend', () => {
      async function allowResendNow(userId: number) {
        await harness.database.db
          .update(loginCodes)
          .set({ sentAt: new Date(Date.now() - 61_000) })
          .where(eq(loginCodes.userId, userId));
      }

      it('mails a fresh code: the old one stops working and the tries start over', async () => {
        const { account, owner, code } = await pendingLogin();
        const wrongCode = code === '000000' ? '111111' : '000000';
        for (let attempt = 0; attempt < 5; attempt++)
          await owner.post('/api/verify-login', { userId: account.id, verificationCode: wrongCode });
        expect(await attemptsOf(account.id)).toBe(5);

        await allowResendNow(account.id);
        const resent = await owner.post('/api/verify-login/resend', { userId: account.id });
        expect(resent.status).toBe(200);
        expect(resent.body).toEqual({ message: AUTH_SUCCESS_TEXT.codeResent });
        expect(await harness.mailer.list(account.email)).toHaveLength(2);
        const fresh = await latestLoginCode(harness, account.email);
        expect(await attemptsOf(account.id)).toBe(0);
        if (fresh !== code) {
          const old = await owner.post('/api/verify-login', { userId: account.id, verificationCode: code });
          expect(old.status).toBe(400);
          expect(old.body.message).toBe(SERVER_MESSAGE.invalidCode);
        }
        const verified = await owner.post('/api/verify-login', {
          userId: account.id,
          verificationCode: fresh,
        });
        expect(verified.status).toBe(200);
      });

      it('at most once a minute and five times per pending login, even in parallel', async () => {
        const { account, owner } = await pendingLogin();
        const tooSoon = await owner.post('/api/verify-login/resend', { userId: account.id });
        expect(tooSoon.status).toBe(429);
        expect(tooSoon.body).toEqual({ message: SIGN_IN_TEXT.resendTooSoon });

        await allowResendNow(account.id);
        const parallel = await Promise.all(
          Array.from({ length: 6 }, () => owner.post('/api/verify-login/resend', { userId: account.id })),
        );
        expect(parallel.filter((response) => response.status === 200)).toHaveLength(1);
        expect(parallel.filter((response) => response.status === 429)).toHaveLength(5);

        for (let resend = 2; resend <= 5; resend++) {
          await allowResendNow(account.id);
          expect((await owner.post('/api/verify-login/resend', { userId: account.id })).status).toBe(200);
        }
        await allowResendNow(account.id);
        const sixth = await owner.post('/api/verify-login/resend', { userId: account.id });
        expect(sixth.status).toBe(429);
        expect(sixth.body).toEqual({ message: SIGN_IN_TEXT.resendTooSoon });
        expect(await harness.mailer.list(account.email)).toHaveLength(6);
      });

      it('needs the pending login of this client', async () => {
        const { account, owner, code } = await pendingLogin();
        await allowResendNow(account.id);
        const stranger = await harness.client().post('/api/verify-login/resend', { userId: account.id });
        expect(stranger.status).toBe(401);
        expect(stranger.body).toEqual({ message: SIGN_IN_TEXT.pendingLoginExpired });
        expect(await harness.mailer.list(account.email)).toHaveLength(1);

        await owner.post('/api/verify-login', { userId: account.id, verificationCode: code });
        const afterSignIn = await owner.post('/api/verify-login/resend', { userId: account.id });
        expect(afterSignIn.status).toBe(401);
        expect(afterSignIn.body).toEqual({ message: SIGN_IN_TEXT.pendingLoginExpired });
      });
    });
  });

  describe('usernames', () => {
    function registration(overrides: Record<string, unknown>) {
      return {
        firstName: 'Rae',
        lastName: 'Fan',
        email: `rae${Math.random().toString(36).slice(2, 8)}@example.com`,
        username: 'raefan',
        password: 'Sturdy#Pass1',
        phoneNumber: null,
        verificationPreference: 'email',
        ...overrides,
      };
    }

    it('refuses a name that differs from an existing one only by width or case', async () => {
      await createTestUser(harness.database.db, { username: 'widthcase' });
      for (const lookAlike of ['ｗｉｄｔｈｃａｓｅ', 'WIDTHCASE', 'ＷｉｄｔｈＣａｓｅ']) {
        const response = await harness.client().post('/api/register', registration({ username: lookAlike }));
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ message: SERVER_MESSAGE.usernameTaken });
      }
      // The database refuses it too, however the row gets there.
      await expect(createTestUser(harness.database.db, { username: 'ＷＩＤＴＨcase' })).rejects.toThrow();
    });

    it('stores the NFKC form and finds it from any width', async () => {
      const created = await harness
        .client()
        .post('/api/register', registration({ username: 'ｆｕｌｌｗｉｄｔｈ' }));
      expect(created.status).toBe(201);
      expect(created.body.user.username).toBe('fullwidth');
      await harness.database.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, created.body.user.id));
      const login = await harness
        .client()
        .post('/api/login', { username: 'ＦＵＬＬwidth', password: 'Sturdy#Pass1' });
      expect(login.status).toBe(200);
      expect(login.body.userId).toBe(created.body.user.id);
    });

    it.each([
      ['a NUL', 'rae\u0000fan'],
      ['a line break', 'rae\nfan'],
      ['a carriage return', 'rae\rfan'],
      ['a tab', 'rae\tfan'],
      ['a right-to-left override', 'rae\u202Enaf'],
      ['a left-to-right isolate', 'rae\u2066fan'],
      ['a line separator', 'rae\u2028fan'],
      ['a C1 control', 'rae\u0085fan'],
      ['a zero-width space', 'admin\u200B'],
      ['a zero-width joiner', 'rae\u200Dfan'],
      ['a word joiner', 'rae\u2060fan'],
      ['a byte order mark', 'rae\uFEFFfan'],
      ['a soft hyphen', 'rae\u00ADfan'],
      ['a Hangul filler', 'rae\u3164fan'],
      ['a blank Braille pattern', 'rae\u2800fan'],
      ['a variation selector', 'rae\uFE0Ffan'],
      ['a tag character', 'rae\u{E0061}fan'],
      ['a combining grapheme joiner', 'rae\u034Ffan'],
    ])('refuses %s in a username', async (_name, username) => {
      const body = registration({ username });
      const response = await harness.client().post('/api/register', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Username|characters/);
      const rows = await harness.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, body.email));
      expect(rows).toHaveLength(0);
    });

    it('registration takes passwords of 8 to 100 characters, like reset', async () => {
      const tooLong = await harness
        .client()
        .post('/api/register', registration({ username: 'longpass', password: `Ab1#${'x'.repeat(97)}` }));
      expect(tooLong.status).toBe(400);
      const longest = await harness
        .client()
        .post('/api/register', registration({ username: 'longpass', password: `Ab1#${'x'.repeat(96)}` }));
      expect(longest.status).toBe(201);
    });
  });
});
