import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { instanceEnv } from '../server/test/instance-env.js';
import type { BenchResult } from './run.js';
import { printRows, summarize } from './stats.js';

/**
 * Reliability under abuse (issue 6 §5): two real instances (`tsx server/main.ts`, as `npm start` runs it)
 * started at the same moment on one fresh PostgreSQL database, a bounded mixed load (concert searches,
 * listing edits, logins, image uploads) from a few workers, the abusive requests of issue 6 in the
 * middle (2,000-word searches, e-mail addresses built to make a regular expression backtrack, NUL
 * characters, 30 parallel wrong logins), the money-path abuse of issue 21 (one member locking every listing
 * at once; three 7,060 x 7,060 flat PNG barcodes of 160 KB each uploaded at once, plus three as listing
 * images), and one instance killed with SIGKILL while all of that runs.
 * It reports the requests served, the 5xx answers, the p95 of normal requests while the abuse was under
 * way, and the rows lost: every listing, edit and upload an instance acknowledged is looked for in the
 * database afterwards. Needs BENCH_DATABASE_URL (it creates and drops its own database); not run by CI.
 */

const PORTS = (process.env.BENCH_RELIABILITY_PORTS ?? '3202,3212').split(',').map(Number);
const LOAD_MS = 24_000;
const ABUSE_AT_MS = 4_000;
const KILL_AT_MS = 10_000;
const WORKERS = 6;
const REQUEST_TIMEOUT_MS = 60_000;
const START_TIMEOUT_MS = 300_000;
const root = path.resolve(import.meta.dirname, '..');

const SEARCH_TERMS = [
  'aurora',
  'festival',
  'arena',
  'night',
  'live',
  'tour',
  'sky',
  'river',
  'echo',
  'garden',
];
const DEMO_SELLERS = [
  { username: 'maya', password: 'Encore#Maya2026', email: 'maya@encore.test' },
  { username: 'jordan', password: 'Encore#Jordan2026', email: 'jordan@encore.test' },
];

interface Answer {
  status: number;
  body: any;
  ms: number;
  setCookies: string[];
}

/** status 0: no answer at all (connection refused or reset, or the request timed out). */
async function send(
  baseUrl: string,
  method: string,
  pathname: string,
  options: { json?: unknown; form?: FormData; cookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined = options.form;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (the outbox page, an HTML error): kept as text.
    }
    return {
      status: response.status,
      body: parsed,
      ms: performance.now() - started,
      setCookies: response.headers.getSetCookie(),
    };
  } catch {
    return { status: 0, body: null, ms: performance.now() - started, setCookies: [] };
  }
}

function cookieHeader(setCookies: string[], jar = new Map<string, string>()): Map<string, string> {
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return jar;
}
const asHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  stderr: string;
  alive: boolean;
}

function startInstance(port: number, databaseUrl: string, dataDir: string): Instance {
  // tsx as a loader in this very process (not its CLI, which runs the server in a child of its own), so
  // SIGKILL reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: instanceEnv(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      // One client address sends everything here; the per-IP limits would otherwise answer 429 to the load.
      AUTH_RATE_LIMIT: '1000000',
    }),
  });
  const instance: Instance = { port, url: `http://127.0.0.1:${port}`, child, stderr: '', alive: true };
  child.stderr?.on('data', (chunk: Buffer) => {
    instance.stderr = (instance.stderr + chunk.toString()).slice(-20_000);
  });
  child.once('exit', () => {
    instance.alive = false;
  });
  return instance;
}

async function waitHealthy(instance: Instance): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (!instance.alive) throw new Error(`instance on ${instance.port} exited: ${instance.stderr}`);
    if ((await send(instance.url, 'GET', '/api/health')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `instance on ${instance.port} not healthy within ${START_TIMEOUT_MS} ms: ${instance.stderr}`,
  );
}

