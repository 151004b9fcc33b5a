import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARCODE_CHECK_TEXT } from '../../../common/texts/barcode-check.js';
import { openPostgres } from '../../db/client.js';
import { barcodeDuplicates, ticketBarcodes, tickets } from '../../db/schema/index.js';
import {
  backends,
  openTestDatabase,
  startTestAppOn,
  type TestApp,
  type TestClient,
  type ThrowawayDatabase,
} from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { barcodePng, ticketPhoto } from './testing/barcode-files.js';

/** Both instances hash with the one key, as every instance of a deployment does. */
const SHARED_ENV = {
  BARCODE_HASH_SECRET: 'race-test-barcode-hash-secret-0123456789abcdef',
  BARCODE_DECODE_TIMEOUT_MS: '20000',
};

function upload(client: TestClient, ticketId: number, bytes: Uint8Array) {
  const form = new FormData();
  form.append('ticketId', String(ticketId));
  form.append('barcode', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'ticket.png');
  return client.request('POST', '/api/tickets/barcode/upload', { body: form });
}

/**
 * Two app instances on one database (PostgreSQL: two connection pools; PGlite: two apps on the one
 * embedded database): two sellers upload the same barcode at the same moment, one through each.
 */
describe.each(backends)('two sellers racing with one barcode on two instances (%s)', (backend) => {
  let database: ThrowawayDatabase;
  let second: Awaited<ReturnType<typeof openPostgres>> | ThrowawayDatabase;
  let instances: [TestApp, TestApp];
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    second = database.url ? await openPostgres(database.url, { poolSize: 10 }) : database;
    instances = [await startTestAppOn(database, SHARED_ENV), await startTestAppOn(second, SHARED_ENV)];
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances ?? []) await instance.close();
    if (second && second !== database) await second.close();
    await database?.drop();
  });

  it('lets exactly one listing carry it; the other seller is refused and both tickets are flagged', {
    timeout: 60_000,
  }, async () => {
    const db = database.db;
    const photo = await ticketPhoto(await barcodePng(`ENCORE-RACE-${backend}-${Date.now().toString(36)}`));
    const sellers = [await createTestUser(db), await createTestUser(db)];
    const listings: number[] = [];
    for (const seller of sellers) {
      const listing = await insertListing(db, seller.id, { quantity: 1, eventDate: '2030-05-01' });
      await db.update(tickets).set({ ticketType: 'paper' }).where(eq(tickets.id, listing.id));
      listings.push(listing.id);
    }
    const clients = await Promise.all(
      sellers.map((seller, index) => signedInClient(instances[index] as TestApp, seller.id)),
    );

    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        clients.map((client, index) => upload(client, listings[index] as number, photo)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      // Each round the holder's replacement is kept and the other seller is refused again.
      expect(statuses, answers.map((answer) => answer.text).join('\n')).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused?.body).toEqual({ success: false, message: BARCODE_CHECK_TEXT.duplicate });
      const live = (await db.select().from(ticketBarcodes)).filter((row) => row.live);
      expect(live).toHaveLength(1);
      const carriers = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.barcodeChecked, true));
      expect(carriers.map((row) => row.id)).toEqual([live[0]?.ticketId]);
    }
    const flags = await db.select().from(barcodeDuplicates);
    expect(flags).toHaveLength(3);
    for (const flag of flags)
      expect(new Set([flag.holdingTicketId, flag.refusedTicketId])).toEqual(new Set(listings));
  });
});
