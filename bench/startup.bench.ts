import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './run.js';
import { printRows, summarize } from './stats.js';

/**
 * Start-up of the real server (`tsx server/main.ts`, as `npm start` runs it) on the embedded
 * database: time from spawn until GET /api/health answers 200, on an empty data directory
 * (initdb, migrations, demo seed) and again on the same directory (nothing to seed). Then the
 * same first-start steps run in a fresh child process (startup-steps.ts), timed one by one,
 * to show where the first start goes.
 */

const SAMPLES = 3;
/** The step-by-step first start runs once: it only apportions the spawned start's time. */
const STEP_SAMPLES = 1;
const START_TIMEOUT_MS = 90_000;
const POLL_MS = 25;
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Milliseconds from spawning the server on `dataDir` until /api/health answers 200. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        CLOUDINARY_URL: '',
        LOG_LEVEL: 'warn',
      },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const url = `http://127.0.0.1:${port}/api/health`;
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      if (await healthy(url)) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`server not healthy within ${START_TIMEOUT_MS} ms: ${stderr}`);
  } finally {
    await stop(child);
  }
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
  const first: number[] = [];
  const second: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-start-'));
    try {
      first.push(await timeStart(dataDir));
      second.push(await timeStart(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
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
  return [
    summarize(
      'start-up: empty data dir → /api/health 200',
      'pglite',
      first,
      `steps: boot+import ${(Number(seconds('node')) + Number(seconds('import'))).toFixed(1)} s, initdb ${seconds('openPglite')} s, migrate ${seconds('migrate')} s, seed ${seconds('seed')} s`,
    ),
    summarize('start-up: existing data dir → /api/health 200', 'pglite', second),
    ...stepRows.map((row) => ({ ...row, name: `first start step: ${row.name}` })),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
