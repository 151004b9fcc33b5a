import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  adminSupportMessagesQuerySchema,
  adminTicketsQuerySchema,
  adminTransactionsQuerySchema,
  adminUsersQuerySchema,
} from '../common/schemas/admin.js';
import type { Database } from '../server/db/client.js';
import { countPendingSupportMessages, listAdminSupportMessages } from '../server/modules/admin/support.js';
import { listAdminTickets } from '../server/modules/admin/tickets.js';
import { listAdminTransactions } from '../server/modules/admin/transactions.js';
import { listAdminUsers } from '../server/modules/admin/users.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * The admin lists (decision 0036) at 100,000 users, 100,000 listings, 100,000 sales (transactions: each
 * sale's payment, plus its refund or payout) and 100,000 support messages, on PostgreSQL: a page of each list for a common word, a rare
 * name and an id, and the unsearched first page, one request after another, and the dashboard's count of
 * pending support messages. Goal: p95 ≤ 50 ms.
 */

const ROWS = 100_000;
const SAMPLES = 60;
const WORDS = [
  'neon',
  'velvet',
  'copper',
  'harbor',
  'lunar',
  'static',
  'hollow',
  'crimson',
  'paper',
  'river',
];

async function generate(db: Database['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(',')}]`);
    await tx.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name, created_at)
      select 'fan_' || (${words})[1 + i % 10] || '_' || i, 'fan' || i || '@' || (${words})[1 + (i / 10) % 10] || '.example',
        'not-a-hash', 'Bench', 'Fan', now() - (i || ' minutes')::interval
      from generate_series(1, ${ROWS}) i`);
    // Listings: ROWS for sale and ROWS sold (one per sale).
    await tx.execute(sql`
      insert into tickets (seller_id, event_name, event_date, description, venue, section, row, seats, quantity,
        face_value_cents, service_fee_cents, markup, listing_price_cents, sold, status, buyer_id, created_at)
      select 1 + (i::bigint * 7919) % ${ROWS},
        initcap((${words})[1 + i % 10]) || ' ' || initcap((${words})[1 + (i / 10) % 10]) || ' Tour ' || (i % 5000),
        current_date + (i % 300), 'bench', 'Bench Arena', 'A', 'R1', '1', 1, 10000, 0, 0, 10000,
        i > ${ROWS}, case when i > ${ROWS} then 'sold' else 'available' end,
        case when i > ${ROWS} then 1 + (i::bigint * 104729) % ${ROWS} end, now() - (i || ' seconds')::interval
      from generate_series(1, ${2 * ROWS}) i`);
    await tx.execute(sql`
      insert into checkout_sessions (id, provider, ticket_id, buyer_id, seller_id, ticket_version, event_name,
        event_date, quantity, per_ticket_cents, markup, total_cents, processing_fee_cents, platform_fee_cents,
        seller_proceeds_cents, amount_cents, status, outcome, url, expires_at, paid_at, settled_at,
        refund_reference)
      select 'sbx_bench_' || t.id, 'sandbox', t.id, t.buyer_id, t.seller_id, 1, t.event_name, t.event_date, 1,
        10000, 0, 10000, 195, 500, 9305, 10195, 'paid', 'fulfilled', '', now(), now(), now(),
        case when t.id % 10 = 0 then 're_' || t.id end
      from tickets t where t.sold`);
    await tx.execute(sql`
      insert into orders (checkout_session_id, ticket_id, buyer_id, seller_id, ticket_version, quantity,
        per_ticket_cents, total_cents, processing_fee_cents, platform_fee_cents, seller_proceeds_cents,
        amount_cents, status, created_at)
      select s.id, s.ticket_id, s.buyer_id, s.seller_id, 1, 1, 10000, 10000, 195, 500, 9305, 10195,
        case when s.ticket_id % 10 = 0 then 'refunded' when s.ticket_id % 3 = 0 then 'released' else 'in_escrow' end,
        now() - (s.ticket_id || ' seconds')::interval
      from checkout_sessions s`);
    await tx.execute(sql`
      insert into payouts (order_id, seller_id, amount_cents, provider, status, due_at, paid_at)
      select o.id, o.seller_id, 9305, 'sandbox', 'paid', o.created_at + interval '3 days', o.created_at + interval '3 days'
      from orders o where o.status = 'released'`);
    // Support messages: members write, a third of them resolved, an answer to every fifth.
    await tx.execute(sql`
      insert into support_messages (user_id, sender_id, topic, message, is_from_admin, resolved, created_at)
      select 1 + (i::bigint * 7919) % ${ROWS}, 1 + (i::bigint * 7919) % ${ROWS},
        (array['account','tickets','payment','transfer','refund','security','other'])[1 + i % 7],
        'My ' || (${words})[1 + i % 10] || ' order number ' || i || ' needs help with the transfer please',
        i % 5 = 0, i % 3 = 0 or i % 5 = 0, now() - (i || ' seconds')::interval
      from generate_series(1, ${ROWS}) i`);
  });
  await db.execute(sql`analyze`);
}

async function time(samples: number, call: () => Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await call();
    timings.push(performance.now() - started);
  }
  return timings;
}

async function measure(backend: string, database: Database): Promise<BenchResult[]> {
  const db = database.db;
  await generate(db);
  const searches = [
    { label: 'first page', search: undefined },
    { label: "common word 'harbor'", search: 'harbor' },
    { label: "rare text 'fan_lunar_4242'", search: 'fan_lunar_4242' },
    { label: 'an id', search: '4242' },
  ];
  const results: BenchResult[] = [];
  for (const { label, search } of searches) {
    const users = adminUsersQuerySchema.parse({ search });
    const tickets = adminTicketsQuerySchema.parse({ search });
    const transactions = adminTransactionsQuerySchema.parse({ search });
    const messages = adminSupportMessagesQuerySchema.parse({ search });
    const cases: [string, () => Promise<unknown>][] = [
      ['users', () => listAdminUsers(db, users)],
      ['tickets', () => listAdminTickets(db, tickets)],
      ['transactions', () => listAdminTransactions(db, transactions)],
      ['support messages', () => listAdminSupportMessages(db, messages)],
    ];
    for (const [list, call] of cases) {
      await time(3, call);
      results.push(
        summarize(
          `admin ${list}: ${label}`,
          backend,
          await time(SAMPLES, call),
          `${ROWS.toLocaleString('en-US')} rows`,
        ),
      );
    }
  }
  await time(3, () => countPendingSupportMessages(db));
  results.push(
    summarize(
      'admin support messages: pending count',
      backend,
      await time(SAMPLES, () => countPendingSupportMessages(db)),
      `${ROWS.toLocaleString('en-US')} rows`,
    ),
  );
  return results;
}

export function run(): Promise<BenchResult[]> {
  return onEachDatabase(measure, 5, { pglite: false });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
