import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_TEXT, LISTING_STATUS_TEXT, SUSPENSION_TEXT } from '../../../common/messages.js';
import {
  adminPendingSupportSchema,
  adminReviewSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  adminStatsSchema,
  adminSupportMessagesQuerySchema,
  adminSupportMessagesResponseSchema,
  adminTicketSchema,
  adminTicketsQuerySchema,
  adminTicketsResponseSchema,
  adminTransactionDetailSchema,
  adminTransactionsQuerySchema,
  adminTransactionsResponseSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  updateReviewVisibilityRequestSchema,
  updateReviewVisibilityResponseSchema,
  updateRoleRequestSchema,
  updateRoleResponseSchema,
  updateSuspensionRequestSchema,
  updateSuspensionResponseSchema,
  updateTicketStatusRequestSchema,
  updateTicketStatusResponseSchema,
} from '../../../common/schemas/admin.js';
import { idParamsSchema } from '../../../common/schemas/admin-money.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireRole } from '../../plugins/session.js';
import { type AdminRead, pageShown, recordAdminRead } from '../audit/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { setReviewHidden } from './moderation.js';
import { adminReview, listAdminReviews } from './reviews.js';
import { changeTicketStatus, changeUserRole } from './service.js';
import { adminStats } from './stats.js';
import { countPendingSupportMessages, listAdminSupportMessages } from './support.js';
import { setUserSuspended } from './suspension.js';
import { adminTicket, listAdminTickets } from './tickets.js';
import { adminTransaction, listAdminTransactions } from './transactions.js';
import { adminUser, listAdminUsers } from './users.js';

export interface AdminRoutesOptions {
  db: Db;
  clock: Clock;
  /** What a suspension's refunds need (the buyers are refunded from escrow at once; decision 0077). */
  money: MoneyDeps;
  /** Where a suspended member can write to support (told in their e-mail; decision 0078). */
  supportEmail: string;
  /** Told when a change ended a buyer's live hold, so their unpaid checkout sessions end too. */
  onHoldEnded(ticketId: number, buyerId: number, log: FastifyInstance['log']): Promise<void>;
  /** Told when a listing is back on sale (a part goes back into its listing; bids and alerts match it). */
  onBackOnSale(ticketId: number): Promise<void>;
}

const errorSchema = z.object({ message: z.string() }).loose();

/**
 * The admin dashboard's calls (spec 001 §7; decision 0036). Admins only: a visitor gets 401 and any other
 * role 403, checked on request before anything is parsed.
 */
