import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { ConcertSearch, concertSearchVersionReader } from '../modules/events/concert-search.js';
import { type CatalogEvent, upsertCatalog } from '../modules/events/import.js';
import { openThrowawayPostgres, type ThrowawayDatabase } from '../test/harness.js';
import { type ReadReplica, replayedPast, startReadReplica, streamingLagMs } from './replica.js';

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

  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  // Fastify's logger when logging is off: the index's logs go nowhere.
  const log = Fastify().log;
  const show = (name: string): CatalogEvent => ({
    externalId: `replica-${name}`,
    name,
    date: '2030-04-01',
    daysCount: 1,
    venue: {
      externalId: 'replica-venue',
      name: 'Replica Hall',
      city: 'Boston',
      timeZone: 'America/New_York',
    },
    artists: [{ externalId: `replica-artist-${name}`, name, imageUrl: null, genres: [], infoUrl: null }],
  });

  const indexedNames = async (search: ConcertSearch) => {
    const index = await search.current(await concertSearchVersionReader(primary.db)());
    return index?.documents().map((document) => document.name) ?? [];
  };

  it('loads a search index from the replica once it has replayed the primary, and reads changes from the primary', async () => {
    await upsertCatalog(standIn.db, [show('Only On The Replica')]);
    const asked: string[] = [];
    const replica = startReadReplica({
      primary: primary.db,
      replica: standIn.db,
      maxLagMs: 1_500,
      lagMs: async () => 0,
      replayedPast: async (lsn) => {
        asked.push(lsn);
        return true;
      },
    });
    const search = new ConcertSearch({ db: primary.db, replica: replica.forIndexLoads, clock, log });
    try {
      await search.ready();
      // The stand-in's show: the load read the replica, after asking about the primary's log position.
      expect(await indexedNames(search)).toEqual(['only on the replica']);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      await upsertCatalog(primary.db, [show('First On The Primary'), show('Then On The Primary')]);
      expect(await indexedNames(search)).toEqual(
        expect.arrayContaining(['first on the primary', 'then on the primary']),
      );
    } finally {
      await search.close();
      replica.stop();
    }
  });

  it('loads a search index from the primary when the replica has not caught up in time', async () => {
    await upsertCatalog(standIn.db, [show('Only On The Replica')]);
    await upsertCatalog(primary.db, [show('First On The Primary')]);
    const replica = startReadReplica({
      primary: primary.db,
      replica: standIn.db,
      maxLagMs: 150,
      lagMs: async () => 0,
      replayedPast: async () => false,
    });
    const search = new ConcertSearch({ db: primary.db, replica: replica.forIndexLoads, clock, log });
    try {
      await search.ready();
      const names = await indexedNames(search);
      expect(names).toContain('first on the primary');
      expect(names).not.toContain('only on the replica');
    } finally {
      await search.close();
      replica.stop();
    }
  });

  it('finds a database that is no replica not caught up with any log position', async () => {
    expect(await replayedPast(standIn.db, '0/0')).toBe(false);
  });
});
