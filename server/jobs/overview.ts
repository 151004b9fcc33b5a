import { sql } from 'drizzle-orm';
import type { JobKindSummary, SystemJob, SystemJobsQuery } from '../../common/schemas/admin-system.js';
import type { DbOrTx } from '../db/client.js';

/** What the admin System tab shows of the durable jobs (decision 0068). */

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The jobs not done, by kind: due (and not claimed), running (under a live lease), scheduled for later,
 * failing (failed at least once, still retried) and given up, with the oldest due one's time. Read from the
 * partial index of jobs not done, so finished jobs, however many, cost nothing.
 */
export async function jobSummary(db: DbOrTx, now: Date): Promise<JobKindSummary[]> {
  const at = now.toISOString();
  const rows = await rowsOf<Record<keyof JobKindSummary, number | string | null> & { kind: string }>(
    db,
    sql`select kind,
          count(*) filter (where gave_up_at is null and run_at <= ${at}::timestamptz
            and (locked_until is null or locked_until <= ${at}::timestamptz)) as due,
          count(*) filter (where gave_up_at is null and locked_until > ${at}::timestamptz) as running,
          count(*) filter (where gave_up_at is null and run_at > ${at}::timestamptz
            and (locked_until is null or locked_until <= ${at}::timestamptz)) as scheduled,
          count(*) filter (where gave_up_at is null and attempts > 0) as failing,
          count(*) filter (where gave_up_at is not null) as "givenUp",
          min(run_at) filter (where gave_up_at is null and run_at <= ${at}::timestamptz) as "oldestDueAt"
        from jobs where done_at is null group by kind order by kind`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    running: Number(row.running),
    scheduled: Number(row.scheduled),
    failing: Number(row.failing),
    givenUp: Number(row.givenUp),
    oldestDueAt: isoOf(row.oldestDueAt as string | null),
  }));
}

/** A bound on the count of a list, as the other admin lists count (decision 0036). */
const TOTAL_BOUND = 1_000;

/** The given-up jobs (newest given up first) or the failing ones (soonest retried first), paged. */
export async function listSystemJobs(db: DbOrTx, query: SystemJobsQuery) {
  const where =
    query.state === 'given_up'
      ? sql`gave_up_at is not null and done_at is null`
      : sql`done_at is null and gave_up_at is null and attempts > 0`;
  const order = query.state === 'given_up' ? sql`gave_up_at desc, id desc` : sql`run_at, id`;
  const offset = (query.page - 1) * query.pageSize;
  const bound = Math.max(TOTAL_BOUND, offset + query.pageSize);
  const [rows, counted] = await Promise.all([
    rowsOf<SystemJobRow>(
      db,
      sql`select id, kind, key, attempts, run_at as "runAt", last_error as "lastError", gave_up_at as "gaveUpAt"
          from jobs where ${where} order by ${order} limit ${query.pageSize} offset ${offset}`,
    ),
    rowsOf<{ counted: number | string }>(
      db,
      sql`select count(*)::integer as counted from (select 1 from jobs where ${where} limit ${bound + 1}) bounded`,
    ),
  ]);
  const total = Number(counted[0]?.counted ?? 0);
  return {
    rows: rows.map((row) => systemJobOf(row)),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.min(total, bound),
    totalIsEstimate: total > bound,
  };
}

/** A jobs row as read for the System tab. */
interface SystemJobRow {
  id: number;
  kind: string;
  key: string;
  attempts: number;
  runAt: string | Date;
  lastError: string | null;
  gaveUpAt: string | Date | null;
}

/** A jobs row as the System tab shows it. */
export function systemJobOf(row: SystemJobRow): SystemJob {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    attempts: row.attempts,
    runAt: new Date(row.runAt).toISOString(),
    lastError: row.lastError,
    gaveUpAt: isoOf(row.gaveUpAt),
  };
}
