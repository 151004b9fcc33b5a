import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AUDIT_TARGET_TYPES,
  AuditEntry,
  AuditLogQuery,
  AuditLogResponse,
} from '../../../common/schemas/admin-money.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { adminAuditLog, users } from '../../db/schema/index.js';

/** The back office's audit log (decision 0033). */

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export interface AdminAction {
  adminId: number;
  /** e.g. 'order.refund', 'dispute.resolve', 'event.cancel', 'user.role'. */
  action: string;
  targetType: AuditTargetType;
  targetId: number | string;
  before: unknown;
  after: unknown;
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

/** GET /api/admin/audit-log: newest first, paged, filtered by admin, action and target. */
export async function listAuditLog(db: DbOrTx, query: AuditLogQuery): Promise<AuditLogResponse> {
  const where = and(
    query.adminId === undefined ? undefined : eq(adminAuditLog.adminId, query.adminId),
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.targetType ? eq(adminAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(adminAuditLog.targetId, query.targetId) : undefined,
  );
  const rows = await db
    .select({
      id: adminAuditLog.id,
      adminId: adminAuditLog.adminId,
      adminName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
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
