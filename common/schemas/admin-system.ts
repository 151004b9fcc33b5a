import { z } from 'zod';
import { adminPageQuerySchema } from './admin-money.js';

/**
 * The admin System tab (issue 36 §3–§4; decision 0068): the durable jobs by kind and state, the failing and
 * given-up ones with their last error, a Retry for a job that gave up, and the ledger's last self-check.
 */

/** What the self-check compares; each mismatch names the orders it concerns. */
export const LEDGER_MISMATCH_KINDS = [
  'unbalanced_journal',
  'escrow',
  'reversal',
  'payout',
  'dispute',
  'provider',
] as const;
export type LedgerMismatchKind = (typeof LEDGER_MISMATCH_KINDS)[number];

export const ledgerMismatchSchema = z.object({
  kind: z.enum(LEDGER_MISMATCH_KINDS),
  /** The orders concerned (none for a payment that never became a sale: then sessionId names it). */
  orderIds: z.array(z.number().int()),
  sessionId: z.string().nullable(),
  /** What was found, in words and cents. */
  detail: z.string(),
});
export type LedgerMismatch = z.infer<typeof ledgerMismatchSchema>;

export const ledgerCheckSchema = z.object({
  checkedAt: z.string(),
  /** The period whose balance transactions at the provider were compared with the ledger's journals. */
  periodStart: z.string(),
  periodEnd: z.string(),
  provider: z.enum(['stripe', 'sandbox']),
  mismatchCount: z.number().int(),
  /** The first mismatches found; mismatchCount counts them all. */
  mismatches: z.array(ledgerMismatchSchema),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** One kind of job: how many are in each state now, and since when the oldest due one has waited. */
export const jobKindSummarySchema = z.object({
  kind: z.string(),
  /** Due and not claimed by a runner. */
  due: z.number().int(),
  /** Claimed by a runner whose lease is live. */
  running: z.number().int(),
  /** Waiting for their time (including retries after a failure). */
  scheduled: z.number().int(),
  /** Not done, failed at least once and still retried. */
  failing: z.number().int(),
  givenUp: z.number().int(),
  oldestDueAt: z.string().nullable(),
});
export type JobKindSummary = z.infer<typeof jobKindSummarySchema>;

/** GET /api/admin/system */
export const systemSummarySchema = z.object({
  kinds: z.array(jobKindSummarySchema),
  ledgerCheck: ledgerCheckSchema.nullable(),
});
export type SystemSummary = z.infer<typeof systemSummarySchema>;

export const SYSTEM_JOB_STATES = ['given_up', 'failing'] as const;
export type SystemJobState = (typeof SYSTEM_JOB_STATES)[number];

/** GET /api/admin/system/jobs: the given-up (or failing) jobs, newest first, paged. */
export const systemJobsQuerySchema = adminPageQuerySchema.extend({
  state: z.enum(SYSTEM_JOB_STATES).default('given_up'),
});
export type SystemJobsQuery = z.infer<typeof systemJobsQuerySchema>;

export const systemJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  attempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string().nullable(),
  gaveUpAt: z.string().nullable(),
});
export type SystemJob = z.infer<typeof systemJobSchema>;

export const systemJobsResponseSchema = z.object({
  rows: z.array(systemJobSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
});

/** POST /api/admin/system/jobs/{id}/retry */
export const retryJobResponseSchema = z.object({ message: z.string(), job: systemJobSchema });
