import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { saleBreakdown } from '../common/pricing.js';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { tickets } from '../server/db/schema/index.js';
import { candidateBidsQuery } from '../server/modules/bids/matcher.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * Automatic-purchase bids at scale (issue 24 §3; decision 0045), PostgreSQL only: 10,000 active bids and
 * 100,000 listings none of which matches a bid, then listings that match a random bid, one after another.
 * Each sample is the time from the listing's insert (what POST /api/tickets does, then its hook) to the
 * ticket sold: the durable job, this instance's runner, the candidate-bids query, the hold, the sandbox
 * off-session charge and fulfilCheckout. Sizes may be lowered for a quick proof run:
 * BIDS_BENCH_BIDS, BIDS_BENCH_LISTINGS, BIDS_BENCH_SAMPLES.
 */

const BIDS = Number(process.env.BIDS_BENCH_BIDS ?? 10_000);
const LISTINGS = Number(process.env.BIDS_BENCH_LISTINGS ?? 100_000);
const SAMPLES = Number(process.env.BIDS_BENCH_SAMPLES ?? 50);
const EVENTS = Math.max(100, Math.floor(LISTINGS / 5));
/** Every bid pays at most $50 all-in; every background listing costs more, so nothing matches until we say. */
const BID_MAX_CENTS = 5_000;
const TARGET_FACE_CENTS = 1_000;
const SOLD_WITHIN_MS = 2_000;

async function generate(db: Database['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into venues (name, city) select 'Bench Hall ' || i, 'City ' || (i % 40) from generate_series(0, 99) i`);
    await tx.execute(sql`
      insert into events (name, date, venue_id)
      select 'Bench Show ' || i, current_date + 10 + (i % 300), 1 + i % 100 from generate_series(0, ${EVENTS - 1}) i`);
    await tx.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name)
      select 'bench-user-' || i, 'bench-user-' || i || '@example.com', 'not-a-hash', 'Bench', 'User'
      from generate_series(0, ${BIDS / 2 + 50 - 1}) i`);
    await tx.execute(sql`
      insert into payment_customers (user_id, provider, customer_id)
      select id, 'sandbox', 'sbx_cus_' || id from users where username like 'bench-user-%'`);
    await tx.execute(sql`
      insert into saved_cards (id, user_id, provider, customer_id, brand, last4, exp_month, exp_year)
      select 'sbx_pm_4242_bench' || id, id, 'sandbox', 'sbx_cus_' || id, 'visa', '4242', 12, 2040
      from users where username like 'bench-user-%'`);
    // Two bids per bidder (the most a member may have); half name a catalog event, half name and date only.
    await tx.execute(sql`
      insert into bids (user_id, event_id, event_name, event_date, max_price_cents, quantity, section,
        stripe_payment_method_id, expires_at, created_at)
      select u.id, case when i % 2 = 0 then e.id end, e.name, e.date, ${BID_MAX_CENTS}, 1 + i % 4,
        case when i % 5 = 0 then 'Floor' end, 'sbx_pm_4242_bench' || u.id,
        e.date + 1, now() - (i || ' seconds')::interval
      from generate_series(0, ${BIDS - 1}) i
      join users u on u.username = 'bench-user-' || (i / 2)
      join events e on e.id = 1 + (i * 13) % ${EVENTS}`);
    const sellers = sql.raw(String(BIDS / 2));
    await tx.execute(sql`
      insert into tickets (seller_id, event_id, event_name, event_date, description, venue, section, row, seats,
        quantity, face_value_cents, service_fee_cents, markup, listing_price_cents)
      select s.id, e.id, e.name, e.date, e.name, 'Bench Hall', (array['A','B','Floor','101'])[1 + i % 4], 'R', '1',
        1 + i % 4, 6000 + i % 20000, 500, 0, 6500 + i % 20000
      from generate_series(0, ${LISTINGS - 1}) i
      join events e on e.id = 1 + (i * 7) % ${EVENTS}
      join users s on s.username = 'bench-user-' || (${sellers} + i % 50)`);
    await tx.execute(sql`analyze`);
  });
}

interface TargetBid {
  id: number;
  event_id: number | null;
  event_name: string;
  event_date: string;
  quantity: number;
}

async function measure(backend: string, database: Database): Promise<BenchResult[]> {
  await generate(database.db);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', APP_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  const db = database.db;
  const [seller] = (
    (await db.execute(
      sql`select id from users where username = 'bench-user-${sql.raw(String(BIDS / 2))}'`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  if (!seller) throw new Error('no bench seller');
  const perTicket = TARGET_FACE_CENTS;
  const timings: number[] = [];
  let plan = '';
  try {
    for (let sample = 0; sample < SAMPLES; sample++) {
      const [bid] = (
        (await db.execute(sql`
          select id, event_id, event_name, event_date::text, quantity from bids
          where is_active and section is null order by random() limit 1`)) as unknown as { rows: TargetBid[] }
      ).rows;
      if (!bid) throw new Error('no active bid left');
      if (sample === 0) {
        const allIn = saleBreakdown({ perTicketCents: perTicket, markupPercent: 0, quantity: bid.quantity });
        const listing = {
          eventId: bid.event_id,
          eventName: bid.event_name,
          eventDate: bid.event_date,
          section: 'A',
          sellerId: Number(seller.id),
        };
        const explained = (await db.execute(
          sql`explain (analyze, costs off, timing off, summary off) ${candidateBidsQuery(db, listing, [{ quantity: bid.quantity, allInCents: allIn.buyerPaysCents }], null, new Date())}`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      }
      const started = performance.now();
      const [ticket] = await db
        .insert(tickets)
        .values({
          sellerId: Number(seller.id),
          eventId: bid.event_id,
          eventName: bid.event_name,
          eventDate: bid.event_date,
          description: bid.event_name,
          venue: 'Bench Hall',
          section: 'A',
          row: 'R',
          seats: '1',
          quantity: bid.quantity,
          faceValueCents: perTicket,
          serviceFeeCents: 0,
          markup: 0,
          listingPriceCents: perTicket,
        })
        .returning({ id: tickets.id });
      if (!ticket) throw new Error('listing insert returned no row');
      await app.bidMatching.listingBuyable(ticket.id);
      for (;;) {
        const [row] = await db.select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticket.id));
        if (row?.sold) break;
        if (performance.now() - started > 30_000) throw new Error(`listing ${ticket.id} was not bought`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      timings.push(performance.now() - started);
    }
  } finally {
    await app.close();
  }
  console.log(`candidate bids for one listing (${BIDS} bids):\n${plan}`);
  const row = summarize(
    `matching listing listed → sold (${BIDS.toLocaleString('en-US')} bids, ${LISTINGS.toLocaleString('en-US')} listings)`,
    backend,
    timings,
  );
  row.note = `target p95 ≤ ${SOLD_WITHIN_MS} ms: ${row.p95Ms <= SOLD_WITHIN_MS ? 'met' : 'NOT met'}`;
  return [row];
}

export function run(): Promise<BenchResult[]> {
  return onEachDatabase(measure, 10, { pglite: false });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
