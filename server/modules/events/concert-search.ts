import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { searchDocumentOnSaleSql } from '../../lib/on-sale-sql.js';
import {
  changeCounterReader,
  type IndexSource,
  SyncedIndex,
  type SyncedIndexOptions,
} from '../../lib/synced-index.js';
import {
  type ConcertDocument,
  ConcertIndex,
  onSaleIn,
  type SaleWindow,
  saleWindowAt,
} from './concert-index.js';

/** Documents per statement of a load. */
const LOAD_PAGE = 10_000;
/** Documents indexed between two turns of the event loop, so requests keep being served during a load. */
const INDEX_SLICE = 1_000;
/** Rows per page of a bulk change, applied at once between two turns of the event loop. */
const CHANGE_PAGE = INDEX_SLICE;

const documentColumns = sql`event_id as "eventId", date::text as date, name, artists, venue, city,
  (extract(epoch from ends_at) * 1000)::float8 as "endsAt"`;

type Rows<T> = { rows: T[] };

/** A document as read: the drivers may give a float8 as text. */
const documentOf = (row: ConcertDocument): ConcertDocument => ({ ...row, endsAt: Number(row.endsAt) });

/** Every document on sale in (date, event id) order, the order the index walks. */
async function loadDocuments(db: Db, now: Date, closed: () => boolean): Promise<ConcertIndex> {
  const index = new ConcertIndex();
  let after: ConcertDocument | null = null;
  while (!closed()) {
    const from = after ? sql`(date, event_id) > (${after.date}::date, ${after.eventId}::int)` : sql`true`;
    const { rows } = (await db.execute(sql`select ${documentColumns} from event_search s
      where ${searchDocumentOnSaleSql(now)} and ${from}
      order by s.date, s.event_id limit ${LOAD_PAGE}`)) as unknown as Rows<ConcertDocument>;
    // A page indexed at once held the event loop for up to 140 ms at 1M events; a slice takes ~15 ms.
    for (let start = 0; start < rows.length; start += INDEX_SLICE) {
      for (const row of rows.slice(start, start + INDEX_SLICE)) index.upsert(documentOf(row));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (rows.length < LOAD_PAGE) break;
    after = rows.at(-1) as ConcertDocument;
  }
  index.seal();
  return index;
}

interface ChangeRow extends ConcertDocument {
  removed: boolean;
}

/** Applies written documents: one no longer on sale leaves the index, as the load would not read it. */
function applyWritten(index: ConcertIndex, documents: ConcertDocument[], window: SaleWindow): void {
  for (const row of documents) {
    const document = documentOf(row);
    if (onSaleIn(window, document)) index.upsert(document);
    else index.remove(document.eventId);
  }
}

/**
 * The documents written, and the events whose document was removed, at or after the horizon: one
 * statement, so both come from one snapshot.
 */
async function documentChanges(db: Db, horizon: string, now: Date, limit: number) {
  const window = saleWindowAt(now);
  const { rows } = (await db.execute(sql`
    (select ${documentColumns}, false as removed from event_search
      where changed_at >= ${horizon}::timestamptz limit ${limit + 1})
    union all
    (select event_id, null, null, null, null, null, null, true from event_search_removals
      where removed_at >= ${horizon}::timestamptz limit ${limit + 1})`)) as unknown as Rows<ChangeRow>;
  if (rows.length > limit) return null;
  return (index: ConcertIndex) => {
    // Removals first: a document removed and then written again is also among the written ones.
    for (const row of rows) if (row.removed) index.remove(row.eventId);
    applyWritten(
      index,
      rows.filter((row) => !row.removed).map(({ removed, ...document }) => document),
      window,
    );
  };
}

/**
 * Where a page of a bulk change ended: the removals are read first, then the written documents, each in
 * (change time, event id) order. A document removed or written again while the pages are read is read
 * again by the next read of changes, whose horizon is from before the first page.
 */
interface ChangeCursor {
  removals: boolean;
  changedAt: string;
  eventId: number;
}

async function documentChangePage(
  db: Db,
  horizon: string,
  now: Date,
  after: ChangeCursor | null,
  pageRows: number,
) {
  const window = saleWindowAt(now);
  const from = after ?? { removals: true, changedAt: horizon, eventId: 0 };
  const cursor = sql`${from.changedAt}::timestamptz`;
  if (from.removals) {
    const { rows } = (await db.execute(sql`select event_id as "eventId", removed_at::text as "changedAt"
      from event_search_removals
      where removed_at >= ${cursor} and (removed_at, event_id) > (${cursor}, ${from.eventId}::int)
      order by removed_at, event_id limit ${pageRows}`)) as unknown as Rows<{
      eventId: number;
      changedAt: string;
    }>;
    const last = rows.at(-1);
    return {
      apply: (index: ConcertIndex) => {
        for (const row of rows) index.remove(row.eventId);
      },
      next:
        rows.length < pageRows || !last
          ? { removals: false, changedAt: horizon, eventId: 0 }
          : { removals: true, changedAt: last.changedAt, eventId: last.eventId },
    };
  }
  const { rows } = (await db.execute(sql`select ${documentColumns}, changed_at::text as "changedAt"
    from event_search
    where changed_at >= ${cursor} and (changed_at, event_id) > (${cursor}, ${from.eventId}::int)
    order by changed_at, event_id limit ${pageRows}`)) as unknown as Rows<
    ConcertDocument & { changedAt: string }
  >;
  const last = rows.at(-1);
  return {
    apply: (index: ConcertIndex) =>
      applyWritten(
        index,
        rows.map(({ changedAt, ...document }) => document),
        window,
      ),
    next:
      rows.length < pageRows || !last
        ? null
        : { removals: false, changedAt: last.changedAt, eventId: last.eventId },
  };
}

const concertSource: IndexSource<ConcertIndex, ChangeCursor> = {
  label: 'concert search index',
  changeCounter: sql`event_search_changes`,
  load: loadDocuments,
  changesSince: documentChanges,
  bulkPageRows: CHANGE_PAGE,
  changePage: documentChangePage,
  sweep: (index, now) => index.removeEnded(saleWindowAt(now)),
  untidy: (index) => index.untidy,
  tidy: (index, pause, closed) => index.tidy(pause, closed),
  size: (index) => index.size,
};

/** The search documents' change counter (migration 0021), read once per turn for every search in it. */
export const concertSearchVersionReader = (db: Db) => changeCounterReader(db, concertSource.changeCounter);

/** Each instance's in-memory index of the upcoming events' search documents (decisions 0049, 0069). */
export class ConcertSearch extends SyncedIndex<ConcertIndex, ChangeCursor> {
  constructor(options: SyncedIndexOptions) {
    super(options, concertSource);
  }
}
