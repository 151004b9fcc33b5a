import { and, lt, lte, or, sql } from 'drizzle-orm';
import type { ImageStore } from '../adapters/images/image-store.js';
import { unusedByTickets } from '../adapters/images/upload-quota.js';
import type { Db, DbOrTx } from '../db/client.js';
import {
  cloudinaryUploads,
  emailTokens,
  loginCodes,
  sessions,
  storedImages,
  trustedDevices,
} from '../db/schema/index.js';
import { startPeriodicRun } from '../lib/periodic-run.js';
import { releaseRetiredUsernames } from '../modules/auth/retired-usernames.js';
import { sweepIdleParts } from '../modules/holds/splits.js';
import { pruneRateLimitCounters } from '../plugins/rate-limit.js';

/** How often each instance tries to sweep. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Any constant works; it only has to be the same in every instance (migrations use 7_411_001). */
export const SWEEP_LOCK_KEY = 7_411_002;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Expired or consumed login codes stay a day, so a late attempt still hears "expired" rather than "invalid". */
export const LOGIN_CODE_RETENTION_MS = DAY_MS;
/** Used or expired e-mail links stay a week, so a late click still hears why the link no longer works. */
export const EMAIL_TOKEN_RETENTION_MS = 7 * DAY_MS;
/** An upload no listing uses is kept this long: the seller may still be filling in the listing form. */
export const ORPHANED_UPLOAD_AGE_MS = DAY_MS;
/** Orphaned uploads removed per run at most; the rest go in the next run. */
export const ORPHANED_UPLOAD_BATCH = 500;

function before(now: Date, ms: number): Date {
  return new Date(now.getTime() - ms);
}

/** Sessions past their expiry (the session plugin already ignores them). */
export async function sweepExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

/** Login codes that expired, or were consumed, more than a day ago. */
export async function sweepOldLoginCodes(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = before(now, LOGIN_CODE_RETENTION_MS);
  const rows = await db
    .delete(loginCodes)
    .where(or(lte(loginCodes.expiresAt, cutoff), lte(loginCodes.consumedAt, cutoff)))
    .returning({ id: loginCodes.id });
  return rows.length;
}

/** E-mail tokens (verification, reset, e-mail change) used, or expired, more than 7 days ago. */
export async function sweepOldEmailTokens(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = before(now, EMAIL_TOKEN_RETENTION_MS);
  const rows = await db
    .delete(emailTokens)
    .where(or(lte(emailTokens.expiresAt, cutoff), lte(emailTokens.usedAt, cutoff)))
    .returning({ id: emailTokens.id });
  return rows.length;
}

/** Trusted devices past their expiry (sign-in already ignores them). */
export async function sweepExpiredTrustedDevices(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(trustedDevices)
    .where(lte(trustedDevices.expiresAt, now))
    .returning({ id: trustedDevices.id });
  return rows.length;
}

/** Counters whose window is over; the rate-limit plugin owns the table and the rule. */
export const sweepRateLimitCounters = (db: DbOrTx, now: Date): Promise<number> =>
  pruneRateLimitCounters(db, now);

/**
 * Uploads older than a day that no ticket uses (as its picture or its barcode), deleted through the image
 * store. A module that starts keeping uploads elsewhere must be checked in unusedByTickets too.
 */
export async function sweepOrphanedUploads(db: DbOrTx, images: ImageStore, now: Date): Promise<number> {
  // Deletes go through `db` (the run's transaction): PGlite is one connection, and a query from outside an
  // open transaction waits for it to end.
  const store = images.using(db);
  // The table that lists this store's uploads.
  const ledger = images.kind === 'database' ? storedImages : cloudinaryUploads;
  const orphans = await db
    .select({ publicId: ledger.publicId })
    .from(ledger)
    .where(and(lt(ledger.createdAt, before(now, ORPHANED_UPLOAD_AGE_MS)), unusedByTickets(db, ledger)))
    .orderBy(ledger.createdAt)
    .limit(ORPHANED_UPLOAD_BATCH);
  for (const { publicId } of orphans) await store.delete(publicId);
  return orphans.length;
}

