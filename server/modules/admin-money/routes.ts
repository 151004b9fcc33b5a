import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminEventResponseSchema,
  adminEventsQuerySchema,
  adminEventsResponseSchema,
  adminRefundRequestSchema,
  adminRefundResponseSchema,
  cancelEventRequestSchema,
  disputesQuerySchema,
  disputesResponseSchema,
  idParamsSchema,
  postponeEventRequestSchema,
  resolveDisputeRequestSchema,
  resolveDisputeResponseSchema,
} from '../../../common/schemas/admin-money.js';
import { currentUser, requireRole } from '../../plugins/session.js';
import { pageShown, recordAdminRead } from '../audit/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { listDisputes, resolveDispute } from './disputes.js';
import { cancelEvent, listAdminEvents } from './events.js';
import { postponeEvent } from './postpone.js';
import { adminRefundOrder } from './refunds.js';

/** The back office's money calls (issue 22 §2–§3): admins only; every change, and the disputes list, writes the audit log. */
export async function adminMoneyRoutes(
  instance: FastifyInstance,
  options: Omit<MoneyDeps, 'log'>,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('admin');
  const tags = ['admin'];

  app.post(
    '/api/admin/transactions/:id/refund',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Refund an order in full from escrow, once (not after its payout)',
        params: idParamsSchema,
        body: adminRefundRequestSchema,
        response: { 200: adminRefundResponseSchema },
      },
    },
    async (request) =>
      adminRefundOrder(
        { ...options, log: request.log },
        currentUser(request).id,
        request.params.id,
        request.body.reason,
      ),
  );

  app.get(
    '/api/admin/disputes',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Reported problems and provider disputes, by state (open by default), paged',
        querystring: disputesQuerySchema,
        response: { 200: disputesResponseSchema },
      },
    },
    async (request) => {
      const page = await listDisputes(options.db, request.query);
      // Buyers' reports and the sales' threads: personal data, so the read is audited (decision 0057).
      await recordAdminRead(options.db, {
        adminId: currentUser(request).id,
        action: 'disputes.list',
        targetType: 'admin_list',
        targetId: 'disputes',
        shown: pageShown(
          request.query,
          page.disputes.map((dispute) => dispute.orderId),
          { status: request.query.status },
        ),
      });
      return page;
    },
  );

  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Resolve a buyer's report once: refund the buyer from escrow or release the payout",
        params: idParamsSchema,
        body: resolveDisputeRequestSchema,
        response: { 200: resolveDisputeResponseSchema },
      },
    },
    async (request) =>
      resolveDispute(
        { ...options, log: request.log },
        currentUser(request).id,
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/api/admin/events',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Events with their listings, sales and cancellation refunds, paged',
        querystring: adminEventsQuerySchema,
        response: { 200: adminEventsResponseSchema },
      },
    },
    async (request) => listAdminEvents(options.db, request.query),
  );

  app.post(
    '/api/admin/events/:id/cancel',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Cancel an event: listings withdrawn, every sale in escrow refunded to its buyer',
        params: idParamsSchema,
        body: cancelEventRequestSchema,
        response: { 200: adminEventResponseSchema },
      },
    },
    async (request) =>
      cancelEvent(
        { ...options, log: request.log },
        currentUser(request).id,
        request.params.id,
        request.body.reason,
      ),
  );

  app.post(
    '/api/admin/events/:id/postpone',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Postpone an event to a new date; its buyers may ask for a refund until then',
        params: idParamsSchema,
        body: postponeEventRequestSchema,
        response: { 200: adminEventResponseSchema },
      },
    },
    async (request) =>
      postponeEvent(
        { ...options, log: request.log },
        currentUser(request).id,
        request.params.id,
        request.body.newDate,
      ),
  );
}
