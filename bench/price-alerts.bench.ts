import { pathToFileURL } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { jobs, priceAlerts, tickets } from '../server/db/schema/index.js';
import {
  PRICE_ALERT_MATCH_LISTING_JOB,
  PRICE_ALERT_MATCHED_MAIL_JOB,
} from '../server/modules/price-alerts/matching.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * Price alerts at scale (decision 0060), PostgreSQL only: 100,000 active alerts (10,000 members with the 10
 * each they may have) over 2,000 events, 5 of which are "hot" with 2,000 alerts each that one listing all
 * fits. Each sample is the time from a listing's insert (what POST /api/tickets does, then its hook) to the
 * matched alerts' e-mail jobs queued: the durable job, this instance's runner and the matching statement.
 * A typical sample's listing fits a random alert at its own price (and every alert of that event and
 * quantity priced as high); a hot sample's fits 2,000. Sizes may be lowered for a quick run:
 * ALERTS_BENCH_ALERTS, ALERTS_BENCH_SAMPLES.
 */

const ALERTS = Number(process.env.ALERTS_BENCH_ALERTS ?? 100_000);
const SAMPLES = Number(process.env.ALERTS_BENCH_SAMPLES ?? 50);
const MEMBERS = Math.ceil(ALERTS / 10);
const EVENTS = 2_000;
const HOT_EVENTS = 5;
const HOT_ALERTS = Math.min(2_000, Math.floor(ALERTS / 50));
const QUEUED_WITHIN_MS = 2_000;

