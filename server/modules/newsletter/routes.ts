import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUBSCRIBE_TEXT } from '../../../common/messages.js';
import { messageResponseSchema, subscribeRequestSchema } from '../../../common/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { type RateLimitOptions, rateLimit } from '../../plugins/rate-limit.js';
import { subscribe } from './service.js';

export async function newsletterRoutes(
  instance: FastifyInstance,
  options: { db: Db; rateLimit: RateLimitOptions },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/subscribe',
    {
      preHandler: rateLimit(options.db, 'subscribe', options.rateLimit),
      schema: { body: subscribeRequestSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => {
      await subscribe(options.db, request.body);
      return reply.status(201).send({ message: SUBSCRIBE_TEXT.success });
    },
  );
}
