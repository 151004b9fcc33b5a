import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import {
  lockConflictSchema,
  lockRequestSchema,
  lockResponseSchema,
  unlockResponseSchema,
} from '../../../common/schemas/checkout.js';
import { ticketIdParamsSchema } from '../../../common/schemas/tickets.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { extendHold, type Hold, lockTicket, releaseHold } from './service.js';

export interface HoldRoutesOptions {
  db: Db;
  clock: Clock;
  /**
   * Told when a buyer let go of a ticket, so their unpaid checkout sessions for it end too, and a part of a
   * listing goes back into it (decision 0062).
   */
  onRelease(ticketId: number, buyerId: number, log: FastifyInstance['log']): Promise<void>;
}

function lockReply(hold: Hold) {
  return {
    ticketId: hold.ticketId,
    quantity: hold.quantity,
    version: hold.version,
    expiresAt: hold.expiresAt.toISOString(),
    extensionsLeft: hold.extensionsLeft,
  };
}

/** Holds: lock, extend and unlock a ticket while deciding (spec 000 §4, §7; decision 0011). */
export async function holdRoutes(instance: FastifyInstance, options: HoldRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const schema = (summary: string) => ({
    params: ticketIdParamsSchema,
    tags: ['holds'],
    summary,
    response: { 200: lockResponseSchema, 409: lockConflictSchema },
  });

  app.post(
    '/api/tickets/:id/lock',
    {
      onRequest: requireUser,
      schema: {
        ...schema(
          'Hold a ticket (or, with quantity, part of a listing) while deciding; 409 when someone else holds it, it is being edited or sold',
        ),
        body: lockRequestSchema,
      },
    },
    async (request) =>
      lockReply(
        await lockTicket(db, currentUser(request).id, request.params.id, clock.now(), request.body?.quantity),
      ),
  );

  app.post(
    '/api/tickets/:id/lock/extend',
    { onRequest: requireUser, schema: schema('More time on one’s own hold (a bounded number of times)') },
    async (request) =>
      lockReply(await extendHold(db, currentUser(request).id, request.params.id, clock.now())),
  );

  app.post(
    '/api/tickets/:id/unlock',
    {
      onRequest: requireUser,
      schema: {
        params: ticketIdParamsSchema,
        tags: ['holds'],
        summary: 'Release one’s own hold (someone else’s is never touched)',
        response: { 200: unlockResponseSchema },
      },
    },
    async (request) => {
      const buyerId = currentUser(request).id;
      const released = await releaseHold(db, buyerId, request.params.id);
      await options.onRelease(request.params.id, buyerId, request.log);
      return { released, message: released ? CHECKOUT_TEXT.unlocked : CHECKOUT_TEXT.notHeld };
    },
  );
}
