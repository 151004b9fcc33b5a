import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { ticketListQuerySchema } from '../common/schemas/marketplace.js';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database, Db } from '../server/db/client.js';
import { sessions, users } from '../server/db/schema/index.js';
import { newToken, sha256 } from '../server/lib/tokens.js';
import { searchConcerts } from '../server/modules/events/service.js';
import { listMarketplaceTickets } from '../server/modules/marketplace/service.js';
import { SESSION_COOKIE } from '../server/plugins/session.js';
import { catalogNames, distinctQueries, seededRandom, singleClient } from './distinct-queries.js';
import { assertAllAnswered, loadPaths } from './load-paths.js';
import type { BenchResult } from './run.js';
import { loadedConcertIndex, loadedListingIndex } from './search-indexes.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * Concert search at catalog sizes chosen by BENCH_SEARCH_SIZES (default `10k,100k`; the README's curve
 * is `10k,100k,300k,1m`, which CI never runs): per size a fresh database gets events / 50 artists,
 * events / 250 venues, a support act on every third event and up to 100,000 listings, generated in SQL
 * with generate_series. The queries are then drawn from that catalog at run time, each asked once
 * (bench/distinct-queries.ts, decision 0040): one client through searchConcerts (the function the route
 * calls), 50 parallel callers of that SQL without the route's shared answers, and the real app over HTTP
 * to 50 connections (autocannon in its own process), each for BENCH_SEARCH_SECONDS (default 8). A last
 * HTTP row asks a fixed list of queries in turn, labelled repeated: what the shared answers serve. The
 * signed-in marketplace search is measured on the same catalog, distinct queries too.
 */
const DEFAULT_SIZES = '10k,100k';
const CONNECTIONS = 50;

/** `10k,100k,300k,1m` (or plain numbers) to event counts. */
export function benchSizes(value = process.env.BENCH_SEARCH_SIZES ?? DEFAULT_SIZES): number[] {
  return value.split(',').map((item) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([km]?)\s*$/i.exec(item);
    if (!match?.[1]) throw new Error(`BENCH_SEARCH_SIZES: '${item}' is not a size like 100k or 1m`);
    const unit = { '': 1, k: 1_000, m: 1_000_000 }[(match[2] ?? '').toLowerCase()] ?? 1;
    return Math.round(Number(match[1]) * unit);
  });
}

const FIRST_WORDS = [
  'Neon',
  'Velvet',
  'Copper',
  'Silver',
  'Golden',
  'Crimson',
  'Static',
  'Hollow',
  'Midnight',
  'Electric',
  'Paper',
  'Glass',
  'Iron',
  'Wild',
  'Lunar',
  'Solar',
  'Desert',
  'Ocean',
  'River',
  'Mountain',
  'Saint',
  'Little',
  'Big',
  'Lost',
  'Young',
  'Broken',
  'Burning',
  'Frozen',
  'Hidden',
  'Northern',
  'Southern',
  'Western',
  'Eastern',
  'Cosmic',
  'Savage',
  'Gentle',
  'Restless',
  'Royal',
  'Rusty',
  'Scarlet',
  'Blue',
  'Black',
  'White',
  'Green',
  'Violet',
  'Amber',
  'Jade',
  'Ivory',
  'Onyx',
  'Cobalt',
];
const SECOND_WORDS = [
  'Harbor',
  'Comet',
  'Lanterns',
  'Pines',
  'Saints',
  'Wolves',
  'Arcade',
  'Bloom',
  'Parade',
  'Tide',
  'Echoes',
  'Rebels',
  'Drifters',
  'Ramblers',
  'Hearts',
  'Ghosts',
  'Kings',
  'Queens',
  'Riders',
  'Sparrows',
  'Foxes',
  'Ravens',
  'Thieves',
  'Dreamers',
  'Giants',
  'Monarchs',
  'Pilots',
  'Sailors',
  'Outlaws',
  'Strangers',
  'Brothers',
  'Sisters',
  'Collective',
  'Society',
  'Orchestra',
  'Band',
  'Project',
  'Machine',
  'Union',
  'Club',
];
const TOUR_WORDS = [
  'Night Swim',
  'Glasshouse',
  'Long Way Home',
  'Afterglow',
  'Golden Hour',
  'Meadowlark',
  'Feedback Garden',
  'Dust and Diamonds',
  'Bone Deep',
  'Starlight Motel',
  'Timberline',
  'Borealis',
  'Slow Burn',
  'Forged in Fire',
  'Carousel',
  'Paper Hearts',
  'Insert Coin',
  'Back Roads',
  'City Lights',
  'High Lonesome',
];
const VENUE_WORDS = [
  'Grand',
  'Union',
  'Liberty',
  'Pioneer',
  'Harbor',
  'Summit',
  'Capitol',
  'Riverside',
  'Lakeside',
  'Heritage',
  'Palace',
  'Starlight',
  'Paramount',
  'Majestic',
  'Orpheum',
  'Crystal',
  'Granite',
  'Cedar',
  'Maple',
  'Oak',
];
const VENUE_KINDS = [
  'Arena',
  'Theatre',
  'Amphitheatre',
  'Ballroom',
  'Music Hall',
  'Pavilion',
  'Stadium',
  'Hall',
  'Center',
  'Garden',
];
const CITIES = [
  'New York',
  'Los Angeles',
  'Chicago',
  'Houston',
  'Phoenix',
  'Philadelphia',
  'San Antonio',
  'San Diego',
  'Dallas',
  'Austin',
  'Nashville',
  'Denver',
  'Seattle',
  'Boston',
  'Atlanta',
  'Miami',
  'Portland',
  'Detroit',
  'Minneapolis',
  'New Orleans',
];

