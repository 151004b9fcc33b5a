import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { START_APP_SCRIPT } from '../common/start-app-script.js';
import { precompressDirectory } from '../scripts/precompress.js';
import { OutboxMailer } from './adapters/mail/outbox.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestUser, signedInClient } from './modules/auth/testing.js';
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

  it('allows scripts and connections to this origin only (and the inline script that starts a prerendered page) while the sandbox takes the payments', async () => {
    const policy = (await harness.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    const inlineScriptHash = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;
    expect(policy).toContain(`script-src 'self' ${inlineScriptHash};`);
    expect(policy).toContain("connect-src 'self';");
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
      await mkdir(path.join(clientDir, '.vite'));
      await writeFile(path.join(clientDir, '.vite/manifest.json'), '{}');
      expect((await client.get('/.vite/manifest.json')).status).toBe(404);
    } finally {
      await harness.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });

  it('sends a visitor the page the build prerendered, and anyone with a session cookie the shell', async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), 'encore-client-'));
    await mkdir(path.join(clientDir, 'prerendered'));
    const shellHtml = `<!doctype html><title>Encore</title>${'<!-- shell -->'.repeat(100)}`;
    const loginHtml = `<!doctype html><title>Log In · Encore</title>${'<!-- page -->'.repeat(100)}`;
    await writeFile(path.join(clientDir, 'index.html'), shellHtml);
    await writeFile(path.join(clientDir, 'prerendered/login.html'), loginHtml);
    precompressDirectory(clientDir);
    const harness = await startTestApp('pglite', { CLIENT_DIST_DIR: clientDir });
    const raw = (url: string, headers: Record<string, string> = {}) =>
      fetch(`${harness.baseUrl}${url}`, { headers: { 'accept-encoding': 'br', ...headers } });
    try {
      const visitor = await raw('/login');
      expect(visitor.status).toBe(200);
      expect(visitor.headers.get('content-encoding')).toBe('br');
      expect(visitor.headers.get('cache-control')).toBe('no-cache');
      // The answer depends on the cookie: a shared cache must not give one visitor's page to a user.
      expect(visitor.headers.get('vary')).toMatch(/accept-encoding, cookie/i);
      expect(await visitor.text()).toBe(loginHtml);
      expect(await (await raw('/login?next=%2Fprofile')).text()).toBe(loginHtml);

      // No page was prerendered for these: the shell.
      expect(await (await raw('/signup')).text()).toBe(shellHtml);
      expect(await (await raw('/login/extra')).text()).toBe(shellHtml);

      // A session cookie, valid or not, gets the shell, which asks the server who is signed in.
      const withCookie = await raw('/login', { cookie: 'encore_session=anything' });
      expect(withCookie.headers.get('vary')).toMatch(/cookie/i);
      expect(await withCookie.text()).toBe(shellHtml);
      const account = await createTestUser(harness.database.db);
      const signedIn = await signedInClient(harness, account.id);
      expect((await signedIn.get('/login')).text).toBe(shellHtml);
    } finally {
      await harness.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });

  it('sends the precompressed copy a browser accepts, compresses JSON from 1 KB, and reads no session for files', async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), 'encore-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    const shellHtml = `<!doctype html><title>Encore</title>${'<!-- padding -->'.repeat(100)}`;
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await writeFile(path.join(clientDir, 'index.html'), shellHtml);
    await writeFile(path.join(clientDir, 'assets/index-cccc3333.js'), script);
    await writeFile(path.join(clientDir, 'assets/inter-latin-dddd4444.woff2'), Buffer.alloc(2048, 7));
    await writeFile(path.join(clientDir, 'assets/icon-eeee5555.js'), 'export{};');
    precompressDirectory(clientDir);
    // A script gets its copies even when they are no smaller: the server never compresses one on the fly.
    expect(
      (await readdir(path.join(clientDir, 'assets'))).filter((file) => file.startsWith('icon-')),
    ).toEqual(['icon-eeee5555.js', 'icon-eeee5555.js.br', 'icon-eeee5555.js.gz']);
    const harness = await startTestApp('pglite', { CLIENT_DIST_DIR: clientDir });
    const raw = (url: string, headers: Record<string, string>) =>
      fetch(`${harness.baseUrl}${url}`, { headers, redirect: 'manual' });
    try {
      const brotli = await raw('/assets/index-cccc3333.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(brotli.headers.get('content-type')).toMatch(/javascript/);
      expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await brotli.text()).toBe(script);
      const gzip = await raw('/assets/index-cccc3333.js', { 'accept-encoding': 'gzip' });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(await gzip.text()).toBe(script);
      const plain = await raw('/assets/index-cccc3333.js', { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);

      const shell = await raw('/login', { 'accept-encoding': 'br' });
      expect(shell.headers.get('content-encoding')).toBe('br');
      expect(shell.headers.get('cache-control')).toBe('no-cache');
      expect(await shell.text()).toBe(shellHtml);
      // A font is compressed already: sent as it is.
      const font = await raw('/assets/inter-latin-dddd4444.woff2', { 'accept-encoding': 'br' });
      expect(font.headers.get('content-encoding')).toBeNull();
      expect((await font.arrayBuffer()).byteLength).toBe(2048);

      const openapi = await raw('/api/openapi.json', { 'accept-encoding': 'br' });
      expect(openapi.headers.get('content-encoding')).toBe('br');
      expect(openapi.headers.get('vary')).toMatch(/accept-encoding/i);
      expect((await openapi.json()).openapi).toMatch(/^3\./);
      const tiny = await raw('/api/health', { 'accept-encoding': 'br' });
      expect(tiny.headers.get('content-encoding')).toBeNull();
      expect(await tiny.json()).toEqual({ status: 'ok', database: 'up' });

      // With a session cookie, files and the shell still make no query; the API does.
      const account = await createTestUser(harness.database.db);
      const signedIn = await signedInClient(harness, account.id);
      const select = vi.spyOn(harness.database.db, 'select');
      await signedIn.get('/assets/index-cccc3333.js');
      await signedIn.get('/my-tickets');
      await signedIn.get('/favicon-missing.svg');
      expect(select).not.toHaveBeenCalled();
      expect((await signedIn.get('/api/session')).body.user.id).toBe(account.id);
      expect(select).toHaveBeenCalled();
      select.mockRestore();
    } finally {
      await harness.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});

