import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { updateUserRequestSchema } from '../../../common/schemas/auth.js';
import { currentUserSchema, sessionResponseSchema } from '../../../common/schemas/users.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { Unauthorized } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { getCurrentUser, markTourCompleted, updateUser } from './service.js';

export interface UserRoutesOptions {
  db: Db;
  mailer: Mailer;
  config: Config;
  clock: Clock;
}

export async function userRoutes(instance: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = { db: options.db, mailer: options.mailer, appUrl: options.config.appUrl };

  app.get(
    '/api/user',
    { onRequest: requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => {
      const user = await getCurrentUser(options.db, currentUser(request).id);
      if (!user) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
      return user;
    },
  );

  app.get('/api/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request) => ({
    user: request.user ? await getCurrentUser(options.db, request.user.id) : null,
  }));

  app.patch(
    '/api/user',
    {
      onRequest: requireUser,
      schema: { body: updateUserRequestSchema, response: { 200: currentUserSchema } },
    },
    async (request) => updateUser(deps, currentUser(request).id, request.body, options.clock.now()),
  );

  // The welcome tour was finished or skipped: remembered for the member, so no other browser offers it.
  app.post(
    '/api/user/tour-completed',
    { onRequest: requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => markTourCompleted(options.db, currentUser(request).id, options.clock.now()),
  );
}
