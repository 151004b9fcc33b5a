import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client.js';
import { storedImages } from '../../db/schema/index.js';
import type { ImageStore, SavedImage, StoredImageFile } from './image-store.js';
import { recordWithinQuota } from './upload-quota.js';

const PUBLIC_ID = /^img_[\w-]{20,64}$/;

/** The URL the app serves a database-stored image at. */
export function databaseImageUrl(publicId: string): string {
  return `/api/images/${publicId}`;
}

/** Local default: images live in the stored_images table (so every instance sees them). */
export class DatabaseImageStore implements ImageStore {
  readonly kind = 'database' as const;

  /** `db` may be a transaction (the demo seed stores its images with its listings, all or nothing). */
  constructor(private readonly db: DbOrTx) {}

  async save(bytes: Buffer, contentType: string, ownerId: number): Promise<SavedImage> {
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) throw new Error('image has no dimensions');
    // Random and unguessable: knowing one image's id says nothing about another's.
    const publicId = `img_${randomBytes(18).toString('base64url')}`;
    await recordWithinQuota(this.db, storedImages, ownerId, async (tx) => {
      await tx.insert(storedImages).values({ publicId, ownerId, contentType, width, height, bytes });
    });
    return { url: databaseImageUrl(publicId), publicId };
  }

  async get(publicId: string): Promise<StoredImageFile | null> {
    if (!PUBLIC_ID.test(publicId)) return null;
    const [row] = await this.db
      .select({
        bytes: storedImages.bytes,
        contentType: storedImages.contentType,
        ownerId: storedImages.ownerId,
      })
      .from(storedImages)
      .where(eq(storedImages.publicId, publicId))
      .limit(1);
    return row ?? null;
  }

  async delete(publicId: string): Promise<void> {
    await this.db.delete(storedImages).where(eq(storedImages.publicId, publicId));
  }

  using(db: DbOrTx): DatabaseImageStore {
    return new DatabaseImageStore(db);
  }

  async isOwnedBy(image: SavedImage, ownerId: number): Promise<boolean> {
    if (!PUBLIC_ID.test(image.publicId) || image.url !== databaseImageUrl(image.publicId)) return false;
    const [row] = await this.db
      .select({ publicId: storedImages.publicId })
      .from(storedImages)
      .where(and(eq(storedImages.publicId, image.publicId), eq(storedImages.ownerId, ownerId)))
      .limit(1);
    return row !== undefined;
  }
}
