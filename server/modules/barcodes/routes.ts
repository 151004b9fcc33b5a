import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_UPLOAD_WINDOW_MS, IMAGE_UPLOADS_PER_HOUR } from '../../../common/constants.js';
import { BARCODE_TEXT, UPLOAD_QUOTA_TEXT } from '../../../common/messages.js';
import { adminPageQuerySchema, idParamsSchema } from '../../../common/schemas/admin-money.js';
import {
  BARCODE_MAX_BYTES,
  barcodeDeleteResponseSchema,
  barcodeDuplicateReviewResponseSchema,
  barcodeDuplicatesResponseSchema,
  barcodeFailureSchema,
  barcodeUploadResponseSchema,
} from '../../../common/schemas/barcodes.js';
import { ticketIdParams } from '../../../common/schemas/messages.js';
import { positiveInt32 } from '../../../common/schemas/text.js';
import { BARCODE_CHECK_TEXT } from '../../../common/texts/barcode-check.js';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { Conflict, DomainError, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { imageDecoding } from '../../lib/image-decoding.js';
import { countHit } from '../../plugins/rate-limit.js';
import { currentUser, requireRole, requireUser } from '../../plugins/session.js';
import { pageShown, recordAdminRead } from '../audit/service.js';
import { mailBarcodeReplaced } from '../transfers/service.js';
import { barcodeHashes, DuplicateBarcodes, recordDuplicates } from './barcode-hashes.js';
import { checkBarcodeFile } from './check-barcode-file.js';
import { listBarcodeDuplicates, reviewBarcodeDuplicate } from './duplicates.js';
import { assertMayUploadBarcode, attachBarcode, detachBarcode, downloadableBarcode } from './service.js';

export interface BarcodeRoutesOptions {
  db: Db;
  images: ImageStore;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  /** The key of the barcode hashes (config.barcodeHashSecret), read when first needed. */
  barcodeHashSecret: () => string;
  /** How long reading a file's barcodes may take (config.barcodeDecodeTimeoutMs). */
  barcodeDecodeTimeoutMs: number;
}

/** A barcode is the ticket itself: no shared cache and no browser cache may keep it. */
const BARCODE_CACHE_CONTROL = 'private, no-store';
/** How long the server waits for the image vendor when it serves a barcode it does not hold itself. */
const VENDOR_FETCH_TIMEOUT_MS = 10_000;

function uploadFailure(status: number, message: string): DomainError {
  return new DomainError(status, message, { success: false });
}

/** The upload's fields: the 'barcode' file and the 'ticketId' it belongs to; others are ignored. */
async function readUpload(request: FastifyRequest): Promise<{ ticketId: number; barcode: Buffer }> {
  if (!request.isMultipart()) throw uploadFailure(415, BARCODE_TEXT.invalidType);
  let barcode: Buffer | null = null;
  let ticketField: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'barcode') barcode = bytes;
      } else if (part.fieldname === 'ticketId') {
        ticketField = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // The limit is 10MB + 1 byte, so a larger file is cut off as soon as it passes 10MB.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadFailure(413, BARCODE_TEXT.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw uploadFailure(400, BARCODE_TEXT.oneFileOnly);
    throw error;
  }
  const ticketId = positiveInt32().safeParse(ticketField);
  if (!ticketId.success) throw uploadFailure(400, BARCODE_TEXT.missingTicket);
  if (!barcode || barcode.length === 0) throw uploadFailure(400, BARCODE_TEXT.invalidType);
  return { ticketId: ticketId.data, barcode };
}

