import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudinaryUploads } from '../../db/schema/index.js';
import { createTestUser } from '../../modules/auth/testing.js';
import { openTestDatabase, type ThrowawayDatabase } from '../../test/harness.js';
import { CloudinaryImageStore, parseCloudinaryUrl } from './cloudinary-store.js';
import { CLOUD, field, interceptCloudinary, recordedUploadResponse } from './cloudinary-testing.js';

describe('parseCloudinaryUrl', () => {
  it('reads key, secret and cloud name', () => {
    expect(parseCloudinaryUrl('cloudinary://614335564976464:abc%2Fdef@encore-demo')).toEqual({
      cloudName: 'encore-demo',
      apiKey: '614335564976464',
      apiSecret: 'abc/def',
    });
    expect(() => parseCloudinaryUrl('https://example.com')).toThrow(/CLOUDINARY_URL/);
  });
});

describe('CloudinaryImageStore', () => {
  let database: ThrowawayDatabase;
  /** The uploader: public ids name them, as encore/tickets/u{id}/... */
  let ownerId: number;
  let store: CloudinaryImageStore;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ownerId = (await createTestUser(database.db, { username: 'uploader' })).id;
    store = new CloudinaryImageStore(CLOUD, database.db);
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });
  const recorded = async () =>
    (await database.db.select({ publicId: cloudinaryUploads.publicId }).from(cloudinaryUploads)).map(
      (row) => row.publicId,
    );

  it('uploads through the SDK with a signed request, records the upload and returns the secure URL', async () => {
    const captured = interceptCloudinary((request) => ({
      status: 200,
      body: recordedUploadResponse(field(request.body, 'public_id') ?? ''),
    }));
    const bytes = Buffer.from('89504e470d0a1a0a-pretend-png-bytes');

    const saved = await store.save(bytes, 'image/png', ownerId);

    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request).toMatchObject({
      hostname: 'api.cloudinary.com',
      method: 'POST',
      path: '/v1_1/encore-demo/image/upload',
    });
    expect(field(request?.body ?? '', 'api_key')).toBe(CLOUD.apiKey);
    expect(field(request?.body ?? '', 'signature')).toMatch(/^[a-f0-9]{40}$/);
    // The SDK sends upload booleans as 0 and 1.
    expect(field(request?.body ?? '', 'overwrite')).toBe('0');
    expect(request?.body).toContain('89504e470d0a1a0a-pretend-png-bytes');
    // The secret itself never leaves the server.
    expect(request?.body).not.toContain(CLOUD.apiSecret);
    expect(saved.publicId).toMatch(new RegExp(`^encore/tickets/u${ownerId}/[a-f0-9]{24}$`));
    expect(saved.url).toBe(
      `https://res.cloudinary.com/encore-demo/image/upload/v1763632530/${saved.publicId}.png`,
    );
    expect(await store.isOwnedBy(saved, ownerId)).toBe(true);
    const [record] = await database.db
      .select()
      .from(cloudinaryUploads)
      .where(eq(cloudinaryUploads.publicId, saved.publicId));
    expect(record).toMatchObject({ publicId: saved.publicId, ownerId });
  });

  it('turns a recorded Cloudinary error into a failure, keeping the record for the sweep', async () => {
    const captured = interceptCloudinary(() => ({
      status: 401,
      body: { error: { message: 'Invalid Signature 3f5e. String to sign - ...' } },
    }));
    const before = await recorded();
    await expect(store.save(Buffer.from('x'), 'image/png', ownerId)).rejects.toThrow(/Invalid Signature/);
    // A failure seen here may still have stored the image; the sweep's destroy settles it either way.
    const attempted = field(captured[0]?.body ?? '', 'public_id');
    expect(await recorded()).toEqual([...before, attempted]);
  });

  it('destroys by public id, treating "not found" as already gone, and drops the record', async () => {
    const captured = interceptCloudinary((request) => ({
      status: 200,
      body: { result: field(request.body, 'public_id')?.endsWith('gone') ? 'not found' : 'ok' },
    }));
    await database.db.insert(cloudinaryUploads).values([
      { publicId: 'encore/tickets/u7/0123456789abcdef01234567', ownerId },
      { publicId: 'encore/tickets/u7/gone', ownerId },
    ]);
    await store.delete('encore/tickets/u7/0123456789abcdef01234567');
    await store.delete('encore/tickets/u7/gone');
    expect(await recorded()).not.toContain('encore/tickets/u7/0123456789abcdef01234567');
    expect(await recorded()).not.toContain('encore/tickets/u7/gone');
    expect(captured.map((request) => request.path)).toEqual([
      '/v1_1/encore-demo/image/destroy',
      '/v1_1/encore-demo/image/destroy',
    ]);
    expect(field(captured[0]?.body ?? '', 'public_id')).toBe('encore/tickets/u7/0123456789abcdef01234567');
    expect(field(captured[0]?.body ?? '', 'invalidate')).toBe('true');
    expect(field(captured[0]?.body ?? '', 'signature')).toMatch(/^[a-f0-9]{40}$/);
  });

  it('fails a destroy Cloudinary refuses, keeping the record', async () => {
    interceptCloudinary(() => ({
      status: 400,
      body: { error: { message: 'Missing required parameter - public_id' } },
    }));
    await database.db.insert(cloudinaryUploads).values({ publicId: 'x', ownerId });
    await expect(store.delete('x')).rejects.toMatchObject({
      message: 'Missing required parameter - public_id',
    });
    expect(await recorded()).toContain('x');
  });

  it("recognises only the owner's images on this cloud", async () => {
    const publicId = 'encore/tickets/u7/0123456789abcdef01234567';
    const url = `https://res.cloudinary.com/encore-demo/image/upload/v1763632530/${publicId}.jpg`;
    expect(await store.isOwnedBy({ url, publicId }, 7)).toBe(true);
    expect(await store.isOwnedBy({ url, publicId }, 8)).toBe(false);
    expect(await store.isOwnedBy({ url: url.replace('encore-demo', 'other-cloud'), publicId }, 7)).toBe(
      false,
    );
    expect(await store.isOwnedBy({ url: url.replace('https:', 'http:'), publicId }, 7)).toBe(false);
    expect(await store.isOwnedBy({ url: 'not a url', publicId }, 7)).toBe(false);
    expect(
      await store.isOwnedBy({ url, publicId: 'encore/tickets/u7/../u8/0123456789abcdef01234567' }, 7),
    ).toBe(false);
    expect(await store.get(publicId)).toBeNull();
  });
});
