import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../server/test/free-port.js';
import { instanceEnv } from '../server/test/instance-env.js';
import { showWithListings } from './event-page-fixture.js';
import type { BenchResult } from './run.js';
import { printRows } from './stats.js';

/**
 * Lighthouse (the lighthouse dev dependency, against Debian Chromium or CHROME_PATH) on the pages a
 * visitor lands on (an event page with 50 listings among them), mobile (its default: throttled 4G, slowed CPU) and desktop, against the server as
 * `npm start` runs it, on a fresh embedded database with the demo data. The LCP goes in the ms columns,
 * the scores in the note. Skipped, with a row saying so, when no Chromium is installed. The server
 * listens on BENCH_PORT when it is set (a port of one's own on a shared machine), else on a free port:
 * `npm run build && BENCH_PORT=3272 npx tsx bench/lighthouse.bench.ts`.
 */

const PAGES = ['/', '/login', '/home'];
/** An event page as full as a popular show's: 50 listings (issue 33). */
const EVENT_PAGE_LISTINGS = 50;
const ALL_FORM_FACTORS = ['mobile', 'desktop'] as const;
/** BENCH_LIGHTHOUSE_FORM_FACTORS=mobile runs the mobile audits only. */
const FORM_FACTORS = ALL_FORM_FACTORS.filter(
  (formFactor) => process.env.BENCH_LIGHTHOUSE_FORM_FACTORS?.split(',').includes(formFactor) ?? true,
);
const START_TIMEOUT_MS = 180_000;
const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run';

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

/** Lighthouse's own advice for a trace it could not read (NO_NAVSTART and kin): run it again. */
const RUN_AGAIN = /Please run Lighthouse again/;
const ATTEMPTS = 3;

async function runLighthouse(
  url: string,
  formFactor: (typeof ALL_FORM_FACTORS)[number],
  outFile: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, formFactor, outFile);
    } catch (error) {
      if (attempt === ATTEMPTS || !RUN_AGAIN.test(String(error))) throw error;
    }
  }
}

function runLighthouseOnce(
  url: string,
  formFactor: (typeof ALL_FORM_FACTORS)[number],
  outFile: string,
): Promise<void> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,best-practices,accessibility',
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CHROME_PATH: chromePath },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

const score = (report: LighthouseReport, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);

/** Audits that failed and cost points, by title, for the note. */
function failing(report: LighthouseReport): string[] {
  const ids = [
    'errors-in-console',
    'render-blocking-resources',
    'unused-javascript',
    'uses-text-compression',
  ];
  return ids.filter((id) => (report.audits[id]?.score ?? 1) < 0.9).map((id) => id);
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(chromePath)) {
    return [
      {
        name: 'lighthouse',
        backend: 'client',
        samples: 0,
        p50Ms: 0,
        p95Ms: 0,
        maxMs: 0,
        note: `skipped: no Chromium at ${chromePath}`,
      },
    ];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-lighthouse-'));
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'encore-lighthouse-report-'));
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  // The server runs with NODE_ENV=development, and a client build that start.mjs began under it
  // would bundle React's development build: bring the build up to date first, as production.
  const { NODE_ENV: _serverMode, ...buildEnv } = process.env;
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-client-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: buildEnv,
  });
  if (build.status !== 0) throw new Error(`the client build failed (${build.status})`);
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: instanceEnv(port, { DATA_DIR: dataDir }),
  });
  const rows: BenchResult[] = [];
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}/api/health`, server);
    const eventPage = await showWithListings(`http://localhost:${port}`, EVENT_PAGE_LISTINGS);
    for (const page of [...PAGES, eventPage]) {
      for (const formFactor of FORM_FACTORS) {
        const outFile = path.join(reportDir, `${formFactor}${page.replaceAll('/', '_')}.json`);
        await runLighthouse(`http://localhost:${port}${page}`, formFactor, outFile);
        const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
        const lcp = report.audits['largest-contentful-paint']?.numericValue ?? 0;
        const flagged = failing(report);
        const label = page === eventPage ? `an event page (${EVENT_PAGE_LISTINGS} listings)` : page;
        rows.push({
          name: `lighthouse ${label} ${formFactor} (LCP)`,
          backend: 'client',
          samples: 1,
          p50Ms: lcp,
          p95Ms: lcp,
          maxMs: lcp,
          note: `performance ${score(report, 'performance')}, best practices ${score(report, 'best-practices')}, accessibility ${score(report, 'accessibility')}; TBT ${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms${flagged.length ? `; flags ${flagged.join(', ')}` : ''}`,
        });
      }
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(reportDir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
