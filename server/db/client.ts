import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { retryConflictingTransactions } from './retry-transactions.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** What the metrics read of a PostgreSQL pool (decision 0067). */
export interface PoolStats {
  /** Connections lent to a query or a transaction right now. */
  inUse: number;
  idle: number;
  /** Callers waiting for a connection because all `max` are in use. */
  waiting: number;
  /** Statements the server stopped at the statement timeout (SQLSTATE 57014) since the pool opened. */
  statementTimeouts: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** PostgreSQL only: PGlite is one connection in this process, with no pool and no timeout. */
  poolStats?(): PoolStats;
  /** PGlite only: the whole data directory as a tarball, which `openPglite` can start from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same in every instance. */
const MIGRATION_LOCK_KEY = 7_411_001;
/** Extensions the schema's indexes need; created before the generated migrations run. */
const CREATE_EXTENSIONS = 'create extension if not exists pg_trgm';

/**
 * `dataDir` undefined means an in-memory PGlite (tests). `template`, a data directory PGlite dumped, is
 * loaded instead of creating an empty cluster (initdb), which costs a test seconds on a busy machine.
 */
export async function openPglite(dataDir?: string, options: { template?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'db') : undefined, {
    extensions: { pg_trgm },
    loadDataDir: options.template,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await client.exec(CREATE_EXTENSIONS);
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * Every statement on a PostgreSQL connection of the pool is stopped by the server after this long
 * (`statement_timeout`), so no request can hold a connection for long; the error handler answers such a
 * stop (SQLSTATE 57014) with 503. Migrations lift it on their own connection (they may wait for another
 * instance's lock). PGlite has no equivalent: it runs in this process on one connection and cannot be
 * interrupted by a timer (decision 0007), so there the input bounds are what keep statements short.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

export interface PostgresOptions {
  poolSize?: number;
  /** Defaults to STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number;
  /** Told about a connection the server dropped while it sat idle; the pool replaces it on next use. */
  onConnectionError?: (error: Error) => void;
  /**
   * A direct connection to PostgreSQL (DATABASE_DIRECT_URL, decision 0095) when `url` is a pooler in
   * transaction mode (PgBouncer): migrations, which hold a session's advisory lock and settings, run on it.
   * Through the pooler every statement is unnamed (a named one would be prepared on one server connection
   * and run on another) and the statement timeout is not sent at start-up (PgBouncer refuses the
   * parameter): the pooler sets it on its server connections (docs/operations.md).
   */
  directUrl?: string;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const behindPooler = options.directUrl !== undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(behindPooler ? {} : { statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS }),
  });
  // Without a listener, a dropped idle connection (a restart, a failover) would crash the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  // pool.end() resolves before its connections have closed; close() waits for them.
  let openConnections = 0;
  let lastConnectionClosed: (() => void) | undefined;
  pool.on('connect', () => {
    openConnections += 1;
  });
  pool.on('remove', () => {
    openConnections -= 1;
    if (openConnections === 0) lastConnectionClosed?.();
  });
  let statementTimeouts = 0;
  pool.on('connect', (client) => {
    countStatementTimeouts(client, () => {
      statementTimeouts += 1;
    });
    if (behindPooler) forgetStatementNames(client);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  // PGlite runs one transaction at a time and never deadlocks; PostgreSQL may, between any two instances.
  retryConflictingTransactions(db);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates while the others wait.
      const direct = options.directUrl ? new pg.Client({ connectionString: options.directUrl }) : null;
      await direct?.connect();
      const client = direct ?? (await pool.connect());
      try {
        // Waiting for another instance's migration, or a long migration itself, may outlast the timeout.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await client.query(CREATE_EXTENSIONS);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.query('reset statement_timeout').catch(() => undefined);
        if (direct) await direct.end();
        else (client as pg.PoolClient).release();
      }
    },
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      statementTimeouts,
    }),
    async close() {
      const allClosed = new Promise<void>((resolve) => {
        lastConnectionClosed = resolve;
      });
      await pool.end();
      if (openConnections > 0) await allClosed;
    },
  };
}

const QUERY_CANCELED = '57014';

function isQueryCanceled(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === QUERY_CANCELED;
}

/**
 * Wraps one pooled connection's query() to tell `onTimeout` of each statement the server cancelled, whoever
 * ran it (a request, a job, a sweep). pg calls it with a callback (Pool.query) or for a promise (drizzle's
 * transactions); the answer reaches the caller unchanged either way.
 */
function countStatementTimeouts(client: pg.PoolClient, onTimeout: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (isQueryCanceled(error)) onTimeout();
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise)
      answer.catch((error: unknown) => {
        if (isQueryCanceled(error)) onTimeout();
      });
    return answer;
  };
}

/** Drops the name of each statement `client` runs: behind a transaction pooler it would be prepared on one server connection and run on another. */
function forgetStatementNames(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [first] = args;
    if (first && typeof first === 'object' && 'name' in first) {
      const { name: _unnamed, ...unnamed } = first as { name?: string };
      args[0] = unnamed;
    }
    return query(...args);
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  directUrl?: string;
  dataDir?: string;
  onConnectionError?: PostgresOptions['onConnectionError'];
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, {
        onConnectionError: options.onConnectionError,
        directUrl: options.directUrl,
      })
    : openPglite(options.dataDir);
}

let newestMigrationMillis: number | undefined;

/**
 * True once the database has every migration this build ships: the newest one drizzle recorded is at least
 * as recent as the last of the journal (readiness, decision 0067).
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigrationMillis ??= Math.max(
    ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
  );
  const newest = newestMigrationMillis;
  const result = (await db.execute(
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: string | null }[] };
  return Number(result.rows[0]?.applied ?? 0) >= newest;
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