async function stopInstance(instance: Instance): Promise<void> {
  if (!instance.alive) return;
  const exited = new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A demo seller's session cookie: password, then the code from the local outbox. */
async function signIn(baseUrl: string, seller: (typeof DEMO_SELLERS)[number]): Promise<string> {
  const login = await send(baseUrl, 'POST', '/api/login', {
    json: { username: seller.username, password: seller.password },
  });
  if (login.status !== 200)
    throw new Error(`login of ${seller.username}: ${login.status} ${JSON.stringify(login.body)}`);
  const jar = cookieHeader(login.setCookies);
  const outbox = await send(baseUrl, 'GET', `/api/dev/outbox?to=${encodeURIComponent(seller.email)}`);
  const code = /\b(\d{6})\b/.exec(outbox.body?.[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no login code for ${seller.username}`);
  const verified = await send(baseUrl, 'POST', '/api/verify-login', {
    json: { userId: login.body.userId, verificationCode: code },
    cookie: asHeader(jar),
  });
  if (verified.status !== 200) throw new Error(`verify-login of ${seller.username}: ${verified.status}`);
  return asHeader(cookieHeader(verified.setCookies, new Map()));
}

function listingForm(
  image: { cloudinaryUrl: string; cloudinaryPublicId: string },
  section: string,
  extra = {},
) {
  const fields: Record<string, string> = {
    eventName: 'Reliability Night',
    eventDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    description: 'Reliability Night at Bench Arena',
    venue: 'Bench Arena',
    section,
    row: 'C',
    seats: '4, 5',
    quantity: '2',
    faceValue: '80.00',
    serviceFee: '12.50',
    markup: '10',
    listingPrice: '101.75',
    ticketType: 'digital',
    platform: 'ticketmaster',
    isMultiDay: 'false',
    daysCount: '1',
    cloudinaryUrl: image.cloudinaryUrl,
    cloudinaryPublicId: image.cloudinaryPublicId,
    ...extra,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The process's peak resident memory (VmHWM, Linux), in MiB; 0 where /proc is not there. */
async function peakRssMiB(instance: Instance): Promise<number> {
  try {
    const status = await readFile(`/proc/${instance.child.pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

function imageForm(png: Buffer): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ticket.png');
  return form;
}

interface Sample {
  kind: string;
  status: number;
  ms: number;
  startedAt: number;
}

interface Written {
  listings: Map<number, { version: number; section: string }>;
  uploads: Set<string>;
}

export async function run(): Promise<BenchResult[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('  reliability: skipped (set BENCH_DATABASE_URL to a PostgreSQL server to run it)');
    return [];
  }
  const name = `encore_reliability_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-reliability-'));
  // Both at the same moment on the empty database: migrations and the demo seed must take turns.
  const instances = PORTS.map((port) => startInstance(port, databaseUrl, dataDir));
  try {
    const startedAt = performance.now();
    await Promise.all(instances.map(waitHealthy));
    const startupMs = performance.now() - startedAt;
    const [first, victim] = instances as [Instance, Instance];
    const sessions = await Promise.all(DEMO_SELLERS.map((seller) => signIn(first.url, seller)));
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#3355cc' } })
      .png()
      .toBuffer();

    // Issue 21's barcode: one colour, 7,060 x 7,060 pixels, about 160 KB as a PNG.
    const hugePng = await sharp({
      create: { width: 7_060, height: 7_060, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const lookup = new pg.Client({ connectionString: databaseUrl });
    await lookup.connect();
    // The demo seed's paper tickets jordan sold and has not transferred yet take a barcode.
    const paper = await lookup.query<{ id: number }>(
      `select t.id from tickets t join users u on u.id = t.seller_id
       where u.username = 'jordan' and t.ticket_type = 'paper' and t.sold and t.transfer_status = 'not_started'`,
    );
    await lookup.end();
    const paperTicketId = paper.rows[0]?.id;
    if (!paperTicketId) throw new Error('the demo seed has no paper ticket of jordan awaiting transfer');

    const samples: Sample[] = [];
    const written: Written = { listings: new Map(), uploads: new Set() };
    const clock = performance.now();
    const now = () => performance.now() - clock;
    let refusedByKilled = 0;

    /** Round robin over the instances still running; a worker sticks to one until it stops answering. */
    async function call(
      worker: number,
      kind: string,
      method: string,
      pathname: string,
      options: Parameters<typeof send>[3],
    ): Promise<Answer> {
      const live = instances.filter((instance) => instance.alive);
      const target = live[worker % live.length] ?? first;
      const startedAt = now();
      let answer = await send(target.url, method, pathname, options);
      // The exit of a killed instance may be noticed a moment after its connections broke.
      if (answer.status === 0 && target.alive) await new Promise((resolve) => setTimeout(resolve, 250));
      if (answer.status === 0 && !target.alive) {
        // The instance died under this request: a client (or load balancer) retries on the other one.
        refusedByKilled += 1;
        const other = instances.find((instance) => instance.alive) ?? first;
        answer = await send(other.url, method, pathname, options);
      }
      samples.push({ kind, status: answer.status, ms: answer.ms, startedAt });
      return answer;
    }

    async function worker(index: number): Promise<void> {
      const cookie = sessions[index % sessions.length];
      let listing: {
        id: number;
        version: number;
        image: { cloudinaryUrl: string; cloudinaryPublicId: string };
      } | null = null;
      let edits = 0;
      while (now() < LOAD_MS) {
        const roll = Math.random();
        if (roll < 0.45) {
          const term = SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)] ?? 'arena';
          await call(index, 'search', 'GET', `/api/concerts/search?query=${term}`, {});
        } else if (roll < 0.6) {
          await call(index, 'login', 'POST', '/api/login', {
            json: { username: DEMO_SELLERS[1]?.username, password: DEMO_SELLERS[1]?.password },
          });
        } else if (roll < 0.75 || !listing) {
          const upload = await call(index, 'upload', 'POST', '/api/upload/direct', {
            form: imageForm(png),
            cookie,
          });
          if (upload.status !== 200) continue;
          written.uploads.add(upload.body.cloudinaryPublicId);
          const image = {
            cloudinaryUrl: upload.body.cloudinaryUrl,
            cloudinaryPublicId: upload.body.cloudinaryPublicId,
          };
          if (listing) continue;
          const created = await call(index, 'listing', 'POST', '/api/tickets', {
            form: listingForm(image, `W${index}-0`),
            cookie,
          });
          if (created.status !== 201) continue;
          listing = { id: created.body.id, version: created.body.version, image };
          written.listings.set(listing.id, { version: listing.version, section: `W${index}-0` });
        } else {
          edits += 1;
          const section = `W${index}-${edits}`;
          const edited = await call(index, 'listing', 'POST', `/api/tickets/${listing.id}`, {
            form: listingForm(listing.image, section, {
              id: String(listing.id),
              version: String(listing.version),
            }),
            cookie,
          });
          if (edited.status === 200) {
            listing.version = edited.body.version;
            written.listings.set(listing.id, { version: listing.version, section });
          } else if (edited.status === 409) {
            listing.version = edited.body.currentVersion;
          }
        }
      }
    }

    const abusive: Sample[] = [];
    let abuseWindow = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
    async function abuse(): Promise<void> {
      await new Promise((resolve) => setTimeout(resolve, ABUSE_AT_MS));
      abuseWindow = { from: now(), to: Number.POSITIVE_INFINITY };
      const words = Array.from({ length: 2_000 }, (_, index) => `w${index}`).join(' ');
      const backtracking = `a@${'a.'.repeat(60_000)} x`;
      const requests: [string, string, string, Parameters<typeof send>[3]][] = [
        ...Array.from({ length: 10 }, (): [string, string, string, Parameters<typeof send>[3]] => [
          '2,000-word search',
          'GET',
          `/api/concerts/search?query=${encodeURIComponent(words)}`,
          {},
        ]),
        ...Array.from({ length: 2 }, (): [string, string, string, Parameters<typeof send>[3]] => [
          'backtracking e-mail',
          'POST',
          '/api/subscribe',
          { json: { name: 'Bench', email: backtracking } },
        ]),
        ['NUL', 'POST', '/api/login', { json: { username: 'ma\u0000ya', password: 'x\u0000' } }],
        [
          'NUL',
          'POST',
          '/api/register',
          {
            json: {
              firstName: 'A\u0000',
              lastName: 'B',
              email: 'nul@example.com',
              username: 'nul\u0000user',
              password: 'Sturdy#Pass1',
            },
          },
        ],
        ['NUL', 'POST', '/api/subscribe', { json: { name: 'N\u0000', email: 'n\u0000@example.com' } }],
        ['NUL', 'GET', `/api/concerts/search?query=${encodeURIComponent('aur\u0000ora')}`, {}],
        ['NUL', 'POST', '/api/request-password-reset', { json: { email: 'a\u0000@example.com' } }],
        ...Array.from({ length: 30 }, (): [string, string, string, Parameters<typeof send>[3]] => [
          'parallel wrong login',
          'POST',
          '/api/login',
          { json: { username: 'ambassador', password: 'Wrong#Pass1' } },
        ]),
      ];
      await Promise.all(
        requests.map(async ([kind, method, pathname, options], index) => {
          const target = instances.filter((instance) => instance.alive)[index % 2] ?? first;
          const startedAt = now();
          const answer = await send(target.url, method, pathname, options);
          abusive.push({ kind, status: answer.status, ms: answer.ms, startedAt });
        }),
      );
      abuseWindow.to = now();
    }

    /** Issue 21: one member tries to hold every listing; huge flat images arrive three at a time. */
    let moneyHeld = 0;
    async function moneyAbuse(): Promise<void> {
      await new Promise((resolve) => setTimeout(resolve, ABUSE_AT_MS));
      const market = await send(first.url, 'GET', '/api/tickets?limit=100', {
        cookie: sessions[0],
      });
      const ids: number[] = (market.body?.tickets ?? []).map((ticket: { id: number }) => ticket.id);
      const huge = (kind: string, pathname: string, form: () => FormData, cookie: string | undefined) =>
        Array.from({ length: 3 }, async () => {
          const startedAt = now();
          const answer = await send(first.url, 'POST', pathname, { form: form(), cookie });
          abusive.push({ kind, status: answer.status, ms: answer.ms, startedAt });
        });
      const barcodeForm = () => {
        const form = new FormData();
        form.append('ticketId', String(paperTicketId));
        form.append('barcode', new Blob([new Uint8Array(hugePng)], { type: 'image/png' }), 'barcode.png');
        return form;
      };
      await Promise.all([
        ...ids.map(async (id) => {
          const startedAt = now();
          const answer = await send(first.url, 'POST', `/api/tickets/${id}/lock`, { cookie: sessions[0] });
          if (answer.status === 200) moneyHeld += 1;
          abusive.push({ kind: 'hoarding lock', status: answer.status, ms: answer.ms, startedAt });
        }),
        ...huge('7060² barcode', '/api/tickets/barcode/upload', barcodeForm, sessions[1]),
        ...huge('7060² listing image', '/api/upload/direct', () => imageForm(hugePng), sessions[0]),
      ]);
    }

    let killedAt = 0;
    const kill = (async () => {
      await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
      killedAt = now();
      victim.child.kill('SIGKILL');
    })();

    await Promise.all([
      ...Array.from({ length: WORKERS }, (_, index) => worker(index)),
      abuse(),
      moneyAbuse(),
      kill,
    ]);
    const peakRss = await peakRssMiB(first);

    // Every write an instance acknowledged must be in the database.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const ids = [...written.listings.keys()];
    const found = await check.query<{ id: number; version: number; section: string }>(
      'select id, version, section from tickets where id = any($1::int[])',
      [ids],
    );
    const rows = new Map(found.rows.map((row) => [row.id, row]));
    let lost = 0;
    for (const [id, acknowledged] of written.listings) {
      const row = rows.get(id);
      if (!row || row.version < acknowledged.version) lost += 1;
      else if (row.version === acknowledged.version && row.section !== acknowledged.section) lost += 1;
    }
    const images = await check.query<{ public_id: string }>(
      'select public_id from stored_images where public_id = any($1::text[])',
      [[...written.uploads]],
    );
    lost += written.uploads.size - images.rowCount!;
    await check.end();

    const all = [...samples, ...abusive];
    const served = all.filter((sample) => sample.status > 0).length;
    const errors5xx = all.filter((sample) => sample.status >= 500).length;
    const unanswered = all.filter((sample) => sample.status === 0).length;
    const duringAbuse = samples.filter(
      (sample) => sample.startedAt >= abuseWindow.from && sample.startedAt <= abuseWindow.to,
    );
    const writes = written.listings.size + written.uploads.size;
    const abuseStatuses = new Map<string, Map<number, number>>();
    for (const sample of abusive) {
      const counts = abuseStatuses.get(sample.kind) ?? new Map<number, number>();
      counts.set(sample.status, (counts.get(sample.status) ?? 0) + 1);
      abuseStatuses.set(sample.kind, counts);
    }
    const abuseNote = [...abuseStatuses]
      .map(
        ([kind, counts]) =>
          `${kind}: ${[...counts].map(([status, count]) => `${count}×${status}`).join(' ')}`,
      )
      .join('; ');

    console.log(
      [
        `  reliability: two instances up together in ${(startupMs / 1000).toFixed(1)} s; instance :${victim.port} SIGKILLed at ${(killedAt / 1000).toFixed(1)} s`,
        `  requests served ${served} (normal ${samples.length}, abusive ${abusive.length}); 5xx ${errors5xx}; unanswered ${unanswered}; retried after the kill ${refusedByKilled}`,
        `  abuse window ${(abuseWindow.from / 1000).toFixed(1)}–${(abuseWindow.to / 1000).toFixed(1)} s; p95 of normal requests during it ${summarize(
          '',
          '',
          duringAbuse.map((sample) => sample.ms),
        ).p95Ms.toFixed(1)} ms (n=${duringAbuse.length})`,
        `  rows written ${writes} (${written.listings.size} listings at their last acknowledged edit, ${written.uploads.size} uploads); rows lost ${lost}`,
        `  abusive answers: ${abuseNote}`,
        `  hoarding: ${moneyHeld} listings held by one member; peak memory of the surviving instance ${peakRss} MiB`,
      ].join('\n'),
    );

    const note = `served ${served}, 5xx ${errors5xx}, rows lost ${lost} of ${writes}`;
    return [
      summarize(
        'reliability: normal requests, whole run',
        'postgres ×2',
        samples.map((sample) => sample.ms),
        note,
      ),
      summarize(
        'reliability: normal requests during the abuse',
        'postgres ×2',
        duringAbuse.map((sample) => sample.ms),
        `${(abuseWindow.from / 1000).toFixed(1)}–${(abuseWindow.to / 1000).toFixed(1)} s; kill at ${(killedAt / 1000).toFixed(1)} s`,
      ),
      ...['search', 'listing', 'login', 'upload'].map((kind) =>
        summarize(
          `reliability: ${kind}`,
          'postgres ×2',
          samples.filter((sample) => sample.kind === kind).map((sample) => sample.ms),
        ),
      ),
      ...[...abuseStatuses.keys()].map((kind) =>
        summarize(
          `reliability abuse: ${kind}`,
          'postgres ×2',
          abusive.filter((sample) => sample.kind === kind).map((sample) => sample.ms),
          [...(abuseStatuses.get(kind) ?? [])].map(([status, count]) => `${count}×${status}`).join(' '),
        ),
      ),
    ];
  } finally {
    await Promise.all(instances.map(stopInstance));
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
