import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Why an upload's barcodes could not be read at all (the file is refused); none found is not one of them. */
export type DecodeRefusal = 'unreadable' | 'tooManyPages' | 'tooLargeToDecode' | 'tooSlow';

export class BarcodeDecodeRefused extends Error {
  constructor(readonly reason: DecodeRefusal) {
    super(`barcode decoding refused: ${reason}`);
  }
}

export interface DecodedUpload {
  /** Each barcode's content, once each, in the order found; never logged or stored as such. */
  contents: Uint8Array[];
  /** Each one's symbology as ZXing names it ('QRCode', 'PDF417', …), in the same order: a wallet pass shows it. */
  formats: string[];
  /** A PDF's pages rendered one under the other, the picture stored for the buyer; null for an image. */
  pagesJpeg: Buffer | null;
}

/**
 * The bounds of one decoding (decision 0085). A 48-megapixel phone photo still fits; a page renders at
 * 200 dpi and at most 2,400 pixels on its longer side (a barcode keeps several pixels a module); an e-ticket
 * PDF has at most ten pages; an image inside a PDF may not be larger than a photo.
 */
export const DECODE_LIMITS = {
  maxInputPixels: 50_000_000,
  maxDecodeSide: 2_400,
  maxPdfPages: 10,
  maxPdfImagePixels: 25_000_000,
  pdfDpi: 150,
  maxSymbols: 20,
} as const;

/** The worker's JavaScript heap; WebAssembly memory is bounded by the pixel limits above. */
const WORKER_HEAP_MB = 64;

const workerUrl = new URL('./decode-worker.mjs', import.meta.url);
const require = createRequire(import.meta.url);

interface CompiledDecoders {
  reader: WebAssembly.Module;
  mupdf: WebAssembly.Module;
}
let compiled: Promise<CompiledDecoders> | null = null;

/**
 * ZXing's reader and MuPDF compiled once per instance, from node_modules (never a CDN), on the first upload:
 * each worker then only instantiates them (MuPDF's 10 MB would otherwise be compiled again for every file).
 */
function compiledDecoders(): Promise<CompiledDecoders> {
  const wasmBeside = (entry: string, name: string) =>
    readFile(path.join(path.dirname(require.resolve(entry)), name)).then((bytes) =>
      WebAssembly.compile(bytes),
    );
  compiled ??= Promise.all([
    wasmBeside('zxing-wasm/reader', '../../reader/zxing_reader.wasm'),
    wasmBeside('mupdf', 'mupdf-wasm.wasm'),
  ]).then(([reader, mupdf]) => ({ reader, mupdf }));
  return compiled;
}

/**
 * Reads every barcode of an image or PDF in a worker thread of its own, ended when it runs past
 * `timeoutMs`, so a hostile file costs one thread's bounded memory for a bounded time.
 */
export async function decodeBarcodes(
  bytes: Buffer,
  kind: 'image' | 'pdf',
  timeoutMs: number,
): Promise<DecodedUpload> {
  const wasm = await compiledDecoders();
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerUrl, {
      workerData: { bytes: copy, kind, limits: DECODE_LIMITS, wasm },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new BarcodeDecodeRefused('tooSlow'))), timeoutMs);
    worker.on('message', (message: WorkerAnswer) =>
      finish(() => {
        if (!message.ok) reject(new BarcodeDecodeRefused(message.reason));
        else
          resolve({
            contents: message.contents,
            formats: message.formats,
            pagesJpeg: message.pagesJpeg ? Buffer.from(message.pagesJpeg) : null,
          });
      }),
    );
    // Out of heap, or a crash in the decoder: the file is refused as unreadable.
    worker.on('error', () => finish(() => reject(new BarcodeDecodeRefused('unreadable'))));
    worker.on('exit', () => finish(() => reject(new BarcodeDecodeRefused('unreadable'))));
  });
}

type WorkerAnswer =
  | { ok: true; contents: Uint8Array[]; formats: string[]; pagesJpeg?: Uint8Array }
  | { ok: false; reason: DecodeRefusal };
