import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SUBJECT, RECOVERY_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import { currentUserSchema, sessionResponseSchema } from '../../../common/schemas/users.js';
import { EMAIL_CHANGE_TEXT } from '../../../common/texts/email-change.js';
import { users } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, latestLinkToken, latestMail, signedInClient } from '../auth/testing.js';

describe.each(backends)('current user on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('answers the signed-in user in the contract shape, with no reviews yet', async () => {
    const account = await createTestUser(harness.database.db, { role: 'AMBSD' });
    const client = await signedInClient(harness, account.id);
    const response = await client.get('/api/user');
    expect(response.status).toBe(200);
    expect(currentUserSchema.parse(response.body)).toMatchObject({
      id: account.id,
      username: account.username,
      email: account.email,
      role: 'AMBSD',
      phoneNumber: null,
      verificationPreference: 'email',
      averageRating: null,
      totalReviews: 0,
      pendingEmail: null,
    });
    expect(response.body).not.toHaveProperty('passwordHash');
  });

  it('answers GET /api/session with the user, and a visitor or an expired session with 200 and null', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    const signedIn = await client.get('/api/session');
    expect(signedIn.status).toBe(200);
    expect(sessionResponseSchema.parse(signedIn.body).user).toMatchObject({
      id: account.id,
      username: account.username,
    });
    expect(signedIn.body).toEqual({ user: (await client.get('/api/user')).body });

    const visitor = await harness.client().get('/api/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });
    // The contract of GET /api/user is unchanged: a visitor gets the 401.
    expect((await harness.client().get('/api/user')).status).toBe(401);

    const stale = harness.client();
    stale.cookies.set(SESSION_COOKIE, 'not-a-session-token');
    expect((await stale.get('/api/session')).body).toEqual({ user: null });
  });

  it('remembers the finished welcome tour for the member: every session and browser sees it, set once', async () => {
    const account = await createTestUser(harness.database.db);
    const firstBrowser = await signedInClient(harness, account.id);
    expect((await firstBrowser.get('/api/user')).body.tourCompleted).toBe(false);

    const finished = await firstBrowser.post('/api/user/tour-completed');
    expect(finished.status).toBe(200);
    expect(currentUserSchema.parse(finished.body)).toMatchObject({ id: account.id, tourCompleted: true });
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, account.id));
    const firstTime = row?.tourCompletedAt;
    expect(firstTime).toBeInstanceOf(Date);

    // Another browser (another session) learns it with the session, and a repeat changes nothing.
    const otherBrowser = await signedInClient(harness, account.id);
    expect((await otherBrowser.get('/api/session')).body.user.tourCompleted).toBe(true);
    expect((await otherBrowser.post('/api/user/tour-completed')).status).toBe(200);
    const [again] = await harness.database.db.select().from(users).where(eq(users.id, account.id));
    expect(again?.tourCompletedAt).toEqual(firstTime);

    const visitor = await harness.client().post('/api/user/tour-completed');
    expect(visitor.status).toBe(401);
  });

  it('refuses PATCH /api/user without a session and changes nothing', async () => {
    const response = await harness.client().patch('/api/user', { fullName: 'Nobody' });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
  });

  it('updates profile fields and transfer e-mails, clearing blanks', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    const response = await client.patch('/api/user', {
      fullName: '  Rae Fan ',
      ticketmasterEmail: 'tm@example.com',
      livenationEmail: '',
      axsEmail: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      fullName: 'Rae Fan',
      ticketmasterEmail: 'tm@example.com',
      livenationEmail: null,
      axsEmail: null,
      email: account.email,
    });
    const again = await client.get('/api/user');
    expect(again.body.ticketmasterEmail).toBe('tm@example.com');
  });

  it('updates first and last name, trimmed, and refuses a blank one without changing anything', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    const renamed = await client.patch('/api/user', { firstName: ' Rae ', lastName: 'Fan  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ firstName: 'Rae', lastName: 'Fan' });
    const blank = await client.patch('/api/user', { firstName: '   ', fullName: 'Should Not Stick' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ firstName: SERVER_MESSAGE.firstNameRequired });
    const tooLong = await client.patch('/api/user', { lastName: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    const after = await client.get('/api/user');
    expect(after.body).toMatchObject({ firstName: 'Rae', lastName: 'Fan', fullName: null });
  });

  it('never writes role, rating, id or other fields a user may not change', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    const before = (await client.get('/api/user')).body;
    for (const body of [
      { role: 'admin' },
      { averageRating: 5, totalReviews: 99 },
      { id: account.id + 1000 },
      { username: 'taken-over' },
      { firstName: 'Sneaky', role: 'admin' },
    ]) {
      const response = await client.patch('/api/user', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get('/api/user')).body).toEqual(before);
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ role: 'user', username: account.username, firstName: 'Test' });
  });

  it('refuses a malformed transfer e-mail and changes nothing', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    const response = await client.patch('/api/user', { fullName: 'Changed', axsEmail: 'not an address' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(SERVER_MESSAGE.emailInvalid);
    expect(response.body.fieldErrors).toEqual({ axsEmail: SERVER_MESSAGE.emailInvalid });
    expect((await client.get('/api/user')).body.fullName).toBeNull();
    const unknownField = await client.patch('/api/user', { role: 'admin' });
    expect(unknownField.status).toBe(400);
  });

  it('changes the e-mail only once the previous address and then the new address open their links', async () => {
    const account = await createTestUser(harness.database.db, { email: 'old@example.com' });
    const client = await signedInClient(harness, account.id);
    const response = await client.patch('/api/user', { email: 'new@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com' });
    expect(await harness.mailer.list('new@example.com')).toHaveLength(0);
    const mail = await latestMail(harness, 'old@example.com');
    expect(mail.subject).toBe(MAIL_SUBJECT.emailChange);
    expect(mail.text).toContain('new@example.com');
    const token = await latestLinkToken(harness, 'old@example.com', 'verify-email');
    expect(mail.text).toContain(`${harness.config.appUrl}/verify-email/${token}`);

    // The previous address confirms the request: a link now goes to the new address, nothing switches yet.
    const confirmed = await harness.client().get(`/api/verify-email/${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: EMAIL_CHANGE_TEXT.previousAddressConfirmed('new@example.com'),
    });
    expect((await client.get('/api/user')).body).toMatchObject({
      email: 'old@example.com',
      pendingEmail: 'new@example.com',
    });
    const newAddressMail = await latestMail(harness, 'new@example.com');
    expect(newAddressMail.subject).toBe(EMAIL_CHANGE_TEXT.newAddressSubject);
    const second = await latestLinkToken(harness, 'new@example.com', 'verify-email');
    expect((await harness.client().get(`/api/verify-email/${token}`)).status).toBe(400);

    const opened = await harness.client().get(`/api/verify-email/${second}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ message: RECOVERY_TEXT.emailChangeConfirmed });
    expect((await client.get('/api/user')).body).toMatchObject({
      email: 'new@example.com',
      pendingEmail: null,
    });
    const reused = await harness.client().get(`/api/verify-email/${second}`);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(RECOVERY_TEXT.verifyEmailInvalid);
  });

  it('never gives an account an address its owner did not confirm, nor keeps the owner from signing up', async () => {
    // Issue 21 item 6: the claimant controls the previous address and opens its link at once.
    const claimant = await createTestUser(harness.database.db, { email: 'claimant@example.com' });
    const client = await signedInClient(harness, claimant.id);
    await client.patch('/api/user', { email: 'owner@example.com' });
    const token = await latestLinkToken(harness, 'claimant@example.com', 'verify-email');
    expect((await harness.client().get(`/api/verify-email/${token}`)).status).toBe(200);
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, claimant.id));
    expect(row?.email).toBe('claimant@example.com');

    // The owner of the address signs up with it as if nothing happened.
    const registered = await harness.client().post('/api/register', {
      username: 'realowner',
      password: 'Sturdy#Pass1',
      firstName: 'Real',
      lastName: 'Owner',
      email: 'owner@example.com',
      phoneNumber: null,
      verificationPreference: 'email',
    });
    expect(registered.status).toBe(201);
    // The link the owner got for the claimant's change is now refused: the address is theirs.
    const ownersChangeLinks = (await harness.mailer.list('owner@example.com')).filter(
      (mail) => mail.subject === EMAIL_CHANGE_TEXT.newAddressSubject,
    );
    const claimLink = /\/verify-email\/([\w-]+)/.exec(ownersChangeLinks[0]?.text ?? '')?.[1];
    const late = await harness.client().get(`/api/verify-email/${claimLink}`);
    expect(late.status).toBe(409);
    const [after] = await harness.database.db.select().from(users).where(eq(users.id, claimant.id));
    expect(after?.email).toBe('claimant@example.com');
  });

  it('ignores an empty or unchanged e-mail and refuses one already registered', async () => {
    const account = await createTestUser(harness.database.db);
    const other = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    for (const email of ['', account.email.toUpperCase()]) {
      const response = await client.patch('/api/user', { email });
      expect(response.status).toBe(200);
      expect(response.body.pendingEmail).toBeNull();
    }
    expect(await harness.mailer.list(account.email)).toHaveLength(0);
    const taken = await client.patch('/api/user', { email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(SERVER_MESSAGE.emailTaken);
    const malformed = await client.patch('/api/user', { email: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(SERVER_MESSAGE.emailInvalid);
    expect(await harness.mailer.list(account.email)).toHaveLength(0);
  });

  it('re-checks the new address when the link is opened', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    await client.patch('/api/user', { email: 'contested@example.com' });
    const token = await latestLinkToken(harness, account.email, 'verify-email');
    await createTestUser(harness.database.db, { email: 'Contested@example.com' });
    const opened = await harness.client().get(`/api/verify-email/${token}`);
    expect(opened.status).toBe(409);
    expect(opened.body.message).toBe(SERVER_MESSAGE.emailTaken);
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.email).toBe(account.email);
  });

  it('a newer e-mail change replaces the earlier one', async () => {
    const account = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, account.id);
    await client.patch('/api/user', { email: 'first@example.com' });
    const first = await latestLinkToken(harness, account.email, 'verify-email');
    const second = await client.patch('/api/user', { email: 'second@example.com' });
    expect(second.body.pendingEmail).toBe('second@example.com');
    expect((await harness.client().get(`/api/verify-email/${first}`)).status).toBe(400);
    const latest = await latestLinkToken(harness, account.email, 'verify-email');
    expect((await harness.client().get(`/api/verify-email/${latest}`)).status).toBe(200);
    const atNewAddress = await latestLinkToken(harness, 'second@example.com', 'verify-email');
    expect((await harness.client().get(`/api/verify-email/${atNewAddress}`)).status).toBe(200);
    expect((await client.get('/api/user')).body.email).toBe('second@example.com');
  });
});
