import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The live notices' outbox (migration 0047, decision 0095). The triggers write each notice as a row in the
 * writer's transaction; every instance reads them here, a few times a second, with one statement on a
 * pooled connection (so it works behind PgBouncer in transaction mode too).
 *
 * A row's `xid` is its transaction's. Each read also takes the statement's snapshot: the transactions it
 * cannot see yet are those from its `xmax` on and those still running below it (`xip`). The next read takes
 * exactly the rows of those transactions that it can see by then, so nothing is read twice or skipped,
 * whatever order transactions commit in, and a long transaction (a CREATE INDEX in another database of the
 * cluster) holds back no one else's notices.
 */

/** How often an instance reads the outbox: a notice reaches its streams within this after its commit. */
export const OUTBOX_READ_MS = 100;
/** How long rows stay after their transaction ended: far longer than a reader lags while its reads work. */
export const OUTBOX_RETENTION_MS = 120_000;
const PRUNE_EVERY_MS = 30_000;
/** Any constant: one instance prunes at a time, the others skip. */
const PRUNE_LOCK_KEY = 7_411_047;

export interface OutboxReaderOptions {
  db: Db;
  onNotice(payload: string): void;
  /** Reads failed and work again: the notices of the meantime are skipped, so every stream refetches. */
  onResync(): void;
  /** The first failed read of a run of them. */
  onError(error: Error): void;
  readMs?: number;
  retentionMs?: number;
  pruneEveryMs?: number;
}

export interface OutboxReader {
  stop(): Promise<void>;
}

/** The transactions a snapshot could not see: from `xmax` on, and `running` below it (as text: xid8 exceeds a number). */
interface Unseen {
  xmax: string;
  running: string;
}

interface ReadRow {
  xmax: string;
  running: string;
  payload: string | null;
}

const SNAPSHOT_COLUMNS = sql`pg_snapshot_xmax(s)::text as xmax, array(select pg_snapshot_xip(s))::text as running`;

/**
 * The notices of the transactions `unseen` did not see that this statement sees, and what it does not see.
 * A transaction's identical notices are read once, as NOTIFY delivered them (a statement touching many rows
 * of one ticket tells its streams once).
 */
async function readSince(db: Db, unseen: Unseen): Promise<ReadRow[]> {
  const result = (await db.execute(sql`
    with snapshot as (select pg_current_snapshot() as s)
    select ${SNAPSHOT_COLUMNS}, o.payload
    from snapshot left join lateral (
      select xid, min(id) as id, payload from live_outbox
      where xid >= ${unseen.xmax}::xid8 or xid = any(${unseen.running}::xid8[])
      group by xid, payload
      order by xid, min(id)
    ) o on true`)) as unknown as { rows: ReadRow[] };
  return result.rows;
}

async function unseenNow(db: Db): Promise<Unseen> {
  const result = (await db.execute(
    sql`select ${SNAPSHOT_COLUMNS} from (select pg_current_snapshot() as s) snapshot`,
  )) as unknown as { rows: Unseen[] };
  const [row] = result.rows;
  if (!row) throw new Error('live outbox: no snapshot');
  return { xmax: row.xmax, running: row.running };
}

/** Deletes the rows of transactions `unseen` saw, unless another instance is pruning right now. */
async function prune(db: Db, unseen: Unseen): Promise<void> {
  await db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK_KEY}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (lock.rows[0]?.locked === true)
      await tx.execute(
        sql`delete from live_outbox where xid < ${unseen.xmax}::xid8 and xid <> all(${unseen.running}::xid8[])`,
      );
  });
}

/** Starts reading from now (what was written before is no one's news) and hands each notice on. */
export async function startOutboxReader(options: OutboxReaderOptions): Promise<OutboxReader> {
  const { db } = options;
  const readMs = options.readMs ?? OUTBOX_READ_MS;
  const retentionMs = options.retentionMs ?? OUTBOX_RETENTION_MS;
  const pruneEveryMs = options.pruneEveryMs ?? PRUNE_EVERY_MS;
  let unseen = await unseenNow(db);
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // What was unseen every pruneEveryMs: the rows that one had seen go once it is older than the retention.
  const marks: { at: number; unseen: Unseen }[] = [{ at: Date.now(), unseen }];

  const read = async () => {
    const rows = await readSince(db, unseen);
    for (const row of rows) if (row.payload !== null) options.onNotice(row.payload);
    const [first] = rows;
    if (first) unseen = { xmax: first.xmax, running: first.running };
  };

  const pruneIfDue = async () => {
    const now = Date.now();
    if (now - (marks.at(-1)?.at ?? 0) >= pruneEveryMs) marks.push({ at: now, unseen });
    let seenLongAgo: Unseen | undefined;
    while ((marks[0]?.at ?? now) <= now - retentionMs) seenLongAgo = marks.shift()?.unseen;
    if (seenLongAgo) await prune(db, seenLongAgo);
  };

  const tick = async () => {
    try {
      if (failing) {
        // Whatever was missed meanwhile, every stream refetches: reading starts again from now.
        unseen = await unseenNow(db);
        await read();
        failing = false;
        options.onResync();
      } else await read();
      await pruneIfDue();
    } catch (error) {
      if (!failing) options.onError(error as Error);
      failing = true;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, readMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
