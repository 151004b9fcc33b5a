import { z } from 'zod';

// In common/constants.ts, so that common/messages.ts reads it without loading zod.
export { BARCODE_MAX_BYTES } from '../constants.js';

/** POST /api/tickets/barcode/upload (spec 001 §3 Barcode upload response). */
export const barcodeUploadResponseSchema = z.object({
  success: z.literal(true),
  cloudinaryUrl: z.string(),
  cloudinaryPublicId: z.string(),
  message: z.string(),
  /** How many distinct barcodes were decoded from the file (decision 0085). */
  barcodesFound: z.number().int().min(0),
  /** Whether the listing now carries the buyer's 'Barcode checked' mark. */
  barcodeChecked: z.boolean(),
});
export type BarcodeUploadResponse = z.infer<typeof barcodeUploadResponseSchema>;

export const barcodeFailureSchema = z.object({ success: z.literal(false), message: z.string() });

/** DELETE /api/tickets/{id}/barcode. */
export const barcodeDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type BarcodeDeleteResponse = z.infer<typeof barcodeDeleteResponseSchema>;

// ── Admin: GET /api/admin/barcode-duplicates, POST /api/admin/barcode-duplicates/{id}/review ────────────

/** How many hex characters of the keyed hash an admin sees: enough to tell pairs apart, not the hash. */
export const BARCODE_FINGERPRINT_LENGTH = 12;

const duplicateTicketSchema = z.object({
  /** Null once the listing was deleted. */
  ticketId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  sellerId: z.number().int(),
  sellerUsername: z.string(),
});

export const barcodeDuplicateSchema = z.object({
  id: z.number().int(),
  /** The first BARCODE_FINGERPRINT_LENGTH hex characters of the keyed hash both tickets share. */
  fingerprint: z.string(),
  /** The live listing or sale that carried the barcode first. */
  holding: duplicateTicketSchema,
  /** The ticket whose upload was refused. */
  refused: duplicateTicketSchema,
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type BarcodeDuplicate = z.infer<typeof barcodeDuplicateSchema>;

export const barcodeDuplicatesResponseSchema = z.object({
  rows: z.array(barcodeDuplicateSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BarcodeDuplicatesResponse = z.infer<typeof barcodeDuplicatesResponseSchema>;

export const barcodeDuplicateReviewResponseSchema = z.object({
  message: z.string(),
  duplicate: barcodeDuplicateSchema,
});
