import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImages } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { buySoldTicket } from '../messages/testing.js';
import { uploadImage } from '../tickets/testing.js';
import { BARCODE_MAX_DIMENSION } from './process-barcode.js';

/** The image: 7,060 x 7,060 pixels of one colour, a 160 KB PNG. */
function flatPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function uploadBarcode(client: TestClient, ticketId: number, bytes: Buffer) {
  const form = new FormData();
  form.append('ticketId', String(ticketId));
  form.append('barcode', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'barcode.png');
  return client.request('POST', '/api/tickets/barcode/upload', { body: form });
}

/** Issue 21 item 2: a huge flat image is scaled down, and decoding is bounded per user (decision 0032). */
describe.each(backends)('large barcode images on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let huge: Buffer;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    huge = await flatPng(7_060);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const sizeOf = async (publicId: string) => {
    const [row] = await db()
      .select({ width: storedImages.width, height: storedImages.height })
      .from(storedImages)
      .where(eq(storedImages.publicId, publicId));
    return row;
  };

  it('stores a 7060 x 7060 barcode scaled down to the longer side’s limit', async () => {
    const seller = await createTestUser(db());
    const sellerClient = await signedInClient(harness, seller.id);
    const buyerClient = await signedInClient(harness, (await createTestUser(db())).id);
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const answer = await uploadBarcode(sellerClient, ticketId, huge);
    expect(answer.status, answer.text).toBe(200);
    expect(await sizeOf(answer.body.cloudinaryPublicId)).toEqual({
      width: BARCODE_MAX_DIMENSION,
      height: BARCODE_MAX_DIMENSION,
    });
  });

  it('decodes a user’s large uploads sent at once one after the other, and keeps both', async () => {
    const seller = await createTestUser(db());
    const sellerClient = await signedInClient(harness, seller.id);
    const buyerClient = await signedInClient(harness, (await createTestUser(db())).id);
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const [barcode, image] = await Promise.all([
      uploadBarcode(sellerClient, ticketId, huge),
      uploadImage(sellerClient, huge),
    ]);
    expect(barcode?.status, barcode?.text).toBe(200);
    expect(image?.status, image?.text).toBe(200);
    expect(await sizeOf(image?.body.cloudinaryPublicId)).toEqual({ width: 4_000, height: 4_000 });
  });

  it('never lets a barcode be cached, not even through the image route', async () => {
    const seller = await createTestUser(db());
    const sellerClient = await signedInClient(harness, seller.id);
    const buyerClient = await signedInClient(harness, (await createTestUser(db())).id);
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const small = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const uploaded = await uploadBarcode(sellerClient, ticketId, small);
    expect(uploaded.status, uploaded.text).toBe(200);
    const cookie = [...sellerClient.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const served = await fetch(`${harness.baseUrl}${uploaded.body.cloudinaryUrl}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('no-store');
    expect(served.headers.get('cache-control')).not.toContain('max-age');
  });
});
