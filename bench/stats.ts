import { type Database, openPglite } from '../server/db/client.js';
import { openThrowawayPostgres } from '../server/test/harness.js';
import type { BenchResult } from './run.js';

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** One table row from raw timings in milliseconds. */
export function summarize(name: string, backend: string, timings: number[], note?: string): BenchResult {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    name,
    backend,
    samples: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted[sorted.length - 1] ?? 0,
    note,
  };
}

/** Prints the rows when a bench file runs on its own (`npx tsx bench/x.bench.ts`). */
export function printRows(rows: BenchResult[]): void {
  for (const row of rows) {
    console.log(
      `${row.name} [${row.backend}] n=${row.samples} p50 ${row.p50Ms.toFixed(1)} ms, p95 ${row.p95Ms.toFixed(1)} ms, max ${row.maxMs.toFixed(1)} ms${row.note ? `; ${row.note}` : ''}`,
    );
  }
}

/**
 * Runs `measure` on a fresh in-memory PGlite (unless `pglite` is false or BENCH_PGLITE is `off`), then on a throwaway PostgreSQL
 * database when BENCH_DATABASE_URL names a server (the database is created and dropped here).
 */
export async function onEachDatabase(
  measure: (backend: string, database: Database) => Promise<BenchResult[]>,
  postgresPoolSize: number,
  { pglite: onPglite = true }: { pglite?: boolean } = {},
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  // BENCH_PGLITE=off measures PostgreSQL alone (a quicker run while working on a PostgreSQL figure).
  if (onPglite && process.env.BENCH_PGLITE !== 'off') {
    const pglite = await openPglite();
    try {
      results.push(...(await measure('pglite', pglite)));
    } finally {
      await pglite.close();
    }
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return results;
  const postgres = await openThrowawayPostgres(serverUrl, {
    poolSize: postgresPoolSize,
    prefix: 'encore_bench',
  });
  try {
    results.push(...(await measure('postgres', postgres)));
  } finally {
    await postgres.drop();
  }
  return results;
}
