import { Worker } from 'node:worker_threads';

/**
 * A small closed-loop load in a worker thread, so the server keeps the main thread to itself: `concurrency`
 * loops fetch one URL back to back until `requests` answers or `maxMs`, whichever comes first.
 */
export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  requests: number;
  concurrency: number;
  maxMs: number;
}

export interface LoadResult {
  latencies: number[];
  elapsedMs: number;
  failures: number;
  firstFailure: string | null;
}

// Plain JavaScript, evaluated in the worker: no TypeScript loader needed there.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, requests, concurrency, maxMs } = workerData;
const latencies = [];
let failures = 0;
let firstFailure = null;
let issued = 0;
const started = performance.now();
async function loop() {
  while (issued < requests && performance.now() - started < maxMs) {
    issued += 1;
    const start = performance.now();
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) {
        failures += 1;
        firstFailure ??= 'HTTP ' + response.status;
      }
    } catch (error) {
      failures += 1;
      firstFailure ??= String(error);
    }
    latencies.push(performance.now() - start);
  }
}
Promise.all(Array.from({ length: concurrency }, loop)).then(() =>
  parentPort.postMessage({ latencies, elapsedMs: performance.now() - started, failures, firstFailure }),
);
`;

export function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: job });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
