import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { centsToDollars } from '../common/money.js';
import { saleBreakdown } from '../common/pricing.js';
import { ticketListQuerySchema } from '../common/schemas/marketplace.js';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { sessions, tickets, users } from '../server/db/schema/index.js';
import { newToken, sha256 } from '../server/lib/tokens.js';
import { listMarketplaceTickets, listPublicTickets } from '../server/modules/marketplace/service.js';
import { searchSuggestions } from '../server/modules/marketplace/suggestions.js';
import { SESSION_COOKIE } from '../server/plugins/session.js';
import { catalogNames, distinctQueries, seededRandom, singleClient } from './distinct-queries.js';
import { assertAllAnswered, loadPaths } from './load-paths.js';
import type { BenchResult } from './run.js';
import { loadedListingIndex } from './search-indexes.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * The marketplace at 100,000 listings (about 20,000 catalog events, 1,000 artists, 200 venues), served by
 * the real app in-process: GET /api/tickets with a search and a sort under 50 concurrent connections,
 * beside a hello-world Fastify measured in the same run; then whole purchases (lock, payment, sandbox pay,
 * verify) end to end, one buyer after another and 10 at a time.
 */

const LISTINGS = 100_000;
const EVENTS = 20_000;
const ARTISTS = 1_000;
const VENUES = 200;
const CONNECTIONS = 50;
const LOAD_SECONDS = 8;
const PURCHASES = 60;
/** Distinct queries (decision 0040): asked once each by one client, and by 50 connections over HTTP. */
const DISTINCT_SINGLE = 300;
const DISTINCT_WARM = 1_500;
const DISTINCT_LOAD = 20_000;
/** Listings whose details are asked for, each in turn. */
const DETAIL_IDS = 5_000;

const WORDS = [
  'Neon',
  'Velvet',
  'Copper',
  'Harbor',
  'Lunar',
  'Static',
  'Hollow',
  'Crimson',
  'Paper',
  'River',
];
const KINDS = ['Arena', 'Hall', 'Theatre', 'Amphitheatre', 'Club'];

