import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { tickets, users } from '../server/db/schema/index.js';
import { openThrowawayPostgres } from '../server/test/harness.js';
import type { BenchResult } from './run.js';
import { printRows } from './stats.js';

/**
 * What the live notices' triggers cost the writes they ride on (issue 45 §6, decision 0095), on PostgreSQL
 * (BENCH_DATABASE_URL; it creates and drops its own database). WRITERS concurrent writers, each on its own
 * pooled connection, do the app's typical writes on the tables that announce changes, each its own
 * transaction: a listing's price edited, a hold taken and released (the row locked, then updated), a message
 * in a sale's thread, a read marker moved. The phases alternate between the live triggers enabled and
 * disabled (every other trigger, the search change counters included, stays on), and, enabled, between
 * sending each notice by NOTIFY at commit (migration 0030) and as a row in the outbox (0047): ALTERNATIONS
 * rounds of the three, PHASE_MS per phase; the first phase warms up and is not counted. The ratio of each
 * way's median to the disabled one's is its cost to the writes.
 */

const WRITERS = Number(process.env.NOTIFY_BENCH_WRITERS ?? 50);
const ALTERNATIONS = Number(process.env.NOTIFY_BENCH_ALTERNATIONS ?? 3);
const PHASE_MS = Number(process.env.NOTIFY_BENCH_PHASE_MS ?? 3_000);
const LISTINGS = 5_000;
const SALES = 1_000;
const MEMBERS = 200;

