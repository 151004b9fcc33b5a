import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../common/constants.js';
import { LISTING_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { PayloadTooLarge, UnsupportedMediaType } from '../../errors.js';

/** The image formats a ticket image may be, recognised by their bytes (never by name or declared type). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Larger pictures are scaled down: a ticket photo needs no more, and it bounds decoding work. */
const MAX_DIMENSION = 4_000;
/** Refuses decompression bombs before decoding (about 50 megapixels). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * Checks an upload by its bytes and re-encodes it, so what is stored and served is never what was sent:
 * - only JPEG, PNG, GIF and WebP (by content sniffing) are accepted, at most 5MB;
 * - the picture is turned upright by its EXIF orientation, then every metadata block (EXIF, GPS, XMP,
 *   ICC, comments) is dropped, since sharp writes none unless asked;
 * - JPEG, PNG and WebP keep their format; a GIF becomes a PNG of its first frame (a ticket is a still
 *   picture, PNG keeps the palette's colours exactly, and no animation has to be decoded again later).
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new PayloadTooLarge(TICKET_TEXT.imageTooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  if (!mime || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime))
    throw new UnsupportedMediaType(LISTING_TEXT.invalidFileType);
  try {
    const image = sharp(bytes, {
      animated: false,
      limitInputPixels: MAX_INPUT_PIXELS,
      sequentialRead: true,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    switch (mime) {
      case 'image/jpeg':
        return { bytes: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), contentType: mime };
      case 'image/webp':
        return { bytes: await image.webp({ quality: 85 }).toBuffer(), contentType: mime };
      default:
        return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
    }
  } catch {
    // The bytes start like an image but do not decode as one.
    throw new UnsupportedMediaType(LISTING_TEXT.invalidFileType);
  }
}