export async function generate(db: Database['db']): Promise<void> {
  // One transaction without the app's statement timeout: a bulk insert takes longer than any request may.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(',')}]`);
    const kinds = sql.raw(`array[${KINDS.map((kind) => `'${kind}'`).join(',')}]`);
    await tx.execute(sql`
      insert into artists (name, genres)
      select (${words})[1 + i % 10] || ' ' || (${words})[1 + (i / 10) % 10] || ' ' || i, array['rock']
      from generate_series(0, ${ARTISTS - 1}) i`);
    await tx.execute(sql`
      insert into venues (name, city)
      select (${words})[1 + i % 10] || ' ' || (${kinds})[1 + i % 5] || ' ' || i, 'City ' || (i % 40)
      from generate_series(0, ${VENUES - 1}) i`);
    await tx.execute(sql`
      insert into events (name, date, venue_id)
      select a.name || ' Live', current_date + (i % 300), 1 + i % ${VENUES}
      from generate_series(0, ${EVENTS - 1}) i
      join artists a on a.id = 1 + i % ${ARTISTS}`);
    await tx.execute(sql`
      insert into event_artists (event_id, artist_id, position)
      select e.id, 1 + (e.id - 1) % ${ARTISTS}, 0 from events e`);
    await tx.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name)
      select 'bench-seller-' || i, 'bench-seller-' || i || '@example.com', 'not-a-hash', 'Bench', 'Seller'
      from generate_series(0, 49) i`);
    await tx.execute(sql`
      insert into tickets (seller_id, event_id, event_name, event_date, description, venue, section, row, seats,
        quantity, face_value_cents, service_fee_cents, markup, listing_price_cents, sold, status)
      select s.id, e.id, e.name, e.date, e.name || ' at ' || v.name || ', ' || v.city, v.name,
        (array['A','B','C','Floor','GA','101','102','201'])[1 + i % 8], 'R' || (i % 30), (i % 20)::text,
        1 + i % 4, 2000 + (i * 97) % 30000, 500 + i % 1000, (i % 151) - 100,
        ((2000 + (i * 97) % 30000 + 500 + i % 1000) * (100 + (i % 151) - 100) * 2 + 100) / 200,
        i % 7 = 0, case when i % 7 = 0 then 'sold' else 'available' end
      from generate_series(0, ${LISTINGS - 1}) i
      join events e on e.id = 1 + (i * 7) % ${EVENTS}
      join venues v on v.id = e.venue_id
      join users s on s.username = 'bench-seller-' || (i % 50)`);
    await tx.execute(sql`analyze`);
  });
}

/** A browser's Accept-Encoding: answers of 1 KB or more come compressed, as they would to the app. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * `paths` in turn from CONNECTIONS connections for LOAD_SECONDS, after a short warm-up on `warmPaths`
 * (other paths, so that a row of distinct queries asks none of them twice; else the same paths).
 */
async function loadRow(
  name: string,
  backend: string,
  base: string,
  paths: string[],
  headers: Record<string, string> = {},
  warmPaths: string[] = paths,
): Promise<BenchResult> {
  const options = { connections: CONNECTIONS, headers: { ...BROWSER_HEADERS, ...headers } };
  assertAllAnswered(name, await loadPaths(base, warmPaths, { ...options, seconds: 1 }));
  const result = await loadPaths(base, paths, { ...options, seconds: LOAD_SECONDS });
  assertAllAnswered(name, result);
  return {
    name,
    backend,
    samples: result.total,
    p50Ms: result.p50Ms,
    // autocannon reports p97.5, not p95: the stricter of the two.
    p95Ms: result.p97_5Ms,
    maxMs: result.maxMs,
    note: `${result.requestsPerSecond.toFixed(0)} req/s, ${CONNECTIONS} connections (p97.5 in the p95 column)${paths.length > 1 && result.repeated === 0 ? ', every request distinct' : ''}`,
  };
}

/** One call at a time, twice after a warm-up pass: the work behind a route without its shared answers. */
async function serviceRow(
  name: string,
  backend: string,
  calls: (() => Promise<unknown>)[],
): Promise<BenchResult> {
  const timings: number[] = [];
  for (let pass = 0; pass < 3; pass++)
    for (const call of calls) {
      const start = performance.now();
      await call();
      if (pass > 0) timings.push(performance.now() - start);
    }
  return summarize(name, backend, timings, 'one client, sequential, no shared answers');
}

/** Runs `measure` while one listing is edited every 100 ms, so that shared marketplace pages keep expiring. */
async function whileListingsChange<T>(database: Database, measure: () => Promise<T>): Promise<T> {
  const edits = setInterval(() => {
    void database.db.execute(sql`update tickets set markup = markup where id = 1`);
  }, 100);
  try {
    return await measure();
  } finally {
    clearInterval(edits);
  }
}

async function signIn(db: Database['db'], userId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `${SESSION_COOKIE}=${token}`;
}

async function measure(backend: string, database: Database): Promise<BenchResult[]> {
  const started = performance.now();
  await database.migrate();
  await generate(database.db);
  const setupSeconds = (performance.now() - started) / 1000;
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', APP_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [buyer] = await database.db
    .insert(users)
    .values({
      username: 'bench-buyer',
      email: 'bench-buyer@example.com',
      passwordHash: 'x',
      firstName: 'B',
      lastName: 'B',
    })
    .returning({ id: users.id });
  if (!buyer) throw new Error('no bench buyer');
  const cookie = await signIn(database.db, buyer.id);
  const criteria = JSON.stringify([
    { field: 'eventDate', direction: 'asc' },
    { field: 'price', direction: 'desc' },
  ]);
  const searchWords = WORDS.map((word) => word.toLowerCase());
  const searches = searchWords.map((word) => `/api/tickets?search=${word}&sortBy=price_asc`);
  const sortedSearches = searchWords.map(
    (word) => `/api/tickets?search=${word}&sortCriteria=${encodeURIComponent(criteria)}`,
  );
  const listQuery = (query: Record<string, string>) => ticketListQuerySchema.parse(query);
  // Suggestions as typed: two to five letters of the benchmark's words, and whole artist names.
  const typed = WORDS.flatMap((word) => [2, 3, 5].map((letters) => word.slice(0, letters).toLowerCase()));
  const suggestions = typed.map((q) => `/api/search/suggestions?q=${encodeURIComponent(q)}`);
  // Decision 0040: queries drawn from this catalog at run time, each asked once.
  const drawn = distinctQueries(
    await catalogNames(database.db, 3_000),
    2 * DISTINCT_SINGLE + DISTINCT_WARM + DISTINCT_LOAD,
    seededRandom(LISTINGS),
  );
  const searchPath = (query: { text: string }) =>
    `/api/tickets?search=${encodeURIComponent(query.text)}&sortBy=price_asc`;
  const sqlAloneSearches = drawn.slice(DISTINCT_SINGLE, 2 * DISTINCT_SINGLE);
  const warmSearches = drawn.slice(2 * DISTINCT_SINGLE, 2 * DISTINCT_SINGLE + DISTINCT_WARM).map(searchPath);
  const distinctSearches = drawn.slice(2 * DISTINCT_SINGLE + DISTINCT_WARM).map(searchPath);
  const listingIds = await database.db
    .select({ id: tickets.id })
    .from(tickets)
    .orderBy(sql`random()`)
    .limit(DETAIL_IDS);
  const rows: BenchResult[] = [];
  const index = await loadedListingIndex(app, database.db);
  try {
    rows.push(
      await singleClient(
        backend,
        'list: search, sortBy=price_asc, member card, distinct queries (one client)',
        drawn.slice(0, DISTINCT_SINGLE),
        async (search) =>
          (
            await listMarketplaceTickets(
              database.db,
              listQuery({ search, sortBy: 'price_asc' }),
              new Date(),
              index.indexed,
            )
          ).tickets,
        `no shared answers; the listing index loaded in ${index.loadSeconds.toFixed(1)} s`,
      ),
      await singleClient(
        backend,
        'list: search, sortBy=price_asc, member card, distinct queries, SQL alone (one client)',
        sqlAloneSearches,
        async (search) =>
          (await listMarketplaceTickets(database.db, listQuery({ search, sortBy: 'price_asc' }), new Date()))
            .tickets,
        'no shared answers; the search of an instance whose index is loading',
      ),
    );
    const helloRow = await loadRow(
      'hello-world Fastify (same run)',
      backend,
      `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}`,
      ['/hello'],
    );
    rows.push(helloRow);
    const helloRate = helloRow.samples / LOAD_SECONDS;
    const detailRow = await loadRow(
      `GET /api/tickets/{id} (signed in, ${DETAIL_IDS.toLocaleString('en-US')} listings in turn)`,
      backend,
      base,
      listingIds.map((listing) => `/api/tickets/${listing.id}`),
      { cookie },
    );
    detailRow.note = `${detailRow.note}; ${((100 * detailRow.samples) / LOAD_SECONDS / helloRate).toFixed(1)}% of hello-world's req/s`;
    rows.push(detailRow);
    const searchRow = await loadRow(
      'GET /api/tickets?search=…&sortBy=price_asc (signed in, distinct queries)',
      backend,
      base,
      distinctSearches,
      { cookie },
      warmSearches,
    );
    searchRow.note = `${searchRow.note}; ${((100 * searchRow.samples) / LOAD_SECONDS / helloRate).toFixed(1)}% of hello-world's req/s`;
    rows.push(searchRow);
    rows.push(
      await serviceRow('list: first page (one client)', backend, [
        () => listPublicTickets(database.db, listQuery({}), new Date()),
      ]),
      await serviceRow(
        'list: search, sortBy=price_asc, repeated queries (one client)',
        backend,
        searchWords.map(
          (search) => () =>
            listPublicTickets(database.db, listQuery({ search, sortBy: 'price_asc' }), new Date()),
        ),
      ),
      await serviceRow(
        'list: search, sortCriteria=date,price desc, member card, repeated queries (one client)',
        backend,
        searchWords.map(
          (search) => () =>
            listMarketplaceTickets(database.db, listQuery({ search, sortCriteria: criteria }), new Date()),
        ),
      ),
      await serviceRow(
        'search suggestions (one client)',
        backend,
        typed.map((q) => () => searchSuggestions(database.db, q, new Date())),
      ),
    );
    rows.push(
      await loadRow(
        'GET /api/search/suggestions?q=… (visitor, repeated queries)',
        backend,
        base,
        suggestions,
      ),
    );
    rows.push(await loadRow('GET /api/tickets (first page, visitor)', backend, base, ['/api/tickets']));
    rows.push(
      await loadRow(
        'GET /api/tickets?search=…&sortBy=price_asc (visitor, repeated queries)',
        backend,
        base,
        searches,
      ),
    );
    rows.push(
      await loadRow(
        'GET /api/tickets?search=…&sortCriteria=date,price desc (signed in, repeated queries)',
        backend,
        base,
        sortedSearches,
        { cookie },
      ),
    );
    rows.push(
      await whileListingsChange(database, () =>
        loadRow(
          'GET /api/tickets?search=…&sortBy=price_asc, repeated queries, a listing edited every 100 ms',
          backend,
          base,
          searches,
        ),
      ),
    );
    rows.push(...(await purchases(backend, database, base)));
  } finally {
    await app.close();
    await hello.close();
  }
  const [first] = rows;
  if (first) first.note = `${first.note}; ${LISTINGS} listings generated in ${setupSeconds.toFixed(1)} s`;
  return rows;
}

