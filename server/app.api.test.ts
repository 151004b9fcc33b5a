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
