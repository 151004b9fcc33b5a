import { and, desc, eq, lte, ne } from 'drizzle-orm';
import type { DataExportState } from '../../../common/schemas/data-exports.js';
import { DATA_EXPORT_TEXT } from '../../../common/texts/data-export.js';
import { formatVenueDateTime } from '../../../common/venue-time.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { Db } from '../../db/client.js';
import { dataExports, users } from '../../db/schema/index.js';
import { Conflict, DomainError, NotFound } from '../../errors.js';
import { type ClaimedJob, enqueueJob, type JobOutcome, jobDone, MAX_JOB_ATTEMPTS } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { idOfSignedToken, signedIdToken } from '../../lib/signed-links.js';
import { recordAdminAction } from '../audit/service.js';
import { buildDataExport, DATA_EXPORT_LIMITS, type DataExportLimits } from './contents.js';

/**
 * A copy of my data (issue 47 item 4; decision 0097). A request is a row and a durable job; the job builds
 * the ZIP (contents.ts), keeps it in the row and e-mails a link; the link downloads it only with the
 * session of the member it was made for, until it expires a week later; an hourly job deletes expired files.
 * The request and every download are written to the audit log, with the member as the actor.
 */

export const DATA_EXPORT_JOB = 'data_export';
export const DATA_EXPORT_MAIL_JOB = 'data_export_mail';
export const DATA_EXPORTS_EXPIRE_JOB = 'data_exports_expire';
const EXPIRE_KEY = 'every-hour';
export const DATA_EXPORTS_EXPIRE_EVERY_MS = 60 * 60_000;
/** How long a finished copy can be downloaded before its file is deleted. */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;

export interface DataExportDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  emailLinkSecret: string;
  /** The time zone the e-mail names the expiry in (PLATFORM_TIME_ZONE). */
  timeZone: string;
  limits?: DataExportLimits;
}

/** The link's token: the export's id signed for this member only (server/lib/signed-links.ts). */
const purposeFor = (userId: number) => `data-export:${userId}`;

export function downloadToken(secret: string, userId: number, exportId: number): string {
  return signedIdToken(secret, purposeFor(userId), exportId);
}

export function downloadPath(token: string): string {
  return `/api/user/data-export/download?token=${encodeURIComponent(token)}`;
}

/** What the e-mail links to: the profile's "Your data" section, through sign-in when needed. */
export function mailedLink(appUrl: string, token: string): string {
  return `${appUrl}/login?next=${encodeURIComponent(`/profile?export=${token}`)}`;
}

type ExportRow = typeof dataExports.$inferSelect;

function stateOf(row: ExportRow | undefined, secret: string, now: Date): DataExportState {
  if (!row) return { export: null };
  // A file past its expiry is expired even before the sweep deletes it.
  const expired =
    row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now);
  const status = expired ? 'expired' : row.status;
  return {
    export: {
      id: row.id,
      status,
      requestedAt: row.requestedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      bytes: status === 'ready' ? row.archiveBytes : null,
      truncated: row.truncated,
      downloadPath: status === 'ready' ? downloadPath(downloadToken(secret, row.userId, row.id)) : null,
    },
  };
}

const stateColumns = {
  id: dataExports.id,
  userId: dataExports.userId,
  status: dataExports.status,
  requestedAt: dataExports.requestedAt,
  finishedAt: dataExports.finishedAt,
  expiresAt: dataExports.expiresAt,
  archiveBytes: dataExports.archiveBytes,
  truncated: dataExports.truncated,
};

/** GET /api/user/data-export: the member's latest request and its state. */
export async function latestDataExport(deps: DataExportDeps, userId: number): Promise<DataExportState> {
  const [row] = await deps.db
    .select(stateColumns)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return stateOf(row ? { ...row, archive: null } : undefined, deps.emailLinkSecret, deps.clock.now());
}

/**
 * POST /api/user/data-export: a new request, its job and its audit row in one transaction. A second request
 * while one is pending is refused (the unique index decides, so two at once cannot both pass).
 */
export async function requestDataExport(
  deps: DataExportDeps,
  userId: number,
): Promise<{ message: string } & DataExportState> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(dataExports)
      .values({ userId, status: 'pending', requestedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    await enqueueJob(tx, {
      kind: DATA_EXPORT_JOB,
      key: `export:${inserted.id}`,
      runAt: now,
      payload: { exportId: inserted.id },
    });
    await recordAdminAction(tx, {
      adminId: userId,
      action: 'data_export.request',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: { exportId: inserted.id, status: 'pending' },
    });
    return inserted;
  });
  if (!row) throw new Conflict(DATA_EXPORT_TEXT.alreadyPending);
  return { message: DATA_EXPORT_TEXT.requestedMessage, ...stateOf(row, deps.emailLinkSecret, now) };
}

function exportIdOf(job: ClaimedJob): number {
  const value = job.payload.exportId;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error('job payload has no exportId');
  return value;
}

