import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdPriceAlertSchema,
  createPriceAlertSchema,
  priceAlertIdParamsSchema,
  priceAlertListQuerySchema,
  priceAlertListSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '../../../common/schemas/price-alerts.js';
import { PRICE_ALERT_TEXT } from '../../../common/texts/price-alerts.js';
import { memberRateLimit } from '../../plugins/rate-limit.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import type { PriceAlertMatching } from './jobs.js';
import {
  createPriceAlert,
  listPriceAlerts,
  markMatchesSeen,
  type PriceAlertDeps,
  removePriceAlert,
  unsubscribeFromPriceAlerts,
} from './service.js';

export interface PriceAlertRoutesOptions extends PriceAlertDeps {
  matching: PriceAlertMatching;
}

const messageSchema = z.object({ message: z.string() });
/**
 * Alerts a member may create in an hour (issue 43 §12): far more than a person sets up, few enough that a
 * script cannot churn create and remove (each create is a locked count and a matching run).
 */
export const PRICE_ALERTS_CREATED_PER_HOUR = 20;

/** The body an RFC 8058 one-click POST carries ('List-Unsubscribe=One-Click'): read, bounded, not needed. */
const ONE_CLICK_BODY_LIMIT = 1_024;

/** Price alerts (decision 0060): create, list, remove, and the one-click unsubscribe that needs no sign-in. */
export async function priceAlertRoutes(
  instance: FastifyInstance,
  options: PriceAlertRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['price-alerts'];
  // Mail clients post the one-click unsubscribe as a form (RFC 8058); the token is in the address.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/price-alerts',
    {
      onRequest: requireUser,
      preHandler: memberRateLimit(options.db, 'price-alert-create', {
        max: PRICE_ALERTS_CREATED_PER_HOUR,
        windowMs: 60 * 60_000,
        message: PRICE_ALERT_TEXT.tooManyCreated,
        now: () => options.clock.now(),
        userOf: (request) => currentUser(request).id,
      }),
      schema: {
        tags,
        body: createPriceAlertSchema,
        summary: 'Create a price alert: an e-mail when N tickets for the show are listed at or below a price',
        response: {
          200: createdPriceAlertSchema,
          400: messageSchema,
          409: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request) => createPriceAlert(options, currentUser(request).id, request.body),
  );

  app.get(
    '/api/price-alerts',
    {
      onRequest: requireUser,
      schema: {
        tags,
        querystring: priceAlertListQuerySchema,
        summary: 'The caller’s price alerts, newest first, a page at a time',
        response: { 200: priceAlertListSchema },
      },
    },
    async (request) => listPriceAlerts(options.db, currentUser(request).id, request.query),
  );

  app.delete(
    '/api/price-alerts/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        params: priceAlertIdParamsSchema,
        summary: 'Remove one’s own active price alert',
        response: { 204: z.null(), 404: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      await removePriceAlert(options, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/price-alerts/seen',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The caller has seen their matched alerts', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await markMatchesSeen(options, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/price-alerts/unsubscribe',
    {
      schema: {
        tags,
        querystring: unsubscribeQuerySchema,
        summary: 'One-click unsubscribe from price alert e-mails (signed token; no sign-in; RFC 8058)',
        response: { 200: unsubscribeResultSchema, 400: messageSchema },
      },
    },
    async (request) => ({ removed: await unsubscribeFromPriceAlerts(options, request.query.token) }),
  );
}
