import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TEXT, INPUT_TEXT, RECOVERY_TEXT } from '../common/messages.js';
import { TEXT_LIMITS } from '../common/schemas/text.js';
import { newsletterSubscribers, users } from './db/schema/index.js';
import { createTestUser, signedInClient } from './modules/auth/testing.js';
import { backends, startTestApp, type TestApp, type TestClient } from './test/harness.js';

/** Issue 6 §1 and §2: every text field is bounded and refuses NUL; bad input is a 4xx, never a 5xx. */
describe.each(backends)('input bounds on %s', (backend) => {
  let harness: TestApp;
  let signedIn: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    const user = await createTestUser(harness.database.db);
    signedIn = await signedInClient(harness, user.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const NUL = 'a\u0000b';
  const registration = {
    firstName: 'Rae',
    lastName: 'Lee',
    email: 'rae@example.com',
    username: 'raelee',
    password: 'Sturdy#Pass1',
  };

  it.each([
    ['/api/login', { username: NUL, password: 'x' }],
    ['/api/login', { username: 'rae', password: `Pass${NUL}` }],
    ['/api/register', { ...registration, username: NUL }],
    ['/api/register', { ...registration, firstName: NUL }],
    ['/api/register', { ...registration, email: `r${NUL}@example.com` }],
    ['/api/verify-login', { userId: 1, verificationCode: NUL }],
    ['/api/request-password-reset', { email: `r${NUL}@example.com` }],
    ['/api/request-username-recovery', { email: `r${NUL}@example.com` }],
    ['/api/subscribe', { name: NUL, email: 'rae@example.com' }],
    ['/api/subscribe', { name: 'Rae', email: `r${NUL}@example.com` }],
  ])('refuses NUL in POST %s %j with 400', async (path, body) => {
    const response = await harness.client().post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(INPUT_TEXT.singleLine);
  });

  it('refuses NUL in a reset password and in profile fields with 400', async () => {
    const reset = await harness
      .client()
      .post('/api/reset-password/sometoken', { newPassword: `Sturdy${NUL}1` });
    expect(reset.status).toBe(400);
    const profile = await signedIn.patch('/api/user', { fullName: NUL });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(INPUT_TEXT.singleLine);
    const email = await signedIn.patch('/api/user', { ticketmasterEmail: `t${NUL}@example.com` });
    expect(email.status).toBe(400);
  });

  it('refuses NUL and over-long text in a bid and the average-price lookup with 400', async () => {
    const bid = {
      eventName: 'Nova Live',
      venue: 'Hall',
      eventDate: '2099-01-01',
      maxPrice: 100,
      quantity: 1,
      section: 'A',
      stripePaymentMethodId: 'sbx_pm_4242_bounds',
    };
    for (const field of ['eventName', 'venue', 'section', 'stripePaymentMethodId'] as const) {
      const nul = await signedIn.post('/api/bids', { ...bid, [field]: NUL });
      expect(nul.status, field).toBe(400);
      expect(nul.body.message, field).toBe(INPUT_TEXT.singleLine);
      const long = await signedIn.post('/api/bids', { ...bid, [field]: 'x'.repeat(TEXT_LIMITS.token + 1) });
      expect(long.status, field).toBe(400);
    }
    const lookup = await signedIn.get(
      `/api/tickets/average-price?eventName=${encodeURIComponent(`abc${NUL}`)}&quantity=1`,
    );
    expect(lookup.status).toBe(400);
    const huge = await signedIn.get(
      `/api/tickets/average-price?eventName=${'x'.repeat(TEXT_LIMITS.shortText + 1)}&quantity=1`,
    );
    expect(huge.status).toBe(400);
  });

  it('refuses NUL in search, artist info and listing fields with 400', async () => {
    const search = await harness
      .client()
      .get(`/api/concerts/search?query=${encodeURIComponent(`abc${NUL}`)}`);
    expect(search.status).toBe(400);
    const artist = await harness.client().get(`/api/artists/info?name=${encodeURIComponent(NUL)}`);
    expect(artist.status).toBe(400);
    const listing = await signedIn.post('/api/tickets', {
      eventName: NUL,
      section: 'A',
      row: '1',
      seats: '1',
    });
    expect(listing.status).toBe(400);
    expect(listing.body.fieldErrors.eventName).toBe(INPUT_TEXT.controlCharacters);
  });

  it('answers the outbox filter with NUL with 400, not a database error', async () => {
    const response = await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(NUL)}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('refuses a 3 KB username or e-mail on register with 400, storing nothing', async () => {
    const long = 'u'.repeat(3_000);
    const username = await harness.client().post('/api/register', { ...registration, username: long });
    expect(username.status).toBe(400);
    expect(username.body.message).toBe(INPUT_TEXT.tooLong(TEXT_LIMITS.username));
    const email = await harness.client().post('/api/register', {
      ...registration,
      email: `${long}@example.com`,
    });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe(INPUT_TEXT.tooLong(TEXT_LIMITS.email));
    const stored = await harness.database.db.select({ id: users.id }).from(users);
    expect(stored).toHaveLength(1);
  });

  it('holds register and reset to the same 8..100 password rule', async () => {
    const long = `Aa1!${'x'.repeat(97)}`;
    expect(long).toHaveLength(101);
    const register = await harness.client().post('/api/register', { ...registration, password: long });
    expect(register.status).toBe(400);
    expect(register.body.message).toBe(RECOVERY_TEXT.passwordMax);
    const reset = await harness.client().post('/api/reset-password/sometoken', { newPassword: long });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(RECOVERY_TEXT.passwordMax);
    const exactly = await harness
      .client()
      .post('/api/register', { ...registration, password: long.slice(0, TEXT_LIMITS.password) });
    expect(exactly.status).toBe(201);
  });

  it.each([2_147_483_648, 2 ** 53, -1, 0, '1e400'])(
    'refuses verify-login userId %j with 400',
    async (userId) => {
      const response = await harness
        .client()
        .post('/api/verify-login', { userId, verificationCode: '123456' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(INPUT_TEXT.invalidId);
    },
  );

  it.each(['2147483648', '99999999999999999999', '-5', 'abc'])(
    'refuses ticket id %s with 400',
    async (id) => {
      const response = await signedIn.get(`/api/tickets/${id}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(INPUT_TEXT.invalidId);
    },
  );

  it('bounds the concert search in characters and words before any SQL', async () => {
    const manyWords = Array.from({ length: 2_000 }, (_, index) => `w${index}`).join(' ');
    const started = Date.now();
    const words = await harness.client().get(`/api/concerts/search?query=${encodeURIComponent(manyWords)}`);
    expect(words.status).toBe(400);
    expect(words.body.message).toBe(CATALOG_TEXT.searchTooLong);
    const nine = await harness
      .client()
      .get(`/api/concerts/search?query=${encodeURIComponent('abc '.repeat(9))}`);
    expect(nine.status).toBe(400);
    expect(nine.body.message).toBe(CATALOG_TEXT.searchTooLong);
    const eight = await harness
      .client()
      .get(`/api/concerts/search?query=${encodeURIComponent('abc '.repeat(8))}`);
    expect(eight.status).toBe(200);
    const long = await harness
      .client()
      .get(`/api/concerts/search?query=${'a'.repeat(TEXT_LIMITS.searchQuery + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(CATALOG_TEXT.searchTooLong);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a 256 KB backtracking-bait address on subscribe at once, storing nothing', async () => {
    const bait = `a@${'a.'.repeat(60_000)} x`;
    const started = Date.now();
    const response = await harness.client().post('/api/subscribe', { name: 'Rae', email: bait });
    expect(response.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await harness.database.db.select().from(newsletterSubscribers)).toHaveLength(0);
  });

  describe('malformed multipart and content types: 4xx, never 5xx', () => {
    const part = '--XX\r\ncontent-disposition: form-data; name="eventName"\r\n\r\nAurora';
    const cases: [string, string, string | Blob][] = [
      ['missing boundary', 'multipart/form-data', part],
      ['empty boundary', 'multipart/form-data; boundary=', part],
      ['wrong boundary', 'multipart/form-data; boundary=YY', `${part}\r\n--XX--\r\n`],
      ['unclosed boundary', 'multipart/form-data; boundary=XX', part],
      ['overlong boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, part],
      ['empty body', 'multipart/form-data; boundary=XX', ''],
      ['XML', 'application/xml', '<image>not one</image>'],
      ['octet-stream over 1 MB', 'application/octet-stream', new Blob([new Uint8Array(1_200_000)])],
      ['broken JSON', 'application/json', '{"eventName": '],
    ];
    for (const path of ['/api/tickets', '/api/tickets/1', '/api/upload/direct']) {
      it.each(cases)(`POST ${path}: %s`, async (_name, contentType, body) => {
        for (const client of [harness.client(), signedIn]) {
          const response = await client.request('POST', path, {
            headers: { 'content-type': contentType },
            body,
          });
          expect(response.status, response.text).toBeGreaterThanOrEqual(400);
          expect(response.status, response.text).toBeLessThan(500);
          expect(typeof response.body.message).toBe('string');
          if (path === '/api/upload/direct' && client === signedIn) expect(response.body.success).toBe(false);
        }
      });
    }

    it('names the problem of a broken multipart body', async () => {
      const response = await signedIn.request('POST', '/api/tickets', {
        headers: { 'content-type': 'multipart/form-data; boundary=XX' },
        body: part,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(INPUT_TEXT.malformedMultipart);
    });
  });
});
