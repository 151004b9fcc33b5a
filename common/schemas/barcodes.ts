import { z } from 'zod';

// In common/constants.ts, so that common/messages.ts reads it without loading zod.
export { BARCODE_MAX_BYTES } from '../constants.js';

/** POST /api/tickets/barcode/upload (spec 001 §3 Barcode upload response). */
export const barcodeUploadResponseSchema = z.object({
  success: z.literal(true),
  cloudinaryUrl: z.string(),
  cloudinaryPublicId: z.string(),
  message: z.string(),
});
export type BarcodeUploadResponse = z.infer<typeof barcodeUploadResponseSchema>;

export const barcodeFailureSchema = z.object({ success: z.literal(false), message: z.string() });

/** DELETE /api/tickets/{id}/barcode. */
export const barcodeDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type BarcodeDeleteResponse = z.infer<typeof barcodeDeleteResponseSchema>;
