import { randomBytes } from 'node:crypto';
import { v2 as cloudinary, type UploadApiResponse } from 'cloudinary';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cloudinaryUploads } from '../../db/schema/index.js';
import type { ImageStore, SavedImage, StoredImageFile } from './image-store.js';
import { recordWithinQuota } from './upload-quota.js';

export interface CloudinaryCredentials {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}

/** cloudinary://API_KEY:API_SECRET@CLOUD_NAME (config.ts has checked the shape). */
export function parseCloudinaryUrl(url: string): CloudinaryCredentials {
  const parsed = new URL(url);
  if (parsed.protocol !== 'cloudinary:' || !parsed.username || !parsed.password || !parsed.hostname)
    throw new Error('CLOUDINARY_URL must look like cloudinary://API_KEY:API_SECRET@CLOUD_NAME');
  return {
    cloudName: parsed.hostname,
    apiKey: decodeURIComponent(parsed.username),
    apiSecret: decodeURIComponent(parsed.password),
  };
}

/** Every Encore upload lives under this folder, one sub-folder per uploader. */
const ROOT_FOLDER = 'encore/tickets';
const FORMATS = new Set(['jpg', 'png', 'webp', 'gif']);

/**
 * Production: images on Cloudinary through the official SDK. The public id is chosen here and names its
 * uploader (encore/tickets/u{ownerId}/{random}); only a signed upload (our secret) can create one, so the
 * id itself proves who uploaded the image. Cloudinary serves the image; the URL is unguessable. Each upload
 * is recorded in cloudinary_uploads until it is destroyed, so the sweeps can find the unused ones.
 */
export class CloudinaryImageStore implements ImageStore {
  readonly kind = 'cloudinary' as const;
  private readonly credentials;

  constructor(
    private readonly cloud: CloudinaryCredentials,
    private readonly db: DbOrTx,
  ) {
    // Passed on every call instead of the SDK's global config, so nothing else reads or changes it.
    this.credentials = { cloud_name: cloud.cloudName, api_key: cloud.apiKey, api_secret: cloud.apiSecret };
  }

  using(db: DbOrTx): CloudinaryImageStore {
    return new CloudinaryImageStore(this.cloud, db);
  }

  async save(bytes: Buffer, _contentType: string, ownerId: number): Promise<SavedImage> {
    const publicId = `${ROOT_FOLDER}/u${ownerId}/${randomBytes(12).toString('hex')}`;
    // Recorded first, and kept if the upload seems to fail (it may have reached Cloudinary all the same):
    // no upload goes unrecorded, and the sweep's destroy treats "not found" as done.
    // The record is also where the unattached-images quota is decided (429 beyond it).
    await recordWithinQuota(this.db, cloudinaryUploads, ownerId, async (tx) => {
      await tx.insert(cloudinaryUploads).values({ publicId, ownerId });
    });
    return this.upload(bytes, publicId);
  }

  private upload(bytes: Buffer, publicId: string): Promise<SavedImage> {
    return new Promise((resolve, reject) => {
      const stream = cloudinary.uploader.upload_stream(
        {
          ...this.credentials,
          public_id: publicId,
          resource_type: 'image',
          overwrite: false,
          secure: true,
        },
        (error, result?: UploadApiResponse) => {
          if (error || !result) {
            reject(new Error(`Cloudinary upload failed: ${error?.message ?? 'no result'}`));
            return;
          }
          resolve({ url: result.secure_url, publicId: result.public_id });
        },
      );
      stream.end(bytes);
    });
  }

  /** Cloudinary serves its images itself. */
  async get(_publicId: string): Promise<StoredImageFile | null> {
    return null;
  }

  async delete(publicId: string): Promise<void> {
    // The SDK's type for these options omits the per-call credentials it accepts.
    const options = { ...this.credentials, resource_type: 'image' as const, invalidate: true };
    const result = (await cloudinary.uploader.destroy(publicId, options)) as { result?: string };
    // 'not found' means it is already gone, which is what we want.
    if (result.result !== 'ok' && result.result !== 'not found')
      throw new Error(`Cloudinary destroy failed: ${JSON.stringify(result)}`);
    await this.db.delete(cloudinaryUploads).where(eq(cloudinaryUploads.publicId, publicId));
  }

  async isOwnedBy(image: SavedImage, ownerId: number): Promise<boolean> {
    const prefix = `${ROOT_FOLDER}/u${ownerId}/`;
    if (!image.publicId.startsWith(prefix) || !/^[a-f0-9]{24}$/.test(image.publicId.slice(prefix.length)))
      return false;
    let url: URL;
    try {
      url = new URL(image.url);
    } catch {
      return false;
    }
    const match = /^\/([^/]+)\/image\/upload\/(?:v\d+\/)?(.+)\.(\w+)$/.exec(url.pathname);
    return (
      url.protocol === 'https:' &&
      url.hostname === 'res.cloudinary.com' &&
      match?.[1] === this.cloud.cloudName &&
      match[2] === image.publicId &&
      FORMATS.has(match[3] ?? '')
    );
  }
}
