import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** Runs one bench file's `run()` in this process and writes its rows to `out` as JSON. */
async function runOne(file: string, out: string): Promise<void> {
  const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as BenchModule;
  await writeFile(out, JSON.stringify(await module.run()));
}

/**
 * One bench file in a process of its own (this script again, with `file` and `out`), so that what one
 * bench leaves behind — a heap of hundreds of MB, a timer, a pool — cannot slow the next one's figures.
 */
async function runInChild(file: string, out: string): Promise<BenchResult[]> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file, out], {
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${file} exited with ${code}`);
  return JSON.parse(await readFile(out, 'utf8')) as BenchResult[];
}

const [only, out] = process.argv.slice(2);
if (only && out) {
  await runOne(only, out);
  // A bench's leftover handles must not keep its process, and the whole run, waiting.
  process.exit(0);
}

// `npm run bench`: every bench/*.bench.ts in name order, one after another (they share 2 cores).
const files = (await readdir(import.meta.dirname)).filter((file) => file.endsWith('.bench.ts')).sort();
const scratch = await mkdtemp(path.join(tmpdir(), 'encore-bench-'));
const rows: BenchResult[] = [];
try {
  for (const file of files) {
    console.log(`Running ${file} ...`);
    const started = performance.now();
    rows.push(...(await runInChild(file, path.join(scratch, `${file}.json`))));
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
console.log(`\n${table(rows)}`);
