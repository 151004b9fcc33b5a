import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  BARCODE_FINGERPRINT_LENGTH,
  type BarcodeDuplicate,
  type BarcodeDuplicatesResponse,
} from '../../../common/schemas/barcodes.js';
import { BARCODE_CHECK_TEXT } from '../../../common/texts/barcode-check.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { barcodeDuplicates } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';

interface DuplicateRow {
  id: number;
  content_hash: string;
  holding_ticket_id: number | null;
  holding_event: string | null;
  holding_seller_id: number;
  holding_username: string;
  refused_ticket_id: number | null;
  refused_event: string | null;
  refused_seller_id: number;
  refused_username: string;
  created_at: string | Date;
  reviewed_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function duplicateOf(row: DuplicateRow): BarcodeDuplicate {
  return {
    id: row.id,
    fingerprint: row.content_hash.slice(0, BARCODE_FINGERPRINT_LENGTH),
    holding: {
      ticketId: row.holding_ticket_id,
      eventName: row.holding_event,
      sellerId: row.holding_seller_id,
      sellerUsername: row.holding_username,
    },
    refused: {
      ticketId: row.refused_ticket_id,
      eventName: row.refused_event,
      sellerId: row.refused_seller_id,
      sellerUsername: row.refused_username,
    },
    createdAt: iso(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : iso(row.reviewed_at),
  };
}

function selectDuplicates(where: ReturnType<typeof sql>, page: { limit: number; offset: number }) {
  return sql`select d.id, d.content_hash, d.holding_ticket_id, ht.event_name as holding_event,
      d.holding_seller_id, hu.username as holding_username, d.refused_ticket_id,
      rt.event_name as refused_event, d.refused_seller_id, ru.username as refused_username,
      d.created_at, d.reviewed_at
    from barcode_duplicates d
    join users hu on hu.id = d.holding_seller_id
    join users ru on ru.id = d.refused_seller_id
    left join tickets ht on ht.id = d.holding_ticket_id
    left join tickets rt on rt.id = d.refused_ticket_id
    where ${where}
    order by d.created_at desc, d.id desc
    limit ${page.limit} offset ${page.offset}`;
}

const rowsOf = async <T>(db: DbOrTx, statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/** The admins' Duplicate barcodes view: newest first, paged. */
export async function listBarcodeDuplicates(
  db: DbOrTx,
  query: { page: number; pageSize: number },
): Promise<BarcodeDuplicatesResponse> {
  const rows = await rowsOf<DuplicateRow>(
    db,
    selectDuplicates(sql`true`, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  );
  const [total] = await db.select({ value: count() }).from(barcodeDuplicates);
  return {
    rows: rows.map(duplicateOf),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An admin marks a duplicate as reviewed (once), recorded in the audit log in the same transaction. */
export async function reviewBarcodeDuplicate(
  db: Db,
  id: number,
  adminId: number,
  now: Date,
): Promise<BarcodeDuplicate> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(barcodeDuplicates)
      .set({ reviewedAt: now, reviewedBy: adminId })
      .where(and(eq(barcodeDuplicates.id, id), isNull(barcodeDuplicates.reviewedAt)))
      .returning({ contentHash: barcodeDuplicates.contentHash });
    if (!updated) {
      const [exists] = await tx
        .select({ id: barcodeDuplicates.id })
        .from(barcodeDuplicates)
        .where(eq(barcodeDuplicates.id, id));
      throw exists
        ? new Conflict(BARCODE_CHECK_TEXT.alreadyReviewed)
        : new NotFound(BARCODE_CHECK_TEXT.notFound);
    }
    await recordAdminAction(tx, {
      adminId,
      action: 'barcode-duplicate.review',
      targetType: 'barcode_duplicate',
      targetId: id,
      before: { reviewed: false },
      // The prefix the admin saw, never the whole hash.
      after: { reviewed: true, fingerprint: updated.contentHash.slice(0, BARCODE_FINGERPRINT_LENGTH) },
    });
    const [row] = await rowsOf<DuplicateRow>(
      tx,
      selectDuplicates(sql`d.id = ${id}`, { limit: 1, offset: 0 }),
    );
    if (!row) throw new NotFound(BARCODE_CHECK_TEXT.notFound);
    return duplicateOf(row);
  });
}
