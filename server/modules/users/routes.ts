import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MARKETPLACE_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import { updateUserRequestSchema } from '../../../common/schemas/auth.js';
import { userIdParamsSchema, userReviewsResponseSchema } from '../../../common/schemas/marketplace.js';
import { currentUserSchema } from '../../../common/schemas/users.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { NotFound, Unauthorized } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { getCurrentUser, updateUser } from './service.js';

export interface UserRoutesOptions {
  db: Db;
  mailer: Mailer;
  config: Config;
}

export async function userRoutes(instance: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = { db: options.db, mailer: options.mailer, appUrl: options.config.appUrl };

  app.get(
    '/api/user',
    { preHandler: requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => {
      const user = await getCurrentUser(options.db, currentUser(request).id);
      if (!user) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
      return user;
    },
  );

  app.patch(
    '/api/user',
    {
      preHandler: requireUser,
      schema: { body: updateUserRequestSchema, response: { 200: currentUserSchema } },
    },
    async (request) => updateUser(deps, currentUser(request).id, request.body),
  );

  app.get(
    '/api/users/:id/reviews',
    {
      preHandler: requireUser,
      schema: {
        params: userIdParamsSchema,
        tags: ['users'],
        summary: "A user's reviews (none exist until the reviews issue)",
        response: { 200: userReviewsResponseSchema },
      },
    },
    async (request) => {
      const [user] = await options.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, request.params.id))
        .limit(1);
      if (!user) throw new NotFound(MARKETPLACE_TEXT.userNotFound);
      // Reviews are written by the after-sale issue's module; until it exists nobody has any.
      return [];
    },
  );
}
