import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { batchedReader } from './batched-reads.js';
import { type Clock, utcDate } from './clock.js';

/**
 * An instance's in-memory search index kept in step with the database (decisions 0048, 0049, 0069): it
 * loads every row once, at start-up, then reads the rows changed since it last looked — before any search
 * that sees the table's change counter move, and at least every REFRESH_MS while searches come — and
 * applies them in place. What left is dropped in place too: removed rows as they are read, past-dated ones
 * when the date changes, and the room they held is given back by the source's tidying, in slices. The
 * database stays the truth: callers read the rows of a page from it, and search in SQL while the index is
 * loading or reading a bulk change.
 */

/** How often a search looks for changes even when the change counter has not moved (a late commit). */
export const REFRESH_MS = 1_000;
/**
 * How often an index reads changes when no search asks: its horizon never falls behind the hour for
 * which removals are kept (migrations 0021, 0032), and a new date is swept without traffic.
 */
export const IDLE_SYNC_MS = 60_000;
/** An index that has not read changes for this long (the database was out of reach) loads anew. */
export const REMOVALS_KEPT_MS = 50 * 60_000;
/** More changed rows than this at once (a bulk import) are read and applied in pages, searches in SQL meanwhile. */
export const MAX_CHANGED_ROWS = 5_000;

/** One page of a bulk change: how to apply it, and where the next page starts (null after the last). */
export interface ChangePage<Index, Cursor> {
  apply: (index: Index) => void;
  next: Cursor | null;
}

/** What one table's index needs: how to build it whole, how to read what changed, and how to drop what left. */
export interface IndexSource<Index, Cursor = unknown> {
  /** For the logs. */
  label: string;
  /** The sequence a statement trigger moves whenever the indexed rows change (migrations 0007, 0021). */
  changeCounter: SQL;
  /** Reads every indexed row into a new index, yielding between statements; gives up once `closed()`. */
  load(db: Db, now: Date, closed: () => boolean): Promise<Index>;
  /**
   * Reads what changed at or after `horizon` (at most `limit` rows, else null: a bulk change, read by
   * `changePage`) and returns how to apply it.
   */
  changesSince(db: Db, horizon: string, now: Date, limit: number): Promise<((index: Index) => void) | null>;
  /** Rows per page of a bulk change: as many as are applied at once between two turns of the event loop. */
  bulkPageRows: number;
  /** One page of `rows` of what changed at or after `horizon`, from the start (`after` null) or after a page. */
  changePage(
    db: Db,
    horizon: string,
    now: Date,
    after: Cursor | null,
    rows: number,
  ): Promise<ChangePage<Index, Cursor>>;
  /** Drops what is no longer on sale at `now` (the UTC date has changed since the index last looked). */
  sweep(index: Index, now: Date): void;
  /** Whether removals and changes have left room worth giving back (dead slots, documents out of order). */
  untidy(index: Index): boolean;
  /** Gives that room back in slices, calling `pause` between them; the index answers throughout. */
  tidy(index: Index, pause: () => Promise<void>, closed: () => boolean): Promise<void>;
  /** The documents the index holds. */
  size(index: Index): number;
}

/** What the metrics read of an index (issue 36). */
export interface SyncedIndexStats {
  label: string;
  ready: boolean;
  documents: number;
  /** The change counter's value the index holds every change up to. */
  version: string;
  lastFullLoadSeconds: number | null;
}

/**
 * A read replica a full load may read instead of the primary (decision 0095): the load's position is read
 * on the primary, and the replica is used once it has replayed the primary's log up to that moment, so the
 * rows it gives hold every change the position says the index holds.
 */
export interface ReplicaForLoads {
  db: Db;
  /** Whether the replica has replayed the primary's write-ahead log up to `lsn`. */
  replayedPast(lsn: string): Promise<boolean>;
  /** How long a load waits for the replica to catch up before it reads the primary. */
  waitMs: number;
}

/** How often a load asks whether the replica has caught up. */
const REPLICA_POLL_MS = 50;

export interface SyncedIndexOptions {
  db: Db;
  /** Where full loads read when it has caught up; reads of changes always go to `db`. */
  replica?: ReplicaForLoads;
  clock: Clock;
  log: FastifyBaseLogger;
  monotonicMs?: () => number;
  /** Tests lower these so that a few rows make a bulk change of several pages. */
  maxChangedRows?: number;
  bulkPageRows?: number;
}

/** A change counter's value: it only moves forward. */
export async function changeCounterValue(db: DbOrTx, changeCounter: SQL): Promise<string> {
  const result = (await db.execute(
    sql`select (case when is_called then last_value else 0 end)::text as version from ${changeCounter}`,
  )) as unknown as { rows: { version: string }[] };
  return result.rows[0]?.version ?? '0';
}