export interface SweepCounts {
  sessions: number;
  loginCodes: number;
  emailTokens: number;
  trustedDevices: number;
  rateLimitCounters: number;
  orphanedUploads: number;
  /** Not removed: parts of listings whose hold lapsed unsold, put back into their listings (decision 0062). */
  idleParts: number;
  /** Closed accounts' usernames whose quarantine ended (decision 0099). */
  retiredUsernames: number;
}
export type SweepName = keyof SweepCounts;

/** A run that happened, or why none did (another instance held the lock, or the runner was stopped). */
export type SweepReport =
  | { ran: true; removed: SweepCounts; failed: SweepName[] }
  | { ran: false; reason: 'locked' | 'stopped' };

export interface SweepLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SweepOptions {
  db: Db;
  images: ImageStore;
  intervalMs?: number;
  log: SweepLog;
}

export interface Sweeps {
  /** Cancels the timer and waits for a run in progress; later runs are skipped. */
  stop(): Promise<void>;
  /** One run now, after any run already in progress in this instance. */
  runOnce(): Promise<SweepReport>;
}

const SWEEPS: Record<SweepName, (db: DbOrTx, images: ImageStore, now: Date) => Promise<number>> = {
  sessions: (db, _images, now) => sweepExpiredSessions(db, now),
  loginCodes: (db, _images, now) => sweepOldLoginCodes(db, now),
  emailTokens: (db, _images, now) => sweepOldEmailTokens(db, now),
  trustedDevices: (db, _images, now) => sweepExpiredTrustedDevices(db, now),
  rateLimitCounters: (db, _images, now) => sweepRateLimitCounters(db, now),
  orphanedUploads: sweepOrphanedUploads,
  idleParts: (db, _images, now) => sweepIdleParts(db, now),
  retiredUsernames: (db, _images, now) => releaseRetiredUsernames(db, now),
};

/**
 * Every instance runs the sweeps on a timer; a transaction-level advisory lock lets one run at a time across
 * instances (a run that finds it taken is skipped) and is released with the transaction, on the same
 * connection, on PostgreSQL and PGlite alike. Each sweep has its own savepoint, so one failing sweep is
 * logged and the others still commit.
 */
export function startSweeps(options: SweepOptions): Sweeps {
  const { db, images, log } = options;
  const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  if (!Number.isInteger(intervalMs) || intervalMs <= 0)
    throw new Error(`sweep interval must be a positive number of milliseconds, got ${intervalMs}`);

  function sweepLocked(): Promise<SweepReport> {
    return db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (result.rows[0]?.locked !== true) return { ran: false, reason: 'locked' } as const;
      const now = new Date();
      const removed: SweepCounts = {
        sessions: 0,
        loginCodes: 0,
        emailTokens: 0,
        trustedDevices: 0,
        rateLimitCounters: 0,
        orphanedUploads: 0,
        idleParts: 0,
        retiredUsernames: 0,
      };
      const failed: SweepName[] = [];
      for (const name of Object.keys(SWEEPS) as SweepName[]) {
        try {
          removed[name] = await tx.transaction((savepoint) => SWEEPS[name](savepoint, images, now));
        } catch (error) {
          failed.push(name);
          log.error({ err: error, sweep: name }, 'housekeeping sweep failed');
        }
      }
      if (Object.values(removed).some((count) => count > 0))
        log.info({ removed }, 'housekeeping sweep removed stale rows');
      return { ran: true, removed, failed };
    });
  }

  // Runs in this instance are chained, so two never overlap; a run asked for before stop() still happens
  // (stop waits for it), none starts after.
  return startPeriodicRun<SweepReport>({
    work: sweepLocked,
    intervalMs,
    onError: (error) => log.error({ err: error }, 'housekeeping sweep failed'),
    stoppedResult: { ran: false, reason: 'stopped' },
  });
}
