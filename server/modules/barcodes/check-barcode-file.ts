import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { BARCODE_TEXT } from '../../../common/messages.js';
import { BARCODE_MAX_BYTES } from '../../../common/schemas/barcodes.js';
import { BARCODE_CHECK_TEXT } from '../../../common/texts/barcode-check.js';
import { DomainError, PayloadTooLarge, UnsupportedMediaType } from '../../errors.js';
import {
  BarcodeDecodeRefused,
  DECODE_LIMITS,
  type DecodeRefusal,
  decodeBarcodes,
} from './decode-barcodes.js';
import { ACCEPTED_BARCODE_TYPES, type ProcessedBarcode, processBarcode } from './process-barcode.js';

export interface CheckedBarcodeFile {
  /** Each barcode's content as decoded; hashed at once by the caller, never kept or logged. */
  contents: Uint8Array[];
  /** What the buyer downloads: the image re-encoded, or a PDF's pages rendered. */
  stored: ProcessedBarcode;
}

const PDF_TYPE = 'application/pdf';

function refusal(reason: DecodeRefusal, kind: 'image' | 'pdf'): DomainError {
  switch (reason) {
    case 'tooManyPages':
      return new DomainError(422, BARCODE_CHECK_TEXT.tooManyPages);
    case 'tooLargeToDecode':
      return new PayloadTooLarge(BARCODE_CHECK_TEXT.tooLargeToDecode);
    case 'tooSlow':
      return new DomainError(422, BARCODE_CHECK_TEXT.tooSlow);
    case 'unreadable':
      return kind === 'pdf'
        ? new DomainError(422, BARCODE_CHECK_TEXT.unreadablePdf)
        : new UnsupportedMediaType(BARCODE_TEXT.invalidType);
  }
}

/**
 * Checks a barcode upload by its bytes (an image or a PDF e-ticket), reads its barcodes in a worker bounded
 * in time and memory (decision 0085), and makes the picture that is stored. An image with no readable
 * barcode, or one whose reading runs out of time, is still kept (without the mark); a PDF must be read to
 * be stored, as its pages are what the buyer downloads.
 */
export async function checkBarcodeFile(bytes: Buffer, timeoutMs: number): Promise<CheckedBarcodeFile> {
  if (bytes.length > BARCODE_MAX_BYTES) throw new PayloadTooLarge(BARCODE_TEXT.tooLarge);
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (mime === PDF_TYPE) {
    try {
      const decoded = await decodeBarcodes(bytes, 'pdf', timeoutMs);
      if (!decoded.pagesJpeg) throw new BarcodeDecodeRefused('unreadable');
      return { contents: decoded.contents, stored: { bytes: decoded.pagesJpeg, contentType: 'image/jpeg' } };
    } catch (error) {
      if (error instanceof BarcodeDecodeRefused) throw refusal(error.reason, 'pdf');
      throw error;
    }
  }
  if (!mime || !(ACCEPTED_BARCODE_TYPES as readonly string[]).includes(mime))
    throw new UnsupportedMediaType(BARCODE_TEXT.invalidType);
  // The header's size, read here without a thread: a decompression bomb is answered at once.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > DECODE_LIMITS.maxInputPixels) throw refusal('tooLargeToDecode', 'image');
  let contents: Uint8Array[] = [];
  try {
    contents = (await decodeBarcodes(bytes, 'image', timeoutMs)).contents;
  } catch (error) {
    if (!(error instanceof BarcodeDecodeRefused)) throw error;
    if (error.reason !== 'tooSlow') throw refusal(error.reason, 'image');
  }
  return { contents, stored: await processBarcode(bytes) };
}
