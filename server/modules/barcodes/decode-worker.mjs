// Decodes the barcodes of one upload in a worker thread of its own (decision 0085): the parent ends the
// thread when it runs past its time, and the thread's memory goes with it. Plain JavaScript, so that the
// same file runs under Vitest, tsx and the bundled server (scripts/build-server.mjs copies it beside main.js).
// It answers the parent with { ok: true, contents, formats, pagesJpeg } or { ok: false, reason }, and never logs.
import { parentPort, workerData } from 'node:worker_threads';

/** The symbologies tickets carry (issue 44 item 3). */
const FORMATS = ['QRCode', 'MicroQRCode', 'PDF417', 'Aztec', 'DataMatrix', 'Code128'];

/** @typedef {{ maxInputPixels: number, maxDecodeSide: number, maxPdfPages: number, maxPdfImagePixels: number, pdfDpi: number, maxSymbols: number }} Limits */
/**
 * The file, its kind, the limits, and the decoders' WebAssembly compiled once by the parent (each thread
 * only instantiates them, which is what makes a fresh thread per file cheap).
 * @type {{ bytes: Uint8Array, kind: 'image' | 'pdf', limits: Limits, wasm: { reader: WebAssembly.Module, mupdf: WebAssembly.Module } }}
 */
const { bytes, kind, limits, wasm } = workerData;

/** Emscripten's hook: instantiate the module the parent compiled instead of fetching and compiling one. */
function instantiateWith(module) {
  return (imports, done) => {
    WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
    return {};
  };
}

/** sharp, loaded only when a picture is decoded or made, with no cache and one thread. */
async function loadSharp() {
  const sharp = (await import('sharp')).default;
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
}

class Refusal extends Error {
  /** @param {'unreadable' | 'tooManyPages' | 'tooLargeToDecode'} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** The reader, from the .wasm in node_modules the parent compiled: never code from a CDN. */
async function reader() {
  const zxing = await import('zxing-wasm/reader');
  await zxing.prepareZXingModule({
    overrides: { instantiateWasm: instantiateWith(wasm.reader) },
    fireImmediately: true,
  });
  return zxing;
}

/**
 * Every barcode in RGBA pixels: the content's bytes. A quick pass first (clean renders and most photos read
 * at once), then ZXing's thorough one (rotations, inverted codes, downscaling) only when it found nothing.
 * @param {Awaited<ReturnType<typeof reader>>} zxing
 * @param {{ data: Uint8ClampedArray, width: number, height: number }} image
 */
async function read(zxing, image) {
  const input = { ...image, colorSpace: 'srgb' };
  const options = { formats: FORMATS, maxNumberOfSymbols: limits.maxSymbols };
  let results = await zxing.readBarcodes(input, { ...options, tryHarder: false });
  if (!results.some((result) => result.isValid)) results = await zxing.readBarcodes(input, options);
  return results
    .filter((result) => result.isValid && result.bytes.length > 0)
    .map((result) => ({ bytes: result.bytes, format: result.format }));
}

async function decodeImage() {
  const sharp = await loadSharp();
  let raw;
  try {
    // The header's size is checked before any pixel is decoded; the picture is read in one pass and scaled
    // down, so memory follows the output size, not the input's.
    raw = await sharp(bytes, {
      animated: false,
      limitInputPixels: limits.maxInputPixels,
      sequentialRead: true,
      failOn: 'error',
    })
      .rotate()
      .resize({
        width: limits.maxDecodeSide,
        height: limits.maxDecodeSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new Refusal(/pixel limit/i.test(message) ? 'tooLargeToDecode' : 'unreadable');
  }
  const zxing = await reader();
  const { data, info } = raw;
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const found = await read(zxing, { data: pixels, width: info.width, height: info.height });
  return { contents: found.map((symbol) => symbol.bytes), formats: found.map((symbol) => symbol.format) };
}

/**
 * Refuses a page whose images would decode to more pixels than a photo (a "PDF bomb": a few kilobytes
 * that inflate to gigabytes), looking into form XObjects too, before anything is rendered.
 * @param {import('mupdf').PDFObject} resources
 * @param {Set<number>} seen
 * @param {number} depth
 */
function checkImages(resources, seen, depth) {
  if (depth > 8 || !resources.isDictionary()) return;
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((value) => {
    if (value.isIndirect()) {
      const number = value.asIndirect();
      if (seen.has(number)) return;
      seen.add(number);
    }
    const xobject = value.resolve();
    const subtype = xobject.get('Subtype');
    if (subtype.isName() && subtype.asName() === 'Image') {
      const width = xobject.get('Width').asNumber();
      const height = xobject.get('Height').asNumber();
      if (!(width > 0 && height > 0) || width * height > limits.maxPdfImagePixels)
        throw new Refusal('tooLargeToDecode');
    } else if (subtype.isName() && subtype.asName() === 'Form') {
      checkImages(xobject.get('Resources'), seen, depth + 1);
    }
  });
}

/** Grey pixels as the RGBA the reader takes. */
function greyToRgba(grey, width, height, stride) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = grey[y * stride + x];
      const at = (y * width + x) * 4;
      rgba[at] = value;
      rgba[at + 1] = value;
      rgba[at + 2] = value;
      rgba[at + 3] = 255;
    }
  }
  return rgba;
}

