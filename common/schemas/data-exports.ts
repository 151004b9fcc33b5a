import { z } from 'zod';
import { TEXT_LIMITS } from './text.js';

/** A copy of my data (issue 47 item 4; decision 0097). */

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the file stops being downloadable and is deleted; null while pending. */
  expiresAt: z.string().nullable(),
  /** The ZIP's size while it can be downloaded. */
  bytes: z.number().int().nullable(),
  /** Some list was cut to the bounds; each file says which. */
  truncated: z.boolean(),
  /** The signed download address while ready (it works with this member's session only). */
  downloadPath: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/user/data-export: the member's latest request, or null before any. */
export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** POST /api/user/data-export. */
export const dataExportRequestedSchema = dataExportStateSchema.extend({ message: z.string() });

/** The e-mailed link's signed token: `<export id>.<HMAC-SHA256, base64url>`. */
export const dataExportDownloadQuerySchema = z.object({
  token: z.string().min(1).max(TEXT_LIMITS.token),
});