async function generate(db: Database['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into venues (name, city, time_zone)
      select 'Alert Hall ' || i, 'City ' || (i % 40), 'America/Chicago' from generate_series(0, 99) i`);
    await tx.execute(sql`
      insert into events (name, date, venue_id)
      select 'Alert Show ' || i, current_date + 10 + (i % 300), 1 + i % 100 from generate_series(0, ${EVENTS - 1}) i`);
    await tx.execute(sql`
      insert into users (username, email, password_hash, first_name, last_name)
      select 'alert-user-' || i, 'alert-user-' || i || '@example.com', 'not-a-hash', 'Alert', 'Fan'
      from generate_series(0, ${MEMBERS}) i`);
    // The first HOT_EVENTS × HOT_ALERTS alerts are on the hot events, 2 tickets at $500 (every hot listing
    // fits them); the rest are spread over the other events, 1 to 4 tickets at $20 to $300.
    const hot = HOT_EVENTS * HOT_ALERTS;
    await tx.execute(sql`
      insert into price_alerts (user_id, event_id, quantity, max_price_cents, created_at)
      select u.id,
        case when i < ${hot} then 1 + i / ${HOT_ALERTS} else 1 + ${HOT_EVENTS} + (i * 7) % ${EVENTS - HOT_EVENTS} end,
        case when i < ${hot} then 2 else 1 + i % 4 end,
        case when i < ${hot} then 50000 else 2000 + (i * 37) % 28000 end,
        now() - (i || ' seconds')::interval
      from generate_series(0, ${ALERTS - 1}) i
      join users u on u.username = 'alert-user-' || (i / 10)`);
    await tx.execute(sql`analyze`);
  });
}

interface Target {
  id: number;
  event_id: number;
  event_name: string;
  event_date: string;
  quantity: number;
  max_price_cents: number;
}

async function measure(backend: string, database: Database): Promise<BenchResult[]> {
  await generate(database.db);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', APP_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  const db = database.db;
  const [seller] = (
    (await db.execute(sql`select id from users where username = ${`alert-user-${MEMBERS}`}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  if (!seller) throw new Error('no bench seller');

  /** Lists `quantity` tickets for the target's event at an all-in price at most its maximum; ms until queued. */
  async function listAndWait(target: Target): Promise<{ ms: number; matched: number }> {
    // About 5% of fees on top of the listing price: list a little lower so the all-in price is within reach.
    const listingPrice = Math.floor((target.max_price_cents / 1.06) * 100) / 100;
    const started = performance.now();
    const [ticket] = await db
      .insert(tickets)
      .values({
        sellerId: Number(seller?.id),
        eventId: target.event_id,
        eventName: target.event_name,
        eventDate: target.event_date,
        description: target.event_name,
        venue: 'Alert Hall',
        section: 'A',
        row: 'R',
        seats: '1',
        quantity: target.quantity,
        faceValueCents: Math.floor(listingPrice),
        serviceFeeCents: 0,
        markup: 0,
        listingPriceCents: Math.floor(listingPrice),
      })
      .returning({ id: tickets.id, perTicket: tickets.buyerPaysPerTicketCents });
    if (!ticket) throw new Error('listing insert returned no row');
    if (ticket.perTicket > target.max_price_cents) throw new Error('bench listing priced above its alert');
    await app.priceAlertMatching.listingBuyable(ticket.id);
    // Done when the listing's matching job is: every alert it fits is matched with its e-mail job queued.
    for (;;) {
      const [job] = await db
        .select({ doneAt: jobs.doneAt })
        .from(jobs)
        .where(and(eq(jobs.kind, PRICE_ALERT_MATCH_LISTING_JOB), eq(jobs.key, `ticket:${ticket.id}`)));
      if (job?.doneAt) break;
      if (performance.now() - started > 30_000) throw new Error(`listing ${ticket.id} was not matched`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const ms = performance.now() - started;
    const [queued] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, PRICE_ALERT_MATCHED_MAIL_JOB), eq(jobs.key, `alert:${target.id}`)));
    if (queued?.count !== 1) throw new Error(`alert ${target.id} has no e-mail job`);
    const [targetRow] = await db
      .select({ status: priceAlerts.status })
      .from(priceAlerts)
      .where(eq(priceAlerts.id, target.id));
    if (targetRow?.status !== 'matched') throw new Error(`alert ${target.id} was not matched`);
    const [matched] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(priceAlerts)
      .where(eq(priceAlerts.matchedTicketId, ticket.id));
    return { ms, matched: matched?.count ?? 0 };
  }

  const pick = async (hot: boolean) =>
    (
      (await db.execute(sql`
        select a.id, a.event_id, e.name as event_name, e.date::text as event_date, a.quantity, a.max_price_cents
        from price_alerts a join events e on e.id = a.event_id
        where a.status = 'active' and ${hot ? sql`a.event_id <= ${HOT_EVENTS}` : sql`a.event_id > ${HOT_EVENTS}`}
        order by random() limit 1`)) as unknown as { rows: Target[] }
    ).rows[0];

  const typical: number[] = [];
  const hot: number[] = [];
  let typicalMatched = 0;
  let hotMatched = 0;
  let plan = '';
  try {
    for (let sample = 0; sample < SAMPLES; sample++) {
      const target = await pick(false);
      if (!target) throw new Error('no active alert left');
      if (sample === 0) {
        const explained = (await db.execute(sql`
          explain (analyze, costs off, timing off, summary off)
          select a.id from price_alerts a
          where a.status = 'active' and a.event_id = ${target.event_id} and a.quantity = ${target.quantity}
            and a.max_price_cents >= ${target.max_price_cents} and a.user_id <> ${Number(seller.id)}
          order by a.id limit 1000 for update skip locked`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      }
      const result = await listAndWait(target);
      typical.push(result.ms);
      typicalMatched += result.matched;
    }
    for (let sample = 0; sample < HOT_EVENTS; sample++) {
      const target = await pick(true);
      if (!target) break;
      const result = await listAndWait(target);
      hot.push(result.ms);
      hotMatched += result.matched;
    }
  } finally {
    await app.close();
  }
  console.log(`candidate alerts for one listing (${ALERTS} active alerts):\n${plan}`);
  const verdict = (p95: number) =>
    `target p95 ≤ ${QUEUED_WITHIN_MS} ms: ${p95 <= QUEUED_WITHIN_MS ? 'met' : 'NOT met'}`;
  const typicalRow = summarize(
    `price alert: listing → e-mail queued (${ALERTS.toLocaleString('en-US')} active alerts)`,
    backend,
    typical,
  );
  typicalRow.note = `${verdict(typicalRow.p95Ms)}; ${(typicalMatched / Math.max(1, typical.length)).toFixed(1)} alerts matched per listing`;
  const hotRow = summarize(
    `price alert: listing → e-mails queued, hot event (${HOT_ALERTS.toLocaleString('en-US')} alerts fit)`,
    backend,
    hot,
  );
  hotRow.note = `${verdict(hotRow.p95Ms)}; ${(hotMatched / Math.max(1, hot.length)).toFixed(0)} alerts matched per listing`;
  return [typicalRow, hotRow];
}

export function run(): Promise<BenchResult[]> {
  return onEachDatabase(measure, 10, { pglite: false });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
