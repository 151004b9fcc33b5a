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

/** The whole decoding, worker start included, answers within this time (issue 44: a 4xx within 2 s). */
export const DECODE_TIMEOUT_MS = 1_600;

/** The worker's JavaScript heap; WebAssembly memory is bounded by the pixel limits above. */
const WORKER_HEAP_MB = 64;

const workerUrl = new URL('./decode-worker.mjs', import.meta.url);

/**
 * Reads every barcode of an image or PDF in a worker thread of its own, ended when it runs past
 * `timeoutMs`, so a hostile file costs one thread's bounded memory for a bounded time.
 */
export function decodeBarcodes(
  bytes: Buffer,
  kind: 'image' | 'pdf',
  timeoutMs: number = DECODE_TIMEOUT_MS,
): Promise<DecodedUpload> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerUrl, {
      workerData: { bytes: copy, kind, limits: DECODE_LIMITS },
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
  | { ok: true; contents: Uint8Array[]; pagesJpeg?: Uint8Array }
  | { ok: false; reason: DecodeRefusal };