/** lock → payment → sandbox pay → verify, per buyer on their own listing. */
async function purchases(backend: string, database: Database, base: string): Promise<BenchResult[]> {
  const db = database.db;
  const available = await db
    .select()
    .from(tickets)
    .where(sql`${tickets.sold} = false and ${tickets.eventDate} > current_date`)
    .limit(PURCHASES * 2);
  const buyers = await db
    .insert(users)
    .values(
      available.map((_, index) => ({
        username: `bench-purchaser-${index}`,
        email: `bench-purchaser-${index}@example.com`,
        passwordHash: 'x',
        firstName: 'P',
        lastName: String(index),
      })),
    )
    .returning({ id: users.id });
  const cookies = await Promise.all(buyers.map((buyer) => signIn(db, buyer.id)));
  const post = async (path: string, cookie: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const buy = async (index: number) => {
    const ticket = available[index];
    const cookie = cookies[index];
    if (!ticket || !cookie) throw new Error('not enough listings');
    const start = performance.now();
    const lock = await post(`/api/tickets/${ticket.id}/lock`, cookie);
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const payment = await post(`/api/tickets/${ticket.id}/payment`, cookie, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.version,
    });
    const sessionId = new URL(String(payment.url)).pathname.split('/').at(-1);
    await post(`/api/sandbox/checkout/${sessionId}/pay`, cookie, {
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    const verify = await post(`/api/purchase/verify/${sessionId}`, cookie);
    if (verify.success !== true)
      throw new Error(`purchase ${index} not completed: ${JSON.stringify(verify)}`);
    return performance.now() - start;
  };
  const sequential: number[] = [];
  const sequentialStart = performance.now();
  for (let index = 0; index < PURCHASES; index++) sequential.push(await buy(index));
  const sequentialRate = PURCHASES / ((performance.now() - sequentialStart) / 1000);
  const parallel: number[] = [];
  const parallelStart = performance.now();
  for (let batch = 0; batch < PURCHASES / 10; batch++)
    parallel.push(
      ...(await Promise.all(Array.from({ length: 10 }, (_, n) => buy(PURCHASES + batch * 10 + n)))),
    );
  const parallelRate = PURCHASES / ((performance.now() - parallelStart) / 1000);
  return [
    summarize(
      'purchase end to end, one at a time',
      backend,
      sequential,
      `${sequentialRate.toFixed(1)} purchases/s`,
    ),
    summarize(
      'purchase end to end, 10 at a time',
      backend,
      parallel,
      `${parallelRate.toFixed(1)} purchases/s`,
    ),
  ];
}

export function run(): Promise<BenchResult[]> {
  return onEachDatabase(measure, 10);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
