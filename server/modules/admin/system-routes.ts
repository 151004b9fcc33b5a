import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../common/schemas/admin-money.js';
import {
  retryJobResponseSchema,
  systemJobsQuerySchema,
  systemJobsResponseSchema,
  systemSummarySchema,
} from '../../../common/schemas/admin-system.js';
import { SYSTEM_TEXT } from '../../../common/texts/system.js';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { jobSummary, listSystemJobs, systemJobOf } from '../../jobs/overview.js';
import { retryGivenUpJob } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireRole } from '../../plugins/session.js';
import { recordAdminAction } from '../audit/service.js';
import { latestLedgerCheck } from '../ledger/self-check.js';

const errorSchema = z.object({ message: z.string() }).loose();

/**
 * The admin System tab (issue 36 §4; decision 0068): the jobs by kind and state, the given-up and failing
 * ones with their last error, Retry for a job that gave up (audited), and the ledger's last self-check.
 * Admins only. Jobs hold no personal data, so reading them is not audited; the Retry is.
 */
export async function systemRoutes(
  instance: FastifyInstance,
  options: { db: Db; clock: Clock },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const onRequest = requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/api/admin/system',
    {
      onRequest,
      schema: {
        tags,
        summary: "Jobs by kind and state, the oldest due, and the ledger's last self-check",
        response: { 200: systemSummarySchema },
      },
    },
    async () => ({ kinds: await jobSummary(db, clock.now()), ledgerCheck: await latestLedgerCheck(db) }),
  );

  app.get(
    '/api/admin/system/jobs',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The given-up (or failing) jobs with their last error, paged',
        querystring: systemJobsQuerySchema,
        response: { 200: systemJobsResponseSchema },
      },
    },
    async (request) => listSystemJobs(db, request.query),
  );

  app.post(
    '/api/admin/system/jobs/:id/retry',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Runs a job that gave up again now, with a fresh count of attempts (audited)',
        params: idParamsSchema,
        response: { 200: retryJobResponseSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const now = clock.now();
      const retried = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!before) throw new NotFound(SYSTEM_TEXT.jobNotFound);
        const job = await retryGivenUpJob(tx, id, now);
        if (!job) throw new Conflict(SYSTEM_TEXT.notGivenUp);
        await recordAdminAction(tx, {
          adminId: currentUser(request).id,
          action: 'job.retry',
          targetType: 'job',
          targetId: id,
          before: {
            kind: before.kind,
            key: before.key,
            attempts: before.attempts,
            gaveUpAt: before.gaveUpAt?.toISOString() ?? null,
            lastError: before.lastError,
          },
          after: { attempts: job.attempts, runAt: job.runAt.toISOString() },
        });
        return job;
      });
      return { message: SYSTEM_TEXT.retried(retried.kind, retried.key), job: systemJobOf(retried) };
    },
  );
}
