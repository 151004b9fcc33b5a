import { z } from 'zod';
import { ROLES } from '../constants.js';
import { adminPageQuerySchema, adminReasonSchema } from './admin-money.js';
import { supportMessageSchema } from './support.js';
import { boundedText, TEXT_LIMITS } from './text.js';

/**
 * The admin dashboard's lists, details and edits (spec 001 §2, §3, §7; decision 0036). Lists are paged,
 * sorted and searched on the server with the spec's matching rules. Money is dollars with two decimals.
 */

export const ADMIN_TICKET_STATUSES = ['available', 'sold', 'cancelled', 'pending'] as const;
export type AdminTicketStatus = (typeof ADMIN_TICKET_STATUSES)[number];
export const ADMIN_TRANSACTION_TYPES = ['payment', 'refund', 'payout'] as const;
export type AdminTransactionType = (typeof ADMIN_TRANSACTION_TYPES)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** A list query: page, page size, a search over the spec's fields, one sort key and its direction. */
function listQuery<const Keys extends readonly [string, ...string[]]>(sortKeys: Keys) {
  return adminPageQuerySchema.extend({
    search: boundedText(TEXT_LIMITS.searchQuery).optional(),
    sort: z.enum(sortKeys).default('createdAt' as Keys[number]),
    order: z.enum(SORT_ORDERS).default('desc'),
  });
}

export const ADMIN_USER_SORTS = ['id', 'username', 'email', 'role', 'createdAt'] as const;
export const ADMIN_TICKET_SORTS = ['id', 'eventName', 'listingPrice', 'status', 'createdAt'] as const;
export const ADMIN_TRANSACTION_SORTS = ['id', 'amount', 'status', 'createdAt'] as const;
export const ADMIN_REVIEW_SORTS = ['id', 'rating', 'reviewType', 'createdAt'] as const;

export const adminUsersQuerySchema = listQuery(ADMIN_USER_SORTS);
export const adminTicketsQuerySchema = listQuery(ADMIN_TICKET_SORTS);
export const adminTransactionsQuerySchema = listQuery(ADMIN_TRANSACTION_SORTS).extend({
  type: z.enum(ADMIN_TRANSACTION_TYPES).optional(),
});
export const adminReviewsQuerySchema = listQuery(ADMIN_REVIEW_SORTS);
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuerySchema>;
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

/**
 * A page of any admin list. `total` is exact unless `totalIsEstimate`: totals are counted up to a bound
 * (1,000, or the end of the page asked for when further), and a list with more matches answers the bound
 * with `totalIsEstimate: true`, shown as '1,000+' (decision 0036).
 */