export const QUERIES = [
  // Whole artist names and their first words.
  'Neon Harbor',
  'Velvet Comet',
  'Paper Lanterns',
  'Static Bloom',
  'Midnight Arcade',
  'Crimson Parade',
  'Golden Ghosts',
  'Cobalt Club',
  'Lunar Tide',
  'Savage Giants',
  'Ivory Sailors',
  'Jade Monarchs Quartet',
  'Rusty Foxes Revival',
  'Frozen Pilots Experience',
  'Wild Rebels Crew',
  'Big Thieves and Friends',
  'neon',
  'velvet',
  'copper',
  'crimson',
  'scarlet',
  'cobalt',
  'amber',
  'onyx',
  'restless',
  'northern',
  // Second words, which many artists share.
  'harbor',
  'lanterns',
  'saints',
  'collective',
  'orchestra',
  'sparrows',
  'dreamers',
  'ensemble',
  'quartet',
  'revival',
  // Tour names and words inside event names.
  'Night Swim',
  'Golden Hour',
  'Starlight Motel',
  'Forged in Fire',
  'tour',
  'live',
  'evening',
  'Borealis',
  'Feedback Garden',
  'Dust and Diamonds',
  'High Lonesome Tour',
  'An Evening with Velvet',
  'carousel',
  'motel',
  // Venues and cities.
  'Grand Arena',
  'Liberty Ballroom',
  'Orpheum',
  'Music Hall',
  'Chicago',
  'New York',
  'Nashville',
  'San Antonio',
  'Minneapolis',
  'new orleans',
  'Paramount Theatre',
  'Cedar Pavilion',
  'Majestic',
  'stadium',
  'Seattle',
  'boston',
  'Phoenix',
  // Three-letter queries (one trigram: the broadest index lookups).
  'the',
  'neo',
  'ban',
  'sai',
  'ora',
  'ive',
  'ock',
  'ers',
  'lan',
  // Several words with no exact substring: the first-word fallback runs.
  'harbor neon',
  'lanterns paper tour',
  'comet velvet live',
  'swim night',
  'tour golden',
  'ghosts crimson hour',
  'live static',
  'diamonds dust',
  'arena grand',
  // Nothing matches.
  'zzqx',
  'qwerty band',
  'xylophone',
  'no such artist',
  'zebra crossing',
  'quixotic',
  'abcdefgh ijk',
  'xyz',
];

const q = (list: string[]) =>
  sql.raw(`array[${list.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`);

/** A catalog of `events` events on events / 50 artists and events / 250 venues (1M: 20,000 and 4,000). */
export interface CatalogSize {
  events: number;
  artists: number;
  venues: number;
  listings: number;
}

export function catalogSize(events: number): CatalogSize {
  return {
    events,
    artists: Math.max(50, Math.round(events / 50)),
    venues: Math.max(20, Math.round(events / 250)),
    listings: Math.min(100_000, Math.round(events * 0.6)),
  };
}

const SUFFIXES = [
  '',
  ' Trio',
  ' Quartet',
  ' and Friends',
  ' Revival',
  ' Experience',
  ' Sound',
  ' Crew',
  ' Ensemble',
  ' II',
];

