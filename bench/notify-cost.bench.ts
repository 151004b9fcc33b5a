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
 * in a sale's thread, a read marker moved. Each round runs a phase with the live triggers disabled (every
 * other trigger, the search change counters included, stays on) and one with them writing their notices to
 * the outbox (migrations 0047 and 0053): ALTERNATIONS rounds, PHASE_MS per phase; the first phase warms up
 * and is not counted. The cost is the share of writes per second lost against the round's phase without.
 */

const WRITERS = Number(process.env.NOTIFY_BENCH_WRITERS ?? 50);
const ALTERNATIONS = Number(process.env.NOTIFY_BENCH_ALTERNATIONS ?? 16);
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

type Mode = 'off' | 'on';

async function setMode(db: Db, mode: Mode): Promise<void> {
  const found = (await db.execute(
    sql`select c.relname as "table", t.tgname as "trigger" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname like '%\_live' and not t.tgisinternal`,
  )) as unknown as { rows: { table: string; trigger: string }[] };
  for (const { table, trigger } of found.rows)
    await db.execute(
      sql.raw(`alter table "${table}" ${mode === 'off' ? 'disable' : 'enable'} trigger "${trigger}"`),
    );
  await db.execute(sql`truncate live_outbox`);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const below = sorted[Math.floor(at)] ?? 0;
  const above = sorted[Math.ceil(at)] ?? below;
  return below + (above - below) * (at - Math.floor(at));
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
    // The machine's pace drifts by more than the triggers cost, so each phase with them is compared with
    // the phase without them of its own round, and the figure is the median of those paired ratios.
    const costs: number[] = [];
    const offRates: number[] = [];
    for (let round = 0; round < ALTERNATIONS; round += 1) {
      const rates = new Map<Mode, number>();
      // Each mode goes first in every other round, so neither always follows the other.
      for (const mode of (round % 2 ? ['on', 'off'] : ['off', 'on']) as Mode[]) {
        await setMode(database.db, mode);
        rates.set(mode, await phase(database.db, seeded, PHASE_MS));
      }
      const off = rates.get('off') as number;
      offRates.push(off);
      costs.push(1 - (rates.get('on') as number) / off);
    }
    await setMode(database.db, 'on');
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    return [
      {
        name: `notify cost: ${WRITERS} writers, live triggers on vs off`,
        backend: 'postgres',
        samples: costs.length,
        p50Ms: 0,
        p95Ms: 0,
        maxMs: 0,
        note: `writes lost to the triggers, median of ${costs.length} paired rounds ${percent(quantile(costs, 0.5))} (quartiles ${percent(quantile(costs, 0.25))} to ${percent(quantile(costs, 0.75))}); without triggers ${quantile(offRates, 0.5).toFixed(0)} writes/s`,
      },
    ];
  } finally {
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printRows(await run());
