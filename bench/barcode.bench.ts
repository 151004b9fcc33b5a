import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { imageDecoding } from '../server/lib/image-decoding.js';
import { BARCODE_MAX_INPUT_PIXELS, processBarcode } from '../server/modules/barcodes/process-barcode.js';
import type { BenchResult } from './run.js';
import { printRows, summarize } from './stats.js';

/**
 * The worst barcode an instance accepts (issue 21, decision 0032): a flat-colour picture just inside the
 * pixel budget (7,071 x 7,071, under 50 megapixels) in each accepted format, through processBarcode as
 * the upload route runs it; then three at once through the instance's decoding limiter. Reports the time
 * and the peak resident memory above the process's own (Linux: VmHWM, reset before each case).
 */

const SIDE = Math.floor(Math.sqrt(BARCODE_MAX_INPUT_PIXELS));
const SAMPLES = 3;

async function resetPeak(): Promise<void> {
  await writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
}

async function peakMiB(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb > 0 ? kb / 1024 : process.memoryUsage().rss / 2 ** 20;
}

async function measure(name: string, work: () => Promise<unknown>): Promise<BenchResult> {
  const timings: number[] = [];
  let worstPeak = 0;
  for (let sample = 0; sample < SAMPLES; sample++) {
    globalThis.gc?.();
    const before = process.memoryUsage().rss / 2 ** 20;
    await resetPeak();
    const started = performance.now();
    await work();
    timings.push(performance.now() - started);
    worstPeak = Math.max(worstPeak, (await peakMiB()) - before);
  }
  return summarize(name, 'none', timings, `peak memory +${Math.round(worstPeak)} MiB`);
}

export async function run(): Promise<BenchResult[]> {
  const flat = sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#ffffff' } });
  const inputs: [string, Buffer][] = [
    ['png', await flat.clone().png({ compressionLevel: 9 }).toBuffer()],
    ['webp', await flat.clone().webp({ lossless: true }).toBuffer()],
    ['tiff', await flat.clone().tiff({ compression: 'deflate' }).toBuffer()],
    ['progressive jpeg', await flat.clone().jpeg({ progressive: true }).toBuffer()],
  ];
  const rows: BenchResult[] = [];
  for (const [format, bytes] of inputs) {
    const row = await measure(`barcode ${SIDE}² ${format} (${Math.round(bytes.length / 1024)} KB)`, () =>
      processBarcode(bytes),
    );
    console.log(`  ${row.name}: p50 ${row.p50Ms.toFixed(0)} ms, ${row.note}`);
    rows.push(row);
  }
  const png = inputs[0]?.[1] ?? Buffer.alloc(0);
  const three = await measure(`barcode ${SIDE}² png, three users at once (limiter)`, () =>
    Promise.all([1, 2, 3].map((userId) => imageDecoding.run(userId, () => processBarcode(png)))),
  );
  console.log(`  ${three.name}: p50 ${three.p50Ms.toFixed(0)} ms, ${three.note}`);
  rows.push(three);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
