import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './test/harness.js';

/**
 * Encore as an installable web app (issue 47 item 1, decision 0098), as the server serves it: the service
 * worker is checked again on every use (a browser then sees a new release's worker at once), the
 * manifest is JSON a browser reads as a manifest, and the policy lets both load from this origin only.
 */
describe.each(backends)('the service worker and the manifest on %s', (backend) => {
  let harness: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'encore-client-'));
    await mkdir(path.join(clientDir, 'icons'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Encore</title>');
    await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Encore"}');
    await writeFile(path.join(clientDir, 'icons/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    harness = await startTestApp(backend, { CLIENT_DIST_DIR: clientDir });
  });
  afterAll(async () => {
    await harness.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves the worker as a script checked on every use, from the root so that it controls every page', async () => {
    const worker = await harness.client().get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the manifest as a web app manifest, checked on every use, and the icons', async () => {
    const manifest = await harness.client().get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const icon = await harness.client().get('/icons/icon-192.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it('allows a worker and a manifest from this origin only', async () => {
    const policy = (await harness.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    const directives = policy.split(';');
    expect(directives).toContain("worker-src 'self'");
    expect(directives).toContain("manifest-src 'self'");
  });

  it('marks API answers no-store for the browser: only the worker keeps a member their own', async () => {
    const session = await harness.client().get('/api/session');
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');
  });
});
