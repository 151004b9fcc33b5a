import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BID_TEXT } from '../../../common/messages.js';
import {
  averagePriceQuerySchema,
  averagePriceResponseSchema,
  bidCancelResponseSchema,
  bidPaymentResponseSchema,
  bidResponseSchema,
  bidsResponseSchema,
  createBidSchema,
  sandboxBidAuthenticationSchema,
} from '../../../common/schemas/bids.js';
import { sandboxSessionParamsSchema } from '../../../common/schemas/checkout.js';
import { positiveInt32 } from '../../../common/schemas/text.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import type { MoneyDeps } from '../sales/deps.js';
import { averagePrice } from './average-price.js';
import type { BidMatching } from './jobs.js';
import { bidPayment, completeBidPayment, sandboxAuthenticateBidPayment } from './payments.js';
import { cancelBid, createBid, listBids } from './service.js';

export interface BidRoutesOptions {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  isProduction: boolean;
  /** Stripe.js on the authentication page needs it; null in the sandbox. */
  publishableKey: string | null;
  matching: BidMatching;
  /** The zone of a bid's show without a catalog event (decision 0056). */
  platformTimeZone: string;
}

const messageSchema = z.object({ message: z.string() });
const bidIdParamsSchema = z.object({ id: positiveInt32() });

/** Bids, the average-price hint and the authentication-needed purchase page (issue 24; decision 0045). */
export async function bidRoutes(instance: FastifyInstance, options: BidRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest): MoneyDeps => ({
    db: options.db,
    payments: options.payments,
    mailer: options.mailer,
    clock: options.clock,
    appUrl: options.appUrl,
    log: request.log,
  });
  const tags = ['bids'];

  app.post(
    '/api/bids',
    {
      onRequest: requireUser,
      schema: {
        tags,
        body: createBidSchema,
        summary: 'Create a bid: buy a matching ticket automatically with a saved card (at most 2 active)',
        response: { 200: bidResponseSchema, 400: messageSchema, 409: messageSchema },
      },
    },
    async (request) => {
      const bid = await createBid(
        deps(request),
        currentUser(request).id,
        request.body,
        options.platformTimeZone,
      );
      await options.matching.bidCreated(bid.id);
      return { ok: true, bid, message: BID_TEXT.createSucceeded };
    },
  );

  app.get(
    '/api/bids',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The caller’s bids, newest first', response: { 200: bidsResponseSchema } },
    },
    async (request) => ({
      ok: true,
      bids: await listBids(options.db, currentUser(request).id),
      message: BID_TEXT.listed,
    }),
  );

  app.delete(
    '/api/bids/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        params: bidIdParamsSchema,
        summary: 'Cancel one’s own active bid',
        response: { 200: bidCancelResponseSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) => {
      await cancelBid(deps(request), currentUser(request).id, request.params.id);
      return { ok: true, message: BID_TEXT.cancelled };
    },
  );

  // A static path: Fastify tries it before the parametric GET /api/tickets/:id.
  app.get(
    '/api/tickets/average-price',
    {
      onRequest: requireUser,
      schema: {
        tags,
        querystring: averagePriceQuerySchema,
        summary: 'Average all-in price per ticket for an event and quantity (sales, else listings)',
        response: { 200: averagePriceResponseSchema },
      },
    },
    async (request) => averagePrice(options.db, request.query, options.clock.now()),
  );

  const payment = { tags, params: sandboxSessionParamsSchema };
  const paymentResponses = { 200: bidPaymentResponseSchema, 404: messageSchema, 409: messageSchema };
  app.get(
    '/api/bids/payments/:sessionId',
    {
      onRequest: requireUser,
      schema: {
        ...payment,
        summary: 'A bid purchase waiting for the bidder’s confirmation',
        response: paymentResponses,
      },
    },
    async (request) =>
      bidPayment(deps(request), request.params.sessionId, currentUser(request).id, options.publishableKey),
  );

  app.post(
    '/api/bids/payments/:sessionId/complete',
    {
      onRequest: requireUser,
      schema: {
        ...payment,
        summary: 'After confirmCardPayment: settle the bid purchase as the provider now has it',
        response: paymentResponses,
      },
    },
    async (request) =>
      completeBidPayment(
        deps(request),
        request.params.sessionId,
        currentUser(request).id,
        options.publishableKey,
      ),
  );

  // The sandbox bank exists only without Stripe and never in production: otherwise this is a 404.
  if (options.payments.kind !== 'sandbox' || options.isProduction) return;
  app.post(
    '/api/sandbox/bid-payments/:sessionId/authenticate',
    {
      onRequest: requireUser,
      schema: {
        tags: ['sandbox'],
        params: sandboxSessionParamsSchema,
        body: sandboxBidAuthenticationSchema,
        summary: 'Answer the sandbox bank’s confirmation of a bid purchase (card 4000 0027 6000 3184)',
        response: paymentResponses,
      },
    },
    async (request) =>
      sandboxAuthenticateBidPayment(
        deps(request),
        request.params.sessionId,
        currentUser(request).id,
        request.body.approve,
      ),
  );
}