/**
 * The change counter read once per turn of the event loop for every request that asks in it (decision
 * 0047): under load one statement answers dozens of searches.
 */
export function changeCounterReader(db: DbOrTx, changeCounter: SQL): () => Promise<string> {
  const read = batchedReader(async () => new Map([['version', await changeCounterValue(db, changeCounter)]]));
  return async () => (await read('version')) ?? '0';
}

interface Position {
  version: string;
  /** Every row a transaction not yet visible writes will carry a change time at or after this. */
  horizon: string;
}

/**
 * Where the index stands before it reads rows. The horizon is the earlier of now and the start of the
 * oldest transaction in this database that has written and not finished (its rows carry the time of their write, which is
 * later), less a second for clock steps; read before the rows' statement takes its snapshot, so a row
 * that statement cannot see yet is read by the next.
 */
async function positionOf(db: Db, changeCounter: SQL): Promise<Position> {
  const result = (await db.execute(sql`
    select (case when is_called then last_value else 0 end)::text as version,
      (least(statement_timestamp(),
        (select min(xact_start) from pg_stat_activity
          where backend_xid is not null and datname = current_database() and pid <> pg_backend_pid()))
        - interval '1 second')::text as horizon
    from ${changeCounter}`)) as unknown as { rows: Position[] };
  return result.rows[0] as Position;
}