function page<Row extends z.ZodType>(row: Row) {
  return z.object({
    rows: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalIsEstimate: z.boolean(),
  });
}

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  rewardPoints: z.number().int(),
  totalTicketsSold: z.number().int(),
  totalTicketsBought: z.number().int(),
  averageRating: z.number().nullable(),
  /** Suspended by an admin: cannot sign in, and their sessions ended (decision 0063). */
  suspended: z.boolean(),
  /**
   * When the member closed their account (decision 0099): their personal data is erased, `username` is the
   * anonymous name the row keeps and `email` is null.
   */
  closedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminTicketSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  venue: z.string(),
  section: z.string(),
  row: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  buyerId: z.number().int().nullable(),
  buyerName: z.string().nullable(),
  status: z.enum(ADMIN_TICKET_STATUSES),
  faceValue: z.number(),
  serviceFee: z.number(),
  markup: z.number(),
  listingPrice: z.number(),
  createdAt: z.string(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

/**
 * One money movement of a sale: the buyer's payment, its refund, or the seller's payout. `id` is the sale's
 * (order's) id for all three, so the detail and the refund action address the sale.
 */
export const adminTransactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(ADMIN_TRANSACTION_TYPES),
  eventName: z.string(),
  amount: z.number(),
  status: z.string(),
  buyerId: z.number().int(),
  buyerName: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  createdAt: z.string(),
  stripeSessionId: z.string().nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminReviewSchema = z.object({
  id: z.number().int(),
  eventName: z.string(),
  reviewType: z.enum(['buyer_to_seller', 'seller_to_buyer']),
  rating: z.number().int(),
  reviewerId: z.number().int(),
  reviewerName: z.string(),
  targetId: z.number().int(),
  targetName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
  /** Hidden by an admin: left out of ratings and review lists, kept for the audit (decision 0063). */
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminUsersResponseSchema = page(adminUserSchema);
export const adminTicketsResponseSchema = page(adminTicketSchema);
export const adminTransactionsResponseSchema = page(adminTransactionSchema);
export const adminReviewsResponseSchema = page(adminReviewSchema);
export interface AdminPage<Row> {
  rows: Row[];
  page: number;
  pageSize: number;
  total: number;
  totalIsEstimate: boolean;
}

/**
 * GET /api/admin/support-messages: support messages newest first, paged; search matches username, message,
 * topic or id; `status` keeps the pending (members' unresolved) or resolved ones.
 */
export const ADMIN_SUPPORT_STATUSES = ['pending', 'resolved'] as const;
export const adminSupportMessagesQuerySchema = adminPageQuerySchema.extend({
  search: boundedText(TEXT_LIMITS.searchQuery).optional(),
  status: z.enum(ADMIN_SUPPORT_STATUSES).optional(),
});
export type AdminSupportMessagesQuery = z.infer<typeof adminSupportMessagesQuerySchema>;
export const adminSupportMessagesResponseSchema = page(supportMessageSchema);
/** GET /api/admin/support-messages/pending-count: the dashboard's figure, counted by the server. */
export const adminPendingSupportSchema = z.object({ pending: z.number().int() });

/**
 * PUT /api/admin/users/{id}/suspension, with the reason the audit log records (and the suspended member is
 * e-mailed; decision 0077).
 */
export const updateSuspensionRequestSchema = z.object({ suspended: z.boolean(), reason: adminReasonSchema });
export const updateSuspensionResponseSchema = z.object({ message: z.string(), user: adminUserSchema });

/** PUT /api/admin/reviews/{id}/visibility, with the reason the audit log records. */
export const updateReviewVisibilityRequestSchema = z.object({
  hidden: z.boolean(),
  reason: adminReasonSchema,
});
export const updateReviewVisibilityResponseSchema = z.object({
  message: z.string(),
  review: adminReviewSchema,
});

/** PUT /api/admin/users/{id}/role */
export const updateRoleRequestSchema = z.object({ role: z.enum(ROLES) });
export const updateRoleResponseSchema = z.object({ message: z.string(), user: adminUserSchema });

/**
 * PUT /api/admin/tickets/{id}: `version`, when sent, must be the ticket's current one; the reason is
 * recorded in the audit log and e-mailed to the seller (decision 0078).
 */
export const updateTicketStatusRequestSchema = z.object({
  status: z.enum(ADMIN_TICKET_STATUSES),
  reason: adminReasonSchema,
  version: z.number().int().min(1).optional(),
});
export const updateTicketStatusResponseSchema = z.object({ message: z.string(), ticket: adminTicketSchema });

/** GET /api/admin/stats: the spec's fields plus this month's figures (UTC calendar month). */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), newThisMonth: z.number().int() }),
  tickets: z.object({ available: z.number().int(), total: z.number().int(), sold: z.number().int() }),
  transactions: z.object({
    totalAmount: z.number(),
    amountThisMonth: z.number(),
    salesThisMonth: z.number().int(),
    completed: z.number().int(),
  }),
  /** Encore's income from the ledger, in dollars: the fees kept on sales, net of fees returned by refunds. */
  income: z.object({ total: z.number(), platformFees: z.number(), processingFees: z.number() }),
  reviews: z.object({ avgRating: z.number().nullable(), total: z.number().int() }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/transactions/{id}: the sale's payment, with every movement of it (payment, refund, payout). */
export const adminTransactionDetailSchema = adminTransactionSchema.extend({
  movements: z.array(adminTransactionSchema),
});
export type AdminTransactionDetail = z.infer<typeof adminTransactionDetailSchema>;
