import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_TTL_HOURS } from '../../../common/constants.js';
import { NEWSLETTER_TEXT, SERVER_MESSAGE, SUBSCRIBE_TEXT } from '../../../common/messages.js';
import { newsletterSubscribers, rateLimitCounters } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { latestMail } from '../auth/testing.js';
import { confirmSubscriptionMail } from './mail.js';

describe.each(backends)('subscribe on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  beforeAll(async () => {
    harness = await startTestApp(backend, { AUTH_RATE_LIMIT: '5' }, { clock });
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(async () => {
    await harness.database.db.delete(rateLimitCounters);
    await harness.database.db.delete(newsletterSubscribers);
  });

  const subscribers = () => harness.database.db.select().from(newsletterSubscribers);
  const signUp = (email: string, name = 'Rae') => harness.client().post('/api/subscribe', { name, email });
  const confirmToken = async (email: string) => {
    const mail = await latestMail(harness, email);
    const token = /\/newsletter\/confirm\/([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no confirmation link in ${mail.text}`);
    return token;
  };
  const unsubscribeToken = async (email: string) => {
    const mail = await latestMail(harness, email);
    const token = /\/newsletter\/unsubscribe\?token=([^\s]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no unsubscribe link in ${mail.text}`);
    return decodeURIComponent(token);
  };

  it('counts an address only once its owner follows the e-mailed link', async () => {
    const first = await signUp('rae@example.com');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: SUBSCRIBE_TEXT.success });
    const [pending] = await subscribers();
    expect(pending?.confirmedAt).toBeNull();
    const mail = await latestMail(harness, 'rae@example.com');
    expect(mail.subject).toBe(NEWSLETTER_TEXT.confirmMailSubject);
    const token = await confirmToken('rae@example.com');
    expect(pending?.confirmTokenHash).toBe(sha256(token));
    expect(mail.text).not.toContain(pending?.confirmTokenHash ?? '-');

    const confirmed = await harness.client().post('/api/newsletter/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: NEWSLETTER_TEXT.confirmed });
    const [row] = await subscribers();
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(row?.confirmExpiresAt).toBeNull();
    // A link followed again says what is true: the address is confirmed, and nothing changes.
    const again = await harness.client().post('/api/newsletter/confirm', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: NEWSLETTER_TEXT.alreadyConfirmed });
    expect((await subscribers())[0]?.confirmedAt).toEqual(row?.confirmedAt);
    expect((await harness.client().post('/api/newsletter/confirm', { token: 'made-up' })).status).toBe(400);
  });

  it('answers a repeated sign-up exactly like a new one, whether pending or confirmed', async () => {
    const fresh = await signUp('fresh@example.com');
    await signUp('kept@example.com');
    await harness.client().post('/api/newsletter/confirm', { token: await confirmToken('kept@example.com') });
    const mailsBefore = (await harness.mailer.list('kept@example.com')).length;
    const pendingAgain = await signUp(' FRESH@example.com ');
    const confirmedAgain = await signUp('KEPT@example.com');
    for (const answer of [pendingAgain, confirmedAgain]) {
      expect(answer.status).toBe(fresh.status);
      expect(answer.body).toEqual(fresh.body);
    }
    // A confirmed address is sent nothing more; a pending one just sent a link waits before the next.
    expect(await harness.mailer.list('kept@example.com')).toHaveLength(mailsBefore);
    expect(await harness.mailer.list('fresh@example.com')).toHaveLength(1);
    expect((await subscribers()).map((row) => row.email).sort()).toEqual([
      'fresh@example.com',
      'kept@example.com',
    ]);
  });

  it('sends a new link to a pending address after a while, and an expired link confirms nothing', async () => {
    await signUp('late@example.com');
    const oldToken = await confirmToken('late@example.com');
    clock.advance((NEWSLETTER_CONFIRM_TTL_HOURS * 60 + 1) * 60_000);
    const expired = await harness.client().post('/api/newsletter/confirm', { token: oldToken });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: NEWSLETTER_TEXT.confirmInvalid });
    await signUp('late@example.com', 'Rae Late');
    const newToken = await confirmToken('late@example.com');
    expect(newToken).not.toBe(oldToken);
    expect((await harness.client().post('/api/newsletter/confirm', { token: newToken })).status).toBe(200);
    const [row] = await subscribers();
    expect(row?.name).toBe('Rae Late');
  });

  it('puts an unsubscribe link in the mail that removes the address without signing in', async () => {
    await signUp('leaving@example.com');
    const token = await unsubscribeToken('leaving@example.com');
    const forged = await harness
      .client()
      .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(`${token}x`)}`);
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: NEWSLETTER_TEXT.unsubscribeInvalid });
    expect(await subscribers()).toHaveLength(1);
    // RFC 8058: mail clients post a one-click form to the link in the List-Unsubscribe header.
    const left = await harness
      .client()
      .request('POST', `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ message: NEWSLETTER_TEXT.unsubscribed });
    expect(await subscribers()).toHaveLength(0);
    const twice = await harness
      .client()
      .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(twice.body).toEqual({ message: NEWSLETTER_TEXT.unsubscribed });
  });

  it.each([
    [{ name: '', email: 'a@example.com' }, SUBSCRIBE_TEXT.missing],
    [{ name: 'Rae', email: '  ' }, SUBSCRIBE_TEXT.missing],
    [{ name: 'Rae' }, SUBSCRIBE_TEXT.missing],
    [{ name: 'Rae', email: 'not-an-address' }, SUBSCRIBE_TEXT.invalid],
    [{ name: 'Rae', email: 'rae@example' }, SUBSCRIBE_TEXT.invalid],
  ])('refuses %j', async (body, message) => {
    const response = await harness.client().post('/api/subscribe', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await harness.database.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it('answers 429 once one address has used up its requests', async () => {
    for (let request = 1; request <= harness.config.authRateLimit; request++) {
      const response = await harness.client().post('/api/subscribe', { name: '', email: '' });
      expect(response.status).toBe(400);
    }
    const limited = await harness.client().post('/api/subscribe', { name: 'Rae', email: 'late@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: SERVER_MESSAGE.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each route has its own budget.
    const other = await harness.client().post('/api/request-password-reset', { email: 'late@example.com' });
    expect(other.status).toBe(200);
    const loginLimited = await Promise.all(
      Array.from({ length: harness.config.authRateLimit + 1 }, () =>
        harness.client().post('/api/login', { username: 'nobody', password: 'x' }),
      ),
    );
    expect(loginLimited.filter((response) => response.status === 429)).toHaveLength(1);
  });
});

describe('the newsletter mails', () => {
  it('always carry the unsubscribe link and the one-click headers', () => {
    const links = {
      page: 'https://encore.example/newsletter/unsubscribe?token=t',
      oneClick: 'https://encore.example/api/newsletter/unsubscribe?token=t',
    };
    const mail = confirmSubscriptionMail(
      'rae@example.com',
      'Rae',
      'https://encore.example/newsletter/confirm/abc',
      links,
    );
    expect(mail.text).toContain('https://encore.example/newsletter/confirm/abc');
    expect(mail.text).toContain(`${NEWSLETTER_TEXT.unsubscribeMailLine} ${links.page}`);
    expect(mail.html).toContain(links.page);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