/** Where the primary's write-ahead log ends now: past the commit of every transaction committed so far. */
async function primaryLogPosition(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
    rows: { lsn: string }[];
  };
  const lsn = result.rows[0]?.lsn;
  if (!lsn) throw new Error('the primary gave no log position');
  return lsn;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SyncedIndex<Index, Cursor = unknown> {
  private index: Index | null = null;
  private position: Position | null = null;
  /** The date the index last dropped what is dated before. */
  private day = '';
  private syncedMs = 0;
  /** When the position was read: removals older than an hour are gone from the database. */
  private positionMs = 0;
  private idleSync: NodeJS.Timeout | null = null;
  private lastFullLoadSeconds: number | null = null;
  private loading: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  /** A bulk change being read in pages: searches answer in SQL until it is applied. */
  private bulk: Promise<void> | null = null;
  private tidying: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly options: SyncedIndexOptions,
    private readonly source: IndexSource<Index, Cursor>,
  ) {}

  private get now(): number {
    return (this.options.monotonicMs ?? (() => performance.now()))();
  }

  /** Loads the index if it is not loaded or loading, and waits for it. */
  async ready(): Promise<void> {
    if (!this.index) await this.load();
  }

  /** Starts loading the index (at start-up), logging rather than throwing if the load fails. */
  start(): void {
    if (!this.index) this.background(this.load());
  }

  /**
   * The index, holding every change up to `version` of the change counter; null while it is loading (the
   * first call starts the load), while it reads a bulk change, or when it could not be brought up to date.
   */
  async current(version: string): Promise<Index | null> {
    if (this.closed) return null;
    if (!this.index) this.background(this.load());
    if (!this.index || this.bulk) return null;
    try {
      // A read of changes already under way may have begun before `version`; the next one cannot have.
      if (!this.covers(version)) await this.sync();
      if (!this.covers(version)) await this.sync();
    } catch (error) {
      this.options.log.warn({ err: error }, `${this.source.label} not updated; searching in SQL`);
      return null;
    }
    if (this.bulk) return null;
    if (this.now - this.syncedMs > REFRESH_MS) this.background(this.sync());
    return this.index;
  }

  stats(): SyncedIndexStats {
    return {
      label: this.source.label,
      ready: this.index !== null,
      documents: this.index ? this.source.size(this.index) : 0,
      version: this.position?.version ?? '0',
      lastFullLoadSeconds: this.lastFullLoadSeconds,
    };
  }

  /** How far the change counter has moved past what the index holds (for the metrics); null until it loads. */
  async changesBehind(): Promise<number | null> {
    const held = this.position?.version;
    if (held === undefined) return null;
    const current = await changeCounterValue(this.options.db, this.source.changeCounter);
    return Number(BigInt(current) - BigInt(held));
  }

  private covers(version: string): boolean {
    return this.position !== null && BigInt(this.position.version) >= BigInt(version);
  }

  /** Waits for the load, read of changes or tidying under way; nothing starts after. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleSync) clearInterval(this.idleSync);
    await Promise.allSettled([this.loading, this.syncing, this.bulk, this.tidying]);
  }

  private background(work: Promise<void>): void {
    work.catch((error: unknown) => this.options.log.warn({ err: error }, `${this.source.label} not updated`));
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
    const { db, clock, log } = this.options;
    const started = this.now;
    const now = clock.now();
    const today = utcDate(now);
    const position = await positionOf(db, this.source.changeCounter);
    const index = await this.source.load(await this.loadDatabase(), now, () => this.closed);
    if (this.closed) return;
    this.index = index;
    this.position = position;
    this.day = today;
    this.syncedMs = started;
    this.positionMs = started;
    const seconds = (this.now - started) / 1000;
    this.lastFullLoadSeconds = seconds;
    this.idleSync ??= setInterval(() => {
      if (this.now - this.syncedMs > IDLE_SYNC_MS) this.background(this.sync());
    }, IDLE_SYNC_MS).unref();
    const documents = this.source.size(index);
    log.info(
      { documents, seconds },
      `${this.source.label} ready: ${documents} documents in ${seconds.toFixed(1)} s`,
    );
  }

  /** The replica once it holds everything committed on the primary before the position was read; else the primary. */
  private async loadDatabase(): Promise<Db> {
    const { db, replica, log } = this.options;
    if (!replica) return db;
    try {
      const lsn = await primaryLogPosition(db);
      const deadline = this.now + replica.waitMs;
      while (!(await replica.replayedPast(lsn))) {
        if (this.now >= deadline || this.closed) {
          log.info(`${this.source.label} loads from the primary: the replica has not caught up`);
          return db;
        }
        await new Promise((resolve) => setTimeout(resolve, REPLICA_POLL_MS));
      }
      return replica.db;
    } catch (error) {
      log.warn({ err: error }, `${this.source.label} loads from the primary: the replica did not answer`);
      return db;
    }
  }

  private async readChanges(): Promise<void> {
    const { db, clock } = this.options;
    const index = this.index;
    const since = this.position;
    if (!index || !since || this.bulk || this.closed) return;
    const started = this.now;
    if (started - this.positionMs > REMOVALS_KEPT_MS) {
      this.options.log.warn(`${this.source.label} fell behind the removals kept; loading anew`);
      this.index = null;
      this.background(this.load());
      return;
    }
    const now = clock.now();
    const position = await positionOf(db, this.source.changeCounter);
    const apply = await this.source.changesSince(
      db,
      since.horizon,
      now,
      this.options.maxChangedRows ?? MAX_CHANGED_ROWS,
    );
    if (this.closed) return;
    this.sweepBefore(index, now);
    if (!apply) {
      this.bulk = this.applyBulk(index, since.horizon, position).finally(() => {
        this.bulk = null;
      });
      this.background(this.bulk);
      return;
    }
    apply(index);
    this.position = position;
    this.positionMs = started;
    this.syncedMs = started;
    this.tidyIfNeeded(index);
  }

  /** On a new UTC date, what is no longer on sale leaves the index (searches skip it meanwhile). */
  private sweepBefore(index: Index, now: Date): void {
    const today = utcDate(now);
    if (today === this.day) return;
    this.source.sweep(index, now);
    this.day = today;
  }

  /** Reads a bulk change page by page, applying each in place; no second index is built. */
  private async applyBulk(index: Index, horizon: string, position: Position): Promise<void> {
    const { db, clock, log } = this.options;
    const started = this.now;
    const positionMs = started;
    let after: Cursor | null = null;
    let pages = 0;
    do {
      const page: ChangePage<Index, Cursor> = await this.source.changePage(
        db,
        horizon,
        clock.now(),
        after,
        this.options.bulkPageRows ?? this.source.bulkPageRows,
      );
      if (this.closed) return;
      page.apply(index);
      pages += 1;
      after = page.next;
      await nextTurn();
    } while (after !== null);
    this.position = position;
    this.positionMs = positionMs;
    this.syncedMs = started;
    const seconds = (this.now - started) / 1000;
    log.info(
      { pages, seconds },
      `${this.source.label} applied a bulk change in ${pages} pages in ${seconds.toFixed(1)} s`,
    );
    this.tidyIfNeeded(index);
  }

  private async tidy(index: Index): Promise<void> {
    const started = this.now;
    await this.source.tidy(index, nextTurn, () => this.closed);
    if (this.closed) return;
    const seconds = (this.now - started) / 1000;
    this.options.log.info({ seconds }, `${this.source.label} tidied in ${seconds.toFixed(1)} s`);
  }

  private tidyIfNeeded(index: Index): void {
    if (this.tidying || this.closed || !this.source.untidy(index)) return;
    this.tidying = this.tidy(index).finally(() => {
      this.tidying = null;
    });
    this.background(this.tidying);
  }
}
