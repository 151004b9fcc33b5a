import { lte, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGE } from '../../common/messages.js';
import type { DbOrTx } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';
import { TooManyRequests } from '../errors.js';

export interface RateLimitOptions {
  /** Requests allowed per client IP in one window. */
  max: number;
  windowMs: number;
}

/** The window of the sign-in, registration, recovery and subscribe limits (their size is AUTH_RATE_LIMIT). */
export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Counts one hit on `key` in a fixed window and returns the count so far. A single
 * upsert, so concurrent requests on any number of app instances count exactly.
 */
export async function countHit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const windowOver = sql`${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimitCounters.count} + 1 end`,
        resetAt: sql`case when ${windowOver} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** Removes counters whose window is over (the sweep job calls this); returns how many. */
export async function pruneRateLimitCounters(db: DbOrTx, now = new Date()): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.resetAt, now))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}

/**
 * preHandler factory: at most `max` requests per client IP per window on the route
 * named `name`; beyond that 429 with Retry-After. Counters live in the database so
 * every instance behind the load balancer shares them.
 */
export function rateLimit(db: DbOrTx, name: string, options: RateLimitOptions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const now = new Date();
    const { count, resetAt } = await countHit(db, `${name}:${request.ip}`, options.windowMs, now);
    if (count > options.max) {
      reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
      throw new TooManyRequests(SERVER_MESSAGE.tooManyRequests);
    }
  };
}

/**
 * preHandler factory for signed-in routes: at most `max` requests per member per window on the route named
 * `name`, beyond that 429 with Retry-After and `message`. Counted on the clock the route's service uses, in
 * the database, so every instance shares the count. Runs after the session check (onRequest).
 */
export function memberRateLimit(
  db: DbOrTx,
  name: string,
  options: RateLimitOptions & {
    message: string;
    now: () => Date;
    userOf: (request: FastifyRequest) => number;
  },
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const now = options.now();
    const key = `${name}:user:${options.userOf(request)}`;
    const { count, resetAt } = await countHit(db, key, options.windowMs, now);
    if (count > options.max) {
      reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
      throw new TooManyRequests(options.message);
    }
  };
}
