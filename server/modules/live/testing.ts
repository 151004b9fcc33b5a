import { get, type IncomingMessage } from 'node:http';
import { LIVE_END_EVENT, type LiveNotice } from '../../../common/schemas/live.js';
import { openPostgres } from '../../db/client.js';
import {
  type Backend,
  openTestDatabase,
  startTestAppOn,
  type TestApp,
  type TestAppDeps,
  TestClient,
} from '../../test/harness.js';

/** Helpers for API tests of live streams (decision 0066). */

export interface LiveListener {
  status: number;
  /** The notices heard so far, oldest first. */
  notices: LiveNotice[];
  /** The first notice (heard already or yet to come) that `matches`; fails after `timeoutMs`. */
  next(matches: (notice: LiveNotice) => boolean, timeoutMs?: number): Promise<LiveNotice>;
  /** Resolves with how the stream ended: 'end' (the server's end event), or 'closed' (the connection only). */
  ended(timeoutMs?: number): Promise<'end' | 'closed'>;
  close(): void;
}

/** The same member's cookies, on another instance. */
export function sameMemberOn(client: TestClient, instance: TestApp): TestClient {
  const other = new TestClient(instance.baseUrl);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** Opens GET /api/live as `client` on a connection of its own, and reads its events as they come. */
export async function openLive(client: TestClient): Promise<LiveListener> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(`${client.baseUrl}/api/live`, {
      headers: { cookie, accept: 'text/event-stream' },
      agent: false,
    });
    request.on('response', resolve).on('error', reject);
  });
  const notices: LiveNotice[] = [];
  let waiters: Array<() => void> = [];
  let outcome: 'end' | 'closed' | null = null;
  const wake = () => {
    for (const waiter of waiters) waiter();
    waiters = [];
  };
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const lines = buffer.slice(0, boundary).split('\n');
      buffer = buffer.slice(boundary + 2);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      if (event === LIVE_END_EVENT) outcome = 'end';
      else if (event === undefined && data) notices.push(JSON.parse(data) as LiveNotice);
      boundary = buffer.indexOf('\n\n');
    }
    wake();
  });
  response.on('close', () => {
    outcome ??= 'closed';
    wake();
  });
  const waitUntil = async <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`live: no ${what} within ${timeoutMs} ms (heard ${JSON.stringify(notices)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    status: response.statusCode ?? 0,
    notices,
    next: (matches, timeoutMs = 5_000) => waitUntil(() => notices.find(matches), timeoutMs, 'such notice'),
    ended: (timeoutMs = 5_000) => waitUntil(() => outcome ?? undefined, timeoutMs, 'end'),
    close: () => response.destroy(),
  };
}

export interface TwoInstances {
  instances: [TestApp, TestApp];
  close(): Promise<void>;
}

/**
 * Two app instances on one throwaway database: on PostgreSQL each with its own pool and outbox reader, on
 * PGlite both on the one embedded database.
 */
export async function startTwoInstances(backend: Backend, deps: TestAppDeps = {}): Promise<TwoInstances> {
  const database = await openTestDatabase(backend);
  const second = database.url ? await openPostgres(database.url, { poolSize: 5 }) : database;
  const instances: [TestApp, TestApp] = [
    await startTestAppOn(database, {}, deps),
    await startTestAppOn(second, {}, deps),
  ];
  return {
    instances,
    async close() {
      for (const instance of instances) await instance.close();
      if (second !== database) await second.close();
      await database.drop();
    },
  };
}
