import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BARCODE_TEXT } from '../../../common/messages.js';
import { BARCODE_MAX_BYTES } from '../../../common/schemas/barcodes.js';
import { PayloadTooLarge, UnsupportedMediaType } from '../../errors.js';
import { BARCODE_MAX_DIMENSION, BARCODE_MAX_INPUT_PIXELS, processBarcode } from './process-barcode.js';

/** A linear barcode: bars of 1 to 4 pixels, black on white, `width` pixels wide. */
async function barcodePng(width: number, height: number, transparent = false): Promise<Buffer> {
  const channels = 4;
  const pixels = Buffer.alloc(width * height * channels);
  const bars: boolean[] = [];
  for (let x = 0; bars.length < width; x++) {
    const run = (x * 7) % 4 || 1;
    for (let index = 0; index < run && bars.length < width; index++) bars.push(x % 2 === 0);
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * channels;
      const black = bars[x] === true;
      pixels.fill(black ? 0 : 255, offset, offset + 3);
      pixels[offset + 3] = black || !transparent ? 255 : 0;
    }
  return sharp(pixels, { raw: { width, height, channels } }).png().toBuffer();
}

/** Each pixel as black (true) or white (false), the way a scanner thresholds it. */
async function thresholded(bytes: Buffer): Promise<boolean[]> {
  const raw = await sharp(bytes).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer();
  return [...raw].map((value) => value < 128);
}

describe('processBarcode', () => {
  it('keeps every bar of a barcode: same size, same black and white pixels, grey error of a few levels', async () => {
    const original = await barcodePng(600, 120);
    const processed = await processBarcode(original);
    expect(processed.contentType).toBe('image/jpeg');
    expect(await sharp(processed.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 600,
      height: 120,
    });
    expect(await thresholded(processed.bytes)).toEqual(await thresholded(original));
    const before = await sharp(original).flatten().greyscale().raw().toBuffer();
    const after = await sharp(processed.bytes).greyscale().raw().toBuffer();
    let worst = 0;
    for (let index = 0; index < before.length; index++)
      worst = Math.max(worst, Math.abs((before[index] ?? 0) - (after[index] ?? 0)));
    expect(worst).toBeLessThan(16);
  });

  it('keeps a phone-sized photo as it is and scales a larger one down to the longer side’s limit', async () => {
    const phone = await sharp({ create: { width: 3_024, height: 3_200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await sharp((await processBarcode(phone)).bytes).metadata()).toMatchObject({
      width: 3_024,
      height: 3_200,
    });
    const big = await sharp({ create: { width: 6_400, height: 3_000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const processed = await processBarcode(big);
    expect(await sharp(processed.bytes).metadata()).toMatchObject({
      width: BARCODE_MAX_DIMENSION,
      height: 1_500,
    });
  });

  it('refuses an image over the pixel budget before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(BARCODE_MAX_INPUT_PIXELS)) + 1;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await expect(processBarcode(bomb)).rejects.toMatchObject({
      statusCode: 415,
      message: BARCODE_TEXT.invalidType,
    });
  });

  it('puts a transparent barcode on white, not black', async () => {
    const original = await barcodePng(200, 40, true);
    const processed = await processBarcode(original);
    expect(await thresholded(processed.bytes)).toEqual(await thresholded(original));
    const { channels } = await sharp(processed.bytes).stats();
    expect(channels[0]?.mean ?? 0).toBeGreaterThan(80);
  });

  it('drops EXIF, XMP and ICC metadata and applies the orientation', async () => {
    const tagged = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret>gps</secret></x:xmpmeta>')
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const processed = await processBarcode(tagged);
    const metadata = await sharp(processed.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
  });

  it.each(['png', 'jpeg', 'webp', 'gif', 'tiff'] as const)('accepts %s by its bytes', async (format) => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
      .toFormat(format)
      .toBuffer();
    expect((await processBarcode(bytes)).contentType).toBe('image/jpeg');
  });

  it('refuses what is not an image, or only starts like one', async () => {
    await expect(processBarcode(Buffer.from('%PDF-1.7 not an image'))).rejects.toBeInstanceOf(
      UnsupportedMediaType,
    );
    const png = await barcodePng(50, 10);
    await expect(processBarcode(png.subarray(0, 40))).rejects.toBeInstanceOf(UnsupportedMediaType);
    await expect(
      processBarcode(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toBeInstanceOf(UnsupportedMediaType);
  });

  it('refuses more than 10 MB before decoding', async () => {
    await expect(processBarcode(Buffer.alloc(BARCODE_MAX_BYTES + 1))).rejects.toBeInstanceOf(PayloadTooLarge);
  });
});