async function seed(db: Db) {
  const members = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        username: `notify${i}`,
        email: `notify${i}@example.com`,
        passwordHash: 'not-a-hash',
        firstName: 'Bench',
        lastName: 'Writer',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const memberIds = members.map((member) => member.id);
  const pick = (i: number) => memberIds[i % memberIds.length] as number;
  const rows = (count: number, sold: boolean) =>
    Array.from({ length: count }, (_, i) => ({
      sellerId: pick(i),
      buyerId: sold ? pick(i + 1) : null,
      sold,
      status: sold ? ('sold' as const) : ('available' as const),
      eventName: `Bench Show ${i % 100}`,
      eventDate: '2030-06-01',
      description: 'Bench Show at Hall, Town',
      section: 'A',
      row: String(i % 30),
      seats: '1',
      faceValueCents: 5_000,
      serviceFeeCents: 500,
      listingPriceCents: 5_500,
    }));
  const listingIds: number[] = [];
  for (let start = 0; start < LISTINGS; start += 1_000)
    listingIds.push(
      ...(await db.insert(tickets).values(rows(1_000, false)).returning({ id: tickets.id })).map((r) => r.id),
    );
  const sales = await db
    .insert(tickets)
    .values(rows(SALES, true))
    .returning({ id: tickets.id, sellerId: tickets.sellerId, buyerId: tickets.buyerId });
  return { memberIds, listingIds, sales };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

const any = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** One of the app's typical writes, in its own transaction. */
async function oneWrite(db: Db, seeded: Seeded, kind: number): Promise<void> {
  if (kind === 0) {
    const id = any(seeded.listingIds);
    await db.execute(
      sql`update tickets set listing_price_cents = listing_price_cents + 1 - 2 * (random() < 0.5)::int,
        version = version + 1 where id = ${id}`,
    );
    return;
  }
  if (kind === 1) {
    const id = any(seeded.listingIds);
    const holder = any(seeded.memberIds);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from tickets where id = ${id} for update`);
      await tx.execute(
        sql`update tickets set current_viewer_id = case when current_viewer_id is null then ${holder}::int end,
          lock_expires_at = now() + interval '10 minutes' where id = ${id}`,
      );
    });
    return;
  }
  const sale = any(seeded.sales);
  if (kind === 2) {
    await db.execute(
      sql`insert into ticket_messages (ticket_id, sender_id, content) values (${sale.id}, ${sale.buyerId}, 'Sent yet?')`,
    );
    return;
  }
  await db.execute(
    sql`insert into ticket_message_reads (ticket_id, user_id, last_read_message_id)
      values (${sale.id}, ${sale.sellerId}, 1)
      on conflict (ticket_id, user_id) do update
      set last_read_message_id = ticket_message_reads.last_read_message_id + 1`,
  );
}

/** Writes per second over `ms` with WRITERS writers cycling through the four kinds. */
async function phase(db: Db, seeded: Seeded, ms: number): Promise<number> {
  const until = performance.now() + ms;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      let kind = writer % 4;
      while (performance.now() < until) {
        await oneWrite(db, seeded, kind);
        done += 1;
        kind = (kind + 1) % 4;
      }
    }),
  );
  return done / ((performance.now() - started) / 1_000);
}

type Mode = 'off' | 'notify' | 'outbox';

/** What live_notice() does: NOTIFY at commit as migration 0030 made it, or a row in the outbox (0047). */
const NOTICE_BODY: Record<Exclude<Mode, 'off'>, string> = {
  notify: `select pg_notify('encore_live', json_strip_nulls(json_build_object(
    'k', kind, 'id', id, 'u', members, 'a', audience, 'p', everybody, 'e', event_id, 's', session_hint))::text)`,
  outbox: `insert into live_outbox (payload) values (json_strip_nulls(json_build_object(
    'k', kind, 'id', id, 'u', members, 'a', audience, 'p', everybody, 'e', event_id, 's', session_hint))::text)`,
};

async function setMode(db: Db, mode: Mode): Promise<void> {
  const found = (await db.execute(
    sql`select c.relname as "table", t.tgname as "trigger" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname like '%\_live' and not t.tgisinternal`,
  )) as unknown as { rows: { table: string; trigger: string }[] };
  for (const { table, trigger } of found.rows)
    await db.execute(
      sql.raw(`alter table "${table}" ${mode === 'off' ? 'disable' : 'enable'} trigger "${trigger}"`),
    );
  if (mode !== 'off')
    await db.execute(
      sql.raw(`create or replace function live_notice(kind text, id integer, members integer[], audience text,
        everybody boolean, event_id integer, session_hint text) returns void language sql as $$ ${NOTICE_BODY[mode]} $$`),
    );
  await db.execute(sql`truncate live_outbox`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function run(): Promise<BenchResult[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('notify-cost bench: BENCH_DATABASE_URL is not set; skipped');
    return [];
  }
  const database = await openThrowawayPostgres(serverUrl, { poolSize: WRITERS, prefix: 'encore_bench' });
  try {
    const seeded = await seed(database.db);
    await phase(database.db, seeded, PHASE_MS);
    const rates: Record<Mode, number[]> = { off: [], notify: [], outbox: [] };
    const orders: Mode[][] = [
      ['off', 'notify', 'outbox'],
      ['outbox', 'off', 'notify'],
      ['notify', 'outbox', 'off'],
    ];
    for (let round = 0; round < ALTERNATIONS; round += 1) {
      // Each mode takes each place in the round in turn: none always follows another.
      for (const mode of orders[round % orders.length] as Mode[]) {
        await setMode(database.db, mode);
        rates[mode].push(await phase(database.db, seeded, PHASE_MS));
      }
    }
    await setMode(database.db, 'outbox');
    const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    const off = median(rates.off);
    return (['notify', 'outbox'] as const).map((mode) => {
      const on = median(rates[mode]);
      return {
        name: `notify cost: ${WRITERS} writers, live triggers by ${mode} vs off`,
        backend: 'postgres',
        samples: rates[mode].length + rates.off.length,
        p50Ms: 0,
        p95Ms: 0,
        maxMs: 0,
        note: `median ${on.toFixed(0)} writes/s with, ${off.toFixed(0)} without: ${((1 - on / off) * 100).toFixed(1)}% fewer (with ${list(rates[mode])}; without ${list(rates.off)})`,
      };
    });
  } finally {
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printRows(await run());
