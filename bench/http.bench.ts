import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, ne } from 'drizzle-orm';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { sessions, ticketMessages, tickets, users } from '../server/db/schema/index.js';
import { newToken, sha256 } from '../server/lib/tokens.js';
import { SESSION_COOKIE } from '../server/plugins/session.js';
import { seedDemoData } from '../server/seed/demo.js';
import { type LoadJob, load } from './http-load.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * The real app (buildApp) on the demo seed, listening on a random local port, under a small
 * closed-loop load: CONCURRENCY workers fetch one endpoint back to back until REQUESTS
 * answers or MAX_SECONDS, whichever comes first. The load runs in a worker thread so the
 * server keeps the main thread to itself; throughput is requests/s over the whole run.
 */

const CONCURRENCY = 10;
const REQUESTS = 2_000;
const MAX_SECONDS = 10;
const WARM_UP = 50;
const root = path.resolve(import.meta.dirname, '..');
const clientDistDir = path.join(root, 'dist/client');

interface Endpoint {
  name: string;
  path: string;
  signedIn: boolean;
}

/**
 * A ticket maya bought, with a 40-message thread she has not read: the message poll's empty delta and the
 * unread count of GET /api/notifications both have real rows to go through.
 */
async function soldThreadOf(database: Database, buyerId: number) {
  const [bought] = await database.db
    .select({ id: tickets.id, sellerId: tickets.sellerId })
    .from(tickets)
    .where(and(ne(tickets.sellerId, buyerId), eq(tickets.sold, false)))
    .orderBy(tickets.id)
    .limit(1);
  if (!bought) throw new Error('the demo seed has no listing of another seller');
  await database.db
    .update(tickets)
    .set({ sold: true, status: 'sold', buyerId, soldAt: new Date() })
    .where(eq(tickets.id, bought.id));
  const written = await database.db
    .insert(ticketMessages)
    .values(
      Array.from({ length: 40 }, (_, index) => ({
        ticketId: bought.id,
        senderId: index % 2 === 0 ? bought.sellerId : buyerId,
        content: `Message ${index + 1} about the transfer`,
      })),
    )
    .returning({ id: ticketMessages.id });
  return { ticketId: bought.id, lastMessageId: Math.max(...written.map((row) => row.id)) };
}

async function measure(backend: string, database: Database): Promise<BenchResult[]> {
  const setupStarted = performance.now();
  await database.migrate();
  await seedDemoData(database.db);
  const [maya] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'maya'));
  const [ticket] = await database.db.select({ id: tickets.id }).from(tickets).orderBy(tickets.id).limit(1);
  if (!maya || !ticket) throw new Error('the demo seed has no maya or no listing');
  const thread = await soldThreadOf(database, maya.id);
  // A session row, as signing in would leave (signedInClient does the same in API tests).
  const token = newToken();
  await database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId: maya.id, expiresAt: new Date(Date.now() + 86_400_000) });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    APP_URL: 'http://localhost:3000',
    CLIENT_DIST_DIR: clientDistDir,
  });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const { port } = app.server.address() as AddressInfo;
  const endpoints: Endpoint[] = [
    { name: 'GET /api/health', path: '/api/health', signedIn: false },
    {
      name: 'GET /api/concerts/search?query=harbor',
      path: '/api/concerts/search?query=harbor',
      signedIn: false,
    },
    {
      name: 'GET /api/artists/info?name=Neon Harbor',
      path: `/api/artists/info?name=${encodeURIComponent('Neon Harbor')}`,
      signedIn: false,
    },
    { name: 'GET /api/tickets/:id (signed in)', path: `/api/tickets/${ticket.id}`, signedIn: true },
    { name: 'GET /api/user (signed in)', path: '/api/user', signedIn: true },
    { name: 'GET /api/notifications (signed in)', path: '/api/notifications', signedIn: true },
    {
      name: 'GET /api/tickets/:id/messages?after=last (5 s poll, nothing new)',
      path: `/api/tickets/${thread.ticketId}/messages?after=${thread.lastMessageId}`,
      signedIn: true,
    },
  ];
  if (existsSync(path.join(clientDistDir, 'index.html')))
    endpoints.push(
      // A visitor gets the page the build prerendered (a larger file), a session cookie the shell.
      { name: 'GET / (prerendered page, visitor)', path: '/', signedIn: false },
      // With the cookie: the shell needs no session, so it must cost no query either.
      { name: 'GET / (SPA shell, signed in)', path: '/', signedIn: true },
      { name: 'GET /api/health (signed in)', path: '/api/health', signedIn: true },
    );
  const rows: BenchResult[] = [];
  try {
    for (const endpoint of endpoints) {
      const job: Omit<LoadJob, 'requests'> = {
        url: `http://127.0.0.1:${port}${endpoint.path}`,
        headers: endpoint.signedIn ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
        concurrency: CONCURRENCY,
        maxMs: MAX_SECONDS * 1000,
      };
      const warm = await load({ ...job, requests: WARM_UP });
      if (warm.failures > 0) throw new Error(`${endpoint.name} failed: ${warm.firstFailure}`);
      const result = await load({ ...job, requests: REQUESTS });
      if (result.failures > 0) throw new Error(`${endpoint.name} failed: ${result.firstFailure}`);
      const perSecond = result.latencies.length / (result.elapsedMs / 1000);
      rows.push(
        summarize(
          `http ${endpoint.name}`,
          backend,
          result.latencies,
          `${perSecond.toFixed(0)} req/s, ${CONCURRENCY} concurrent`,
        ),
      );
    }
  } finally {
    await app.close();
  }
  const [firstRow] = rows;
  if (firstRow) firstRow.note = `${firstRow.note}; setup ${setupSeconds.toFixed(1)} s`;
  return rows;
}

export function run(): Promise<BenchResult[]> {
  // The production default pool size.
  return onEachDatabase(measure, 10);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
