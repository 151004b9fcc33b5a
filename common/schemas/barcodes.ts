import { z } from 'zod';

/** Spec 001 §9: a barcode image is at most 10 MB. */
export const BARCODE_MAX_BYTES = 10 * 1024 * 1024;

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
