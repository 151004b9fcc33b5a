import { z } from 'zod';
import { DISPUTE_RESOLUTIONS, DISPUTE_SOURCES, DISPUTE_STATUSES } from '../sale-vocabulary.js';
import { boundedText, positiveInt32, TEXT_LIMITS } from './text.js';

/**
 * The back office's money calls (issue 22 §2–§3, issue 21 item 4): refunds, disputes, cancelled and
 * postponed events, and the audit log. The server (`server/modules/admin-money/`, `server/modules/audit/`)
 * and the admin dashboard share these shapes. Amounts are dollars with two decimals at the boundary.
 */

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Bounds the offset; past it an admin narrows the list with search or filters. */
export const ADMIN_PAGE_MAX = 4_000;
export const ADMIN_REASON_MIN_LENGTH = 3;
export const ADMIN_REASON_MAX_LENGTH = 500;

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
});

/** A reason an admin gives for a money action; the parties are e-mailed it. */
export const adminReasonSchema = boundedText(ADMIN_REASON_MAX_LENGTH, { multiline: true }).min(
  ADMIN_REASON_MIN_LENGTH,
  { error: `Please give a reason of at least ${ADMIN_REASON_MIN_LENGTH} characters` },
);

export const idParamsSchema = z.object({ id: positiveInt32() });

// ── Refund an order from escrow: POST /api/admin/transactions/{id}/refund ──────────────────────────

export const adminRefundRequestSchema = z.object({ reason: adminReasonSchema });
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/** Order states as the back office shows them. */
export const ADMIN_ORDER_STATUSES = ['escrow', 'completed', 'paid_out', 'refunded', 'disputed'] as const;

export const adminRefundResponseSchema = z.object({
  message: z.string(),
  orderId: z.number().int(),
  /** Dollars returned to the buyer. */
  refundedAmount: z.number(),
  status: z.string(),
});
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;

// ── Disputes: GET /api/admin/disputes, POST /api/admin/disputes/{id}/resolve ─────────────────────────
// A dispute is keyed by its order id: one order has at most one open dispute.

// Who opened a dispute and where it stands: the sale's vocabulary (issue 43 §13), named here as before.
export { DISPUTE_RESOLUTIONS, DISPUTE_SOURCES, DISPUTE_STATUSES } from '../sale-vocabulary.js';

export const disputesQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(DISPUTE_STATUSES).default('open'),
});
export type DisputesQuery = z.infer<typeof disputesQuerySchema>;

export const disputeSchema = z.object({
  orderId: z.number().int(),
  ticketId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  section: z.string().nullable(),
  buyerId: z.number().int(),
  buyerName: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  /** Dollars the buyer paid (all-in). */
  amount: z.number(),
  source: z.enum(DISPUTE_SOURCES),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  /** Transfer state of the sale: not_started, initiated, completed. */
  transferStatus: z.string(),
  /** Paper tickets: whether a barcode is uploaded and whether the buyer downloaded it. */
  barcode: z.object({ required: z.boolean(), uploaded: z.boolean(), downloaded: z.boolean() }),
  /** The ticket's message thread, oldest first (at most the last 50). */
  thread: z.array(
    z.object({ senderName: z.string(), message: z.string(), isSystem: z.boolean(), createdAt: z.string() }),
  ),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputesResponseSchema = z.object({
  disputes: z.array(disputeSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DisputesResponse = z.infer<typeof disputesResponseSchema>;

export const resolveDisputeRequestSchema = z.object({
  resolution: z.enum(DISPUTE_RESOLUTIONS),
  reason: adminReasonSchema,
});
export type ResolveDisputeRequest = z.infer<typeof resolveDisputeRequestSchema>;

export const resolveDisputeResponseSchema = z.object({ message: z.string(), dispute: disputeSchema });

// ── Events: GET /api/admin/events, POST /api/admin/events/{id}/cancel|postpone ──────────────────────

export const ADMIN_EVENT_STATUSES = ['scheduled', 'postponed', 'cancelled'] as const;

export const adminEventsQuerySchema = adminPageQuerySchema.extend({
  search: boundedText(TEXT_LIMITS.searchQuery).optional(),
  status: z.enum(ADMIN_EVENT_STATUSES).optional(),
});
export type AdminEventsQuery = z.infer<typeof adminEventsQuerySchema>;

export const adminEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  venue: z.string(),
  city: z.string().nullable(),
  /** yyyy-MM-dd */
  date: z.string(),
  status: z.enum(ADMIN_EVENT_STATUSES),
  statusReason: z.string().nullable(),
  activeListings: z.number().int(),
  soldTickets: z.number().int(),
  /** Cancellation progress: paid orders not yet paid out when it was cancelled, and how many are refunded. */
  refunds: z.object({ refunded: z.number().int(), total: z.number().int() }).nullable(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminEventsResponseSchema = z.object({
  events: z.array(adminEventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const cancelEventRequestSchema = z.object({ reason: adminReasonSchema });
export const postponeEventRequestSchema = z.object({
  newDate: z.iso.date({ error: 'Please choose the new date' }),
});
export const adminEventResponseSchema = z.object({ message: z.string(), event: adminEventSchema });

// ── Audit log: GET /api/admin/audit-log ────────────────────────────────────────────────────────────

export const AUDIT_TARGET_TYPES = [
  'user',
  'ticket',
  'order',
  'dispute',
  'event',
  'support_message',
  'attendee_search',
  'chat_topic',
  'admin_list',
  'image',
  'review',
  'job',
  'barcode_duplicate',
  'fan_queue_entry',
] as const;

/**
 * The audit log's reads (decision 0057): lists, details and searches an admin viewed. Everything else is a
 * change. `recordAdminRead` takes only these, so a new kind of read is named here or does not compile.
 */
export const AUDIT_READ_ACTIONS = [
  'users.list',
  'user.view',
  'tickets.list',
  'ticket.view',
  'transactions.list',
  'transaction.view',
  'disputes.list',
  'support.list',
  'ticket.thread',
  'ticket.barcode',
  'image.view',
  'attendees.search',
  'barcode-duplicates.list',
  'fan_queue.list',
] as const;
export type AuditReadAction = (typeof AUDIT_READ_ACTIONS)[number];
/** Changes only, or views only (issue 43 item 14: the views no longer bury the changes). */
export const AUDIT_KINDS = ['changes', 'views'] as const;

export const auditLogQuerySchema = adminPageQuerySchema.extend({
  kind: z.enum(AUDIT_KINDS).optional(),
  adminId: positiveInt32().optional(),
  action: boundedText(64).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: boundedText(64).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminName: z.string(),
  /** e.g. user.role, ticket.status, order.refund, support.reply, attendees.search, user.view (decision 0057) */
  action: z.string(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  /** Flat named fields (money in cents under a name ending in Cents), or null: nothing before, or a read. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
