import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  AUDIT_READ_ACTIONS,
  type AUDIT_TARGET_TYPES,
  type AuditEntry,
  type AuditLogQuery,
  type AuditLogResponse,
  type AuditReadAction,
} from '../../../common/schemas/admin-money.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { adminAuditLog, users } from '../../db/schema/index.js';

/** The back office's audit log (decision 0033). */

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One value of a before/after: a word, a number, a yes/no, nothing, or a short list of ids. */
export type AuditValue = string | number | boolean | null | readonly (string | number)[];
/**
 * Before and after are flat, named fields (decision 0057), so the log reads as "Status: pending → resolved".
 * Money is in cents under a name ending in `Cents`; times are ISO strings.
 */
export type AuditFields = Readonly<Record<string, AuditValue>>;

export interface AdminAction {
  /** The admin or ambassador who acted. */
  adminId: number;
  /** e.g. 'order.refund', 'dispute.resolve', 'event.cancel', 'user.role', 'support.reply', 'user.view'. */
  action: string;
  targetType: AuditTargetType;
  targetId: number | string;
  before: AuditFields | null;
  after: AuditFields | null;
}

/**
 * Records an admin action. Takes the transaction of the change itself, so the change and its record commit
 * together or not at all.
 */
export async function recordAdminAction(tx: Tx, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** What a read showed: nothing changed, so there is no before; `shown` says what the answer held. */
export interface AdminRead {
  adminId: number;
  action: AuditReadAction;
  targetType: AuditTargetType;
  targetId: number | string;
  shown: AuditFields | null;
}

/**
 * Records a read that reveals personal data (decision 0057). Called after the data is read and before it is
 * answered, in a transaction of its own: if the record cannot be written, the request fails and shows nothing.
 */
export async function recordAdminRead(db: Db, read: AdminRead): Promise<void> {
  const { shown, ...entry } = read;
  await db.transaction((tx) => recordAdminAction(tx, { ...entry, before: null, after: shown }));
}

/**
 * What a list page showed: the search and filters it was asked for, the page, and the ids of its rows (each
 * once), so "who saw this member" finds list pages as well as detail views.
 */
export function pageShown(
  query: { page: number; search?: string | undefined },
  ids: readonly number[],
  filters: AuditFields = {},
): AuditFields {
  const search = query.search?.trim();
  return { ...(search ? { search } : {}), ...filters, page: query.page, ids: [...new Set(ids)] };
}

/** GET /api/admin/audit-log: newest first, paged, filtered by kind (changes or views), admin, action and target. */
export async function listAuditLog(db: DbOrTx, query: AuditLogQuery): Promise<AuditLogResponse> {
  const where = and(
    query.kind === 'views' ? inArray(adminAuditLog.action, [...AUDIT_READ_ACTIONS]) : undefined,
    query.kind === 'changes' ? notInArray(adminAuditLog.action, [...AUDIT_READ_ACTIONS]) : undefined,
    query.adminId === undefined ? undefined : eq(adminAuditLog.adminId, query.adminId),
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.targetType ? eq(adminAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(adminAuditLog.targetId, query.targetId) : undefined,
  );
  const rows = await db
    .select({
      id: adminAuditLog.id,
      adminId: adminAuditLog.adminId,
      adminName: users.username,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(where)
    .orderBy(desc(adminAuditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(adminAuditLog).where(where);
  const entries: AuditEntry[] = rows.map((row) => ({
    ...row,
    targetType: row.targetType as AuditTargetType,
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}
