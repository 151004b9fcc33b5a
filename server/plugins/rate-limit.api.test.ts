import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../../common/messages.js';
import { rateLimitCounters } from '../db/schema/index.js';
import { backends, openTestDatabase } from '../test/harness.js';
import { registerErrorHandler } from './error-handler.js';
import { countHit, pruneRateLimitCounters, rateLimit } from './rate-limit.js';

describe.each(backends)('database rate limits on %s', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    app = Fastify();
    registerErrorHandler(app);
    app.post(
      '/limited',
      { preHandler: rateLimit(database.db, 'limited', { max: 2, windowMs: 60_000 }) },
      async () => ({
        ok: true,
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('allows max requests per IP and window, then answers 429 with Retry-After', async () => {
    const hit = (remoteAddress: string) => app.inject({ method: 'POST', url: '/limited', remoteAddress });
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    const third = await hit('10.0.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: SERVER_MESSAGE.tooManyRequests });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await hit('10.0.0.2')).statusCode).toBe(200);
  });

  it('counts concurrent hits exactly and starts a new window when the old one is over', async () => {
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => countHit(database.db, 'burst', 60_000).then((row) => row.count)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const later = new Date(Date.now() + 61_000);
    expect((await countHit(database.db, 'burst', 60_000, later)).count).toBe(1);
    expect((await countHit(database.db, 'burst', 60_000, later)).count).toBe(2);
  });

  it('prunes counters whose window is over', async () => {
    await countHit(database.db, 'old', 1_000, new Date(Date.now() - 10_000));
    await pruneRateLimitCounters(database.db);
    const keys = (await database.db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('burst');
  });
});
