import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARCODE_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import { BARCODE_MAX_BYTES } from '../../../common/schemas/barcodes.js';
import { BARCODE_CHECK_TEXT } from '../../../common/texts/barcode-check.js';
import { storedImages, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buySoldTicket } from '../messages/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

function barcodeImage(colour = '#000000'): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function upload(
  client: TestClient,
  ticketId: number | string | null,
  bytes: Uint8Array,
  options: { field?: string; type?: string } = {},
) {
  const form = new FormData();
  if (ticketId !== null) form.append('ticketId', String(ticketId));
  form.append(
    options.field ?? 'barcode',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    'barcode.png',
  );
  return client.request('POST', '/api/tickets/barcode/upload', { body: form });
}

describe.each(backends)('paper-ticket barcodes on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyer: TestAccount;
  let sellerClient: TestClient;
  let buyerClient: TestClient;
  let strangerClient: TestClient;
  let adminClient: TestClient;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyer = await createTestUser(db);
    const stranger = await createTestUser(db);
    const admin = await createTestUser(db, { role: 'admin' });
    sellerClient = await signedInClient(harness, seller.id);
    buyerClient = await signedInClient(harness, buyer.id);
    strangerClient = await signedInClient(harness, stranger.id);
    adminClient = await signedInClient(harness, admin.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const download = (client: TestClient, ticketId: number) =>
    client.get(`/api/tickets/${ticketId}/barcode/download`);
  /** The download's bytes (the test client reads bodies as text). */
  const downloadedBytes = async (client: TestClient, ticketId: number) => {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${harness.baseUrl}/api/tickets/${ticketId}/barcode/download`, {
      headers: { cookie },
    });
    return Buffer.from(await response.arrayBuffer());
  };
  const barcodeOf = async (ticketId: number) => {
    const [row] = await db()
      .select({ url: tickets.barcodeUrl, publicId: tickets.barcodePublicId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    return row;
  };
  const storedCount = async () =>
    (await db().select({ id: storedImages.publicId }).from(storedImages)).length;

  it('lets the seller upload, replace and remove; the replaced image is deleted', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const first = await upload(sellerClient, ticketId, await barcodeImage());
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      success: true,
      cloudinaryUrl: expect.stringMatching(/^\/api\/images\/img_/),
      cloudinaryPublicId: expect.stringMatching(/^img_/),
      message: BARCODE_TEXT.uploadedMessage,
      // Plain bars encode nothing: the image is kept, without the Barcode checked mark.
      barcodesFound: 0,
      barcodeChecked: false,
    });
    expect(await barcodeOf(ticketId)).toEqual({
      url: first.body.cloudinaryUrl,
      publicId: first.body.cloudinaryPublicId,
    });
    const stored = await storedCount();

    const second = await upload(sellerClient, ticketId, await barcodeImage('#222222'));
    expect(second.status, second.text).toBe(200);
    expect(second.body.cloudinaryPublicId).not.toBe(first.body.cloudinaryPublicId);
    expect(await storedCount()).toBe(stored);
    expect(await harness.app.inject({ method: 'GET', url: first.body.cloudinaryUrl })).toMatchObject({
      statusCode: 401,
    });
    const [old] = await db()
      .select({ id: storedImages.publicId })
      .from(storedImages)
      .where(eq(storedImages.publicId, first.body.cloudinaryPublicId));
    expect(old).toBeUndefined();

    const removed = await sellerClient.delete(`/api/tickets/${ticketId}/barcode`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ success: true, message: BARCODE_TEXT.removedMessage });
    expect(await barcodeOf(ticketId)).toEqual({ url: null, publicId: null });
    expect(await storedCount()).toBe(stored - 1);
    const again = await sellerClient.delete(`/api/tickets/${ticketId}/barcode`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: BARCODE_TEXT.noBarcode });
  });

  it('serves the download to the seller, admins and the buyer once the transfer is initiated; 404 to others', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const visitor = harness.client();
    expect((await download(sellerClient, ticketId)).body.message).toBe(BARCODE_TEXT.noBarcode);
    expect((await upload(sellerClient, ticketId, await barcodeImage())).status).toBe(200);

    const mine = await download(sellerClient, ticketId);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('content-disposition')).toBe(
      `attachment; filename="ticket-${ticketId}-barcode.jpg"`,
    );
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await download(adminClient, ticketId)).status).toBe(200);

    const early = await download(buyerClient, ticketId);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe(BARCODE_TEXT.notYetAvailable);
    expect(early.headers.get('cache-control')).toBe('private, no-store');
    const stranger = await download(strangerClient, ticketId);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(BARCODE_TEXT.notFound);
    const anonymous = await download(visitor, ticketId);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(SERVER_MESSAGE.notAuthenticated);

    await initiateTransfer(db(), ticketId, seller.id, clock.now());
    const bought = await download(buyerClient, ticketId);
    expect(bought.status).toBe(200);
    expect(bought.headers.get('content-disposition')).toContain(`ticket-${ticketId}-barcode.jpg`);
    expect((await sharp(await downloadedBytes(buyerClient, ticketId)).metadata()).format).toBe('jpeg');
    expect((await download(strangerClient, ticketId)).status).toBe(404);
    expect((await download(visitor, ticketId)).status).toBe(401);

    await completeTransfer(db(), ticketId, { kind: 'buyer', userId: buyer.id }, clock.now());
    expect((await download(buyerClient, ticketId)).status).toBe(200);
    // Once the buyer confirmed receipt the barcode stays as it was.
    const late = await upload(sellerClient, ticketId, await barcodeImage());
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ success: false, message: BARCODE_TEXT.transferCompleted });
    expect((await sellerClient.delete(`/api/tickets/${ticketId}/barcode`)).status).toBe(409);
  });

  it('lets only the seller change it, and only on a paper ticket on sale or sold; nothing is stored otherwise', async () => {
    const paper = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const digital = await buySoldTicket(harness, seller.id, buyerClient);
    const cancelled = await insertListing(db(), seller.id);
    await db()
      .update(tickets)
      .set({ ticketType: 'paper', status: 'cancelled' })
      .where(eq(tickets.id, cancelled.id));
    const image = await barcodeImage();
    const before = await storedCount();

    const cases: [TestClient | null, number | string | null, number, string][] = [
      [buyerClient, paper, 403, BARCODE_TEXT.notSeller],
      [adminClient, paper, 403, BARCODE_TEXT.notSeller],
      [strangerClient, paper, 404, BARCODE_TEXT.notFound],
      [sellerClient, digital, 409, BARCODE_TEXT.notPaper],
      [sellerClient, cancelled.id, 409, BARCODE_CHECK_TEXT.cancelled],
      [strangerClient, cancelled.id, 404, BARCODE_TEXT.notFound],
      [sellerClient, 999_999, 404, BARCODE_TEXT.notFound],
      [sellerClient, null, 400, BARCODE_TEXT.missingTicket],
      [sellerClient, 'abc', 400, BARCODE_TEXT.missingTicket],
      [null, paper, 401, SERVER_MESSAGE.notAuthenticated],
    ];
    for (const [client, ticketId, status, message] of cases) {
      const response = await upload(client ?? harness.client(), ticketId, image);
      expect(response.status, `${ticketId}: ${response.text}`).toBe(status);
      expect(response.body).toEqual({ success: false, message });
    }
    expect((await buyerClient.delete(`/api/tickets/${paper}/barcode`)).status).toBe(403);
    expect((await strangerClient.delete(`/api/tickets/${paper}/barcode`)).status).toBe(404);
    expect((await harness.client().delete(`/api/tickets/${paper}/barcode`)).status).toBe(401);
    expect(await storedCount()).toBe(before);
    expect(await barcodeOf(paper)).toEqual({ url: null, publicId: null });
  });

  it('checks the file by its bytes and its size, with the spec texts', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const before = await storedCount();
    const text = await upload(sellerClient, ticketId, Buffer.from('just text, named .png'));
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ success: false, message: BARCODE_TEXT.invalidType });
    const svg = await upload(
      sellerClient,
      ticketId,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      {
        type: 'image/svg+xml',
      },
    );
    expect(svg.status).toBe(415);
    const tooBig = await upload(sellerClient, ticketId, Buffer.alloc(BARCODE_MAX_BYTES + 1, 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ success: false, message: BARCODE_TEXT.tooLarge });
    // Over the limit, whatever the bytes are, the answer names the limit rather than the type.
    const bigText = await upload(sellerClient, ticketId, Buffer.alloc(11 * 1024 * 1024, 'x'), { type: '' });
    expect(bigText.status).toBe(413);
    expect(bigText.body).toEqual({ success: false, message: 'File size exceeds 10MB limit' });
    const wrongField = await upload(sellerClient, ticketId, await barcodeImage(), { field: 'image' });
    expect(wrongField.status).toBe(400);
    const notMultipart = await sellerClient.post('/api/tickets/barcode/upload', { ticketId });
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.body.success).toBe(false);
    expect(await storedCount()).toBe(before);
    expect(await barcodeOf(ticketId)).toEqual({ url: null, publicId: null });
  });

  it('keeps barcodes out of the orphaned-upload sweep and the unattached quota', async () => {
    const { sweepOrphanedUploads } = await import('../../jobs/sweeps.js');
    const { countUnattached } = await import('../../adapters/images/upload-quota.js');
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient, { paper: true });
    const uploaded = await upload(sellerClient, ticketId, await barcodeImage());
    expect(uploaded.status).toBe(200);
    const { DatabaseImageStore } = await import('../../adapters/images/database-store.js');
    const unattached = await countUnattached(db(), storedImages, seller.id);
    await sweepOrphanedUploads(db(), new DatabaseImageStore(db()), new Date(Date.now() + 3 * 86_400_000));
    expect(await countUnattached(db(), storedImages, seller.id)).toBe(unattached);
    expect((await download(sellerClient, ticketId)).status).toBe(200);
  });
});
