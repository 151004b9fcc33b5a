import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Database, isReachable, migrationsApplied } from '../../db/client.js';
import type { InstanceLifecycle } from './lifecycle.js';

/** A database slower than this to answer `select 1` is as good as down for a load balancer's check. */
export const READINESS_DATABASE_TIMEOUT_MS = 1_000;

const checks = z.object({
  lifecycle: z.enum(['starting', 'serving', 'draining']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  database: z.enum(['up', 'down', 'unknown']),
});
type Checks = z.infer<typeof checks>;

/** Resolves with `fallback` when `work` takes longer than `ms` (the statement itself runs on to its timeout). */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (decision 0067), beside the older /api/health. Live: the process serves HTTP.
 * Ready: it is serving (not starting, not draining after SIGTERM), the database has this build's migrations
 * and answers within a second. A load balancer sends traffic only to a ready instance.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; lifecycle: InstanceLifecycle },
): Promise<void> {
  const { database, lifecycle } = options;
  // Migrations are never undone: once seen applied, only reachability is checked.
  let migrationsSeen = false;

  async function check(): Promise<Checks> {
    if (lifecycle.state !== 'serving')
      return { lifecycle: lifecycle.state, migrations: 'unknown', database: 'unknown' };
    if (!migrationsSeen) {
      const applied = await within(
        migrationsApplied(database.db).then((done) => (done ? 'applied' : 'pending')),
        READINESS_DATABASE_TIMEOUT_MS,
        'unreachable' as const,
      );
      if (applied === 'unreachable') return { lifecycle: 'serving', migrations: 'unknown', database: 'down' };
      migrationsSeen = applied === 'applied';
      return { lifecycle: 'serving', migrations: applied, database: 'up' };
    }
    const up = await within(isReachable(database.db), READINESS_DATABASE_TIMEOUT_MS, false);
    return { lifecycle: 'serving', migrations: 'applied', database: up ? 'up' : 'down' };
  }

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process serves HTTP',
        response: { 200: z.object({ status: z.literal('alive') }) },
      },
    },
    async () => ({ status: 'alive' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: this instance should take traffic',
        response: {
          200: z.object({ status: z.literal('ready'), checks }),
          503: z.object({ status: z.literal('not_ready'), checks }),
        },
      },
    },
    async (_request, reply) => {
      const result = await check();
      const ready =
        result.lifecycle === 'serving' && result.migrations === 'applied' && result.database === 'up';
      if (ready) return reply.send({ status: 'ready', checks: result });
      return reply.status(503).send({ status: 'not_ready', checks: result });
    },
  );
}
