import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SortCriterion, TicketListQuery } from '../../../common/schemas/marketplace.js';
import type { Db } from '../../db/client.js';
import { type Clock, utcDate } from '../../lib/clock.js';
import { searchFold } from '../../lib/search-fold.js';
import {
  type IndexedListing,
  type IndexedSortField,
  ListingIndex,
  type ListingQuery,
} from './listing-index.js';

/**
 * Each instance's in-memory index of the live listings (decision 0048), kept in step with the database:
 * it loads every live listing once, then reads the listings changed since it last looked — before any
 * search that sees the listings' change counter move, and at least every REFRESH_MS while searches come.
 * The database stays the truth: the page's rows are read from it and checked (marketplace service), and
 * whatever the index cannot answer is searched in SQL as before.
 */

/** How often a search looks for changes even when the change counter has not moved (a late commit). */
export const REFRESH_MS = 1_000;
/** A whole new index is loaded this often, which also drops the slots of listings that left it. */
export const RELOAD_MS = 10 * 60_000;
/** Rows per statement of a load; the loop yields between them so requests keep being served. */
const LOAD_PAGE = 5_000;
/** More changed rows than this at once (a bulk import) are read by loading a new index instead. */
const MAX_CHANGED_ROWS = 5_000;

interface ListingRow {
  id: number;
  text: string;
  status: string;
  sold: boolean;
  eventDate: string;
  priceCents: number;
  markup: number;
  quantity: number;
}

const rowColumns = sql`id, search_text as text, status, sold, event_date::text as "eventDate",
  buyer_pays_per_ticket_cents as "priceCents", markup, quantity`;

interface Position {
  version: string;
  /** Every row a transaction not yet visible writes will have `search_changed_at` at or after this. */
  horizon: string;
}

/**
 * Where the index stands before it reads rows. The horizon is the earlier of now and the start of the
 * oldest transaction that has written and not finished (its rows carry the time of their write, which is
 * later), less a second for clock steps; read before the rows' statement takes its snapshot, so a row
 * that statement cannot see yet is read by the next.
 */
async function positionOf(db: Db): Promise<Position> {
  const result = (await db.execute(sql`
    select (case when is_called then last_value else 0 end)::text as version,
      (least(statement_timestamp(),
        (select min(xact_start) from pg_stat_activity where backend_xid is not null and pid <> pg_backend_pid()))
        - interval '1 second')::text as horizon
    from listing_changes`)) as unknown as { rows: Position[] };
  return result.rows[0] as Position;
}

function indexed(row: ListingRow, today: string): IndexedListing | null {
  if (row.status !== 'available' || row.sold || row.eventDate < today) return null;
  const { id, text, eventDate, priceCents, markup, quantity } = row;
  return { id, text, eventDate, priceCents, markup, quantity };
}

const INDEXED_FIELDS = new Set<string>(['price', 'markup', 'eventDate']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The index's form of a search of live listings, or null when the index does not answer it: every
 * listing asked for (`includeAll`), a sort by section (text, ordered by the database's collation) or by
 * more than one field.
 */
export function listingQueryOf(
  query: TicketListQuery,
  sort: SortCriterion[],
  after: { values: (string | number)[]; id: number } | undefined,
  now: Date,
): ListingQuery | null {
  const [criterion] = sort;
  if (!query.search || query.includeAll || sort.length !== 1 || !criterion) return null;
  if (!INDEXED_FIELDS.has(criterion.field)) return null;
  const field = criterion.field as IndexedSortField;
  const value = after?.values[0];
  if (after && (field === 'eventDate' ? !DAY.test(String(value)) : typeof value !== 'number')) return null;
  const today = utcDate(now);
  return {
    term: searchFold(query.search),
    sort: { field, direction: criterion.direction },
    after: after && value !== undefined ? { value, id: after.id } : undefined,
    fromDate: query.startDate && query.startDate > today ? query.startDate : today,
    toDate: query.endDate,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    quantity: query.quantity,
    limit: query.limit + 1,
  };
}

export interface ListingSearchOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  monotonicMs?: () => number;
}

export class ListingSearch {
  private index: ListingIndex | null = null;
  private position: Position | null = null;
  private loadedMs = 0;
  private syncedMs = 0;
  private loading: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: ListingSearchOptions) {}

  private get now(): number {
    return (this.options.monotonicMs ?? (() => performance.now()))();
  }

  /** Loads the index if it is not loaded or loading, and waits for it. */
  async ready(): Promise<void> {
    if (!this.index) await this.load();
  }

  /**
   * The ids of the page a query asks for, at `version` of the listings' change counter; null while the
   * index is loading (the first search starts the load) or when it does not answer such a query.
   */
  async find(query: ListingQuery, version: string): Promise<number[] | null> {
    if (this.closed) return null;
    if (!this.index || this.now - this.loadedMs > RELOAD_MS) this.background(this.load());
    if (!this.index) return null;
    try {
      // A read of changes already under way may have begun before `version`; the next one cannot have.
      if (!this.covers(version)) await this.sync();
      if (!this.covers(version)) await this.sync();
    } catch (error) {
      this.options.log.warn({ err: error }, 'listing search index not updated; searching in SQL');
      return null;
    }
    if (this.now - this.syncedMs > REFRESH_MS) this.background(this.sync());
    return this.index?.search(query) ?? null;
  }

  private covers(version: string): boolean {
    return this.position !== null && BigInt(this.position.version) >= BigInt(version);
  }

  /** Waits for the load or read of changes under way; nothing starts after. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.loading, this.syncing]);
  }

  private background(work: Promise<void>): void {
    work.catch((error: unknown) => this.options.log.warn({ err: error }, 'listing search index not updated'));
  }

  private load(): Promise<void> {
    this.loading ??= this.loadAll().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private sync(): Promise<void> {
    this.syncing ??= this.readChanges().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async loadAll(): Promise<void> {
    const { db, clock } = this.options;
    const started = this.now;
    const position = await positionOf(db);
    const index = new ListingIndex(this.options.monotonicMs);
    const today = utcDate(clock.now());
    let lastId = 0;
    for (;;) {
      if (this.closed) return;
      const result = (await db.execute(sql`select ${rowColumns} from tickets
        where id > ${lastId} and status = 'available' and not sold and event_date >= ${today}
        order by id limit ${LOAD_PAGE}`)) as unknown as { rows: ListingRow[] };
      for (const row of result.rows) {
        const listing = indexed(row, today);
        if (listing) index.upsert(listing);
      }
      if (result.rows.length < LOAD_PAGE) break;
      lastId = (result.rows.at(-1) as ListingRow).id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.index = index;
    this.position = position;
    this.loadedMs = started;
    this.syncedMs = started;
  }

  private async readChanges(): Promise<void> {
    const { db, clock } = this.options;
    const index = this.index;
    const since = this.position;
    if (!index || !since || this.closed) return;
    const started = this.now;
    const position = await positionOf(db);
    const result = (await db.execute(sql`select ${rowColumns} from tickets
      where search_changed_at >= ${since.horizon}::timestamptz
      limit ${MAX_CHANGED_ROWS + 1}`)) as unknown as { rows: ListingRow[] };
    // A load that finished meanwhile already holds these changes, in a new index.
    if (this.index !== index) return;
    if (result.rows.length > MAX_CHANGED_ROWS) {
      this.index = null;
      this.background(this.load());
      return;
    }
    const today = utcDate(clock.now());
    for (const row of result.rows) {
      const listing = indexed(row, today);
      if (listing) index.upsert(listing);
      else index.remove(row.id);
    }
    this.position = position;
    this.syncedMs = started;
  }
}
