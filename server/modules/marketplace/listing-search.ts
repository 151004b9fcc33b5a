import { sql } from 'drizzle-orm';
import { earliestListingDateOnSale } from '../../../common/on-sale.js';
import {
  atOrBelowOriginal,
  originalPriceCents,
  vsOriginalSortKey,
} from '../../../common/price-comparison.js';
import type { SortCriterion, TicketListQuery } from '../../../common/schemas/marketplace.js';
import type { SplitRule } from '../../../common/splits.js';
import type { Db } from '../../db/client.js';
import { listingOnSaleSql, saleEndsAtSql } from '../../lib/on-sale-sql.js';
import { searchFold } from '../../lib/search-fold.js';
import { type IndexSource, SyncedIndex, type SyncedIndexOptions } from '../../lib/synced-index.js';
import { listingCitySql } from '../tickets/listing-columns.js';
import {
  type IndexedListing,
  type IndexedSortField,
  ListingIndex,
  type ListingQuery,
} from './listing-index.js';

/** Rows per statement of a load; the loop yields between them so requests keep being served. */
const LOAD_PAGE = 5_000;

interface ListingRow {
  id: number;
  text: string;
  status: string;
  sold: boolean;
  eventDate: string;
  endsAt: number;
  priceCents: number;
  markup: number;
  quantity: number;
  splitRule: SplitRule;
  city: string;
  faceValueCents: number;
  serviceFeeCents: number;
  sellerVerified: boolean;
}

const rowColumns = sql`id, search_text as text, status, sold, event_date::text as "eventDate",
  (extract(epoch from ${saleEndsAtSql(sql`event_date`, sql`days_count`, sql`time_zone`)}) * 1000)::float8 as "endsAt",
  buyer_pays_per_ticket_cents as "priceCents", markup, quantity, split_rule as "splitRule", ${listingCitySql} as city,
  face_value_cents as "faceValueCents", service_fee_cents as "serviceFeeCents", seller_verified as "sellerVerified"`;

function indexed(row: ListingRow, now: Date): IndexedListing | null {
  const endsAt = Number(row.endsAt);
  if (row.status !== 'available' || row.sold || endsAt <= now.getTime()) return null;
  const { id, text, eventDate, priceCents, markup, quantity, splitRule, city, sellerVerified } = row;
  const original = originalPriceCents(row.faceValueCents, row.serviceFeeCents);
  const atOrBelowFace = atOrBelowOriginal(priceCents, original);
  const vsOriginalKey = vsOriginalSortKey(priceCents, original);
  return {
    id,
    text,
    eventDate,
    endsAt,
    priceCents,
    markup,
    quantity,
    splitRule,
    city,
    atOrBelowFace,
    vsOriginalKey,
    sellerVerified: sellerVerified === true,
  };
}

const INDEXED_FIELDS = new Set<string>(['price', 'markup', 'eventDate']);

/**
 * The index's sort field of `sort`, or null: one indexed field, or the "Lowest vs. original price" sort
 * (against the original price, then the price, the same way; decision 0083).
 */
