import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OutboxMailer } from './adapters/mail/outbox.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { backends, openTestDatabase, startTestApp, type TestApp } from './test/harness.js';

describe.each(backends)('app shell on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('reports database reachability on /api/health', async () => {
    const response = await harness.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const response = await harness.client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body.message).toContain('/api/no-such-thing');
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await harness.client().get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toContain('/api/health');
  });

  it('tags every answer with a request id', async () => {
    const response = await harness.client().get('/api/health');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });
});

describe('error answers', () => {
  it('hides the internals of an unexpected failure behind a bare 500, and names bad input in a 400', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database,
      mailer: new OutboxMailer(database.db),
    });
    app.get('/api/test/explode', async () => {
      throw new Error('connection string postgres://secret@db.internal failed');
    });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ quantity: z.number().int().min(1, 'Quantity must be at least 1') }) } },
      async (request) => request.body,
    );
    try {
      const exploded = await app.inject({ method: 'GET', url: '/api/test/explode' });
      expect(exploded.statusCode).toBe(500);
      expect(exploded.json()).toEqual({ message: 'Internal server error' });
      expect(exploded.body).not.toContain('secret');

      const invalid = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { quantity: 0 } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({
        message: 'Quantity must be at least 1',
        fieldErrors: { quantity: 'Quantity must be at least 1' },
      });

      const malformed = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"quantity":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/JSON/i);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('serving the built client', () => {
  it('serves the SPA shell for client routes, hashed assets for good, and files built after start', async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), 'encore-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Encore</title>');
    await writeFile(path.join(clientDir, 'assets/index-aaaa1111.js'), 'console.log("first build")');
    await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const harness = await startTestApp('pglite', { CLIENT_DIST_DIR: clientDir });
    const client = harness.client();
    try {
      const shell = await client.get('/my-tickets');
      expect(shell.status).toBe(200);
      expect(shell.text).toContain('<title>Encore</title>');
      expect(shell.headers.get('cache-control')).toBe('no-cache');

      const asset = await client.get('/assets/index-aaaa1111.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await client.get('/favicon.svg')).headers.get('cache-control')).toBe('no-cache');

      // A rebuild while the server runs adds files it did not see at start.
      await writeFile(path.join(clientDir, 'assets/index-bbbb2222.js'), 'console.log("second build")');
      const rebuilt = await client.get('/assets/index-bbbb2222.js');
      expect(rebuilt.status).toBe(200);
      expect(rebuilt.text).toBe('console.log("second build")');
      expect(rebuilt.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      expect((await client.get('/assets/index-missing.js')).status).toBe(404);
      expect((await client.get('/assets/..%2f..%2fpackage.json')).status).toBe(404);
      expect((await client.get('/api/nothing.json')).status).toBe(404);
    } finally {
      await harness.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});
