import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { batchedReader } from './batched-reads.js';
import { type Clock, utcDate } from './clock.js';

/**
 * An instance's in-memory search index kept in step with the database (decisions 0048, 0049): it loads
 * every row once, then reads the rows changed since it last looked — before any search that sees the
 * table's change counter move, and at least every REFRESH_MS while searches come. The database stays the
 * truth: callers read the rows of a page from it, and search in SQL while the index is loading.
 */

/** How often a search looks for changes even when the change counter has not moved (a late commit). */
export const REFRESH_MS = 1_000;
/** A whole new index is loaded this often, which also drops what left it. */
export const RELOAD_MS = 10 * 60_000;
/** More changed rows than this at once (a bulk import) are read by loading a new index instead. */
export const MAX_CHANGED_ROWS = 5_000;

/** What one table's index needs: how to build it whole, and how to read what changed. */
export interface IndexSource<Index> {
  /** For the logs. */
  label: string;
  /** The sequence a statement trigger moves whenever the indexed rows change (migrations 0007, 0021). */
  changeCounter: SQL;
  /** Reads every indexed row into a new index, yielding between statements; gives up once `closed()`. */
  load(db: Db, today: string, closed: () => boolean): Promise<Index>;
  /**
   * Reads what changed at or after `horizon` (at most MAX_CHANGED_ROWS rows, else null: load anew) and
   * returns how to apply it, so nothing is applied to an index a finished load has meanwhile replaced.
   */
  changesSince(db: Db, horizon: string, today: string): Promise<((index: Index) => void) | null>;
}

export interface SyncedIndexOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  monotonicMs?: () => number;
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
 * oldest transaction that has written and not finished (its rows carry the time of their write, which is
 * later), less a second for clock steps; read before the rows' statement takes its snapshot, so a row
 * that statement cannot see yet is read by the next.
 */
async function positionOf(db: Db, changeCounter: SQL): Promise<Position> {
  const result = (await db.execute(sql`
    select (case when is_called then last_value else 0 end)::text as version,
      (least(statement_timestamp(),
        (select min(xact_start) from pg_stat_activity where backend_xid is not null and pid <> pg_backend_pid()))
        - interval '1 second')::text as horizon
    from ${changeCounter}`)) as unknown as { rows: Position[] };
  return result.rows[0] as Position;
}

export class SyncedIndex<Index> {
  private index: Index | null = null;
  private position: Position | null = null;
  private loadedMs = 0;
  private syncedMs = 0;
  private loading: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly options: SyncedIndexOptions,
    private readonly source: IndexSource<Index>,
  ) {}

  private get now(): number {
    return (this.options.monotonicMs ?? (() => performance.now()))();
  }

  /** Loads the index if it is not loaded or loading, and waits for it. */
  async ready(): Promise<void> {
    if (!this.index) await this.load();
  }

  /**
   * The index, holding every change up to `version` of the change counter; null while it is loading (the
   * first call starts the load) or when it could not be brought up to date.
   */
  async current(version: string): Promise<Index | null> {
    if (this.closed) return null;
    if (!this.index || this.now - this.loadedMs > RELOAD_MS) this.background(this.load());
    if (!this.index) return null;
    try {
      // A read of changes already under way may have begun before `version`; the next one cannot have.
      if (!this.covers(version)) await this.sync();
      if (!this.covers(version)) await this.sync();
    } catch (error) {
      this.options.log.warn({ err: error }, `${this.source.label} not updated; searching in SQL`);
      return null;
    }
    if (this.now - this.syncedMs > REFRESH_MS) this.background(this.sync());
    return this.index;
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
    const { db, clock } = this.options;
    const started = this.now;
    const position = await positionOf(db, this.source.changeCounter);
    const index = await this.source.load(db, utcDate(clock.now()), () => this.closed);
    if (this.closed) return;
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
    const position = await positionOf(db, this.source.changeCounter);
    const apply = await this.source.changesSince(db, since.horizon, utcDate(clock.now()));
    // A load that finished meanwhile already holds these changes, in a new index.
    if (this.index !== index) return;
    if (!apply) {
      this.index = null;
      this.background(this.load());
      return;
    }
    apply(index);
    this.position = position;
    this.syncedMs = started;
  }
}
