import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

export interface GaugeLog {
  warn(details: object, message: string): void;
}

/** A payout still unpaid this long after it fell due is stuck (a dispute, a seller without an account). */
const PAYOUT_OVERDUE_MS = 24 * 60 * 60_000;

interface JobRow {
  kind: string;
  due: number;
  running: number;
  oldest_due_seconds: number | null;
  given_up: number;
}

interface MoneyRow {
  open_holds: number;
  open_checkout_sessions: number;
  orders_in_escrow: number;
  escrow_balance_cents: number;
  payouts_due: number;
  payouts_overdue: number;
  refunds_pending: number;
  /** Null until the ledger's self-check (decision 0068) has run once. */
  ledger_check_mismatches: number | null;
}

interface Snapshot {
  jobs: JobRow[];
  money: MoneyRow;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Two statements, each under the pool's statement timeout. The jobs one walks the partial index of jobs not
 * done; the money one counts live holds by their partial index, open sessions, escrowed orders, unpaid
 * payouts and pending refunds, and sums the escrow account's entries (decision 0067 says what they cost).
 */
async function readSnapshot(db: Db, now: Date): Promise<Snapshot> {
  const at = now.toISOString();
  const overdue = new Date(now.getTime() - PAYOUT_OVERDUE_MS).toISOString();
  const jobs = rowsOf<JobRow>(
    await db.execute(sql`
      select kind,
        count(*) filter (where run_at <= ${at}::timestamptz and gave_up_at is null
          and (locked_until is null or locked_until <= ${at}::timestamptz))::int as due,
        count(*) filter (where locked_until > ${at}::timestamptz)::int as running,
        extract(epoch from ${at}::timestamptz - min(run_at) filter (where run_at <= ${at}::timestamptz and gave_up_at is null
          and (locked_until is null or locked_until <= ${at}::timestamptz)))::float8 as oldest_due_seconds,
        count(*) filter (where gave_up_at is not null)::int as given_up
      from jobs where done_at is null
      group by kind`),
  );
  const [money] = rowsOf<MoneyRow>(
    await db.execute(sql`
      select
        (select count(*) from tickets where current_viewer_id is not null
          and lock_expires_at > ${at}::timestamptz and not sold)::int as open_holds,
        (select count(*) from checkout_sessions where status = 'open'
          and expires_at > ${at}::timestamptz)::int as open_checkout_sessions,
        (select count(*) from orders where status = 'in_escrow')::int as orders_in_escrow,
        (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'escrow')::float8
          as escrow_balance_cents,
        (select count(*) from payouts where status = 'pending'
          and due_at <= ${at}::timestamptz)::int as payouts_due,
        (select count(*) from payouts where status = 'pending'
          and due_at <= ${overdue}::timestamptz)::int as payouts_overdue,
        (select count(*) from checkout_sessions where outcome = 'refund_pending')::int as refunds_pending,
        (select mismatch_count from ledger_checks order by checked_at desc, id desc limit 1)
          as ledger_check_mismatches`),
  );
  if (!money) throw new Error('the money counts answered no row');
  return { jobs, money };
}

/**
 * Gauges read from the database when Prometheus scrapes: the same figures in every instance (take their max
 * across instances, not their sum). A read that fails leaves these gauges empty for that scrape, and
 * encore_metrics_database_read at 0, rather than repeating old figures as if they were new.
 */
export function registerDatabaseGauges(
  registry: Registry,
  options: { db: Db; clock: Clock; log: GaugeLog },
): void {
  // A scrape calls every gauge's collect() in the same tick: they share the read under way.
  let reading: Promise<Snapshot | null> | undefined;
  const snapshot = (): Promise<Snapshot | null> => {
    reading ??= readSnapshot(options.db, options.clock.now())
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'metrics could not read the database');
        return null;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (gauge: Gauge, s: Snapshot) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const read = await snapshot();
        if (read) fill(this, read);
      },
    });

  new Gauge({
    name: 'encore_metrics_database_read',
    help: '1 when this scrape read the jobs and money figures from the database, 0 when it could not',
    registers: [registry],
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  const perKind = (name: string, help: string, value: (row: JobRow) => number | null) =>
    gauge(name, help, ['kind'], (g, s) => {
      for (const row of s.jobs) {
        const figure = value(row);
        if (figure !== null) g.set({ kind: row.kind }, figure);
      }
    });
  perKind('encore_jobs_due', 'Jobs due and not claimed, by kind', (row) => row.due);
  perKind('encore_jobs_running', 'Jobs claimed under a live lease, by kind', (row) => row.running);
  perKind(
    'encore_jobs_oldest_due_age_seconds',
    'How long the oldest due job of each kind has waited past its time',
    (row) => row.oldest_due_seconds,
  );
  perKind(
    'encore_jobs_given_up',
    'Jobs that gave up after their last allowed failure (decision 0068): an admin may retry them in the System tab',
    (row) => row.given_up,
  );
  const money = (name: string, help: string, field: keyof MoneyRow) =>
    gauge(name, help, [], (g, s) => {
      const figure = s.money[field];
      if (figure !== null) g.set(figure);
    });
  money('encore_holds_open', 'Listings under a live hold', 'open_holds');
  money('encore_checkout_sessions_open', 'Checkout sessions open and not expired', 'open_checkout_sessions');
  money('encore_orders_in_escrow', 'Orders whose money is in escrow', 'orders_in_escrow');
  money(
    'encore_escrow_balance_cents',
    'The escrow account’s balance in the ledger, in cents',
    'escrow_balance_cents',
  );
  money('encore_payouts_due', 'Payouts pending past their due time', 'payouts_due');
  money('encore_payouts_overdue', 'Payouts pending more than a day past their due time', 'payouts_overdue');
  money('encore_refunds_pending', 'Refunds asked of the provider and not yet confirmed', 'refunds_pending');
  money(
    'encore_ledger_check_mismatches',
    'Mismatches the last ledger self-check found (decision 0068); absent until it has run',
    'ledger_check_mismatches',
  );
}
