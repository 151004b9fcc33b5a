import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../common/constants.js';
import { PayloadTooLarge, UnsupportedMediaType } from '../../errors.js';
import { processImage } from './process-image.js';

const blank = (width = 16, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } });

describe('processImage', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/png', 'png'],
  ] as const)('re-encodes %s as %s', async (format, contentType, outputFormat) => {
    const processed = await processImage(await blank().toFormat(format).toBuffer());
    expect(processed.contentType).toBe(contentType);
    expect((await sharp(processed.bytes).metadata()).format).toBe(outputFormat);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const processed = await processImage(animated);
    const metadata = await sharp(processed.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 10, height: 10 });
    expect(metadata.pages ?? 1).toBe(1);
    const [red, green, blue] = (await sharp(processed.bytes).stats()).channels.map((channel) => channel.mean);
    expect([red, green, blue]).toEqual([255, 0, 0]);
  });

  it('drops EXIF, XMP and ICC metadata and applies the orientation', async () => {
    const tagged = await blank(40, 20)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret>gps</secret></x:xmpmeta>')
      .withIccProfile('p3')
      .withMetadata({ orientation: 8 })
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif && before.xmp && before.icc).toBeTruthy();
    const metadata = await sharp((await processImage(tagged)).bytes).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses bytes that are not one of the four image types', async () => {
    await expect(
      processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).rejects.toBeInstanceOf(UnsupportedMediaType);
    await expect(processImage(Buffer.from('%PDF-1.7\n'))).rejects.toBeInstanceOf(UnsupportedMediaType);
    await expect(processImage(await blank().tiff().toBuffer())).rejects.toBeInstanceOf(UnsupportedMediaType);
  });

  it('refuses a truncated image and anything over 5MB', async () => {
    const png = await blank().png().toBuffer();
    await expect(processImage(png.subarray(0, 60))).rejects.toBeInstanceOf(UnsupportedMediaType);
    await expect(processImage(Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]))).rejects.toBeInstanceOf(
      PayloadTooLarge,
    );
  });

  it('scales pictures larger than 4000 pixels down', async () => {
    const processed = await processImage(await blank(5000, 100).png().toBuffer());
    expect(await sharp(processed.bytes).metadata()).toMatchObject({ width: 4000, height: 80 });
  });
});