/** The stored bytes: from the database store, or fetched from the vendor that serves them (wallet passes too). */
export async function barcodeBytes(
  images: ImageStore,
  barcode: { url: string; publicId: string },
): Promise<Buffer> {
  const file = await images.get(barcode.publicId);
  if (file) return file.bytes;
  if (images.kind === 'database') throw new NotFound(BARCODE_TEXT.noBarcode);
  const response = await fetch(barcode.url, { signal: AbortSignal.timeout(VENDOR_FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`barcode fetch failed with HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Paper-ticket barcodes (spec 001 §2, §5, §7): the seller uploads, replaces or removes; the buyer downloads. */
export async function barcodeRoutes(instance: FastifyInstance, options: BarcodeRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, images, clock, mailer, appUrl, barcodeHashSecret, barcodeDecodeTimeoutMs } = options;

  await app.register(multipart, {
    limits: { fileSize: BARCODE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/api/tickets/barcode/upload',
    {
      onRequest: requireUser,
      config: { errorFields: { success: false } },
      schema: {
        tags: ['barcodes'],
        summary:
          'Upload or replace the barcode of a paper ticket on sale or sold (seller only; multipart "barcode" and "ticketId"; an image or PDF e-ticket of at most 10MB). Its barcodes are decoded and only their keyed hashes kept; one already on another live listing or sale is refused (409) and flagged to admins. A replacement after the transfer is initiated is posted to the thread and e-mailed to the buyer',
        consumes: ['multipart/form-data'],
        response: {
          200: barcodeUploadResponseSchema,
          400: barcodeFailureSchema,
          403: barcodeFailureSchema,
          404: barcodeFailureSchema,
          409: barcodeFailureSchema,
          413: barcodeFailureSchema,
          415: barcodeFailureSchema,
          422: barcodeFailureSchema,
          429: barcodeFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The same hourly upload counter as ticket images (decision 0007), counted before any bytes are read.
      const now = clock.now();
      const { count, resetAt } = await countHit(db, `upload:user:${user.id}`, IMAGE_UPLOAD_WINDOW_MS, now);
      if (count > IMAGE_UPLOADS_PER_HOUR) {
        reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
        throw uploadFailure(429, UPLOAD_QUOTA_TEXT.tooManyUploads);
      }
      const { ticketId, barcode } = await readUpload(request);
      try {
        await assertMayUploadBarcode(db, ticketId, user);
        const checked = await imageDecoding.run(user.id, () =>
          checkBarcodeFile(barcode, barcodeDecodeTimeoutMs),
        );
        const hashes = barcodeHashes(barcodeHashSecret(), checked.contents);
        const saved = await images.save(checked.stored.bytes, checked.stored.contentType, user.id);
        let attached: Awaited<ReturnType<typeof attachBarcode>>;
        try {
          attached = await attachBarcode(db, ticketId, user, saved, hashes, clock.now());
        } catch (error) {
          // The ticket changed between the check and the write, or a barcode is taken: the upload is not kept.
          await images.delete(saved.publicId);
          if (!(error instanceof DuplicateBarcodes)) throw error;
          const flagged = await recordDuplicates(
            db,
            { ticketId, sellerId: user.id },
            error.hashes,
            clock.now(),
          );
          // Only the count and the ticket: never a barcode's content, nor its hash.
          request.log.warn({ ticketId, flagged }, 'refused a barcode another live ticket holds');
          throw new Conflict(BARCODE_CHECK_TEXT.duplicate);
        }
        if (attached.replaced) {
          try {
            await images.delete(attached.replaced);
          } catch (error) {
            request.log.warn({ err: error, ticketId }, 'could not delete a replaced barcode; the sweep will');
          }
        }
        if (attached.buyerNotified)
          await mailBarcodeReplaced({ db, mailer, appUrl, log: request.log }, ticketId);
        return {
          success: true as const,
          cloudinaryUrl: saved.url,
          cloudinaryPublicId: saved.publicId,
          message: BARCODE_TEXT.uploadedMessage,
          barcodesFound: hashes.length,
          barcodeChecked: attached.barcodeChecked,
        };
      } catch (error) {
        if (error instanceof DomainError) throw uploadFailure(error.statusCode, error.message);
        throw error;
      }
    },
  );

  app.delete(
    '/api/tickets/:id/barcode',
    {
      onRequest: requireUser,
      config: { errorFields: { success: false } },
      schema: {
        tags: ['barcodes'],
        summary:
          'Remove the barcode of a sold paper ticket (seller only; refused once the transfer is initiated)',
        params: ticketIdParams,
        response: { 200: barcodeDeleteResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const publicId = await detachBarcode(db, request.params.id, user, clock.now());
      try {
        await images.delete(publicId);
      } catch (error) {
        request.log.warn({ err: error, ticketId: request.params.id }, 'could not delete a removed barcode');
      }
      return { success: true as const, message: BARCODE_TEXT.removedMessage };
    },
  );

  app.get(
    '/api/tickets/:id/barcode/download',
    {
      onRequest: requireUser,
      schema: {
        tags: ['barcodes'],
        summary:
          'The barcode image as an attachment: to the seller, to admins, and to the buyer once the transfer is initiated',
        params: ticketIdParams,
      },
      onSend: async (_request, reply) => {
        // Route hooks run after the app-wide no-store hook; this one applies to errors too.
        reply.header('cache-control', BARCODE_CACHE_CONTROL);
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const barcode = await downloadableBarcode(db, request.params.id, user, clock.now());
      const bytes = await barcodeBytes(images, barcode);
      if (barcode.byAdmin)
        await recordAdminRead(db, {
          adminId: user.id,
          action: 'ticket.barcode',
          targetType: 'ticket',
          targetId: request.params.id,
          shown: null,
        });
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', `attachment; filename="ticket-${request.params.id}-barcode.jpg"`)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  // The admins' Duplicate barcodes view (decision 0085): both tickets, their sellers, the hash's prefix.
  app.get(
    '/api/admin/barcode-duplicates',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Refused uploads of a barcode another live listing or sale carries, newest first, paged',
        querystring: adminPageQuerySchema,
        response: { 200: barcodeDuplicatesResponseSchema },
      },
    },
    async (request) => {
      const page = await listBarcodeDuplicates(db, request.query);
      await recordAdminRead(db, {
        adminId: currentUser(request).id,
        action: 'barcode-duplicates.list',
        targetType: 'admin_list',
        targetId: 'barcode-duplicates',
        shown: pageShown(
          request.query,
          page.rows.map((row) => row.id),
        ),
      });
      return page;
    },
  );

  app.post(
    '/api/admin/barcode-duplicates/:id/review',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Mark a duplicate barcode as reviewed (audited)',
        params: idParamsSchema,
        response: { 200: barcodeDuplicateReviewResponseSchema },
      },
    },
    async (request) => {
      const duplicate = await reviewBarcodeDuplicate(
        db,
        request.params.id,
        currentUser(request).id,
        clock.now(),
      );
      return { message: BARCODE_CHECK_TEXT.markedReviewed, duplicate };
    },
  );
}
