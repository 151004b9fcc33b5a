import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationsSchema } from '../../../common/schemas/notifications.js';
import type { Db } from '../../db/client.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { notificationsOf } from './service.js';

export async function notificationRoutes(instance: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/notifications',
    { onRequest: requireUser, schema: { response: { 200: notificationsSchema } } },
    async (request) => notificationsOf(options.db, currentUser(request).id),
  );
}
