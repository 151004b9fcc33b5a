import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFanQueueQuerySchema,
  adminFanQueueSchema,
  fanQueueEntryParamsSchema,
  fanQueueParamsSchema,
  removeFanQueueEntryResponseSchema,
  removeFanQueueEntrySchema,
} from '../../../common/schemas/fan-queue.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { currentUser, requireRole } from '../../plugins/session.js';
import { pageShown, recordAdminRead } from '../audit/service.js';
import { adminFanQueue, type RemovalDeps, removeFanQueueEntry } from './admin.js';

export interface AdminFanQueueRoutesOptions extends RemovalDeps {
  /**
   * The removed entry held an open offer (the entry has ended already): the offer is withdrawn and its
   * tickets handed on to the next fan in line (offers.ts). Called after the removal commits.
   */
  onRemovedWithOffer: (entryId: number) => Promise<void>;
}

const messageSchema = z.object({ message: z.string() });

/** A show's Fan Queue in the back office (decision 0100, "Around it"): admins only. */
export async function adminFanQueueRoutes(
  instance: FastifyInstance,
  options: AdminFanQueueRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('admin');
  const tags = ['admin', 'fan-queue'];

  app.get(
    '/api/admin/events/:id/fan-queue',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A show’s Fan Queue: the entries still in line, in line order, with usernames, paged',
        params: fanQueueParamsSchema,
        querystring: adminFanQueueQuerySchema,
        response: { 200: adminFanQueueSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const line = await adminFanQueue(options.db, request.params.id, request.query);
      // What fans want to buy and for how much is a member's own (decision 0057): the page is recorded.
      await recordAdminRead(options.db, {
        adminId: currentUser(request).id,
        action: 'fan_queue.list',
        targetType: 'event',
        targetId: line.eventId,
        shown: {
          ...pageShown(
            request.query,
            line.entries.map((entry) => entry.id),
          ),
          members: [...new Set(line.entries.map((entry) => entry.userId))],
        },
      });
      return line;
    },
  );

  app.delete(
    '/api/admin/fan-queue/:entryId',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Remove a fan from a show’s Fan Queue with a reason (audited, e-mailed); an open offer goes on',
        params: fanQueueEntryParamsSchema,
        body: removeFanQueueEntrySchema,
        response: { 200: removeFanQueueEntryResponseSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const removed = await removeFanQueueEntry(
        options,
        currentUser(request).id,
        request.params.entryId,
        request.body.reason,
      );
      // The entry has ended either way; should the hand-off fail, the offer's expiry job hands it on.
      if (removed.hadOffer)
        await options.onRemovedWithOffer(removed.entryId).catch((error: unknown) => {
          request.log.error(
            { err: error, entryId: removed.entryId },
            'could not hand on a removed entry’s offer',
          );
        });
      return { message: FAN_QUEUE_TEXT.removed(removed.username) };
    },
  );
}
