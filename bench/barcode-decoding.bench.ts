import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { DomainError } from '../server/errors.js';
import { checkBarcodeFile } from '../server/modules/barcodes/check-barcode-file.js';
import {
  barcodePng,
  eTicketPdf,
  manyPagesPdf,
  oversizedPng,
  pdfBomb,
  ticketPhoto,
} from '../server/modules/barcodes/testing/barcode-files.js';
import type { BenchResult } from './run.js';
import { printRows, summarize } from './stats.js';

/**
 * Reading the barcodes of an upload (issue 44 item 3, decision 0085), as the upload route does it
 * (checkBarcodeFile: sniffing, the decoding worker, the stored picture) with the production time limit,
 * on the files the API tests use: a QR code in a photo, a two-ticket PDF e-ticket, a PDF417, a blurred
 * photo, and the bad files. Reports the time and the peak resident memory above the process's own
 * (Linux: VmHWM, reset before each sample; the worker threads are in this process). Goal: 2 s and
 * 150 MiB a file.
 */

const SAMPLES = 5;
const PRODUCTION_TIMEOUT_MS = 1_900;

async function resetPeak(): Promise<void> {
  await writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
}

async function peakMiB(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb > 0 ? kb / 1024 : process.memoryUsage().rss / 2 ** 20;
}

/** What the route would answer: the barcodes read, or the refusal's status. */
async function outcome(bytes: Buffer): Promise<string> {
  try {
    const checked = await checkBarcodeFile(bytes, PRODUCTION_TIMEOUT_MS);
    return `${checked.contents.length} read`;
  } catch (error) {
    if (error instanceof DomainError) return `HTTP ${error.statusCode}`;
    throw error;
  }
}

async function measure(name: string, bytes: Buffer): Promise<BenchResult> {
  const timings: number[] = [];
  const outcomes = new Set<string>();
  let worstPeak = 0;
  for (let sample = 0; sample < SAMPLES; sample++) {
    globalThis.gc?.();
    const before = process.memoryUsage().rss / 2 ** 20;
    await resetPeak();
    const started = performance.now();
    outcomes.add(await outcome(bytes));
    timings.push(performance.now() - started);
    worstPeak = Math.max(worstPeak, (await peakMiB()) - before);
  }
  const label = `barcodes: ${name} (${Math.round(bytes.length / 1024)} KB)`;
  return summarize(
    label,
    'none',
    timings,
    `${[...outcomes].join(', ')}; peak memory +${Math.round(worstPeak)} MiB`,
  );
}

export async function run(): Promise<BenchResult[]> {
  const files: [string, Buffer][] = [
    ['QR code in a 1600x1200 photo', await ticketPhoto(await barcodePng('ENCORE-BENCH-PHOTO-0001'))],
    [
      'two-ticket PDF e-ticket',
      await eTicketPdf([
        await barcodePng('ENCORE-BENCH-PDF-1', 'QRCode', 4),
        await barcodePng('ENCORE-BENCH-PDF-2', 'QRCode', 4),
      ]),
    ],
    [
      'PDF417 in a photo',
      await ticketPhoto(await barcodePng('ENCORE-BENCH-417', 'PDF417', 4), {
        turnDegrees: 0,
        blurSigma: 0.5,
      }),
    ],
    [
      'blurred photo (nothing readable)',
      await ticketPhoto(await barcodePng('ENCORE-BENCH-BLUR', 'QRCode', 3), { blurSigma: 10 }),
    ],
    ['PDF bomb (20,000² image, 400 MB inflated)', await pdfBomb()],
    ['10,000-page PDF', manyPagesPdf(10_000)],
    ['PNG declaring 100,000² pixels', oversizedPng()],
  ];
  // The first upload of an instance compiles the decoders' WebAssembly once; measured on its own.
  const first = performance.now();
  await outcome(files[0]?.[1] ?? Buffer.alloc(0));
  const rows: BenchResult[] = [
    summarize('barcodes: first upload of an instance (compiles the decoders)', 'none', [
      performance.now() - first,
    ]),
  ];
  for (const [name, bytes] of files) {
    const row = await measure(name, bytes);
    console.log(`  ${row.name}: p50 ${row.p50Ms.toFixed(0)} ms, max ${row.maxMs.toFixed(0)} ms, ${row.note}`);
    rows.push(row);
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
