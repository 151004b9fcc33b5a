import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lockConflictSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  purchaseCompleteRequestSchema,
  purchaseResultSchema,
  purchaseVerifyRequestSchema,
  safariCompleteQuerySchema,
  sandboxAuthenticateRequestSchema,
  sandboxPayRequestSchema,
  sandboxPayResponseSchema,
  sandboxRedirectSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
  sessionIdParamsSchema,
} from '../../../common/schemas/checkout.js';
import { ticketIdParamsSchema } from '../../../common/schemas/tickets.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import type { MoneyDeps } from '../sales/deps.js';
import { sandboxAuthenticate, sandboxCancel, sandboxPay, sandboxSession } from './sandbox.js';
import { purchaseResult, startPayment } from './service.js';

export interface CheckoutRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  isProduction: boolean;
}

const messageSchema = z.object({ message: z.string() });

/** Payment, purchase completion, the Stripe webhook and the sandbox checkout (decision 0012). */
export async function checkoutRoutes(
  instance: FastifyInstance,
  options: CheckoutRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): MoneyDeps => ({
    db: options.db,
    payments: options.payments,
    mailer: options.mailer,
    clock: options.clock,
    appUrl: options.appUrl,
    log: request.log,
  });
  const purchaseResponses = { 200: purchaseResultSchema, 404: messageSchema };

  app.post(
    '/api/tickets/:id/payment',
    {
      onRequest: requireUser,
      schema: {
        params: ticketIdParamsSchema,
        body: paymentRequestSchema,
        tags: ['checkout'],
        summary: 'Start a hosted card checkout for the caller’s hold at the all-in price',
        response: { 200: paymentResponseSchema, 400: messageSchema, 409: lockConflictSchema },
      },
    },
    async (request) => startPayment(deps(request), currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/api/purchase/verify/:session_id',
    {
      onRequest: requireUser,
      schema: {
        params: sessionIdParamsSchema,
        body: purchaseVerifyRequestSchema.nullish(),
        tags: ['checkout'],
        summary: 'Back from the hosted checkout: complete the purchase (idempotent) and report it',
        response: purchaseResponses,
      },
    },
    async (request) => purchaseResult(deps(request), request.params.session_id, currentUser(request).id),
  );

  app.post(
    '/api/purchase/complete',
    {
      onRequest: requireUser,
      schema: {
        body: purchaseCompleteRequestSchema,
        tags: ['checkout'],
        summary: 'The purchase result pages: complete the purchase (idempotent) and report it',
        response: purchaseResponses,
      },
    },
    async (request) => purchaseResult(deps(request), request.body.sessionId, currentUser(request).id),
  );

  app.post(
    '/api/complete-purchase-safari',
    {
      onRequest: requireUser,
      schema: {
        querystring: safariCompleteQuerySchema,
        tags: ['checkout'],
        summary: 'The Safari result page: complete the purchase (idempotent) and report it',
        response: purchaseResponses,
      },
    },
    async (request) => purchaseResult(deps(request), request.query.session_id, currentUser(request).id),
  );

  // The sandbox checkout exists only without Stripe and never in production: otherwise these are 404s.
  if (options.payments.kind !== 'sandbox' || options.isProduction) return;
  const sandbox = { params: sandboxSessionParamsSchema, tags: ['sandbox'] };

  app.get(
    '/api/sandbox/checkout/:sessionId',
    {
      onRequest: requireUser,
      schema: {
        ...sandbox,
        summary: 'The sandbox checkout page’s order',
        response: { 200: sandboxSessionSchema },
      },
    },
    async (request) => sandboxSession(deps(request), request.params.sessionId, currentUser(request).id),
  );

  app.post(
    '/api/sandbox/checkout/:sessionId/pay',
    {
      onRequest: requireUser,
      schema: {
        ...sandbox,
        body: sandboxPayRequestSchema,
        summary:
          'Pay with a test card: 4242… pays, 4000…0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure',
        response: { 200: sandboxPayResponseSchema, 400: messageSchema, 402: messageSchema },
      },
    },
    async (request) =>
      sandboxPay(deps(request), request.params.sessionId, currentUser(request).id, request.body),
  );

  app.post(
    '/api/sandbox/checkout/:sessionId/authenticate',
    {
      onRequest: requireUser,
      schema: {
        ...sandbox,
        body: sandboxAuthenticateRequestSchema,
        summary: 'Answer the 3-D Secure challenge',
        response: { 200: sandboxRedirectSchema, 402: messageSchema },
      },
    },
    async (request) =>
      sandboxAuthenticate(
        deps(request),
        request.params.sessionId,
        currentUser(request).id,
        request.body.approve,
      ),
  );

  app.post(
    '/api/sandbox/checkout/:sessionId/cancel',
    {
      onRequest: requireUser,
      schema: { ...sandbox, summary: 'Leave the checkout unpaid', response: { 200: sandboxRedirectSchema } },
    },
    async (request) => sandboxCancel(deps(request), request.params.sessionId, currentUser(request).id),
  );
}
