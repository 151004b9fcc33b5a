import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ticketIdParamsSchema } from '../../../common/schemas/tickets.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import type { MoneyDeps } from '../sales/deps.js';
import { requestPostponementRefund } from './refund-request.js';

/** The buyer's refund of a ticket to a postponed event (decision 0033). */
export async function refundRoutes(
  instance: FastifyInstance,
  options: Omit<MoneyDeps, 'log'>,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/tickets/:id/refund-request',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payouts'],
        summary: 'The buyer of a ticket to a postponed event takes a full refund, until the new date',
        params: ticketIdParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) =>
      requestPostponementRefund({ ...options, log: request.log }, currentUser(request).id, request.params.id),
  );
}
