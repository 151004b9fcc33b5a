import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentMethodParamsSchema,
  paymentMethodRemovedSchema,
  paymentMethodsResponseSchema,
  sandboxSetupConfirmResponseSchema,
  sandboxSetupConfirmSchema,
  sandboxSetupIntentParamsSchema,
  setupIntentResponseSchema,
} from '../../../common/schemas/payment-methods.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { confirmSandboxSetup } from './sandbox.js';
import { listPaymentMethods, type PaymentMethodDeps, removeSavedCard, startCardSetup } from './service.js';

export interface PaymentMethodRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
  publishableKey: string | null;
  isProduction: boolean;
}

const messageSchema = z.object({ message: z.string() });

/** Saved cards (issue 24 §1, spec 001 §7 'Payment methods'; decision 0044): each caller's own cards only. */
export async function paymentMethodRoutes(
  instance: FastifyInstance,
  options: PaymentMethodRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentMethodDeps = {
    db: options.db,
    payments: options.payments,
    clock: options.clock,
    publishableKey: options.publishableKey,
  };
  const tags = ['payment-methods'];

  app.get(
    '/api/payment-methods',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The caller’s saved cards: brand, last four digits and expiry',
        response: { 200: paymentMethodsResponseSchema },
      },
    },
    async (request: FastifyRequest) => listPaymentMethods(deps, currentUser(request).id),
  );

  app.post(
    '/api/payment-methods/setup-intent',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Start saving a card: a setup intent for the caller’s customer at the payment provider',
        response: { 200: setupIntentResponseSchema },
      },
    },
    async (request) => startCardSetup(deps, currentUser(request).id),
  );

  app.delete(
    '/api/payment-methods/:id',
    {
      onRequest: requireUser,
      schema: {
        params: paymentMethodParamsSchema,
        tags,
        summary: 'Remove one of the caller’s saved cards (detached at the payment provider)',
        response: { 200: paymentMethodRemovedSchema, 404: messageSchema },
      },
    },
    async (request) => removeSavedCard(deps, currentUser(request).id, request.params.id),
  );

  // The sandbox's card form exists only without Stripe and never in production: otherwise this is a 404.
  if (options.payments.kind !== 'sandbox' || options.isProduction) return;
  app.post(
    '/api/sandbox/setup-intents/:setupIntentId/confirm',
    {
      onRequest: requireUser,
      schema: {
        params: sandboxSetupIntentParamsSchema,
        body: sandboxSetupConfirmSchema,
        tags: ['sandbox'],
        summary: 'The sandbox’s card form: save a test card on the caller’s setup intent',
        response: {
          200: sandboxSetupConfirmResponseSchema,
          400: messageSchema,
          402: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) =>
      confirmSandboxSetup(deps, currentUser(request).id, request.params.setupIntentId, request.body),
  );
}
