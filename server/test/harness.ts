import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { OutboxMailer } from '../adapters/mail/outbox.js';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { createMigratedPostgres, migratedPgliteTemplate } from './database-templates.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type ThrowawayDatabase = Database & {
  drop(): Promise<void>;
  /** The database's own URL (PostgreSQL only), so a second app instance can open its own pool on it. */
  url?: string;
};

/** A fresh, migrated database of its own on the PostgreSQL server at `serverUrl`; drop() removes it. */
export async function openThrowawayPostgres(
  serverUrl: string,
  options: { poolSize: number; prefix: string },
): Promise<ThrowawayDatabase> {
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await createMigratedPostgres(admin, serverUrl, name);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolSize: options.poolSize });
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A throwaway database: in-memory PGlite, or a fresh database on the PostgreSQL server. */
export async function openTestDatabase(backend: Backend): Promise<ThrowawayDatabase> {
  if (backend === 'pglite') {
    const database = await openPglite(undefined, { template: await migratedPgliteTemplate() });
    return { ...database, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return openThrowawayPostgres(serverUrl, { poolSize: 5, prefix: 'encore_test' });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mailer: OutboxMailer;
  config: Config;
  baseUrl: string;
  /** A browser-like client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

/** Dependencies a test may put in place of the defaults (a clock it moves, a payment provider). */
export type TestAppDeps = Pick<
  AppDeps,
  'clock' | 'payments' | 'liveLimits' | 'liveHeartbeatMs' | 'sitemapAddressesPerFile'
>;

/** Starts the real app on a random local port against a fresh database. */
export async function startTestApp(
  backend: Backend,
  overrides: NodeJS.ProcessEnv = {},
  deps: TestAppDeps = {},
): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  return startTestAppOn(database, overrides, deps, () => database.drop());
}

/** Starts the real app on a database that is already open and migrated; close() then calls `release`. */
export async function startTestAppOn(
  database: Database,
  overrides: NodeJS.ProcessEnv = {},
  deps: TestAppDeps = {},
  release: () => Promise<void> = async () => undefined,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    APP_URL: 'http://localhost:3000',
    // Tests sign in far more often than a person; the limit itself is tested with a small one.
    AUTH_RATE_LIMIT: '10000',
    ...overrides,
  });
  const mailer = new OutboxMailer(database.db);
  const app = await buildApp({ config, database, mailer, ...deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    mailer,
    config,
    baseUrl,
    client: () => new TestClient(baseUrl),
    async close() {
      await app.close();
      await release();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar, JSON by default. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val] = attribute.trim().split('=');
        return (
          (key?.toLowerCase() === 'expires' && val !== undefined && new Date(val).getTime() < Date.now()) ||
          (key?.toLowerCase() === 'max-age' && Number(val) <= 0)
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, json?: unknown) {
    return this.request<T>('POST', path, json === undefined ? {} : { json });
  }
  patch<T = any>(path: string, json?: unknown) {
    return this.request<T>('PATCH', path, json === undefined ? {} : { json });
  }
  put<T = any>(path: string, json?: unknown) {
    return this.request<T>('PUT', path, json === undefined ? {} : { json });
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
