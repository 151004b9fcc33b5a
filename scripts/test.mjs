// `npm test`: lint, typecheck, unit + API + client tests, then the browser journeys,
// ending with one summary. Exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const resultsDir = path.join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const steps = [];
let passed = 0;
let failed = 0;
let skipped = 0;

/**
 * Runs a step; with `logFile`, its output is also kept there so the summary can quote it, and with `prefix`
 * each line of it is shown after that prefix (for steps that run side by side).
 */
async function run(name, command, args, { logFile, prefix, env } = {}) {
  console.log(`\n━━ ${name} ━━ ${[path.basename(command), ...args].join(' ')}`);
  const started = Date.now();
  const piped = logFile || prefix;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: piped ? ['inherit', 'pipe', 'pipe'] : 'inherit',
  });
  const output = [];
  for (const [source, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    if (!source) continue;
    source.on('data', (chunk) => output.push(chunk));
    if (prefix) createInterface({ input: source }).on('line', (line) => target.write(`${prefix}${line}\n`));
    else source.on('data', (chunk) => target.write(chunk));
  }
  const [code, signal] = await new Promise((resolve) => child.on('close', (...result) => resolve(result)));
  if (logFile) writeFileSync(logFile, Buffer.concat(output));
  const ok = code === 0;
  const step = { name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), reasons: [] };
  if (!ok) step.reasons.push(`exited with ${code ?? signal}`);
  steps.push(step);
  return step;
}

/** The lines of vitest's own report that explain a failure no test result counts. */
function vitestErrorBlock(log) {
  const plain = stripVTControlCharacters(log);
  const start = plain.search(/⎯+ (Unhandled|Failed) /);
  if (start === -1) return [];
  const lines = plain.slice(start).split('\n').slice(0, 40);
  return lines.map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
}

/** Every result of every journey in Playwright's JSON report, with the journey it belongs to. */
function* journeyResults(report) {
  const suites = [...(report.suites ?? [])];
  for (const suite of suites) {
    suites.push(...(suite.suites ?? []));
    for (const spec of suite.specs ?? [])
      for (const result of spec.tests?.flatMap((run) => run.results ?? []) ?? []) yield { spec, result };
  }
}

/** `file: title — first line of the error` for every journey of Playwright's JSON report that failed. */
function failedJourneys(report) {
  const lines = [];
  for (const { spec, result } of journeyResults(report))
    if (result.status === 'failed' || result.status === 'timedOut') {
      const message = stripVTControlCharacters(result.error?.message ?? result.status).split('\n')[0];
      lines.push(`${spec.file}: ${spec.title} — ${message}`);
    }
  return lines;
}

/** Adds a shard's journeys to the totals, and each failed one to its step's reasons. */
function countJourneys(step, reportFile) {
  if (!existsSync(reportFile)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const stats = report.stats;
  passed += stats.expected;
  failed += stats.unexpected + (stats.flaky ?? 0);
  skipped += stats.skipped;
  // Each failed journey with the first line of its error (a first-load budget breach names the page,
  // its size and the budget there).
  step.reasons.push(...failedJourneys(report));
  addJourneySeconds(report);
}

/** Seconds per journey file in this run, which `e2e/journey-seconds.json` keeps for balancing the shards. */
const journeySeconds = {};
function addJourneySeconds(report) {
  for (const { spec, result } of journeyResults(report)) {
    // A journey skipped here (the cross-instance one without TEST_DATABASE_URL) says nothing of its time.
    if (result.status === 'skipped') continue;
    journeySeconds[spec.file] = (journeySeconds[spec.file] ?? 0) + (result.duration ?? 0) / 1000;
  }
}

await run('lint', bin('biome'), ['check', '.']);
await run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);

const vitestJson = path.join(resultsDir, 'vitest-results.json');
const vitestLog = path.join(resultsDir, 'vitest-output.log');
const vitestStep = await run(
  'unit, API and client tests',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { logFile: vitestLog },
);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  // A suite can fail with every test passing (a failing hook, a file that does not load).
  for (const suite of report.testResults.filter((result) => result.status === 'failed')) {
    const where = path.relative(root, suite.name);
    vitestStep.reasons.push(`${where}: ${suite.message || 'a test failed'}`.split('\n')[0]);
  }
} else {
  failed += 1;
}
if (!vitestStep.ok) vitestStep.reasons.push(...vitestErrorBlock(readFileSync(vitestLog, 'utf8')));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium) && process.env.CI !== 'true') {
  console.log(
    `\nSKIPPED browser journeys: no Chromium at ${chromium} (install Debian's chromium, or set CHROMIUM_PATH).`,
  );
  steps.push({ name: 'browser journeys', ok: true, seconds: '0.0', note: 'skipped: no Chromium' });
} else {
  await run('client build for the journeys', process.execPath, [
    path.join(root, 'scripts/ensure-client-build.mjs'),
  ]);
  // The journeys run as shards side by side, each on its own server and embedded database: one shard
  // leaves a core idle while its browser waits on the page.
  const shards = Number(process.env.E2E_SHARDS ?? 2);
  if (!Number.isInteger(shards) || shards < 1)
    throw new Error(`E2E_SHARDS must be a whole number of at least 1, not '${process.env.E2E_SHARDS}'`);
  const basePort = Number(process.env.E2E_PORT ?? 3100);
  await Promise.all(
    Array.from({ length: shards }, async (_, index) => {
      const shard = `${index + 1}/${shards}`;
      const report = path.join(resultsDir, `e2e-results-${index + 1}.json`);
      const step = await run(`browser journeys ${shard}`, bin('playwright'), ['test'], {
        prefix: shards > 1 ? `[${shard}] ` : '',
        env: {
          E2E_SHARD: shard,
          E2E_PORT: String(basePort + index),
          E2E_REPORT: report,
          E2E_OUTPUT_DIR: path.join(resultsDir, `e2e-shard-${index + 1}`),
        },
      });
      countJourneys(step, report);
    }),
  );
  const timesFile = path.join(resultsDir, 'journey-seconds.json');
  const rounded = Object.entries(journeySeconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, seconds]) => [file, Math.round(seconds)]);
  writeFileSync(timesFile, `${JSON.stringify(Object.fromEntries(rounded), null, 2)}\n`);
  console.log(`\nEach journey file's seconds in this run: ${path.relative(root, timesFile)}`);
  console.log('(copy it over e2e/journey-seconds.json when the shards drift apart: decision 0104).');
}

console.log('\n━━ Summary ━━');
for (const step of steps) {
  console.log(
    `${step.ok ? 'PASS' : 'FAIL'}  ${step.name} (${step.seconds}s)${step.note ? ` — ${step.note}` : ''}`,
  );
  for (const reason of step.reasons ?? []) console.log(`      ${reason}`);
}
const allOk = steps.every((step) => step.ok) && failed === 0;
console.log(allOk ? 'All checks passed.' : 'Some checks FAILED.');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk ? 0 : 1);
