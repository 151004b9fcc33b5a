import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, openTestDatabase, type ThrowawayDatabase } from '../../test/harness.js';
import { type OutboxReader, startOutboxReader } from './outbox.js';

/** What a trigger writes (migrations 0047 and 0053): a notice of a ticket `id`'s change, for everybody. */
const noticeSql = (id: number) =>
  `insert into live_outbox (payload) values (live_notice_payload('ticket', ${id}, null, null, true, null, null))`;
const notice = (id: number) => sql.raw(noticeSql(id));
const payloadOf = (id: number) => JSON.stringify({ k: 'ticket', id, p: true });

describe.each(backends)('the live outbox on %s', (backend) => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database.drop();
  });

  async function reading(options: { retentionMs?: number; pruneEveryMs?: number } = {}) {
    const heard: string[] = [];
    const errors: Error[] = [];
    const reader: OutboxReader = await startOutboxReader({
      db: database.db,
      readMs: 20,
      onNotice: (payload) => heard.push(payload),
      onResync: () => heard.push('resync'),
      onError: (error) => errors.push(error),
      ...options,
    });
    return { heard, errors, reader };
  }

  it('hands on each committed notice once, from the reader’s start on, and never a rolled-back one', async () => {
    await database.db.execute(notice(1));
    const { heard, errors, reader } = await reading();
    await database.db.execute(notice(2));
    await database.db
      .transaction(async (tx) => {
        await tx.execute(notice(3));
        tx.rollback();
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await tx.execute(notice(4));
      await tx.execute(notice(5));
    });
    await vi.waitFor(() => expect(heard).toEqual([payloadOf(2), payloadOf(4), payloadOf(5)]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(3);
    expect(errors).toEqual([]);
    await reader.stop();
  });

  it('prunes the rows every reader has had', async () => {
    const { heard, reader } = await reading({ retentionMs: 150, pruneEveryMs: 50 });
    await database.db.execute(notice(6));
    await vi.waitFor(() => expect(heard).toContain(payloadOf(6)));
    await vi.waitFor(async () => {
      const left = (await database.db.execute(
        sql`select count(*)::int as count from live_outbox`,
      )) as unknown as { rows: { count: number }[] };
      expect(left.rows[0]?.count).toBe(0);
    });
    await reader.stop();
  });

  it.runIf(backend === 'postgres')(
    'hands on a notice of a transaction that commits after a later one, once it commits',
    async () => {
      const { heard, reader } = await reading();
      const slow = new pg.Client({ connectionString: database.url });
      await slow.connect();
      try {
        await slow.query('begin');
        await slow.query(noticeSql(7));
        await database.db.execute(notice(8));
        await vi.waitFor(() => expect(heard).toEqual([payloadOf(8)]));
        await slow.query('commit');
        await vi.waitFor(() => expect(heard).toEqual([payloadOf(8), payloadOf(7)]));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toHaveLength(2);
      } finally {
        await slow.end();
        await reader.stop();
      }
    },
  );

  it.runIf(backend === 'postgres')('tells of a resync once reads work again after failing', async () => {
    const { heard, errors, reader } = await reading();
    await database.db.execute(sql`alter table live_outbox rename to live_outbox_away`);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await database.db.execute(sql`alter table live_outbox_away rename to live_outbox`);
    await vi.waitFor(() => expect(heard).toEqual(['resync']));
    await database.db.execute(notice(9));
    await vi.waitFor(() => expect(heard).toEqual(['resync', payloadOf(9)]));
    expect(errors).toHaveLength(1);
    await reader.stop();
  });
});