/**
 * The job: builds the ZIP of a pending request and keeps it; its e-mail is a job of its own, scheduled in the
 * same transaction, so a mail server that fails is retried without building again. Run again (an instance
 * that died while building), it finds the request no longer pending and does nothing more. A request whose
 * job gives up is marked failed, so the member may ask again.
 */
export async function runDataExport(deps: DataExportDeps, job: ClaimedJob): Promise<JobOutcome> {
  const exportId = exportIdOf(job);
  const [row] = await deps.db
    .select({ id: dataExports.id, userId: dataExports.userId, status: dataExports.status })
    .from(dataExports)
    .where(eq(dataExports.id, exportId));
  if (row?.status !== 'pending') return jobDone;
  try {
    const now = deps.clock.now();
    const archive = await buildDataExport(deps.db, row.userId, now, deps.limits ?? DATA_EXPORT_LIMITS);
    await deps.db.transaction(async (tx) => {
      const [stored] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          finishedAt: now,
          expiresAt: new Date(now.getTime() + DATA_EXPORT_TTL_MS),
          archive: Buffer.from(archive.zip),
          archiveBytes: archive.zip.length,
          truncated: archive.truncated,
        })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (!stored) return;
      // One file per member at most: a new copy replaces the one before (its link then says expired).
      await tx
        .update(dataExports)
        .set({ status: 'expired', archive: null })
        .where(
          and(
            eq(dataExports.userId, row.userId),
            eq(dataExports.status, 'ready'),
            ne(dataExports.id, exportId),
          ),
        );
      await enqueueJob(tx, {
        kind: DATA_EXPORT_MAIL_JOB,
        key: `export:${exportId}`,
        runAt: now,
        payload: { exportId },
      });
    });
    return jobDone;
  } catch (error) {
    if (job.attempts + 1 >= MAX_JOB_ATTEMPTS)
      await deps.db
        .update(dataExports)
        .set({ status: 'failed', finishedAt: deps.clock.now() })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
    throw error;
  }
}

/** The e-mail of a ready copy, with its link; none once the copy expired. A failed send is retried. */
export async function sendDataExportMail(deps: DataExportDeps, job: ClaimedJob): Promise<JobOutcome> {
  const exportId = exportIdOf(job);
  const [row] = await deps.db
    .select({
      userId: dataExports.userId,
      status: dataExports.status,
      expiresAt: dataExports.expiresAt,
      email: users.email,
      firstName: users.firstName,
    })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId));
  if (row?.status !== 'ready' || !row.expiresAt || row.expiresAt <= deps.clock.now()) return jobDone;
  const token = downloadToken(deps.emailLinkSecret, row.userId, exportId);
  await deps.mailer.send(
    paragraphMail(row.email, DATA_EXPORT_TEXT.mailSubject, [
      ...DATA_EXPORT_TEXT.mailParagraphs(row.firstName, formatVenueDateTime(row.expiresAt, deps.timeZone)),
      mailedLink(deps.appUrl, token),
      DATA_EXPORT_TEXT.mailClosing,
    ]),
  );
  return jobDone;
}

/** The hourly sweep: deletes the files of copies past their expiry; the rows stay as the requests' history. */
export async function expireDataExports(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'expired', archive: null })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  return rows.length;
}

export async function scheduleDataExportExpiry(db: Db, now: Date): Promise<void> {
  await enqueueJob(db, { kind: DATA_EXPORTS_EXPIRE_JOB, key: EXPIRE_KEY, runAt: now });
}

/**
 * GET /api/user/data-export/download?token=: the ZIP, for the signed-in member the token was made for only.
 * A token for another member, or altered, names nothing (404); a copy past its expiry answers 410. Each
 * download is written to the audit log before the file is answered.
 */
export async function downloadDataExport(
  deps: DataExportDeps,
  userId: number,
  token: string,
): Promise<{ filename: string; bytes: Buffer }> {
  const exportId = idOfSignedToken(deps.emailLinkSecret, purposeFor(userId), token);
  if (exportId === null) throw new NotFound(DATA_EXPORT_TEXT.linkInvalid);
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row || row.status === 'pending' || row.status === 'failed')
    throw new NotFound(DATA_EXPORT_TEXT.linkInvalid);
  if (row.status === 'expired' || !row.archive || (row.expiresAt !== null && row.expiresAt <= now))
    throw new DomainError(410, DATA_EXPORT_TEXT.linkExpired);
  await deps.db.transaction((tx) =>
    recordAdminAction(tx, {
      adminId: userId,
      action: 'data_export.download',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: { exportId, bytes: row.archiveBytes ?? row.archive?.length ?? 0 },
    }),
  );
  const day = row.requestedAt.toISOString().slice(0, 10);
  return { filename: `encore-data-${day}.zip`, bytes: row.archive };
}
