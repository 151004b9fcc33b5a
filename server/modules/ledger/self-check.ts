import { and, desc, eq, isNull } from 'drizzle-orm';
import type { LedgerCheck, LedgerMismatch } from '../../../common/schemas/admin-system.js';
import { SYSTEM_TEXT } from '../../../common/texts/system.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { ledgerChecks, users } from '../../db/schema/index.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import type { MoneyDeps } from '../sales/deps.js';
import { ledgerMismatches } from './checks.js';
import { providerMismatches } from './provider-check.js';

/**
 * The ledger that checks itself (issue 36 §3; decision 0068): one durable job, run by whichever instance
 * claims it, once a day. It checks the whole ledger's invariants and compares the provider's balance
 * transactions of the day before with the journals of that day; it stores the result, and a mismatch is
 * e-mailed to the admins, naming the orders.
 */

export const LEDGER_CHECK_JOB = 'ledger_check';
const LEDGER_CHECK_KEY = 'daily';
const DAY_MS = 24 * 60 * 60_000;
/** The check runs this long after midnight UTC, once the provider has booked the day's last movements. */
export const LEDGER_CHECK_DELAY_MS = 30 * 60_000;
/** Mismatches kept in the stored row and listed in the e-mail at most; the count is always whole. */
export const STORED_MISMATCHES = 200;

/** The last whole UTC day before `now`: the period compared with the provider. */
export function periodBefore(now: Date): { start: Date; end: Date } {
  const end = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return { start: new Date(end.getTime() - DAY_MS), end };
}

/** When the next check runs: the coming midnight UTC plus the delay. */
export function nextCheckAfter(now: Date): Date {
  return new Date(periodBefore(now).end.getTime() + DAY_MS + LEDGER_CHECK_DELAY_MS);
}

function ledgerCheckOf(row: typeof ledgerChecks.$inferSelect): LedgerCheck {
  return {
    checkedAt: row.checkedAt.toISOString(),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    provider: row.provider,
    mismatchCount: row.mismatchCount,
    mismatches: row.mismatches,
  };
}

/** The last check, for the System tab and the metrics (encore_ledger_check_mismatches); null before any. */
export async function latestLedgerCheck(db: DbOrTx): Promise<LedgerCheck | null> {
  const [row] = await db
    .select()
    .from(ledgerChecks)
    .orderBy(desc(ledgerChecks.checkedAt), desc(ledgerChecks.id))
    .limit(1);
  return row ? ledgerCheckOf(row) : null;
}

function mismatchLine(mismatch: LedgerMismatch): string {
  const session = mismatch.sessionId ? ` (checkout session ${mismatch.sessionId})` : '';
  return `${SYSTEM_TEXT.mismatchKinds[mismatch.kind]}: ${SYSTEM_TEXT.orders(mismatch.orderIds)}${session}. ${mismatch.detail}`;
}

async function mailAdmins(deps: MoneyDeps, check: LedgerCheck): Promise<void> {
  const admins = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)));
  const paragraphs = [
    SYSTEM_TEXT.mailIntro(check.mismatchCount),
    ...check.mismatches.map(mismatchLine),
    `${deps.appUrl}/admin?tab=system`,
  ];
  for (const admin of admins) {
    try {
      await deps.mailer.send(
        paragraphMail(admin.email, SYSTEM_TEXT.mailSubject(check.mismatchCount), paragraphs),
      );
    } catch (error) {
      deps.log.error({ err: error }, 'could not e-mail an admin about the ledger check');
    }
  }
}

/** Runs every check now and records the result; mismatches are logged and e-mailed to the admins. */
export async function runLedgerCheck(
  deps: MoneyDeps,
  period = periodBefore(deps.clock.now()),
): Promise<LedgerCheck> {
  const internal = await ledgerMismatches(deps.db);
  const movements = await deps.payments.listBalanceMovements(period.start, period.end);
  const external = await providerMismatches(deps.db, movements, period.start, period.end);
  const mismatches = [...internal, ...external];
  const [row] = await deps.db
    .insert(ledgerChecks)
    .values({
      periodStart: period.start,
      periodEnd: period.end,
      checkedAt: deps.clock.now(),
      provider: deps.payments.kind,
      mismatchCount: mismatches.length,
      mismatches: mismatches.slice(0, STORED_MISMATCHES),
    })
    .returning();
  if (!row) throw new Error('the ledger check was not recorded');
  const check = ledgerCheckOf(row);
  if (check.mismatchCount > 0) {
    deps.log.error(
      {
        mismatches: check.mismatchCount,
        orderIds: mismatches.flatMap((found) => found.orderIds).slice(0, 50),
      },
      'the ledger check found mismatches',
    );
    await mailAdmins(deps, check);
  } else deps.log.info({ period }, 'the ledger check found no mismatches');
  return check;
}

/** The daily job for every instance's runner (server/main.ts); it runs again at the next day's check. */
export function ledgerCheckJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [LEDGER_CHECK_JOB]: async (_job, now) => {
      const check = await runLedgerCheck(deps, periodBefore(now));
      return {
        retryAt: nextCheckAfter(now),
        note: `daily: ${check.mismatchCount} mismatches on ${check.checkedAt}`,
      };
    },
  };
}

/** Makes sure the daily check exists (once per database; idempotent): its first run is now. */
export function scheduleLedgerCheck(db: Db, now: Date): Promise<void> {
  return enqueueJob(db, { kind: LEDGER_CHECK_JOB, key: LEDGER_CHECK_KEY, runAt: now });
}