export async function adminRoutes(instance: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const onRequest = requireRole('admin');
  const tags = ['admin'];
  /** Lists and details that show members' e-mails, purchases and payments are audited (decision 0057). */
  const audited = (request: FastifyRequest, read: Omit<AdminRead, 'adminId'>) =>
    recordAdminRead(db, { adminId: currentUser(request).id, ...read });

  app.get(
    '/api/admin/users',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Users, paged; search matches username, e-mail or id',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => {
      const page = await listAdminUsers(db, request.query);
      await audited(request, {
        action: 'users.list',
        targetType: 'admin_list',
        targetId: 'users',
        shown: pageShown(
          request.query,
          page.rows.map((row) => row.id),
        ),
      });
      return page;
    },
  );
  app.get(
    '/api/admin/users/:id',
    {
      onRequest,
      schema: { tags, summary: 'One user', params: idParamsSchema, response: { 200: adminUserSchema } },
    },
    async (request) => {
      const user = await adminUser(db, request.params.id);
      await audited(request, {
        action: 'user.view',
        targetType: 'user',
        targetId: user.id,
        shown: { username: user.username },
      });
      return user;
    },
  );
  app.put(
    '/api/admin/users/:id/role',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a user's role (user, admin, AMBSD); the last admin cannot be demoted",
        params: idParamsSchema,
        body: updateRoleRequestSchema,
        response: { 200: updateRoleResponseSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const change = await changeUserRole(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.role,
        clock.now(),
      );
      request.log.info({ adminAction: change }, 'admin action');
      return {
        message: ADMIN_TEXT.roleUpdated(change.after.role),
        user: await adminUser(db, request.params.id),
      };
    },
  );

  app.put(
    '/api/admin/users/:id/suspension',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Suspend a member with a reason (signed out, listings off sale, holds ended, bids and alerts paused, untransferred sales refunded) or reinstate them; admins are demoted first',
        params: idParamsSchema,
        body: updateSuspensionRequestSchema,
        response: { 200: updateSuspensionResponseSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await setUserSuspended(
        { ...options.money, supportEmail: options.supportEmail },
        currentUser(request).id,
        id,
        request.body,
      );
      for (const hold of outcome.endedHolds)
        await options.onHoldEnded(hold.ticketId, hold.holderId, request.log);
      for (const ticketId of outcome.restoredListings) await options.onBackOnSale(ticketId);
      const user = await adminUser(db, id);
      return {
        message: user.suspended
          ? SUSPENSION_TEXT.userSuspended(user.username, outcome.refundedOrders.length)
          : ADMIN_TEXT.userReinstated(user.username),
        user,
      };
    },
  );

  app.get(
    '/api/admin/tickets',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Tickets, paged; search matches event name, seller name or id',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsResponseSchema },
      },
    },
    async (request) => {
      const page = await listAdminTickets(db, request.query);
      await audited(request, {
        action: 'tickets.list',
        targetType: 'admin_list',
        targetId: 'tickets',
        shown: pageShown(
          request.query,
          page.rows.map((row) => row.id),
        ),
      });
      return page;
    },
  );
  app.get(
    '/api/admin/tickets/:id',
    {
      onRequest,
      schema: { tags, summary: 'One ticket', params: idParamsSchema, response: { 200: adminTicketSchema } },
    },
    async (request) => {
      const ticket = await adminTicket(db, request.params.id);
      await audited(request, {
        action: 'ticket.view',
        targetType: 'ticket',
        targetId: ticket.id,
        shown: { event: ticket.eventName },
      });
      return ticket;
    },
  );
  app.put(
    '/api/admin/tickets/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Change a listing's status with a reason (e-mailed to the seller; its parts follow it); sales are cancelled by refunding their transaction",
        params: idParamsSchema,
        body: updateTicketStatusRequestSchema,
        response: { 200: updateTicketStatusResponseSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const change = await changeTicketStatus(
        db,
        currentUser(request).id,
        request.params.id,
        request.body,
        clock.now(),
      );
      request.log.info({ adminAction: change }, 'admin action');
      if (change.releasedHolderId !== null)
        await options.onHoldEnded(request.params.id, change.releasedHolderId, request.log);
      for (const hold of change.endedPartHolds)
        await options.onHoldEnded(hold.ticketId, hold.holderId, request.log);
      for (const partId of change.partsBack) await options.onBackOnSale(partId);
      return {
        message: ADMIN_TEXT.statusUpdated(LISTING_STATUS_TEXT[change.after.status]),
        ticket: await adminTicket(db, request.params.id),
      };
    },
  );

  app.get(
    '/api/admin/transactions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Payments, refunds and payouts, paged; search matches event, buyer, seller or id',
        querystring: adminTransactionsQuerySchema,
        response: { 200: adminTransactionsResponseSchema },
      },
    },
    async (request) => {
      const page = await listAdminTransactions(db, request.query);
      await audited(request, {
        action: 'transactions.list',
        targetType: 'admin_list',
        targetId: 'transactions',
        shown: pageShown(
          request.query,
          page.rows.map((row) => row.id),
          request.query.type ? { type: request.query.type } : {},
        ),
      });
      return page;
    },
  );
  app.get(
    '/api/admin/transactions/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: "One sale's payment and its movements",
        params: idParamsSchema,
        response: { 200: adminTransactionDetailSchema },
      },
    },
    async (request) => {
      const transaction = await adminTransaction(db, request.params.id);
      await audited(request, {
        action: 'transaction.view',
        targetType: 'order',
        targetId: transaction.id,
        shown: { event: transaction.eventName },
      });
      return transaction;
    },
  );

  app.get(
    '/api/admin/reviews',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Submitted reviews, paged; search matches event, reviewer, reviewed user or id',
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsResponseSchema },
      },
    },
    async (request) => listAdminReviews(db, request.query),
  );
  app.get(
    '/api/admin/reviews/:id',
    {
      onRequest,
      schema: { tags, summary: 'One review', params: idParamsSchema, response: { 200: adminReviewSchema } },
    },
    async (request) => adminReview(db, request.params.id),
  );
  app.put(
    '/api/admin/reviews/:id/visibility',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Hide a review from ratings and review lists (kept for the audit) or show it again',
        params: idParamsSchema,
        body: updateReviewVisibilityRequestSchema,
        response: { 200: updateReviewVisibilityResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await setReviewHidden(db, currentUser(request).id, id, request.body, clock.now());
      const review = await adminReview(db, id);
      return { message: review.hidden ? ADMIN_TEXT.reviewHidden : ADMIN_TEXT.reviewShown, review };
    },
  );

  app.get(
    '/api/admin/support-messages',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Support messages of every member newest first, paged; search matches username, message, topic or id',
        querystring: adminSupportMessagesQuerySchema,
        response: { 200: adminSupportMessagesResponseSchema },
      },
    },
    async (request) => {
      const page = await listAdminSupportMessages(db, request.query);
      await audited(request, {
        action: 'support.list',
        targetType: 'admin_list',
        targetId: 'support_messages',
        shown: {
          ...pageShown(
            request.query,
            page.rows.map((row) => row.id),
            request.query.status ? { status: request.query.status } : {},
          ),
          members: [...new Set(page.rows.map((row) => row.userId))],
        },
      });
      return page;
    },
  );
  app.get(
    '/api/admin/support-messages/pending-count',
    {
      onRequest,
      schema: {
        tags,
        summary: 'How many members’ messages wait for an answer',
        response: { 200: adminPendingSupportSchema },
      },
    },
    async () => ({ pending: await countPendingSupportMessages(db) }),
  );

  app.get(
    '/api/admin/stats',
    {
      onRequest,
      schema: { tags, summary: 'Dashboard figures', response: { 200: adminStatsSchema } },
    },
    async () => adminStats(db, clock.now()),
  );
}
