/**
 * Real-looking barcode files made in the tests and the bench (decision 0085): codes drawn by ZXing's writer,
 * set on a ticket in a noisy photo, or on the pages of a PDF written by hand; and hostile files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { prepareZXingModule, type WriterOptions, writeBarcode } from 'zxing-wasm/writer';

const require = createRequire(import.meta.url);
let writerReady: Promise<unknown> | null = null;

function writer(): Promise<unknown> {
  writerReady ??= prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(
        path.join(path.dirname(require.resolve('zxing-wasm/writer')), '../../writer/zxing_writer.wasm'),
      ),
    },
    fireImmediately: true,
  });
  return writerReady;
}

/** A barcode as a black-on-white PNG, `scale` pixels a module, with its quiet zone. */
export async function barcodePng(
  content: string,
  format: WriterOptions['format'] = 'QRCode',
  scale = 6,
): Promise<Buffer> {
  await writer();
  const written = await writeBarcode(content, { format, scale });
  if (!written.image) throw new Error(`could not write a ${format}: ${written.error}`);
  return Buffer.from(await written.image.arrayBuffer());
}

/**
 * A phone photo of a paper ticket: a grey-brown noisy table, a slightly turned off-white ticket with the
 * barcode, a little blur, saved as PNG. `blurSigma` large enough makes the code unreadable.
 */
export async function ticketPhoto(
  code: Buffer,
  options: { blurSigma?: number; turnDegrees?: number; width?: number; height?: number } = {},
): Promise<Buffer> {
  const { blurSigma = 0.8, turnDegrees = 4, width = 1600, height = 1200 } = options;
  const table = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#8a7b6a',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const codeSize = await sharp(code).metadata();
  const ticket = await sharp({
    create: {
      width: (codeSize.width ?? 300) + 260,
      height: (codeSize.height ?? 300) + 160,
      channels: 3,
      background: '#f4f1ea',
    },
  })
    .composite([{ input: code, left: 130, top: 80 }])
    .png()
    .toBuffer();
  const turned = await sharp(ticket).rotate(turnDegrees, { background: '#8a7b6a' }).png().toBuffer();
  const photo = await sharp(table)
    .composite([{ input: turned, left: 300, top: 200 }])
    .png()
    .toBuffer();
  // sharp composites after every other operation, so the blur is a second pass over the whole photo.
  return sharp(photo).blur(blurSigma).png().toBuffer();
}

/** A PDF assembled from numbered objects, with its cross-reference table. */
function assemblePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    offset += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

/**
 * An e-ticket PDF: one US-letter page per code, with the show's name in Helvetica and the code as a grey
 * image, as ticket sellers' e-tickets are laid out.
 */
export async function eTicketPdf(codes: Buffer[], showName = 'Encore Live at the Arena'): Promise<Buffer> {
  const pageIds: number[] = [];
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', ''];
  objects[2] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (const [index, code] of codes.entries()) {
    const { data, info } = await sharp(code).greyscale().raw().toBuffer({ resolveWithObject: true });
    const image = stream(
      `/Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      deflateSync(data),
    );
    objects.push(image);
    const imageId = objects.length;
    const side = 180;
    const content = [
      `BT /F1 22 Tf 72 700 Td (${showName}) Tj ET`,
      `BT /F1 12 Tf 72 676 Td (Ticket ${index + 1} of ${codes.length} - Section 101, Row F) Tj ET`,
      `q ${side} 0 0 ${side} 72 440 cm /Code Do Q`,
      'BT /F1 9 Tf 72 420 Td (Present this code at the door. Do not share it.) Tj ET',
    ].join('\n');
    objects.push(stream('', Buffer.from(content, 'latin1')));
    const contentId = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << /Code ${imageId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    pageIds.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  return assemblePdf(objects);
}

/** A PDF of `pages` blank pages sharing one content stream (a few hundred kilobytes for 10,000 pages). */
export function manyPagesPdf(pages: number): Buffer {
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    stream('', Buffer.from('q Q')),
  ];
  const kids: string[] = [];
  for (let page = 0; page < pages; page++) {
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>');
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return assemblePdf(objects);
}

/** Deflates `length` zero bytes without holding them: a 1 MiB block written again and again. */
async function deflatedZeros(length: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024);
  for (let left = length; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A PDF bomb: one page drawing a 20,000 by 20,000 grey image whose few hundred kilobytes inflate to 400 MB.
 */
export async function pdfBomb(side = 20_000): Promise<Buffer> {
  const image = stream(
    `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    await deflatedZeros(side * side),
  );
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Bomb 4 0 R >> >> /Contents 5 0 R >>',
    image,
    stream('', Buffer.from('q 612 0 0 792 0 0 cm /Bomb Do Q')),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says 100,000 by 100,000 pixels (10 gigapixels) in a few hundred bytes: decoding it
 * would take 30 GB.
 */
export function oversizedPng(side = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(side * 3 + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