describe.each(backends)('addresses the app has no page for, on %s (issue 43 §12)', (backend) => {
  it("answers 404 with the app's shell, which shows its not-found page: unknown addresses, a slug no show has, /metrics", async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), 'encore-client-'));
    const shellHtml = '<!doctype html><title>Encore</title><div id="root"></div>';
    await writeFile(path.join(clientDir, 'index.html'), shellHtml);
    const harness = await startTestApp(backend, { CLIENT_DIST_DIR: clientDir });
    const client = harness.client();
    try {
      for (const address of [
        '/nothing-here',
        '/my-tickets/extra',
        '/metrics',
        `/events/42-${'a'.repeat(120)}`,
        `/events/42-${'a'.repeat(95)}`,
        '/events/not-an-id',
        '/admin/users/7',
      ]) {
        const answer = await client.get(address);
        expect(answer.status, address).toBe(404);
        expect(answer.text, address).toBe(shellHtml);
        expect(answer.headers.get('content-type'), address).toMatch(/^text\/html/);
      }
      for (const address of ['/', '/login', '/my-tickets', '/verify-email/some-token', '/LOGIN/'])
        expect((await client.get(address)).status, address).toBe(200);
      // A show's page that does not exist answers 404 as well (event-page.api.test.ts renders the real one).
      expect((await client.get('/events/2147483000-no-such-show')).status).toBe(404);
    } finally {
      await harness.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});
