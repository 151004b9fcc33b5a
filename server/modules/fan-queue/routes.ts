import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fanQueueEntrySchema,
  fanQueueParamsSchema,
  fanQueueShowSchema,
  joinFanQueueSchema,
  myFanQueueQuerySchema,
  myFanQueueSchema,
} from '../../../common/schemas/fan-queue.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { memberRateLimit } from '../../plugins/rate-limit.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { type FanQueueDeps, joinFanQueue, leaveFanQueue } from './entries.js';
import { fanQueueShow, myFanQueue } from './read.js';

export interface FanQueueRoutesOptions extends FanQueueDeps {
  /**
   * The member left with an offer open (the entry is 'left' already): its offer is withdrawn and its
   * tickets handed on to the next fan in line (offers.ts). Called after the leaving commits.
   */
  onLeftWithOffer: (entryId: number) => Promise<void>;
}

const messageSchema = z.object({ message: z.string() });
/**
 * Joins, changes and leavings a member may make in an hour: far more than a fan needs, few enough that a
 * script cannot churn a line (each change tells every open page of the show to read its position again).
 */
export const FAN_QUEUE_CHANGES_PER_HOUR = 30;
/** A member's own place is in the answer: no shared cache and no browser cache keeps it. */
const PRIVATE_NO_STORE = 'private, no-store';

/** The Fan Queue's line (decision 0100): a show's line, joining, changing, leaving, and My Bids' places. */
export async function fanQueueRoutes(
  instance: FastifyInstance,
  options: FanQueueRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['fan-queue'];
  const changes = memberRateLimit(options.db, 'fan-queue-change', {
    max: FAN_QUEUE_CHANGES_PER_HOUR,
    windowMs: 60 * 60_000,
    message: FAN_QUEUE_TEXT.tooManyChanges,
    now: () => options.clock.now(),
    userOf: (request) => currentUser(request).id,
  });

  app.get(
    '/api/events/:id/fan-queue',
    {
      schema: {
        tags,
        params: fanQueueParamsSchema,
        summary: 'A show’s Fan Queue: fans waiting, tickets through it, its price cap; the caller’s place',
        response: { 200: fanQueueShowSchema, 404: messageSchema },
      },
      onSend: async (request, reply) => {
        if (request.user) reply.header('cache-control', PRIVATE_NO_STORE);
      },
    },
    async (request) =>
      fanQueueShow(options.db, request.params.id, request.user?.id ?? null, options.clock.now()),
  );

  app.put(
    '/api/events/:id/fan-queue',
    {
      onRequest: requireUser,
      preHandler: changes,
      schema: {
        tags,
        params: fanQueueParamsSchema,
        body: joinFanQueueSchema,
        summary: 'Join a show’s Fan Queue (201), or change one’s entry in it and keep one’s place (200)',
        response: {
          200: fanQueueEntrySchema,
          201: fanQueueEntrySchema,
          400: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { entry, created } = await joinFanQueue(
        options,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/api/events/:id/fan-queue',
    {
      onRequest: requireUser,
      preHandler: changes,
      schema: {
        tags,
        params: fanQueueParamsSchema,
        summary: 'Leave a show’s Fan Queue; an open offer is withdrawn and its tickets go to the next fan',
        response: { 204: z.null(), 404: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const left = await leaveFanQueue(options, currentUser(request).id, request.params.id);
      // The member has left either way; should the hand-off fail, the offer's expiry job hands it on.
      if (left.hadOffer)
        await options.onLeftWithOffer(left.entryId).catch((error: unknown) => {
          request.log.error({ err: error, entryId: left.entryId }, 'could not hand on a left entry’s offer');
        });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/fan-queue',
    {
      onRequest: requireUser,
      schema: {
        tags,
        querystring: myFanQueueQuerySchema,
        summary: 'The caller’s Fan Queue places, those still in line first, a page at a time',
        response: { 200: myFanQueueSchema },
      },
    },
    async (request) => myFanQueue(options.db, currentUser(request).id, request.query),
  );
}
