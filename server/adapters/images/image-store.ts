import type { DbOrTx } from '../../db/client.js';

/** Where an image was stored: the URL the app shows and the id the store knows it by. */
export interface SavedImage {
  url: string;
  publicId: string;
}

/** An image the store serves itself, with what the access check needs. */
export interface StoredImageFile {
  bytes: Buffer;
  contentType: string;
  ownerId: number | null;
}

/**
 * Keeps uploaded images (already checked and re-encoded by the images module). Production: Cloudinary, with
 * each upload recorded in cloudinary_uploads. Local default: the stored_images table, served by
 * GET /api/images/{publicId} with access checks. Either table lists the store's uploads for the sweeps.
 */
export interface ImageStore {
  readonly kind: 'database' | 'cloudinary';
  /**
   * Stores an upload of `ownerId`; TooManyRequests (429) when the owner already holds IMAGE_UNATTACHED_MAX
   * images no listing shows (decided atomically, see upload-quota.ts).
   */
  save(bytes: Buffer, contentType: string, ownerId: number): Promise<SavedImage>;
  /** The bytes of an image this store serves itself; null when unknown (or served by the vendor). */
  get(publicId: string): Promise<StoredImageFile | null>;
  /** Removes an image; an image that is already gone is not an error. */
  delete(publicId: string): Promise<void>;
  /** Whether `image` names an image this store saved for `ownerId` (a listing may only use its seller's uploads). */
  isOwnedBy(image: SavedImage, ownerId: number): Promise<boolean>;
  /** The same store keeping its records through `db`, e.g. inside a transaction. */
  using(db: DbOrTx): ImageStore;
}
