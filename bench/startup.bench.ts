import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from '../server/test/free-port.js';
import { instanceEnv } from '../server/test/instance-env.js';
import { stop, treeRssMiB } from './processes.js';
import type { BenchResult } from './run.js';
import { printRows, summarize } from './stats.js';

/**
 * Start-up of the real server, two ways: compiled (`node dist/server/main.js`, what `npm start` runs,
 * see scripts/start.mjs) and through the TypeScript loader (`tsx server/main.ts`, what `npm start` ran
 * before, and `npm run dev` still runs). Time from spawn until GET /api/health answers 200, on an empty
 * database (initdb on PGlite, migrations, demo seed) and again on the same one (nothing to seed), then
 * the resident memory of the server's process tree after IDLE_MS of idling and, for the compiled server,
 * again once SETTLED_MS have passed (V8's memory reducer has then given back the young generation that
 * start-up grew, which is what an idle server holds). On the embedded database,
 * and on PostgreSQL too when BENCH_DATABASE_URL names a server (a throwaway database each time). Then
 * the first-start steps run in a fresh child process (startup-steps.ts), timed one by one.
 */

const SAMPLES = 3;
/** How long a started server idles before its memory is read. */
const IDLE_MS = 3_000;
/** How long after it answers the compiled server's memory is read again, settled. */
const SETTLED_MS = 20_000;
/** The step-by-step first start runs once: it only apportions the spawned start's time. */
const STEP_SAMPLES = 1;
const START_TIMEOUT_MS = 90_000;
const POLL_MS = 25;
const root = path.resolve(import.meta.dirname, '..');

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

type Launcher = 'compiled' | 'tsx';

const LAUNCH_ARGS: Record<Launcher, string[]> = {
  compiled: [path.join(root, 'dist/server/main.js')],
  tsx: [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'],
};

/** A database for the server: a data directory for PGlite, or a PostgreSQL URL. */
type Target = { dataDir: string } | { databaseUrl: string };

interface StartResult {
  ms: number;
  rssMiB: number;
  /** With `settle`: the memory SETTLED_MS after the server answered. */
  settledRssMiB?: number;
}

/** Milliseconds from spawning the server until /api/health answers 200, and its memory once idle. */
async function timeStart(launcher: Launcher, target: Target, settle = false): Promise<StartResult> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, LAUNCH_ARGS[launcher], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: instanceEnv(
      port,
      'dataDir' in target ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl },
    ),
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const url = `http://127.0.0.1:${port}/api/health`;
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      if (await healthy(url)) {
        const ms = performance.now() - started;
        const rssAt = async (afterMs: number) => {
          await new Promise((resolve) => setTimeout(resolve, afterMs - (performance.now() - started - ms)));
          return child.pid ? treeRssMiB(child.pid) : 0;
        };
        const rssMiB = await rssAt(IDLE_MS);
        return { ms, rssMiB, settledRssMiB: settle ? await rssAt(SETTLED_MS) : undefined };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`server not healthy within ${START_TIMEOUT_MS} ms: ${stderr}`);
  } finally {
    await stop(child);
  }
}

/** A fresh empty database on the PostgreSQL server at `serverUrl`; the returned function drops it. */
async function throwawayPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `encore_bench_start_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** SAMPLES first and second starts of `launcher` on `backend`: rows for the times and the memory. */
async function measureStarts(launcher: Launcher, backend: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const first: number[] = [];
  const second: number[] = [];
  const rss: number[] = [];
  const settledRss: number[] = [];
  const settle = launcher === 'compiled';
  const keep = (again: StartResult) => {
    second.push(again.ms);
    rss.push(again.rssMiB);
    if (again.settledRssMiB !== undefined) settledRss.push(again.settledRssMiB);
  };
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    if (backend === 'pglite') {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-start-'));
      try {
        first.push((await timeStart(launcher, { dataDir })).ms);
        keep(await timeStart(launcher, { dataDir }, settle));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      const database = await throwawayPostgres(process.env.BENCH_DATABASE_URL ?? '');
      try {
        first.push((await timeStart(launcher, { databaseUrl: database.url })).ms);
        keep(await timeStart(launcher, { databaseUrl: database.url }, settle));
      } finally {
        await database.drop();
      }
    }
  }
  const rssFigure = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} MiB (${sorted.map((value) => value.toFixed(0)).join(', ')})`;
  };
  const memory = [
    `RSS ${IDLE_MS / 1000} s after start ${rssFigure(rss)}`,
    ...(settledRss.length > 0 ? [`idle (${SETTLED_MS / 1000} s) ${rssFigure(settledRss)}`] : []),
  ].join('; ');
  return [
    summarize(`start-up ${launcher}: empty database → /api/health 200`, backend, first),
    summarize(`start-up ${launcher}: existing database → /api/health 200`, backend, second, memory),
  ];
}

/** main.ts's first-start steps, timed one by one in a fresh child process (bench/startup-steps.ts). */
async function firstStartSteps(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-steps-'));
  try {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/startup-steps.ts', dataDir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'development' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const line = stdout.trim().split('\n').pop() ?? '';
    if (code !== 0 || !line.startsWith('{')) throw new Error(`startup-steps exited with ${code}: ${stderr}`);
    return JSON.parse(line) as Record<string, number>;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(LAUNCH_ARGS.compiled[0] ?? ''))
    throw new Error('no dist/server/main.js: run `npm run build`');
  const backends: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  const startRows: BenchResult[] = [];
  for (const backend of backends)
    for (const launcher of ['compiled', 'tsx'] as const)
      startRows.push(...(await measureStarts(launcher, backend)));
  const steps = new Map<string, number[]>();
  for (let sample = 0; sample < STEP_SAMPLES; sample += 1) {
    for (const [step, ms] of Object.entries(await firstStartSteps()))
      steps.set(step, [...(steps.get(step) ?? []), ms]);
  }
  const stepRows = [...steps].map(([step, list]) => summarize(step, 'pglite', list));
  const seconds = (prefix: string) =>
    (
      stepRows.filter((row) => row.name.startsWith(prefix)).reduce((sum, row) => sum + row.p50Ms, 0) / 1000
    ).toFixed(1);
  const [firstRow] = startRows;
  if (firstRow)
    firstRow.note = `steps (tsx): boot+import ${(Number(seconds('node')) + Number(seconds('import'))).toFixed(1)} s, initdb ${seconds('openPglite')} s, migrate ${seconds('migrate')} s, seed ${seconds('seed')} s`;
  return [...startRows, ...stepRows.map((row) => ({ ...row, name: `first start step: ${row.name}` }))];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
