import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestUser } from '../../modules/auth/testing.js';
import { openTestDatabase } from '../../test/harness.js';
import { DatabaseImageStore, databaseImageUrl } from './database-store.js';

describe('DatabaseImageStore', () => {
  let database: Database;
  let store: DatabaseImageStore;
  let ownerId: number;
  let otherId: number;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ownerId = (await createTestUser(database.db, { username: 'owner' })).id;
    otherId = (await createTestUser(database.db, { username: 'other' })).id;
    store = new DatabaseImageStore(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const png = () =>
    sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();

  it('saves under a random id served at /api/images/{id}, and reads the bytes back', async () => {
    const bytes = await png();
    const first = await store.save(bytes, 'image/png', ownerId);
    const second = await store.save(bytes, 'image/png', ownerId);
    expect(first.publicId).toMatch(/^img_[\w-]{24}$/);
    expect(first.publicId).not.toBe(second.publicId);
    expect(first.url).toBe(databaseImageUrl(first.publicId));
    expect(first.url).toBe(`/api/images/${first.publicId}`);
    const file = await store.get(first.publicId);
    expect(file?.contentType).toBe('image/png');
    expect(file?.ownerId).toBe(ownerId);
    expect(Buffer.compare(file?.bytes ?? Buffer.alloc(0), bytes)).toBe(0);
  });

  it('knows who uploaded an image', async () => {
    const saved = await store.save(await png(), 'image/png', ownerId);
    expect(await store.isOwnedBy(saved, ownerId)).toBe(true);
    expect(await store.isOwnedBy(saved, otherId)).toBe(false);
    expect(await store.isOwnedBy({ ...saved, url: 'https://elsewhere.example/x.png' }, ownerId)).toBe(false);
    expect(await store.isOwnedBy({ url: '/api/images/nope', publicId: 'nope' }, ownerId)).toBe(false);
  });

  it('deletes, and deleting twice is fine', async () => {
    const saved = await store.save(await png(), 'image/png', ownerId);
    await store.delete(saved.publicId);
    expect(await store.get(saved.publicId)).toBeNull();
    await expect(store.delete(saved.publicId)).resolves.toBeUndefined();
    expect(await store.get('../../etc/passwd')).toBeNull();
  });
});
