import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { BARCODE_TEXT } from '../../../common/messages.js';
import { BARCODE_MAX_BYTES } from '../../../common/schemas/barcodes.js';
import { PayloadTooLarge, UnsupportedMediaType } from '../../errors.js';

/** The image formats a barcode may be sent in, recognised by their bytes (spec 001 §9: any image type). */
export const ACCEPTED_BARCODE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
] as const;

/**
 * Refuses decompression bombs before decoding (sharp reads the size from the header); a 48-megapixel phone
 * photo still fits.
 */
export const BARCODE_MAX_INPUT_PIXELS = 50_000_000;
/**
 * Larger pictures are scaled down to this many pixels on their longer side (decision 0032): a barcode needs
 * 2 to 3 pixels a module to scan, and a phone photo of a ticket keeps 3 or more at this size, while encoding
 * stays a fraction of a full-size 50-megapixel picture's cost.
 */
export const BARCODE_MAX_DIMENSION = 3_200;

export interface ProcessedBarcode {
  bytes: Buffer;
  contentType: 'image/jpeg';
}

/**
 * Checks a barcode upload by its bytes and re-encodes it so that what is stored is never what was sent, while
 * keeping it scannable (decision 0015): scaled down to BARCODE_MAX_DIMENSION when larger (decision 0032),
 * read sequentially so libvips streams it rather than holding it whole; turned upright by its EXIF orientation; transparency
 * flattened onto white (a black code on a transparent background must not turn black on black); every
 * metadata block dropped; written as a JPEG at quality 100 without chroma subsampling, whose error is a few
 * grey levels at most, so every bar and module keeps its colour. JPEG matches the spec's download name
 * ticket-{id}-barcode.jpg.
 */
export async function processBarcode(bytes: Buffer): Promise<ProcessedBarcode> {
  if (bytes.length > BARCODE_MAX_BYTES) throw new PayloadTooLarge(BARCODE_TEXT.tooLarge);
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !(ACCEPTED_BARCODE_TYPES as readonly string[]).includes(mime))
    throw new UnsupportedMediaType(BARCODE_TEXT.invalidType);
  try {
    const encoded = await sharp(bytes, {
      animated: false,
      limitInputPixels: BARCODE_MAX_INPUT_PIXELS,
      sequentialRead: true,
      failOn: 'error',
    })
      .rotate()
      .resize({
        width: BARCODE_MAX_DIMENSION,
        height: BARCODE_MAX_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    return { bytes: encoded, contentType: 'image/jpeg' };
  } catch {
    // The bytes start like an image but do not decode as one (or it is too large to decode safely).
    throw new UnsupportedMediaType(BARCODE_TEXT.invalidType);
  }
}