/**
 * The catalog in a handful of set-based statements (generate_series, no row-by-row inserts). Artist
 * names are unique up to 50 × 40 × 10 = 20,000 and venues up to 20 × 10 × 20 = 4,000, as the schema's
 * unique indexes require; dates run from 70 days ago to ~10 months ahead. One transaction without the
 * app's statement timeout: at a million events a statement takes longer than any request may.
 */
export async function generateCatalog(db: Db, size: CatalogSize): Promise<void> {
  const firsts = FIRST_WORDS.length;
  const seconds = SECOND_WORDS.length;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    // A bulk load sets the row triggers aside (event_search's, and foreign-key checks: the ids are built
    // to match) and builds every search document once at the end, as migration 0005's backfill does.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into artists (external_id, name, genres)
      select 'bench-artist-' || i,
        (${q(FIRST_WORDS)})[1 + i % ${firsts}] || ' ' || (${q(SECOND_WORDS)})[1 + (i / ${firsts}) % ${seconds}]
          || (${q(SUFFIXES)})[1 + i / ${firsts * seconds}],
        array['Rock']
      from generate_series(0, ${size.artists - 1}) i`);
    await tx.execute(sql`
      insert into venues (external_id, name, city)
      select 'bench-venue-' || i,
        (${q(VENUE_WORDS)})[1 + i % ${VENUE_WORDS.length}] || ' ' || (${q(VENUE_KINDS)})[1 + (i / ${VENUE_WORDS.length}) % ${VENUE_KINDS.length}],
        (${q(CITIES)})[1 + (i / ${VENUE_WORDS.length * VENUE_KINDS.length}) % ${CITIES.length}]
      from generate_series(0, ${size.venues - 1}) i`);
    // Artist and venue ids are 1..N in a fresh database.
    await tx.execute(sql`
      insert into events (external_id, name, date, venue_id, days_count)
      select 'bench-event-' || i,
        case i % 4
          when 0 then a.name || ': ' || (${q(TOUR_WORDS)})[1 + i % ${TOUR_WORDS.length}] || ' Tour'
          when 1 then a.name || ' - ' || (${q(TOUR_WORDS)})[1 + (i / 7) % ${TOUR_WORDS.length}] || ' Tour'
          when 2 then 'An Evening with ' || a.name
          else a.name || ' Live'
        end,
        -- Dates and venues from a multiplicative hash of i: independent of the artist (i * 13), as in a
        -- real catalog, so no term is missing from whole stretches of dates.
        current_date - 70 + ((i::bigint * 2654435761) % 4294967291 % 370)::int,
        1 + ((i::bigint * 40503) % 2147483647 % ${size.venues})::int,
        case when i % 50 = 0 then 2 else 1 end
      from generate_series(1, ${size.events}) i
      join artists a on a.id = 1 + (i * 13) % ${size.artists}`);
    await tx.execute(sql`
      insert into event_artists (event_id, artist_id, position)
      select e.id, 1 + (e.id * 13) % ${size.artists}, 0 from events e
      union all
      select e.id, 1 + (e.id * 13 + 7) % ${size.artists}, 1 from events e where e.id % 3 = 0`);
    await tx.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name)
      values ('bench-seller', 'bench-seller@example.com', 'not-a-hash', 'Bench', 'Seller')`);
    await tx.execute(sql`
      insert into tickets (seller_id, event_id, event_name, event_date, description, venue, section, row, seats,
        face_value_cents, service_fee_cents, listing_price_cents, sold)
      select u.id, e.id, e.name, e.date, e.name, '', 'A', '1', '1',
        5000 + (i * 97) % 20000, 1000, 6000 + (i * 97) % 20000, i % 5 = 0
      from generate_series(1, ${size.listings}) i
      join events e on e.id = 1 + (i * 7) % ${size.events}
      cross join (select id from users where username = 'bench-seller') u`);
    // Loading a million documents into existing GIN indexes takes many times longer than building the
    // indexes afterwards: the secondary indexes are dropped and rebuilt from their own definitions.
    const indexes = await tx.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'event_search' and indexname <> 'event_search_pkey'`);
    const definitions = (indexes as unknown as { rows: { name: string; definition: string }[] }).rows;
    for (const { name } of definitions) await tx.execute(sql.raw(`drop index "${name}"`));
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    // Statistics first: the planner would otherwise plan the refresh's joins over a million fresh rows blind.
    await tx.execute(sql`analyze events, event_artists, artists, venues`);
    await tx.execute(sql`select event_search_refresh(array(select id from events))`);
    for (const { definition } of definitions) await tx.execute(sql.raw(definition));
  });
  await vacuumAnalyze(db);
}

/**
 * VACUUM as well: an index-only scan skips the heap only on pages the visibility map marks all-visible.
 * VACUUM cannot run inside a transaction, and at a million events it outlasts the pool's statement
 * timeout, so on PostgreSQL it runs on one connection with the timeout lifted.
 */
async function vacuumAnalyze(db: Db): Promise<void> {
  const { $client: client } = db as unknown as { $client: unknown };
  if (!(client instanceof pg.Pool)) {
    await db.execute(sql`vacuum analyze`);
    return;
  }
  const connection = await client.connect();
  try {
    await connection.query('set statement_timeout = 0');
    await connection.query('vacuum analyze');
  } finally {
    await connection.query('reset statement_timeout');
    connection.release();
  }
}

/** What a browser asks for with every request: a compressed answer where one is worth it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const searchPath = (query: string) => `/api/concerts/search?query=${encodeURIComponent(query)}`;

/** How many distinct queries each part of a size's run draws (decision 0040): every request asks a new one. */
const WARM_QUERIES = 60;
const SINGLE_QUERIES = 450;
const LOAD_QUERIES = 24_000;
const MARKET_SINGLE_QUERIES = 200;

interface LoadRow {
  name: string;
  base: string;
  paths: string[];
  headers?: Record<string, string>;
  note: string;
}

/** The app's routes under 50 connections (autocannon in its own process); a failed request fails the run. */
async function throughput(label: string, row: LoadRow): Promise<BenchResult> {
  const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 8);
  // This process serves the requests (autocannon runs in its own): its CPU per answer moves less with a
  // noisy machine than the rate does.
  const cpuBefore = process.cpuUsage();
  const result = await loadPaths(row.base, row.paths, {
    connections: CONNECTIONS,
    seconds,
    headers: row.headers ?? {},
  });
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerRequestMs = (cpu.user + cpu.system) / 1000 / result.total;
  assertAllAnswered(row.name, result);
  const distinct =
    result.repeated === 0
      ? 'every request distinct'
      : `${result.repeated} of ${result.total} requests repeated a query`;
  return {
    name: row.name,
    backend: label,
    samples: result.total,
    p50Ms: result.p50Ms,
    // autocannon reports p97.5, not p95: the stricter of the two.
    p95Ms: result.p97_5Ms,
    maxMs: result.maxMs,
    note: `${result.requestsPerSecond.toFixed(0)} req/s, ${CONNECTIONS} connections, ${row.note}; ${distinct} (p97.5 in the p95 column); the server's process ${cpuPerRequestMs.toFixed(3)} ms of CPU per request; load average ${loadavg()[0]?.toFixed(1)}`,
  };
}