async function decodePdf() {
  globalThis.$libmupdf_wasm_Module = { instantiateWasm: instantiateWith(wasm.mupdf) };
  const mupdf = await import('mupdf');
  let document;
  try {
    document = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw new Refusal('unreadable');
  }
  if (document.needsPassword()) throw new Refusal('unreadable');
  const pageCount = document.countPages();
  if (pageCount < 1) throw new Refusal('unreadable');
  if (pageCount > limits.maxPdfPages) throw new Refusal('tooManyPages');
  const zxing = await reader();
  const pdf = document.asPDF();
  const seen = new Set();
  const found = [];
  const pages = [];
  for (let index = 0; index < pageCount; index++) {
    const page = document.loadPage(index);
    if (pdf) checkImages(pdf.findPage(index).getInheritable('Resources'), seen, 0);
    const [x0, y0, x1, y1] = page.getBounds();
    const longest = Math.max(x1 - x0, y1 - y0);
    if (!(longest > 0)) throw new Refusal('unreadable');
    // A page is rendered at pdfDpi, or smaller when it is larger than a poster.
    const zoom = Math.min(limits.pdfDpi / 72, limits.maxDecodeSide / longest);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceGray, false);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const grey = Buffer.from(pixmap.getPixels());
    const stride = pixmap.getStride();
    pixmap.destroy();
    page.destroy();
    found.push(...(await read(zxing, { data: greyToRgba(grey, width, height, stride), width, height })));
    pages.push({ grey, width, height, stride });
  }
  return {
    contents: found.map((symbol) => symbol.bytes),
    formats: found.map((symbol) => symbol.format),
    pagesJpeg: await stackPages(pages),
  };
}

/** The pages one under the other as the JPEG the buyer downloads (a PDF's tickets in one picture). */
async function stackPages(pages) {
  const sharp = await loadSharp();
  const width = Math.max(...pages.map((page) => page.width));
  const height = pages.reduce((sum, page) => sum + page.height, 0);
  let top = 0;
  const layers = pages.map((page) => {
    const layer = {
      input: page.stride === page.width ? page.grey : tight(page),
      raw: { width: page.width, height: page.height, channels: 1 },
      top,
      left: 0,
    };
    top += page.height;
    return layer;
  });
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

function tight(page) {
  const rows = Buffer.alloc(page.width * page.height);
  for (let y = 0; y < page.height; y++)
    page.grey.copy(rows, y * page.width, y * page.stride, y * page.stride + page.width);
  return rows;
}

try {
  const result = kind === 'pdf' ? await decodePdf() : await decodeImage();
  parentPort?.postMessage({ ok: true, ...result });
} catch (error) {
  parentPort?.postMessage({ ok: false, reason: error instanceof Refusal ? error.reason : 'unreadable' });
}
