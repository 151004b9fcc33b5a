import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  onboardingResponseSchema,
  payoutsQuerySchema,
  payoutsResponseSchema,
  reportProblemResponseSchema,
  reportProblemSchema,
} from '../../../common/schemas/payouts.js';
import { ticketIdParamsSchema } from '../../../common/schemas/tickets.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import type { MoneyDeps } from '../sales/deps.js';
import { listPayouts, reportProblem, startOnboarding } from './service.js';

export type PayoutRoutesOptions = Omit<MoneyDeps, 'log'>;

/** Payouts and the buyer's problem report (issue 9 §2, §7; decision 0017). */
export async function payoutRoutes(instance: FastifyInstance, options: PayoutRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, payments, clock } = options;

  app.get(
    '/api/payouts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payouts'],
        summary: "The signed-in seller's sales with their payouts: pending, due date, paid (paged)",
        querystring: payoutsQuerySchema,
        response: { 200: payoutsResponseSchema },
      },
    },
    async (request) => listPayouts(db, payments, currentUser(request).id, request.query, clock.now()),
  );

  app.post(
    '/api/payouts/onboarding',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payouts'],
        summary:
          "A link to set up the seller's payout account (Stripe Connect; the sandbox is ready at once)",
        response: { 200: onboardingResponseSchema },
      },
    },
    async (request) => startOnboarding(options, currentUser(request).id),
  );

  app.post(
    '/api/tickets/:id/report-problem',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payouts'],
        summary: 'The buyer reports a problem with the transfer: the payout and automatic completion wait',
        params: ticketIdParamsSchema,
        body: reportProblemSchema,
        response: { 200: reportProblemResponseSchema },
      },
    },
    async (request) =>
      reportProblem(
        { ...options, log: request.log },
        currentUser(request).id,
        request.params.id,
        request.body.reason,
        clock.now(),
      ),
  );
}
