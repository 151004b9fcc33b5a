import { and, count, eq, notExists, or, type SQL, sql } from 'drizzle-orm';
import { IMAGE_UNATTACHED_MAX } from '../../../common/constants.js';
import { UPLOAD_QUOTA_TEXT } from '../../../common/messages.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { type cloudinaryUploads, type storedImages, tickets } from '../../db/schema/index.js';
import { TooManyRequests } from '../../errors.js';

/** Any constant works; it only has to be the same in every instance (migrations use 7_411_001, sweeps 7_411_002). */
export const UPLOAD_QUOTA_LOCK_KEY = 7_411_003;

type Ledger = typeof storedImages | typeof cloudinaryUploads;

/**
 * Whether no ticket uses the ledger row's image, as its listing picture or as its barcode: the quota and the
 * orphaned-uploads sweep both go by it.
 */
export function unusedByTickets(db: DbOrTx, ledger: Ledger): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(tickets)
      .where(or(eq(tickets.imagePublicId, ledger.publicId), eq(tickets.barcodePublicId, ledger.publicId))),
  );
}

/** How many of `ownerId`'s uploads in `ledger` no ticket uses. */
export async function countUnattached(db: DbOrTx, ledger: Ledger, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ unattached: count() })
    .from(ledger)
    .where(and(eq(ledger.ownerId, ownerId), unusedByTickets(db, ledger)));
  return row?.unattached ?? 0;
}

/**
 * Records an upload of `ownerId` only while the owner holds fewer than IMAGE_UNATTACHED_MAX images that no
 * listing shows; otherwise 429. The count and the insert run in one transaction under a per-owner advisory
 * lock, so concurrent uploads (on any number of instances) cannot pass the limit together.
 */
export async function recordWithinQuota(
  db: DbOrTx,
  ledger: Ledger,
  ownerId: number,
  insert: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK_KEY}, ${ownerId})`);
    if ((await countUnattached(tx, ledger, ownerId)) >= IMAGE_UNATTACHED_MAX)
      throw new TooManyRequests(UPLOAD_QUOTA_TEXT.tooManyUnattached);
    await insert(tx);
  });
}
