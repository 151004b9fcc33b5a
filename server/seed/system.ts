import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { MAX_JOB_ATTEMPTS } from '../jobs/queue.js';
import { PAYOUT_JOB } from '../modules/sales/timeline.js';

/** What the demo's given-up payout says went wrong. */
export const DEMO_GIVEN_UP_ERROR = 'Error: demo data: the payout provider did not answer';

/**
 * Demo data for the admin System tab (decision 0068): the first demo sale's payout job, as if it had failed
 * until it gave up, so the tab has a job to retry. A Retry runs it: the sale is not due yet, so it goes back
 * to waiting for its payout date, as any payout does. Seeded once, with the demo sales; development only, like
 * all demo data.
 */
export async function seedGivenUpJob(db: Db, now: Date): Promise<void> {
  const fresh = and(
    eq(jobs.kind, PAYOUT_JOB),
    isNull(jobs.doneAt),
    isNull(jobs.lastError),
    eq(jobs.attempts, 0),
  );
  const [first] = await db.select({ id: jobs.id }).from(jobs).where(fresh).orderBy(asc(jobs.id)).limit(1);
  if (!first) return;
  await db
    .update(jobs)
    .set({ attempts: MAX_JOB_ATTEMPTS, gaveUpAt: now, lastError: DEMO_GIVEN_UP_ERROR })
    .where(and(eq(jobs.id, first.id), fresh));
}
