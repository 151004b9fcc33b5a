import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { TICKET_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import {
  editLockResponseSchema,
  messageResponseSchema,
  ticketConflictSchema,
  ticketDetailsSchema,
  ticketFormSchema,
  ticketIdParamsSchema,
  ticketSaveResponseSchema,
  ticketUpdateFieldsSchema,
} from '../../../common/schemas/tickets.js';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { Db } from '../../db/client.js';
import { Invalid } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import {
  createTicket,
  deleteTicket,
  endEdit,
  getTicketDetails,
  type SavedTicket,
  startEdit,
  type TicketServiceDeps,
  ticketDetailsReader,
  updateTicket,
} from './service.js';

export interface TicketRoutesOptions {
  db: Db;
  images: ImageStore;
  clock: Clock;
  /** The zone of a listing without a catalog venue (decision 0056). */
  platformTimeZone: string;
  /** Told when a listing may be bought (listed, edited, its editor closed), so matching bids can buy it. */
  onBuyable(ticketId: number): Promise<void>;
}

const FORM_FIELD_LIMIT = 40;
const FORM_FIELD_BYTES = 4_096;

/** A form's fields, whichever way the client sent them (multipart, urlencoded or JSON). */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    // The image is uploaded on its own (POST /api/upload/direct); a listing form carries only text.
    if (part.type === 'file') {
      part.file.resume();
      throw new Invalid(TICKET_TEXT.formHasFile);
    }
    fields[part.fieldname] = part.value;
  }
  return fields;
}

/** Parses with a shared schema; the first problem becomes the message, every problem a field error. */
function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  fields: Record<string, unknown>,
): z.output<Schema> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  throw new Invalid(result.error.issues[0]?.message ?? 'Invalid ticket form', fieldErrors);
}

function saveResponse(saved: SavedTicket, message: string) {
  return {
    id: saved.id,
    version: saved.version,
    listingPrice: centsToDollars(saved.listingPriceCents),
    message,
    verificationPrompt: saved.verificationPrompt,
  };
}

/** Listings: create, read, update (versioned), delete, and the seller's editing flag (spec 000 §7). */
export async function ticketRoutes(instance: FastifyInstance, options: TicketRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, images, clock, platformTimeZone } = options;
  const deps = (request: FastifyRequest): TicketServiceDeps => ({
    db,
    images,
    clock,
    platformTimeZone,
    log: request.log,
  });

  // Scoped to this plugin: the listing form's text fields, and no files.
  await app.register(multipart, {
    // One small file is let through only so that a stray file field is refused with a clear message.
    limits: {
      files: 1,
      fileSize: 1_024,
      fields: FORM_FIELD_LIMIT,
      fieldSize: FORM_FIELD_BYTES,
      parts: FORM_FIELD_LIMIT,
    },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_FIELD_LIMIT * FORM_FIELD_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const idParams = { params: ticketIdParamsSchema };
  const readTicketDetails = ticketDetailsReader(db);

  app.post(
    '/api/tickets',
    {
      onRequest: requireUser,
      schema: {
        tags: ['tickets'],
        summary: 'List a ticket (multipart, urlencoded or JSON form fields)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        response: { 201: ticketSaveResponseSchema },
      },
    },
    async (request, reply) => {
      const input = parseForm(ticketFormSchema, await readForm(request));
      const saved = await createTicket(deps(request), currentUser(request).id, input);
      await options.onBuyable(saved.id);
      return reply.status(201).send(saveResponse(saved, TICKET_TEXT.created));
    },
  );

  app.route({
    method: ['POST', 'PATCH'],
    url: '/api/tickets/:id',
    onRequest: requireUser,
    schema: {
      ...idParams,
      tags: ['tickets'],
      summary:
        'Update a listing at the version it was read at; a stale version answers 409 with currentVersion',
      consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
      response: { 200: ticketSaveResponseSchema, 409: ticketConflictSchema },
    },
    handler: async (request) => {
      const fields = await readForm(request);
      const { id, version } = parseForm(ticketUpdateFieldsSchema, fields);
      if (id !== request.params.id)
        throw new Invalid(TICKET_TEXT.ticketIdMismatch, { id: TICKET_TEXT.ticketIdMismatch });
      const input = parseForm(ticketFormSchema, fields);
      const saved = await updateTicket(deps(request), currentUser(request).id, id, version, input);
      await options.onBuyable(saved.id);
      return saveResponse(saved, TICKET_TEXT.updated);
    },
  });

  app.get(
    '/api/tickets/:id',
    {
      onRequest: requireUser,
      schema: {
        ...idParams,
        tags: ['tickets'],
        summary: 'One listing',
        response: { 200: ticketDetailsSchema },
      },
    },
    async (request) =>
      getTicketDetails(db, readTicketDetails, request.params.id, currentUser(request), clock.now()),
  );

  app.delete(
    '/api/tickets/:id',
    {
      onRequest: requireUser,
      schema: {
        ...idParams,
        tags: ['tickets'],
        summary: "Delete one's own unsold listing",
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteTicket(deps(request), currentUser(request).id, request.params.id);
      return { message: TICKET_TEXT.deleted };
    },
  );

  app.post(
    '/api/tickets/:id/start-edit',
    {
      onRequest: requireUser,
      schema: {
        ...idParams,
        tags: ['tickets'],
        summary: "The seller's editor opened (or is still open): set or renew the editing flag",
        response: { 200: editLockResponseSchema },
      },
    },
    async (request) => {
      const { lockExpiresAt } = await startEdit(db, currentUser(request).id, request.params.id, clock.now());
      return {
        isBeingEdited: true,
        lockExpiresAt: lockExpiresAt.toISOString(),
        message: TICKET_TEXT.editStarted,
      };
    },
  );

  app.post(
    '/api/tickets/:id/end-edit',
    {
      onRequest: requireUser,
      schema: {
        ...idParams,
        tags: ['tickets'],
        summary: "The seller's editor closed: clear the editing flag",
        response: { 200: editLockResponseSchema },
      },
    },
    async (request) => {
      await endEdit(db, currentUser(request).id, request.params.id);
      await options.onBuyable(request.params.id);
      return { isBeingEdited: false, lockExpiresAt: null, message: TICKET_TEXT.editEnded };
    },
  );
}
