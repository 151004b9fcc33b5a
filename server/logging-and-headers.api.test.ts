import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../common/messages.js';
import { OutboxMailer } from './adapters/mail/outbox.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { users } from './db/schema/index.js';
import { createTestUser } from './modules/auth/testing.js';
import { MAX_LOGGED_CHARS } from './plugins/logging.js';
import { backends, openTestDatabase, startTestApp, type ThrowawayDatabase } from './test/harness.js';

/** Issue 6 §4: what a database error logs, and HSTS only over https. */
describe.each(backends)('logs on %s', (backend) => {
  let database: ThrowawayDatabase;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  const secretHash = `$argon2id$v=19$m=19456,t=2,p=1$SECRETSALT$${'S'.repeat(40)}`;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', APP_URL: 'http://localhost:3000' });
    app = await buildApp({
      config,
      database,
      mailer: new OutboxMailer(database.db),
      logStream: { write: (line: string) => lines.push(line) },
    });
    // A route whose insert breaks a unique index, with a password hash and a 1 MB name among its values:
    // what a registration that lost a race (or a bug) sends to the error handler.
    app.post('/api/test-failing-insert', async () => {
      const [existing] = await database.db.select().from(users).limit(1);
      await database.db.insert(users).values({
        username: existing?.username ?? 'x',
        email: 'other@example.com',
        passwordHash: secretHash,
        firstName: 'N'.repeat(1_000_000),
        lastName: 'Lee',
      });
      return { ok: true };
    });
    app.get('/api/test-huge-error', async () => {
      throw new Error(`boom ${'m'.repeat(1_000_000)}`);
    });
    await app.ready();
    await createTestUser(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('logs a failed statement without its parameter values, and caps every logged field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-failing-insert', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: SERVER_MESSAGE.internal });
    const errorLines = lines.filter((line) => line.includes('unhandled error'));
    expect(errorLines).toHaveLength(1);
    const [line = ''] = errorLines;
    expect(line).not.toContain('SECRETSALT');
    expect(line).not.toContain('argon2id');
    expect(line).not.toContain('N'.repeat(MAX_LOGGED_CHARS));
    expect(line.length).toBeLessThan(30_000);
    const logged = JSON.parse(line);
    expect(logged.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(logged.err.paramCount).toBeGreaterThan(0);
    expect(logged.err.params).toBeUndefined();
    expect(logged.err.cause.code).toBe('23505');
    for (const text of lines) expect(text.length).toBeLessThan(30_000);
    const stored = await database.db.select().from(users).where(eq(users.email, 'other@example.com'));
    expect(stored).toHaveLength(0);
  });

  it('caps a huge URL and an error message in the request log', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: `/api/test-huge-error?q=${'q'.repeat(100_000)}`,
    });
    expect(response.statusCode).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    for (const text of lines) expect(text.length).toBeLessThan(30_000);
  });
});

describe('HSTS', () => {
  it('is not sent when APP_URL is http', async () => {
    const harness = await startTestApp('pglite', { APP_URL: 'http://localhost:3000' });
    try {
      const response = await harness.client().get('/api/health');
      expect(response.status).toBe(200);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await harness.close();
    }
  });

  it('is sent when APP_URL is https', async () => {
    const harness = await startTestApp('pglite', { APP_URL: 'https://encore.example.com' });
    try {
      const response = await harness.client().get('/api/health');
      expect(response.status).toBe(200);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await harness.close();
    }
  });
});
