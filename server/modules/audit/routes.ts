import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '../../../common/schemas/admin-money.js';
import type { Db } from '../../db/client.js';
import { requireRole } from '../../plugins/session.js';
import { listAuditLog } from './service.js';

/** GET /api/admin/audit-log (admins only). */
export async function auditRoutes(instance: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit-log',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "Admins' actions, newest first (paged; changes or views, by admin, action and target)",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
    },
    async (request) => listAuditLog(options.db, request.query),
  );
}
