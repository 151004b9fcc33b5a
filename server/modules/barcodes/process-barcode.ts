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

/** Refuses decompression bombs before decoding; a 48-megapixel phone photo still fits. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedBarcode {
  bytes: Buffer;
  contentType: 'image/jpeg';
}

/**
 * Checks a barcode upload by its bytes and re-encodes it so that what is stored is never what was sent, while
 * keeping it scannable (decision 0015): no downscaling; turned upright by its EXIF orientation; transparency
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
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    return { bytes: encoded, contentType: 'image/jpeg' };
  } catch {
    // The bytes start like an image but do not decode as one (or it is too large to decode safely).
    throw new UnsupportedMediaType(BARCODE_TEXT.invalidType);
  }
}
