import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { CloudinaryImageStore, parseCloudinaryUrl } from './cloudinary-store.js';
import { DatabaseImageStore } from './database-store.js';
import type { ImageStore } from './image-store.js';

/**
 * Cloudinary when CLOUDINARY_URL is set; otherwise the database (development and tests only:
 * loadConfig refuses production without CLOUDINARY_URL).
 */
export function createImageStore(config: Config, db: Db): ImageStore {
  if (config.cloudinaryUrl) return new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl), db);
  return new DatabaseImageStore(db);
}
