import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closeAccountRequestSchema,
  closeAccountResponseSchema,
  closureRefusedSchema,
  closureStateSchema,
} from '../../../common/schemas/account-closure.js';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import { currentUser, requireUser, SESSION_COOKIE } from '../../plugins/session.js';
import { type AccountClosureDeps, closeAccount, closureState } from './service.js';

export interface AccountClosureRoutesOptions extends AccountClosureDeps {
  /** A hold the closure ended: its checkouts end and its part goes back into its listing (as a suspension's). */
  onHoldEnded(ticketId: number, holderId: number, log: FastifyBaseLogger): Promise<void>;
}

/** Closing my account (decision 0099), for the signed-in member only. */
export async function accountClosureRoutes(
  instance: FastifyInstance,
  options: AccountClosureRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { onHoldEnded, ...deps } = options;

  app.get(
    '/api/user/closure',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Whether the member can close their account now, and what must finish first',
        response: { 200: closureStateSchema },
      },
    },
    async (request) => closureState(deps, currentUser(request).id),
  );

  app.post(
    '/api/user/closure',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Closes the member's account after they confirm their password: refused while sales, purchases, payouts, holds or disputes are in flight",
        body: closeAccountRequestSchema,
        response: { 200: closeAccountResponseSchema, 409: closureRefusedSchema },
      },
    },
    async (request, reply) => {
      const closed = await closeAccount(deps, currentUser(request).id, request.body.password);
      for (const hold of closed.endedHolds) await onHoldEnded(hold.ticketId, hold.holderId, request.log);
      // The session row went with the account's others; the browser forgets its cookie too.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: ACCOUNT_CLOSURE_TEXT.closed };
    },
  );
}
