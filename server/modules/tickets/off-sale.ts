import { sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';

/**
 * The columns that take a listing off sale at once: back to 'pending' at a new version (so an open checkout
 * of the old one is refunded, not sold), with any hold and any edit in progress ended. A suspension
 * (decision 0077) and a strikes review (decision 0087) pause a seller's listings this way.
 */
export function offSaleNow(now: Date) {
  return {
    status: 'pending' as const,
    version: sql`${tickets.version} + 1`,
    currentViewerId: null,
    lockExpiresAt: null,
    editingBy: null,
    editExpiresAt: null,
    updatedAt: now,
  };
}
