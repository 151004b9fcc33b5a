import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import { Conflict } from '../../errors.js';
import { imageDecoding } from '../../lib/image-decoding.js';
import { BarcodeDecodeRefused, decodeBarcodes } from '../barcodes/decode-barcodes.js';

/** One barcode of a ticket as a wallet shows it: its content and its symbology (ZXing's name). */
export interface TicketBarcode {
  /** The content's bytes as ISO-8859-1 text, one character a byte: what scanners read back. */
  message: string;
  format: string;
}

/**
 * The barcodes on a ticket's stored picture (the image the seller uploaded, or a PDF's pages rendered as
 * one JPEG), read again with the upload's decoder in its bounded worker (decision 0085): Encore keeps only
 * keyed hashes of barcodes, never their content, so a pass is made from the picture the buyer may download.
 * None readable answers Conflict: the buyer can still download the picture.
 */
export async function ticketBarcodes(
  picture: Buffer,
  callerId: number,
  timeoutMs: number,
): Promise<TicketBarcode[]> {
  let decoded: Awaited<ReturnType<typeof decodeBarcodes>>;
  try {
    decoded = await imageDecoding.run(callerId, () => decodeBarcodes(picture, 'image', timeoutMs));
  } catch (error) {
    if (error instanceof BarcodeDecodeRefused) throw new Conflict(WALLET_TEXT.barcodeUnreadable);
    throw error;
  }
  const barcodes = decoded.contents.map((bytes, index) => ({
    message: Buffer.from(bytes).toString('latin1'),
    format: decoded.formats[index] ?? '',
  }));
  if (barcodes.length === 0) throw new Conflict(WALLET_TEXT.barcodeUnreadable);
  return barcodes;
}