function indexedSortOf(sort: SortCriterion[]): IndexedSortField | null {
  const [first, second] = sort;
  if (sort.length === 1 && first && INDEXED_FIELDS.has(first.field)) return first.field as IndexedSortField;
  const vsOriginal =
    sort.length === 2 &&
    first?.field === 'vsOriginal' &&
    second?.field === 'price' &&
    second.direction === first.direction;
  return vsOriginal ? 'vsOriginal' : null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The index's form of a search of live listings, or null when the index does not answer it: every
 * listing asked for (`includeAll`), a sort by section (text, ordered by the database's collation) or by
 * more than one field (but "Lowest vs. original price").
 */
export function listingQueryOf(
  query: TicketListQuery,
  sort: SortCriterion[],
  after: { values: (string | number)[]; id: number } | undefined,
  now: Date,
): ListingQuery | null {
  const [criterion] = sort;
  if (!query.search || query.includeAll || !criterion) return null;
  const field = indexedSortOf(sort);
  if (field === null) return null;
  const value = after?.values[0];
  if (after && (field === 'eventDate' ? !DAY.test(String(value)) : typeof value !== 'number')) return null;
  const tie = field === 'vsOriginal' ? after?.values[1] : undefined;
  if (tie !== undefined && typeof tie !== 'number') return null;
  return {
    term: searchFold(query.search),
    sort: { field, direction: criterion.direction },
    after:
      after && value !== undefined
        ? { value, id: after.id, ...(tie === undefined ? {} : { tie }) }
        : undefined,
    fromDate: query.startDate ?? earliestListingDateOnSale(now),
    onSaleAt: now.getTime(),
    toDate: query.endDate,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    quantity: query.quantity,
    city: query.city === undefined ? undefined : searchFold(query.city),
    atOrBelowFace: query.atOrBelowFace || undefined,
    verifiedOnly: query.verifiedOnly || undefined,
    limit: query.limit + 1,
  };
}

/** Every live listing, read by id in pages. */
async function loadListings(db: Db, now: Date, closed: () => boolean): Promise<ListingIndex> {
  const index = new ListingIndex();
  let lastId = 0;
  for (;;) {
    if (closed()) return index;
    const result = (await db.execute(sql`select ${rowColumns} from tickets
      where id > ${lastId} and status = 'available' and not sold and ${listingOnSaleSql(now, 'tickets')}
      order by id limit ${LOAD_PAGE}`)) as unknown as { rows: ListingRow[] };
    for (const row of result.rows) {
      const listing = indexed(row, now);
      if (listing) index.upsert(listing);
    }
    if (result.rows.length < LOAD_PAGE) return index;
    lastId = (result.rows.at(-1) as ListingRow).id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Applies changed rows: a listing no longer live (sold, held, past, withdrawn) leaves the index. */
function applyRows(rows: ListingRow[], now: Date) {
  return (index: ListingIndex) => {
    for (const row of rows) {
      const listing = indexed(row, now);
      if (listing) index.upsert(listing);
      else index.remove(row.id);
    }
  };
}

/**
 * The listings whose `search_changed_at` (migration 0020) is at or after the horizon, and the ids of
 * those deleted since (migration 0032): one statement, so both come from one snapshot.
 */
async function listingChanges(db: Db, horizon: string, now: Date, limit: number) {
  const { rows } = (await db.execute(sql`
    (select ${rowColumns}, false as removed from tickets
      where search_changed_at >= ${horizon}::timestamptz limit ${limit + 1})
    union all
    -- A removal has only its id: one null for each other column of rowColumns.
    (select ticket_id, null, null, null, null, null, null, null, null, null, null, null, null, null, true from listing_removals
      where removed_at >= ${horizon}::timestamptz limit ${limit + 1})`)) as unknown as {
    rows: (ListingRow & { removed: boolean })[];
  };
  if (rows.length > limit) return null;
  const written = applyRows(
    rows.filter((row) => !row.removed),
    now,
  );
  return (index: ListingIndex) => {
    // Removals first: an id is never written again once its row is deleted.
    for (const row of rows) if (row.removed) index.remove(row.id);
    written(index);
  };
}

/**
 * Where a page of a bulk change ended: the deletions are read first, then the written rows, each in
 * (change time, id) order. A row written again while the pages are read comes again in a later page or
 * in the next read of changes, whose horizon is from before the first page.
 */
interface ChangeCursor {
  removals: boolean;
  changedAt: string;
  id: number;
}

async function listingChangePage(
  db: Db,
  horizon: string,
  now: Date,
  after: ChangeCursor | null,
  pageRows: number,
) {
  const from = after ?? { removals: true, changedAt: horizon, id: 0 };
  const cursor = sql`${from.changedAt}::timestamptz`;
  if (from.removals) {
    const { rows } = (await db.execute(sql`select ticket_id as id, removed_at::text as "changedAt"
      from listing_removals
      where removed_at >= ${cursor} and (removed_at, ticket_id) > (${cursor}, ${from.id}::int)
      order by removed_at, ticket_id limit ${pageRows}`)) as unknown as {
      rows: { id: number; changedAt: string }[];
    };
    const last = rows.at(-1);
    return {
      apply: (index: ListingIndex) => {
        for (const row of rows) index.remove(row.id);
      },
      next:
        rows.length < pageRows || !last
          ? { removals: false, changedAt: horizon, id: 0 }
          : { removals: true, changedAt: last.changedAt, id: last.id },
    };
  }
  const { rows } =
    (await db.execute(sql`select ${rowColumns}, search_changed_at::text as "changedAt" from tickets
    where search_changed_at >= ${cursor} and (search_changed_at, id) > (${cursor}, ${from.id}::int)
    order by search_changed_at, id limit ${pageRows}`)) as unknown as {
      rows: (ListingRow & { changedAt: string })[];
    };
  const last = rows.at(-1);
  return {
    apply: applyRows(rows, now),
    next:
      rows.length < pageRows || !last ? null : { removals: false, changedAt: last.changedAt, id: last.id },
  };
}

const listingSource: IndexSource<ListingIndex, ChangeCursor> = {
  label: 'listing search index',
  changeCounter: sql`listing_changes`,
  load: loadListings,
  changesSince: listingChanges,
  bulkPageRows: LOAD_PAGE,
  changePage: listingChangePage,
  sweep: (index, now) => index.removeEnded(now.getTime()),
  untidy: (index) => index.untidy,
  tidy: (index, pause, closed) => index.tidy(pause, closed),
  size: (index) => index.size,
};

/**
 * Each instance's in-memory index of the live listings (decision 0048), kept in step with the database
 * (SyncedIndex). Whatever the index cannot answer is searched in SQL as before.
 */
export class ListingSearch extends SyncedIndex<ListingIndex, ChangeCursor> {
  constructor(options: SyncedIndexOptions) {
    super(options, listingSource);
  }

  /**
   * The ids of the page a query asks for, at `version` of the listings' change counter; null while the
   * index is loading or reading a bulk change or when it does not answer such a query.
   */
  async find(query: ListingQuery, version: string): Promise<number[] | null> {
    return (await this.current(version))?.search(query) ?? null;
  }
}