/**
 * The search SQL alone, without the route's shared answers (decision 0021): `CONNECTIONS` callers on
 * the pool, each taking the next distinct query, for BENCH_SEARCH_SECONDS or until the queries run out.
 */
async function uncachedThroughput(
  label: string,
  database: Database,
  name: string,
  queries: string[],
): Promise<BenchResult> {
  const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 8);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const timings: number[] = [];
  let next = 0;
  const caller = async () => {
    while (performance.now() < deadline && next < queries.length) {
      const query = queries[next++] ?? 'neon';
      const start = performance.now();
      await searchConcerts(database.db, query);
      timings.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  const elapsed = (performance.now() - started) / 1000;
  return summarize(
    name,
    label,
    timings,
    `${(timings.length / elapsed).toFixed(0)} searches/s, ${CONNECTIONS} callers, distinct queries, no shared answers`,
  );
}

async function signedInCookie(db: Db): Promise<string> {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'bench-seller'));
  if (!seller) throw new Error('no bench seller');
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId: seller.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return `${SESSION_COOKIE}=${token}`;
}

async function measure(label: string, database: Database, size: CatalogSize): Promise<BenchResult[]> {
  const events = size.events.toLocaleString('en-US');
  const started = performance.now();
  await database.migrate();
  await generateCatalog(database.db, size);
  const setupSeconds = (performance.now() - started) / 1000;
  const drawn = distinctQueries(
    await catalogNames(database.db, 3_000),
    WARM_QUERIES + SINGLE_QUERIES + LOAD_QUERIES + MARKET_SINGLE_QUERIES,
    seededRandom(size.events),
  );
  const warm = drawn.slice(0, WARM_QUERIES);
  const single = drawn.slice(WARM_QUERIES, WARM_QUERIES + SINGLE_QUERIES);
  const marketSingle = drawn.slice(
    WARM_QUERIES + SINGLE_QUERIES,
    WARM_QUERIES + SINGLE_QUERIES + MARKET_SINGLE_QUERIES,
  );
  const load = drawn.slice(WARM_QUERIES + SINGLE_QUERIES + MARKET_SINGLE_QUERIES).map((query) => query.text);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', APP_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const rows: BenchResult[] = [];
  try {
    const concert = await loadedConcertIndex(app, database.db);
    // One untimed pass of other queries warms caches and the query planner.
    for (const query of warm)
      await searchConcerts(database.db, query.text, { indexed: await concert.indexed() });
    rows.push(
      await singleClient(
        label,
        `concert search, ${events} events, distinct queries, single client`,
        single,
        async (query) => searchConcerts(database.db, query, { indexed: await concert.indexed() }),
        `the route's search through the in-memory index (decision 0049: loaded in ${concert.loadSeconds.toFixed(1)} s, ${concert.heapMegabytes.toFixed(0)} MB of heap); catalog generated in ${setupSeconds.toFixed(1)} s`,
      ),
      await singleClient(
        label,
        `concert search in SQL alone (an instance whose index is loading), ${events} events, distinct queries, single client`,
        single,
        (query) => searchConcerts(database.db, query),
        'decision 0040',
      ),
      await uncachedThroughput(
        label,
        database,
        `concert search in SQL alone, ${events} events, distinct queries, ${CONNECTIONS} callers`,
        load,
      ),
    );
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cookie = await signedInCookie(database.db);
    // Issue 45: the searches' rates as a share of a hello-world Fastify's, measured in the same run.
    const helloRow = await throughput(label, {
      name: 'hello-world Fastify (same run)',
      base: `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}`,
      paths: ['/hello'],
      note: 'the ratios below are of this rate',
    });
    rows.push(helloRow);
    const shareOfHello = (row: BenchResult): BenchResult => ({
      ...row,
      note: `${row.note}; ${((100 * row.samples) / helloRow.samples).toFixed(1)}% of hello-world's req/s`,
    });
    // Reversed: none of the SQL run's first queries, whose pages the database has just read.
    const httpQueries = [...load].reverse();
    rows.push(
      shareOfHello(
        await throughput(label, {
          name: `GET /api/concerts/search, ${events} events, distinct queries`,
          base,
          paths: httpQueries.map(searchPath),
          headers: BROWSER_HEADERS,
          note: 'no answer shared',
        }),
      ),
      await throughput(label, {
        name: `GET /api/concerts/search, ${events} events, repeated queries`,
        base,
        paths: QUERIES.map(searchPath),
        headers: BROWSER_HEADERS,
        note: `the same ${QUERIES.length} queries in turn, answers shared for 5 s`,
      }),
    );
    const listQuery = (search: string) => ticketListQuerySchema.parse({ search, sortBy: 'price_asc' });
    const index = await loadedListingIndex(app, database.db);
    rows.push(
      await singleClient(
        label,
        `marketplace search, ${events} events (${size.listings.toLocaleString('en-US')} listings), signed in, sortBy=price_asc, distinct queries, single client`,
        marketSingle,
        async (query) =>
          (await listMarketplaceTickets(database.db, listQuery(query), new Date(), index.indexed)).tickets,
        `the service without shared answers; the listing index loaded in ${index.loadSeconds.toFixed(1)} s`,
      ),
      shareOfHello(
        await throughput(label, {
          name: `GET /api/tickets?search=…&sortBy=price_asc (signed in), ${events} events, distinct queries`,
          base,
          paths: load.map((query) => `/api/tickets?search=${encodeURIComponent(query)}&sortBy=price_asc`),
          headers: { cookie, ...BROWSER_HEADERS },
          note: 'no page shared',
        }),
      ),
    );
  } finally {
    await app.close();
    await hello.close();
  }
  return rows;
}

/**
 * The largest catalog measured on PGlite (BENCH_SEARCH_PGLITE_MAX, default 300k): PGlite holds the whole
 * database in one WebAssembly heap (at most 4 GB), and larger sizes are PostgreSQL's job in production.
 */
function pgliteMaxEvents(): number {
  const [size] = benchSizes(process.env.BENCH_SEARCH_PGLITE_MAX ?? '300k');
  return size ?? 0;
}

export async function run(): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  for (const events of benchSizes())
    rows.push(
      ...(await onEachDatabase((label, database) => measure(label, database, catalogSize(events)), 10, {
        pglite: events <= pgliteMaxEvents(),
      })),
    );
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
