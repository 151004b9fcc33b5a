import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataExportDownloadQuerySchema,
  dataExportRequestedSchema,
  dataExportStateSchema,
} from '../../../common/schemas/data-exports.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { type DataExportDeps, downloadDataExport, latestDataExport, requestDataExport } from './service.js';

/** A copy of my data (decision 0097): the request, its state and the download, for the signed-in member only. */
export async function dataExportRoutes(instance: FastifyInstance, deps: DataExportDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/user/data-export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: "The member's latest request for a copy of their data and its state",
        response: { 200: dataExportStateSchema },
      },
    },
    async (request) => latestDataExport(deps, currentUser(request).id),
  );

  app.post(
    '/api/user/data-export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Requests a copy of the member's data, e-mailed as a link when ready (one pending at a time)",
        response: { 202: dataExportRequestedSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await requestDataExport(deps, currentUser(request).id)),
  );

  app.get(
    '/api/user/data-export/download',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary:
          "Downloads the member's data as a ZIP: the signed link of that member's own copy, with their session",
        querystring: dataExportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await downloadDataExport(deps, currentUser(request).id, request.query.token);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.bytes);
    },
  );
}
