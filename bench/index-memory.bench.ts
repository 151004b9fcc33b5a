import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { freePort } from '../server/test/free-port.js';
import { openThrowawayPostgres } from '../server/test/harness.js';
import { instanceEnv } from '../server/test/instance-env.js';
import { benchSizes, catalogSize, generateCatalog } from './concert-search.bench.js';
import { stop, treeRssMiB } from './processes.js';
import type { BenchResult } from './run.js';
import { printRows } from './stats.js';

/**
 * The search indexes' memory in a real instance (issue 36 part 6, decision 0069), at BENCH_MEMORY_SIZE
 * events (default 1m; on PostgreSQL, at BENCH_DATABASE_URL): the compiled server is started on the
 * bench's catalog, and the bench reads how long until both indexes log that they are ready (they load at
 * start-up), the server's resident memory once settled, and its peak while a bulk change (every 8th
 * event renamed: more changed rows than MAX_CHANGED_ROWS) is read in pages, applied in place and tidied,
 * sampled every SAMPLE_MS. A search every SEARCH_MS brings the indexes up to date, as traffic would.
 */

const SAMPLE_MS = 100;
const SEARCH_MS = 250;
/** How long a ready server idles before its memory counts as settled. */
const SETTLE_MS = 20_000;
/** After the last index has tidied, memory is still read this long: freed room may come back later. */
const AFTER_TIDY_MS = 10_000;
const TIMEOUT_MS = 20 * 60_000;
/** How long after a bulk change is applied its tidying may take. */
const TIDY_WITHIN_MS = 120_000;
const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'dist/server/main.js');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's log lines (pino, one JSON object per line), as they come. */
function logLines(child: ChildProcess): { messages: string[]; seen: (text: string) => number } {
  const messages: string[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        messages.push(String((JSON.parse(line) as { msg?: unknown }).msg ?? ''));
      } catch {
        messages.push(line);
      }
    }
  });
  return { messages, seen: (text) => messages.filter((message) => message.includes(text)).length };
}

async function until(condition: () => boolean, what: string, child: ChildProcess): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} waiting for ${what}`);
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`no ${what} within ${TIMEOUT_MS} ms`);
    await wait(SAMPLE_MS);
  }
}

/** The log's figure in `… ready: N documents in X s` lines, by label. */
function readyFigures(messages: string[]): string {
  return messages
    .filter((message) => / ready: \d+ documents in /.test(message))
    .map((message) => message.replace(' search index ready:', ':'))
    .join(', ');
}

async function measure(events: number, serverUrl: string): Promise<BenchResult[]> {
  const database = await openThrowawayPostgres(serverUrl, { poolSize: 4, prefix: 'encore_bench' });
  let child: ChildProcess | undefined;
  try {
    const generated = performance.now();
    await generateCatalog(database.db, catalogSize(events));
    const generateSeconds = (performance.now() - generated) / 1000;
    const port = await freePort();
    const started = performance.now();
    child = spawn(process.execPath, [serverMain], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: instanceEnv(port, { DATABASE_URL: database.url, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info' }),
    });
    const server = child;
    const log = logLines(server);
    await until(() => log.seen('search index ready:') >= 2, 'ready indexes', server);
    const readyMs = performance.now() - started;
    await wait(SETTLE_MS);
    const settledMiB = treeRssMiB(server.pid as number);

    let searching = true;
    const searches = (async () => {
      for (let count = 0; searching; count += 1) {
        // A distinct query each time: no answer shared (decision 0021).
        await fetch(`http://127.0.0.1:${port}/api/concerts/search?query=neon%20${count}`).then(
          (response) => response.arrayBuffer(),
          () => undefined,
        );
        await wait(SEARCH_MS);
      }
    })();
    let peakMiB = settledMiB;
    let sampling = true;
    const samples = (async () => {
      while (sampling) {
        peakMiB = Math.max(peakMiB, treeRssMiB(server.pid as number));
        await wait(SAMPLE_MS);
      }
    })();
    const changed = Math.floor(events / 8);
    const changeStarted = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`update events set name = name || ' Encore' where id % 8 = 0`);
    });
    const written = performance.now();
    await until(() => log.seen('concert search index applied a bulk change') >= 1, 'bulk change', server);
    const appliedSeconds = (performance.now() - written) / 1000;
    // A change that leaves too few texts behind is not tidied.
    const tidyBy = performance.now() + TIDY_WITHIN_MS;
    await until(
      () => log.seen('concert search index tidied') >= 1 || performance.now() > tidyBy,
      'tidied index',
      server,
    );
    const tidied = log.seen('concert search index tidied') >= 1;
    const tidiedSeconds = (performance.now() - written) / 1000;
    await wait(AFTER_TIDY_MS);
    sampling = false;
    searching = false;
    await Promise.all([samples, searches]);
    const afterMiB = treeRssMiB(server.pid as number);
    const ratio = peakMiB / settledMiB;
    const backend = 'postgres';
    const label = `${events.toLocaleString('en-US')} events`;
    return [
      {
        name: `search indexes, ${label}: start to both indexes ready`,
        backend,
        samples: 1,
        p50Ms: readyMs,
        p95Ms: readyMs,
        maxMs: readyMs,
        note: `compiled server, loading at start-up (${readyFigures(log.messages)}); catalog generated in ${generateSeconds.toFixed(0)} s`,
      },
      {
        name: `search indexes, ${label}: a bulk change of ${changed.toLocaleString('en-US')} events, written to ${tidied ? 'tidied' : 'applied (nothing to tidy)'}`,
        backend,
        samples: 1,
        p50Ms: tidiedSeconds * 1000,
        p95Ms: tidiedSeconds * 1000,
        maxMs: tidiedSeconds * 1000,
        note: `settled RSS ${settledMiB.toFixed(0)} MiB, peak ${peakMiB.toFixed(0)} MiB (${ratio.toFixed(2)}×) while the change is read in pages, applied and tidied, ${afterMiB.toFixed(0)} MiB ${AFTER_TIDY_MS / 1000} s after; written in ${((written - changeStarted) / 1000).toFixed(0)} s, applied ${appliedSeconds.toFixed(1)} s after`,
      },
    ];
  } finally {
    if (child) await stop(child);
    await database.drop();
  }
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(serverMain)) throw new Error('no dist/server/main.js: run `npm run build`');
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('  index-memory: BENCH_DATABASE_URL is not set; the 1M-event catalog is PostgreSQL’s');
    return [];
  }
  const rows: BenchResult[] = [];
  for (const events of benchSizes(process.env.BENCH_MEMORY_SIZE ?? '1m'))
    rows.push(...(await measure(events, serverUrl)));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
