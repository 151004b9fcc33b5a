import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThrowawayPostgres, type ThrowawayDatabase } from '../test/harness.js';
import { type ReadReplica, startReadReplica, streamingLagMs } from './replica.js';

/**
 * Decision 0095. No streaming replication here: a second database stands in for the replica, and the lag
 * the guard reads is set by the test (and, with the real probe, the stand-in is no replica at all).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the read replica’s guard (PostgreSQL)', () => {
  let primary: ThrowawayDatabase;
  let standIn: ThrowawayDatabase;
  beforeAll(async () => {
    primary = await openThrowawayPostgres(serverUrl as string, { poolSize: 2, prefix: 'encore_test' });
    standIn = await openThrowawayPostgres(serverUrl as string, { poolSize: 2, prefix: 'encore_test' });
  });
  afterAll(async () => {
    await primary?.drop();
    await standIn?.drop();
  });

  const answeredBy = async (replica: ReadReplica) => {
    const result = (await replica.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    return result.rows[0]?.name === new URL(standIn.url as string).pathname.slice(1) ? 'replica' : 'primary';
  };

  it('reads the replica within the bound, and the primary beyond it or when the lag is unknown', async () => {
    let lag: number | null | Error = 200;
    const replica = startReadReplica({
      primary: primary.db,
      replica: standIn.db,
      maxLagMs: 1_500,
      lagMs: async () => {
        if (lag instanceof Error) throw lag;
        return lag;
      },
    });
    await replica.checkLag();
    expect(await answeredBy(replica)).toBe('replica');
    lag = 2_000;
    await replica.checkLag();
    expect(await answeredBy(replica)).toBe('primary');
    lag = new Error('replica down');
    await replica.checkLag();
    expect(await answeredBy(replica)).toBe('primary');
    lag = 1_500;
    await replica.checkLag();
    expect(await answeredBy(replica)).toBe('replica');
    replica.stop();
  });

  it('sends a session that just wrote to the primary until the bound has passed', async () => {
    let now = 1_000_000;
    const replica = startReadReplica({
      primary: primary.db,
      replica: standIn.db,
      maxLagMs: 1_500,
      lagMs: async () => 0,
      now: () => now,
    });
    await replica.checkLag();
    replica.wrote('writer');
    const read = (writer: string | null) =>
      new Promise<string>((resolve, reject) =>
        replica.within(writer, () => answeredBy(replica).then(resolve, reject)),
      );
    expect(await read('writer')).toBe('primary');
    expect(await read('someone else')).toBe('replica');
    expect(await read(null)).toBe('replica');
    now += 1_500;
    expect(await read('writer')).toBe('replica');
    replica.stop();
  });

  it('finds no replay on a database that is not a replica, and so reads the primary', async () => {
    expect(await streamingLagMs(standIn.db)).toBeNull();
    const replica = startReadReplica({ primary: primary.db, replica: standIn.db, maxLagMs: 1_500 });
    await replica.checkLag();
    expect(replica.fresh).toBe(false);
    expect(await answeredBy(replica)).toBe('primary');
    replica.stop();
  });
});
