import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../common/constants.js';
import { storedImages } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { createListing, makePng, uploadImage } from '../tickets/testing.js';

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe.each(backends)('image uploads on %s', (backend) => {
  let harness: TestApp;
  let owner: TestClient;
  let someone: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    const db = harness.database.db;
    owner = await signedInClient(harness, (await createTestUser(db)).id);
    someone = await signedInClient(harness, (await createTestUser(db)).id);
    admin = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
  });
  afterAll(async () => {
    await harness.close();
  });

  /** GET an image with a client's cookies, keeping the raw bytes. */
  function fetchImage(client: TestClient | null, url: string) {
    const headers: Record<string, string> = {};
    if (client) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return fetch(`${harness.baseUrl}${url}`, { headers });
  }

  it('accepts a real PNG, stores a re-encoded copy, and serves it only to signed-in users', async () => {
    const png = await makePng(64, 32);
    const response = await uploadImage(owner, png);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      cloudinaryUrl: expect.stringMatching(/^\/api\/images\/img_[\w-]+$/),
      cloudinaryPublicId: expect.stringMatching(/^img_[\w-]+$/),
      message: 'Image uploaded',
    });
    expect(response.body.cloudinaryUrl).toBe(`/api/images/${response.body.cloudinaryPublicId}`);

    const served = await fetchImage(owner, response.body.cloudinaryUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Not on a listing yet: not cached (decision 0032).
    expect(served.headers.get('cache-control')).toContain('no-store');
    const metadata = await sharp(await bytesOf(served)).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 64, height: 32 });

    const anonymous = await fetchImage(null, response.body.cloudinaryUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/json');
  });

  it('keeps an unlisted image to its uploader (and admins), and shows a listed one to every signed-in user', async () => {
    const response = await uploadImage(owner, await makePng());
    const url: string = response.body.cloudinaryUrl;
    expect((await fetchImage(someone, url)).status).toBe(404);
    expect((await fetchImage(admin, url)).status).toBe(200);

    const listing = await createListing(owner);
    const listed = await fetchImage(someone, listing.fields.cloudinaryUrl ?? '');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await fetchImage(someone, '/api/images/img_doesnotexistdoesnotexist')).status).toBe(404);
  });

  it('refuses a text file renamed .png with 415', async () => {
    const text = Buffer.from('this is not an image, whatever its name says\n'.repeat(20));
    const response = await uploadImage(owner, text, 'ticket.png', 'image/png');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ success: false, message: 'Please select an image file' });
  });

  it('refuses a file with image magic bytes that does not decode, and formats outside the four', async () => {
    const png = await makePng();
    const truncated = png.subarray(0, 40);
    expect((await uploadImage(owner, truncated)).status).toBe(415);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const response = await uploadImage(owner, tiff, 'ticket.tiff', 'image/tiff');
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Please select an image file');
  });

  it('refuses a file of 5MB + 1 byte with 413 and stores nothing', async () => {
    const before = await harness.database.db.select({ id: storedImages.publicId }).from(storedImages);
    const png = await makePng();
    const oversized = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - png.length)]);
    expect(oversized.length).toBe(IMAGE_MAX_BYTES + 1);
    const response = await uploadImage(owner, oversized);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: 'File size exceeds 5MB limit' });
    const far = await uploadImage(owner, Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 4096)]));
    expect(far.status).toBe(413);
    const after = await harness.database.db.select({ id: storedImages.publicId }).from(storedImages);
    expect(after).toHaveLength(before.length);
  });

  it('turns a JPEG upright by its EXIF orientation and strips EXIF and other metadata', async () => {
    const jpeg = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Seller', Artist: 'Home address 1 Main St' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);

    const response = await uploadImage(owner, jpeg, 'photo.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const stored = await bytesOf(await fetchImage(owner, response.body.cloudinaryUrl));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Rotated by 90 degrees: 80x40 shown upright is 40x80.
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 40, height: 80 });
    expect(stored.includes(Buffer.from('Secret Seller'))).toBe(false);
  });

  it('keeps WebP as WebP and turns a GIF into a PNG of its first frame', async () => {
    const webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer();
    const webpUpload = await uploadImage(owner, webp, 'ticket.webp', 'image/webp');
    expect(webpUpload.status).toBe(200);
    expect((await fetchImage(owner, webpUpload.body.cloudinaryUrl)).headers.get('content-type')).toBe(
      'image/webp',
    );

    const gif = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const gifUpload = await uploadImage(owner, gif, 'ticket.gif', 'image/gif');
    expect(gifUpload.status).toBe(200);
    const served = await fetchImage(owner, gifUpload.body.cloudinaryUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(await bytesOf(served)).metadata()).format).toBe('png');
  });

  it('needs a signed-in user, multipart and an image field', async () => {
    const anonymous = await uploadImage(harness.client(), await makePng());
    expect(anonymous.status).toBe(401);
    const json = await owner.post('/api/upload/direct', { image: 'data' });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ success: false, message: 'Please select an image file' });
    const form = new FormData();
    form.append('note', 'no file here');
    const empty = await owner.request('POST', '/api/upload/direct', { body: form });
    expect(empty.status).toBe(400);
    expect(empty.body.success).toBe(false);
  });

  it('stores the uploader as owner', async () => {
    const response = await uploadImage(someone, await makePng());
    const [row] = await harness.database.db
      .select({ ownerId: storedImages.ownerId, contentType: storedImages.contentType })
      .from(storedImages)
      .where(eq(storedImages.publicId, response.body.cloudinaryPublicId));
    expect(row?.contentType).toBe('image/png');
    expect(row?.ownerId).toEqual(expect.any(Number));
  });
});
