import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { barcodeDuplicates, ticketBarcodes, tickets } from '../../db/schema/index.js';

/**
 * The keyed hash kept of a barcode's content (decision 0085): HMAC-SHA-256 under BARCODE_HASH_SECRET, so a
 * leaked table does not give out tickets, and nobody without the key can test a guessed barcode against it.
 */
export function barcodeHash(key: string, content: Uint8Array): string {
  return createHmac('sha256', key).update(content).digest('hex');
}

/** The distinct hashes of the barcodes of one upload, in the order found. */
export function barcodeHashes(key: string, contents: Uint8Array[]): string[] {
  return [...new Set(contents.map((content) => barcodeHash(key, content)))];
}

/** An upload carried barcodes that another live listing or sale holds; the transaction is undone. */
export class DuplicateBarcodes extends Error {
  constructor(readonly hashes: string[]) {
    super('duplicate barcodes');
  }
}

export interface BarcodeOwner {
  ticketId: number;
  sellerId: number;
  splitFromTicketId: number | null;
  quantity: number;
}

/**
 * Makes `hashes` the live barcodes of the ticket, inside the caller's transaction (which holds the ticket's
 * row lock). The ticket's earlier ones go; so do the same barcodes on the other parts of the seller's own
 * listing (decision 0062: a sold part takes them from the listing it came from). Each insert skips a hash
 * another live ticket holds, waiting for a concurrent insert of it to commit first, so of two uploads at
 * once exactly one keeps it; then DuplicateBarcodes undoes the whole upload. Returns whether the listing
 * now carries the buyer's mark: at least one barcode, and one for each of its tickets.
 */
export async function keepBarcodeHashes(
  tx: Tx,
  owner: BarcodeOwner,
  hashes: string[],
  now: Date,
): Promise<boolean> {
  await tx.delete(ticketBarcodes).where(eq(ticketBarcodes.ticketId, owner.ticketId));
  if (hashes.length > 0) {
    const family = sql`(t.id = ${owner.splitFromTicketId}
      or t.split_from_ticket_id = ${owner.ticketId}
      or t.split_from_ticket_id = ${owner.splitFromTicketId})`;
    const moved = await rowsOf<{ ticket_id: number }>(
      tx,
      sql`delete from ticket_barcodes b using tickets t
        where b.ticket_id = t.id and b.live and b.seller_id = ${owner.sellerId}
          and b.content_hash in (${sql.join(
            hashes.map((hash) => sql`${hash}`),
            sql`, `,
          )})
          and ${family}
        returning b.ticket_id`,
    );
    for (const ticketId of new Set(moved.map((row) => row.ticket_id))) await refreshMark(tx, ticketId);
    const kept = new Set<string>();
    // One order for every upload, so two uploads sharing barcodes wait for each other, never in a circle.
    for (const hash of [...hashes].sort()) {
      const inserted = await rowsOf<{ content_hash: string }>(
        tx,
        sql`insert into ticket_barcodes (ticket_id, seller_id, content_hash, live, created_at)
          values (${owner.ticketId}, ${owner.sellerId}, ${hash}, true, ${now.toISOString()})
          on conflict (content_hash) where live do nothing
          returning content_hash`,
      );
      if (inserted.length > 0) kept.add(hash);
    }
    const refused = hashes.filter((hash) => !kept.has(hash));
    if (refused.length > 0) throw new DuplicateBarcodes(refused);
  }
  return refreshMark(tx, owner.ticketId);
}

/** Sets the ticket's buyer mark from its live barcodes and its quantity; returns it. */
async function refreshMark(tx: Tx, ticketId: number): Promise<boolean> {
  const [row] = await tx
    .update(tickets)
    .set({
      barcodeChecked: sql`(select count(*) from ticket_barcodes b where b.ticket_id = ${ticketId} and b.live)
        >= greatest(${tickets.quantity}, 1)`,
    })
    .where(eq(tickets.id, ticketId))
    .returning({ checked: tickets.barcodeChecked });
  return row?.checked ?? false;
}

/** Takes every barcode off the ticket (the seller removed its file). */
export async function dropBarcodeHashes(tx: Tx, ticketId: number): Promise<void> {
  await tx.delete(ticketBarcodes).where(eq(ticketBarcodes.ticketId, ticketId));
  await tx.update(tickets).set({ barcodeChecked: false }).where(eq(tickets.id, ticketId));
}

/**
 * Flags a refused upload to the admins: for each refused hash, the live ticket that holds it and the ticket
 * the upload was for. In a transaction of its own, after the refused upload's was undone.
 */
export async function recordDuplicates(
  db: Db,
  refused: { ticketId: number; sellerId: number },
  hashes: string[],
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const holders = await tx
      .select({
        hash: ticketBarcodes.contentHash,
        ticketId: ticketBarcodes.ticketId,
        sellerId: ticketBarcodes.sellerId,
      })
      .from(ticketBarcodes)
      .where(and(eq(ticketBarcodes.live, true), inArray(ticketBarcodes.contentHash, hashes)));
    if (holders.length === 0) return 0;
    await tx.insert(barcodeDuplicates).values(
      holders.map((holder) => ({
        contentHash: holder.hash,
        holdingTicketId: holder.ticketId,
        holdingSellerId: holder.sellerId,
        refusedTicketId: refused.ticketId,
        refusedSellerId: refused.sellerId,
        createdAt: now,
      })),
    );
    return holders.length;
  });
}

async function rowsOf<T>(tx: Tx, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}
