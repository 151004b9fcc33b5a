import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../adapters/mail/outbox.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { backends, openTestDatabase, startTestApp, startTestAppOn } from '../../test/harness.js';

const serving = { lifecycle: 'serving', migrations: 'applied', database: 'up' };

describe.each(backends)('liveness and readiness on %s (issue 36 §2)', (backend) => {
  it('is live and ready once listening, and keeps /api/health as it was', async () => {
    const harness = await startTestApp(backend);
    try {
      const client = harness.client();
      const live = await client.get('/api/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'alive' });
      const ready = await client.get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', checks: serving });
      expect((await client.get('/api/health')).body).toEqual({ status: 'ok', database: 'up' });
    } finally {
      await harness.close();
    }
  });

  it('turns not ready when draining, while still live and still serving', async () => {
    const harness = await startTestApp(backend);
    try {
      harness.app.lifecycle.drain();
      const client = harness.client();
      const ready = await client.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: { lifecycle: 'draining', migrations: 'unknown', database: 'unknown' },
      });
      expect(ready.headers.get('connection')).toBe('close');
      expect((await client.get('/api/health/live')).status).toBe(200);
      expect((await client.get('/api/health')).status).toBe(200);
    } finally {
      await harness.close();
    }
  });

  it('is not ready before it listens', async () => {
    const database = await openTestDatabase(backend);
    const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' });
    const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.lifecycle).toBe('starting');
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('is not ready while the database lacks a migration this build ships', async () => {
    const database = await openTestDatabase(backend);
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const harness = await startTestAppOn(database, {}, {}, () => database.drop());
    try {
      const ready = await harness.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: { lifecycle: 'serving', migrations: 'pending', database: 'up' },
      });
    } finally {
      await harness.close();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const database = await openTestDatabase(backend);
    const harness = await startTestAppOn(database);
    try {
      expect((await harness.client().get('/api/health/ready')).status).toBe(200);
      await database.drop();
      const ready = await harness.client().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: { lifecycle: 'serving', migrations: 'applied', database: 'down' },
      });
    } finally {
      await harness.close();
    }
  });
});
