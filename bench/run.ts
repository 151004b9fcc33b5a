import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a benchmark's `run()` reports: one row per measured case. */
export interface BenchResult {
  name: string;
  backend: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  note?: string;
}

interface BenchModule {
  run(): Promise<BenchResult[]>;
}

function table(rows: BenchResult[]): string {
  const header = ['benchmark', 'backend', 'samples', 'p50 ms', 'p95 ms', 'max ms', 'note'];
  const cells = rows.map((row) => [
    row.name,
    row.backend,
    String(row.samples),
    row.p50Ms.toFixed(1),
    row.p95Ms.toFixed(1),
    row.maxMs.toFixed(1),
    row.note ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]?.length ?? 0)),
  );
  const line = (values: string[]) =>
    values.map((value, column) => value.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

// `npm run bench`: every bench/*.bench.ts in name order, one after another (they share 2 cores).
const directory = import.meta.dirname;
const files = (await readdir(directory)).filter((file) => file.endsWith('.bench.ts')).sort();
const rows: BenchResult[] = [];
for (const file of files) {
  console.log(`Running ${file} ...`);
  const started = performance.now();
  const module = (await import(pathToFileURL(path.join(directory, file)).href)) as BenchModule;
  rows.push(...(await module.run()));
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`\n${table(rows)}`);
