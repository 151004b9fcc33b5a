import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWSLETTER_TEXT, SUBSCRIBE_TEXT } from '../../../common/messages.js';
import { messageResponseSchema, subscribeRequestSchema } from '../../../common/schemas/auth.js';
import { singleLineText, TEXT_LIMITS } from '../../../common/schemas/text.js';
import { type RateLimitOptions, rateLimit } from '../../plugins/rate-limit.js';
import { confirmSubscription, type NewsletterDeps, subscribe, unsubscribe } from './service.js';

const tokenBody = z.object({ token: singleLineText(TEXT_LIMITS.token).default('') });
const tokenQuery = z.object({ token: singleLineText(TEXT_LIMITS.token).default('') });
/** Mail clients post the one-click unsubscribe as a short form (RFC 8058); the token is in the address. */
const ONE_CLICK_BODY_LIMIT = 1_024;

/** The newsletter (decision 0064): double opt-in sign-up, confirmation, and unsubscribe; no sign-in needed. */
export async function newsletterRoutes(
  instance: FastifyInstance,
  options: NewsletterDeps & { rateLimit: RateLimitOptions },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['newsletter'];
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/subscribe',
    {
      preHandler: rateLimit(options.db, 'subscribe', options.rateLimit),
      schema: {
        tags,
        summary:
          'Sign up for the newsletter: e-mails a confirmation link; the same answer whether the address is new, pending or confirmed',
        body: subscribeRequestSchema,
        response: { 201: messageResponseSchema, 400: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await subscribe(options, request.body);
      return reply.status(201).send({ message: SUBSCRIBE_TEXT.success });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      preHandler: rateLimit(options.db, 'newsletter-confirm', options.rateLimit),
      schema: {
        tags,
        summary: 'Confirm a newsletter address with the token of its e-mailed link',
        body: tokenBody,
        response: { 200: messageResponseSchema, 400: messageResponseSchema },
      },
    },
    async (request) => {
      const outcome = await confirmSubscription(options, request.body.token);
      return {
        message: outcome === 'confirmed' ? NEWSLETTER_TEXT.confirmed : NEWSLETTER_TEXT.alreadyConfirmed,
      };
    },
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'Unsubscribe from the newsletter (signed token in the address; no sign-in; RFC 8058 one-click)',
        querystring: tokenQuery,
        response: { 200: messageResponseSchema, 400: messageResponseSchema },
      },
    },
    async (request) => {
      await unsubscribe(options, request.query.token);
      return { message: NEWSLETTER_TEXT.unsubscribed };
    },
  );
}
