import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE, SUBSCRIBE_TEXT } from '../../../common/messages.js';
import { newsletterSubscribers, rateLimitCounters } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';

describe.each(backends)('subscribe on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend, { AUTH_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(async () => {
    await harness.database.db.delete(rateLimitCounters);
    await harness.database.db.delete(newsletterSubscribers);
  });

  it('subscribes without a session, once per address whatever its case', async () => {
    const first = await harness.client().post('/api/subscribe', { name: 'Rae', email: 'rae@example.com' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: SUBSCRIBE_TEXT.success });
    const again = await harness.client().post('/api/subscribe', { name: 'Rae', email: ' RAE@example.com ' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: SUBSCRIBE_TEXT.alreadySubscribed });
    const rows = await harness.database.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(['rae@example.com']);
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
