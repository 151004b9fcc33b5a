import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_SUCCESS_TEXT,
  MAIL_SUBJECT,
  RECOVERY_TEXT,
  SERVER_MESSAGE,
  SIGN_IN_TEXT,
} from '../../../common/messages.js';
import { emailTokens, loginCodes, trustedDevices, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/tokens.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { PENDING_LOGIN_COOKIE, TRUSTED_DEVICE_COOKIE } from './routes.js';
import {
  createTestUser,
  latestLinkToken,
  latestLoginCode,
  latestMail,
  logInThroughApi,
  signedInClient,
} from './testing.js';

const STRONG = 'Sturdy#Pass1';

function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Rae',
    lastName: 'Fan',
    email: 'rae@example.com',
    username: 'raefan',
    password: STRONG,
    phoneNumber: null,
    verificationPreference: 'email',
    ...overrides,
  };
}

describe.each(backends)('accounts and sign-in on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });

  describe('registration', () => {
    it.each([
      ['first name', { firstName: '' }, SERVER_MESSAGE.firstNameRequired],
      ['last name', { lastName: '   ' }, SERVER_MESSAGE.lastNameRequired],
      ['email', { email: '' }, SERVER_MESSAGE.emailRequired],
      ['email without a dot', { email: 'rae@example' }, SERVER_MESSAGE.emailInvalid],
      ['email without @', { email: 'rae.example.com' }, SERVER_MESSAGE.emailInvalid],
      ['email shorter than 5', { email: 'a@b.' }, SERVER_MESSAGE.emailInvalid],
      ['username', { username: '' }, SERVER_MESSAGE.usernameRequired],
      ['username of 2', { username: 'ra' }, SERVER_MESSAGE.usernameTooShort],
      ['password', { password: '' }, SERVER_MESSAGE.passwordRequired],
      ['password of 7', { password: 'Ab1#xyz' }, SERVER_MESSAGE.passwordTooShort],
      ['weak password', { password: 'abcdefgh' }, SERVER_MESSAGE.passwordRequirements],
    ])('refuses a missing or bad %s', async (_name, change, message) => {
      const response = await harness.client().post('/api/register', registration(change));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      const [row] = await harness.database.db.select().from(users).where(eq(users.username, 'raefan'));
      expect(row).toBeUndefined();
    });

    it('checks the rules in the client order', async () => {
      const everythingWrong = { firstName: '', lastName: '', email: 'x', username: 'a', password: 'a' };
      const first = await harness.client().post('/api/register', registration(everythingWrong));
      expect(first.body.message).toBe(SERVER_MESSAGE.firstNameRequired);
      const second = await harness
        .client()
        .post('/api/register', registration({ ...everythingWrong, firstName: 'R' }));
      expect(second.body.message).toBe(SERVER_MESSAGE.lastNameRequired);
      const fourth = await harness
        .client()
        .post('/api/register', registration({ ...everythingWrong, firstName: 'R', lastName: 'F' }));
      expect(fourth.body.message).toBe(SERVER_MESSAGE.emailInvalid);
      const sixth = await harness
        .client()
        .post(
          '/api/register',
          registration({ ...everythingWrong, firstName: 'R', lastName: 'F', email: 'r@x.io' }),
        );
      expect(sixth.body.message).toBe(SERVER_MESSAGE.usernameTooShort);
      const eighth = await harness
        .client()
        .post(
          '/api/register',
          registration({ firstName: 'R', lastName: 'F', email: 'r@x.io', username: 'abc', password: 'a' }),
        );
      expect(eighth.body.message).toBe(SERVER_MESSAGE.passwordTooShort);
    });

    it('creates the account, hashes the password, stores no phone and mails a one-time verification link', async () => {
      const response = await harness
        .client()
        .post(
          '/api/register',
          registration({ username: 'newfan', email: 'NewFan@Example.com', phoneNumber: '555' }),
        );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        message: AUTH_SUCCESS_TEXT.registered,
        user: { id: expect.any(Number), username: 'newfan', email: 'NewFan@Example.com' },
      });
      const [row] = await harness.database.db.select().from(users).where(eq(users.id, response.body.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.phoneNumber).toBeNull();
      expect(row?.emailVerifiedAt).toBeNull();

      const mail = await latestMail(harness, 'newfan@example.com');
      expect(mail.subject).toBe(MAIL_SUBJECT.verifyEmail);
      expect(mail.html).toContain('Verify Email Address');
      const token = await latestLinkToken(harness, 'newfan@example.com', 'verify-email');
      const url = `${harness.config.appUrl}/verify-email/${token}`;
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url}"`);
      const stored = await harness.database.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.userId, row!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).toBe(sha256(token));
      expect(stored[0]?.purpose).toBe('verify_email');
      const ttlHours = (stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()) / 3_600_000;
      expect(ttlHours).toBeCloseTo(24, 1);

      const unverified = await harness.client().post('/api/login', { username: 'newfan', password: STRONG });
      expect(unverified.status).toBe(403);
      expect(unverified.body.message).toBe(SERVER_MESSAGE.emailNotVerified);

      const opened = await harness.client().get(`/api/verify-email/${token}`);
      expect(opened.status).toBe(200);
      expect(opened.body).toEqual({ message: RECOVERY_TEXT.verifyEmailSuccess });
      // Opened again, the link says the address is verified, not that verification failed.
      const again = await harness.client().get(`/api/verify-email/${token}`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ message: RECOVERY_TEXT.verifyEmailAlreadyDone });
      const unknown = await harness.client().get(`/api/verify-email/${'x'.repeat(token.length)}`);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: RECOVERY_TEXT.verifyEmailInvalid });

      const login = await harness.client().post('/api/login', { username: 'NEWFAN', password: STRONG });
      expect(login.status).toBe(200);
      expect(login.body.requiresVerification).toBe(true);
    });

    it('e-mails a fresh verification link when an unverified account logs in, at most every few minutes', async () => {
      const created = await harness
        .client()
        .post('/api/register', registration({ username: 'lostlink', email: 'lost@example.com' }));
      expect(created.status).toBe(201);
      const firstToken = await latestLinkToken(harness, 'lost@example.com', 'verify-email');
      const mailCount = async () => (await harness.mailer.list('lost@example.com')).length;

      // Straight after registering, the mail just sent is enough.
      const early = await harness.client().post('/api/login', { username: 'lostlink', password: STRONG });
      expect(early.status).toBe(403);
      expect(early.body.message).toBe(SERVER_MESSAGE.emailNotVerified);
      expect(await mailCount()).toBe(1);

      // Later (the first link has expired), the right password brings a new link that works.
      await harness.database.db
        .update(emailTokens)
        .set({
          createdAt: new Date(Date.now() - 25 * 3_600_000),
          expiresAt: new Date(Date.now() - 3_600_000),
        })
        .where(eq(emailTokens.userId, created.body.user.id));
      const wrong = await harness
        .client()
        .post('/api/login', { username: 'lostlink', password: 'Wrong#Pass1' });
      expect(wrong.status).toBe(401);
      expect(await mailCount()).toBe(1);
      const later = await harness.client().post('/api/login', { username: 'lostlink', password: STRONG });
      expect(later.status).toBe(403);
      expect(await mailCount()).toBe(2);
      const newToken = await latestLinkToken(harness, 'lost@example.com', 'verify-email');
      expect(newToken).not.toBe(firstToken);
      expect((await harness.client().get(`/api/verify-email/${firstToken}`)).status).toBe(400);
      expect((await harness.client().get(`/api/verify-email/${newToken}`)).status).toBe(200);
    });

    it('refuses unknown and expired verification links', async () => {
      const unknown = await harness.client().get('/api/verify-email/not-a-real-token');
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(RECOVERY_TEXT.verifyEmailInvalid);

      const created = await harness
        .client()
        .post('/api/register', registration({ username: 'latefan', email: 'late@example.com' }));
      expect(created.status).toBe(201);
      const token = await latestLinkToken(harness, 'late@example.com', 'verify-email');
      await harness.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.tokenHash, sha256(token)));
      const expired = await harness.client().get(`/api/verify-email/${token}`);
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(RECOVERY_TEXT.verifyEmailInvalid);
    });

    it('refuses a username or e-mail already in use, whatever the case', async () => {
      await createTestUser(harness.database.db, { username: 'TakenName', email: 'taken@example.com' });
      const sameName = await harness
        .client()
        .post('/api/register', registration({ username: 'takenNAME', email: 'other@example.com' }));
      expect(sameName.status).toBe(409);
      expect(sameName.body.message).toBe(SERVER_MESSAGE.usernameTaken);
      const sameEmail = await harness
        .client()
        .post('/api/register', registration({ username: 'someoneelse', email: 'TAKEN@example.com' }));
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.message).toBe(SERVER_MESSAGE.emailTaken);
    });
    it('lets exactly one of several simultaneous registrations of one username through', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          harness
            .client()
            .post('/api/register', registration({ username: 'RaceFan', email: `race${index}@example.com` })),
        ),
      );
      expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
      for (const response of attempts.filter((attempt) => attempt.status === 409))
        expect(response.body.message).toBe(SERVER_MESSAGE.usernameTaken);
    });
  });

  describe('login', () => {
    it('answers the same message for an unknown user and a wrong password', async () => {
      const account = await createTestUser(harness.database.db);
      const unknown = await harness
        .client()
        .post('/api/login', { username: 'nobody-here', password: STRONG });
      const wrong = await harness
        .client()
        .post('/api/login', { username: account.username, password: 'Wrong#Pass1' });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual({ message: SERVER_MESSAGE.badCredentials });
      expect(wrong.body).toEqual(unknown.body);
    });

    it('refuses a suspended account once the password is right', async () => {
      const account = await createTestUser(harness.database.db);
      await harness.database.db
        .update(users)
        .set({ suspendedAt: new Date() })
        .where(eq(users.id, account.id));
      const response = await harness.client().post('/api/login', account);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(SERVER_MESSAGE.accountSuspended);
    });

    it('locks the account after five failures, even against the right password', async () => {
      const account = await createTestUser(harness.database.db);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const response = await harness.client().post('/api/login', { ...account, password: 'Wrong#Pass1' });
        expect(response.status).toBe(401);
      }
      const fifth = await harness.client().post('/api/login', { ...account, password: 'Wrong#Pass1' });
      expect(fifth.status).toBe(423);
      expect(fifth.body.message).toBe(SERVER_MESSAGE.accountLocked);
      const right = await harness.client().post('/api/login', account);
      expect(right.status).toBe(423);
      expect(right.body.message).toBe(SERVER_MESSAGE.accountLocked);
      expect(await harness.mailer.list(account.email)).toHaveLength(0);

      // Once the lock has run out the right password works again and the count starts over.
      await harness.database.db
        .update(users)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(users.id, account.id));
      const later = await harness.client().post('/api/login', account);
      expect(later.status).toBe(200);
      const [row] = await harness.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row?.failedLoginCount).toBe(0);
      expect(row?.lockedUntil).toBeNull();
    });

    it('resets the failure count after a successful login', async () => {
      const account = await createTestUser(harness.database.db);
      for (let attempt = 1; attempt <= 4; attempt++)
        await harness.client().post('/api/login', { ...account, password: 'Wrong#Pass1' });
      expect((await harness.client().post('/api/login', account)).status).toBe(200);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const response = await harness.client().post('/api/login', { ...account, password: 'Wrong#Pass1' });
        expect(response.status).toBe(401);
      }
    });
  });

  describe('second factor', () => {
    it('mails a 6-digit code, stores only its hash, and signs in with it', async () => {
      const account = await createTestUser(harness.database.db);
      const client = harness.client();
      const login = await client.post('/api/login', {
        username: account.username,
        password: account.password,
      });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({
        requiresVerification: true,
        userId: account.id,
        canTrustDevice: true,
        message: AUTH_SUCCESS_TEXT.codeSent,
      });
      // Only the pending-login cookie: httpOnly, sent to the verify-login calls alone, for 30 minutes.
      expect([...client.cookies.keys()]).toEqual([PENDING_LOGIN_COOKIE]);
      const pendingCookie = login.headers.getSetCookie().join('\n');
      expect(pendingCookie).toMatch(
        /encore_pending_login=[\w-]{43}; Path=\/api\/verify-login; Expires=[^;]+; HttpOnly; SameSite=Strict/,
      );
      const mail = await latestMail(harness, account.email);
      expect(mail.subject).toBe(MAIL_SUBJECT.loginCode);
      const code = await latestLoginCode(harness, account.email);
      expect(mail.html).toContain(code);
      const [stored] = await harness.database.db
        .select()
        .from(loginCodes)
        .where(eq(loginCodes.userId, account.id));
      expect(stored?.codeHash).toBe(sha256(code));
      expect(stored?.codeHash).not.toContain(code);
      expect(stored?.pendingTokenHash).toBe(sha256(client.cookies.get(PENDING_LOGIN_COOKIE) ?? ''));

      const verified = await client.post('/api/verify-login', { userId: account.id, verificationCode: code });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({
        ok: true,
        message: 'Login verified successfully!',
        user: { id: account.id, username: account.username, email: account.email },
      });
      const setCookies = verified.headers.getSetCookie().join('\n');
      expect(setCookies).toMatch(/encore_session=.*HttpOnly/i);
      expect(setCookies).not.toContain(TRUSTED_DEVICE_COOKIE);
      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(account.username);

      // The pending-login cookie is gone with the pending login.
      expect(client.cookies.has(PENDING_LOGIN_COOKIE)).toBe(false);
      const reused = await client.post('/api/verify-login', { userId: account.id, verificationCode: code });
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe(SIGN_IN_TEXT.pendingLoginExpired);
    });

    it('refuses a wrong code, an expired code, and a code whose five tries are spent', async () => {
      const account = await createTestUser(harness.database.db);
      const client = harness.client();
      await client.post('/api/login', account);
      const code = await latestLoginCode(harness, account.email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt++) {
        const wrong = await client.post('/api/verify-login', {
          userId: account.id,
          verificationCode: wrongCode,
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.message).toBe(SERVER_MESSAGE.invalidCode);
      }
      const sixth = await client.post('/api/verify-login', { userId: account.id, verificationCode: code });
      expect(sixth.status).toBe(400);
      expect(sixth.body.message).toBe(SERVER_MESSAGE.codeAttemptsExhausted);
      expect((await client.get('/api/user')).status).toBe(401);

      // A new login issues a new code and retires the old one.
      await client.post('/api/login', account);
      const fresh = await latestLoginCode(harness, account.email);
      await harness.database.db
        .update(loginCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(loginCodes.userId, account.id));
      const expired = await client.post('/api/verify-login', { userId: account.id, verificationCode: fresh });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(SERVER_MESSAGE.expiredCode);
      expect((await client.get('/api/user')).status).toBe(401);
    });

    it('only the newest code works', async () => {
      const account = await createTestUser(harness.database.db);
      const client = harness.client();
      await client.post('/api/login', account);
      const first = await latestLoginCode(harness, account.email);
      await client.post('/api/login', account);
      const second = await latestLoginCode(harness, account.email);
      if (first !== second) {
        const old = await client.post('/api/verify-login', { userId: account.id, verificationCode: first });
        expect(old.status).toBe(400);
      }
      const current = await client.post('/api/verify-login', {
        userId: account.id,
        verificationCode: second,
      });
      expect(current.status).toBe(200);
    });

    it('a trusted device skips the code next time, and only for its own user', async () => {
      const account = await createTestUser(harness.database.db);
      const other = await createTestUser(harness.database.db);
      const device = harness.client();
      await device.post('/api/login', account);
      const code = await latestLoginCode(harness, account.email);
      const verified = await device.post('/api/verify-login', {
        userId: account.id,
        verificationCode: code,
        trustThisDevice: true,
      });
      expect(verified.status).toBe(200);
      const trustCookie = verified.headers
        .getSetCookie()
        .find((line) => line.startsWith(`${TRUSTED_DEVICE_COOKIE}=`));
      expect(trustCookie).toMatch(/HttpOnly/i);
      expect(trustCookie).toMatch(/SameSite=Lax/i);
      const expires = new Date(/Expires=([^;]+)/i.exec(trustCookie ?? '')?.[1] ?? 0).getTime();
      expect((expires - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
      const token = device.cookies.get(TRUSTED_DEVICE_COOKIE) ?? '';
      const [stored] = await harness.database.db
        .select()
        .from(trustedDevices)
        .where(eq(trustedDevices.userId, account.id));
      expect(stored?.tokenHash).toBe(sha256(token));

      expect((await device.post('/api/logout')).status).toBe(200);
      expect((await device.get('/api/user')).status).toBe(401);
      const mailsBefore = (await harness.mailer.list(account.email)).length;
      const again = await device.post('/api/login', account);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ requiresVerification: false, user: { id: account.id } });
      expect((await harness.mailer.list(account.email)).length).toBe(mailsBefore);
      expect((await device.get('/api/user')).body.id).toBe(account.id);

      // The same browser signing in as someone else still needs that person's code.
      await device.post('/api/logout');
      const otherLogin = await device.post('/api/login', other);
      expect(otherLogin.status).toBe(200);
      expect(otherLogin.body.requiresVerification).toBe(true);
      expect((await device.get('/api/user')).status).toBe(401);

      // An expired trust no longer counts.
      await harness.database.db
        .update(trustedDevices)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(trustedDevices.userId, account.id));
      const stale = await device.post('/api/login', account);
      expect(stale.body.requiresVerification).toBe(true);
    });
  });

  describe('sessions', () => {
    it('answers 401 on GET /api/user without a session and logs out', async () => {
      const anonymous = await harness.client().get('/api/user');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: SERVER_MESSAGE.notAuthenticated });

      const account = await createTestUser(harness.database.db);
      const client = await signedInClient(harness, account.id);
      expect((await client.get('/api/user')).status).toBe(200);
      const logout = await client.post('/api/logout');
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ message: AUTH_SUCCESS_TEXT.loggedOut });
      expect((await client.get('/api/user')).status).toBe(401);
      expect((await harness.client().post('/api/logout')).status).toBe(200);
    });

    it('a late sign-out that names a member ends only that member’s session (decision 0103)', async () => {
      const signedOut = await createTestUser(harness.database.db);
      const next = await createTestUser(harness.database.db);
      const device = await signedInClient(harness, next.id);
      const late = await device.post('/api/logout', { memberId: signedOut.id });
      expect(late.status).toBe(200);
      expect(late.body).toEqual({ message: AUTH_SUCCESS_TEXT.loggedOutAlready });
      expect((await device.get('/api/user')).body.id).toBe(next.id);

      const own = await device.post('/api/logout', { memberId: next.id });
      expect(own.body).toEqual({ message: AUTH_SUCCESS_TEXT.loggedOut });
      expect((await device.get('/api/user')).status).toBe(401);
      expect((await device.post('/api/logout', { memberId: 0 })).status).toBe(400);
    });

    it('refuses a cross-origin login', async () => {
      const account = await createTestUser(harness.database.db);
      const response = await harness.client().request('POST', '/api/login', {
        json: { username: account.username, password: account.password },
        headers: { origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(SERVER_MESSAGE.crossOrigin);
      expect(await harness.mailer.list(account.email)).toHaveLength(0);
    });
  });

  describe('recovery', () => {
    it('answers forgot-password and forgot-username with byte-identical bodies for known and unknown addresses', async () => {
      const account = await createTestUser(harness.database.db);
      for (const path of ['/api/request-password-reset', '/api/request-username-recovery']) {
        const known = await harness.client().post(path, { email: account.email.toUpperCase() });
        const unknown = await harness.client().post(path, { email: 'nobody@example.com' });
        expect(known.status).toBe(200);
        expect(unknown.status).toBe(200);
        expect(known.text).toBe(unknown.text);
      }
      const badReset = await harness.client().post('/api/request-password-reset', { email: 'x' });
      expect(badReset.status).toBe(400);
      expect(badReset.body.message).toBe(RECOVERY_TEXT.invalidEmail);
      const bad = await harness.client().post('/api/request-username-recovery', { email: 'not-an-address' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(RECOVERY_TEXT.invalidEmail);

      const [usernameMail, resetMail] = await harness.mailer.list(account.email);
      expect(usernameMail?.subject).toBe(MAIL_SUBJECT.usernameRecovery);
      expect(usernameMail?.text).toContain(account.username);
      expect(resetMail?.subject).toBe(MAIL_SUBJECT.passwordReset);
      expect(await harness.mailer.list('nobody@example.com')).toHaveLength(0);
      const body = (
        await harness.client().post('/api/request-password-reset', { email: 'nobody@example.com' })
      ).body;
      expect(body).toEqual({ message: RECOVERY_TEXT.forgotPasswordSent });
      const usernameBody = (
        await harness.client().post('/api/request-username-recovery', { email: 'nobody@example.com' })
      ).body;
      expect(usernameBody).toEqual({ message: RECOVERY_TEXT.forgotUsernameSent });
    });

    it('resets the password once, ends every session and lifts a lockout', async () => {
      const account = await createTestUser(harness.database.db);
      const oldSession = await signedInClient(harness, account.id);
      expect((await oldSession.get('/api/user')).status).toBe(200);
      for (let attempt = 1; attempt <= 5; attempt++)
        await harness.client().post('/api/login', { ...account, password: 'Wrong#Pass1' });

      await harness.client().post('/api/request-password-reset', { email: account.email });
      const token = await latestLinkToken(harness, account.email, 'reset-password');
      const mail = await latestMail(harness, account.email);
      expect(mail.text).toContain(`${harness.config.appUrl}/reset-password/${token}`);

      const rules: [string, string][] = [
        ['Ab1', RECOVERY_TEXT.passwordMin],
        [`Ab1${'x'.repeat(98)}`, RECOVERY_TEXT.passwordMax],
        ['abcdefg1', RECOVERY_TEXT.passwordUppercase],
        ['ABCDEFG1', RECOVERY_TEXT.passwordLowercase],
        ['Abcdefgh', RECOVERY_TEXT.passwordNumber],
      ];
      for (const [newPassword, message] of rules) {
        const response = await harness.client().post(`/api/reset-password/${token}`, { newPassword });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }

      const newPassword = 'Brand-New9';
      const reset = await harness.client().post(`/api/reset-password/${token}`, { newPassword });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: RECOVERY_TEXT.resetSuccess });
      expect((await oldSession.get('/api/user')).status).toBe(401);

      const reused = await harness
        .client()
        .post(`/api/reset-password/${token}`, { newPassword: 'Another-New9' });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe(RECOVERY_TEXT.resetInvalidToken);

      const oldPassword = await harness.client().post('/api/login', account);
      expect(oldPassword.status).toBe(401);
      const fresh = harness.client();
      await logInThroughApi(harness, fresh, { ...account, password: newPassword });
      expect((await fresh.get('/api/user')).status).toBe(200);
    });

    it('refuses an expired or unknown reset token', async () => {
      const account = await createTestUser(harness.database.db);
      await harness.client().post('/api/request-password-reset', { email: account.email });
      const token = await latestLinkToken(harness, account.email, 'reset-password');
      const [stored] = await harness.database.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, sha256(token)));
      expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
      await harness.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.tokenHash, sha256(token)));
      const expired = await harness
        .client()
        .post(`/api/reset-password/${token}`, { newPassword: 'Brand-New9' });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(RECOVERY_TEXT.resetInvalidToken);
      const unknown = await harness.client().post('/api/reset-password/nope', { newPassword: 'Brand-New9' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(RECOVERY_TEXT.resetInvalidToken);
      expect((await harness.client().post('/api/login', account)).status).toBe(200);
    });
  });
});
