import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  IMAGE_UPLOAD_WINDOW_MS,
  IMAGE_UPLOADS_PER_HOUR,
} from '../../../common/constants.js';
import { LISTING_TEXT, TICKET_TEXT, UPLOAD_QUOTA_TEXT } from '../../../common/messages.js';
import { singleLineText, TEXT_LIMITS } from '../../../common/schemas/text.js';
import { uploadFailureSchema, uploadResponseSchema } from '../../../common/schemas/tickets.js';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { Db } from '../../db/client.js';
import { DomainError, NotFound } from '../../errors.js';
import { imageDecoding } from '../../lib/image-decoding.js';
import { countHit } from '../../plugins/rate-limit.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { recordAdminRead } from '../audit/service.js';
import { isListedTicketImage } from '../tickets/service.js';
import { processImage } from './process-image.js';

export interface ImageRoutesOptions {
  db: Db;
  images: ImageStore;
}

/** Browsers may keep a served image for an hour, but only in the signed-in user's own cache. */
const IMAGE_CACHE_CONTROL = 'private, max-age=3600';
/** The answers of this instance's image route that show a listing's picture. */
const cacheable = new WeakSet<FastifyRequest>();

/** Upload failures answer { success: false, message } (spec 000 §3 Upload response). */
function uploadFailure(status: number, message: string): DomainError {
  return new DomainError(status, message, { success: false });
}

/** The one image of an upload request (field 'image'); other fields are ignored. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw uploadFailure(415, LISTING_TEXT.invalidFileType);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image') image = bytes;
    }
  } catch (error) {
    // The limit is 5MB + 1 byte, so a file over 5MB is cut off here rather than read whole.
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw uploadFailure(413, TICKET_TEXT.imageTooLarge);
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT')
      throw uploadFailure(400, TICKET_TEXT.oneImageOnly);
    throw error;
  }
  if (!image || image.length === 0) throw uploadFailure(400, LISTING_TEXT.invalidFileType);
  return image;
}

/** Ticket image upload (POST /api/upload/direct) and, for the database store, serving (GET /api/images/{id}). */
export async function imageRoutes(instance: FastifyInstance, options: ImageRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, images } = options;

  // Scoped to this plugin. One byte over the limit lets a file of exactly 5MB through while anything
  // larger is stopped as soon as it passes 5MB + 1 byte.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/api/upload/direct',
    {
      onRequest: requireUser,
      // Every failure, Fastify's own included (a wrong content type, a broken multipart body), keeps the
      // upload's { success: false, message } shape.
      config: { errorFields: { success: false } },
      schema: {
        tags: ['images'],
        summary: 'Upload a ticket image (multipart field "image"; JPEG, PNG, GIF or WebP, at most 5MB)',
        consumes: ['multipart/form-data'],
        response: {
          200: uploadResponseSchema,
          400: uploadFailureSchema,
          413: uploadFailureSchema,
          415: uploadFailureSchema,
          429: uploadFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Counted before the file is read or decoded: one counter per user shared by every instance.
      const now = new Date();
      const { count, resetAt } = await countHit(db, `upload:user:${user.id}`, IMAGE_UPLOAD_WINDOW_MS, now);
      if (count > IMAGE_UPLOADS_PER_HOUR) {
        reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
        throw uploadFailure(429, UPLOAD_QUOTA_TEXT.tooManyUploads);
      }
      const upload = await readImageField(request);
      let processed: Awaited<ReturnType<typeof processImage>>;
      try {
        processed = await imageDecoding.run(user.id, () => processImage(upload));
      } catch (error) {
        if (error instanceof DomainError) throw uploadFailure(error.statusCode, error.message);
        throw error;
      }
      const saved = await images.save(processed.bytes, processed.contentType, user.id);
      return {
        success: true as const,
        cloudinaryUrl: saved.url,
        cloudinaryPublicId: saved.publicId,
        message: LISTING_TEXT.imageUploaded,
      };
    },
  );

  app.get(
    '/api/images/:publicId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['images'],
        summary:
          'A stored image: to its uploader, to admins, and to every signed-in user once a listing shows it',
        params: z.object({ publicId: singleLineText(TEXT_LIMITS.token).min(1) }),
      },
      onSend: async (request, reply) => {
        // Route hooks run after the app-wide no-store hook: a listing's picture may be cached, privately.
        if (reply.statusCode === 200 && cacheable.has(request))
          reply.header('cache-control', IMAGE_CACHE_CONTROL);
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { publicId } = request.params;
      const file = await images.get(publicId);
      const listed = file !== null && (await isListedTicketImage(db, publicId));
      // Someone else's image that no listing shows (yet) is answered as if it did not exist.
      const allowed = file !== null && (listed || file.ownerId === user.id || user.role === 'admin');
      if (!file || !allowed) throw new NotFound(TICKET_TEXT.imageNotFound);
      // An admin shown someone's image that no listing shows (a barcode, an unlisted upload): audited (0057).
      if (!listed && file.ownerId !== user.id)
        await recordAdminRead(db, {
          adminId: user.id,
          action: 'image.view',
          targetType: 'image',
          targetId: publicId,
          shown: { owner: file.ownerId },
        });
      // Anything but a listing's picture (a barcode, an upload not listed yet) stays no-store (decision 0032).
      if (listed) cacheable.add(request);
      return reply.header('content-type', file.contentType).send(file.bytes);
    },
  );
}
