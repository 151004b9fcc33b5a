import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What bench/load-paths.mjs reports: autocannon's rate and latencies (it reports p97.5, not p95). */
export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests that took a path an earlier request of the run took (0: every request was distinct). */
  repeated: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Sent with every request: a session cookie, or the Accept-Encoding a browser sends. */
  headers?: Record<string, string>;
}

/**
 * bench/load-paths.mjs against `base`: autocannon in a child process, so the server keeps this one, and
 * a load generator fast enough not to be what is measured.
 */
export async function loadPaths(base: string, paths: string[], options: LoadOptions): Promise<LoadResult> {
  const script = path.join(import.meta.dirname, 'load-paths.mjs');
  // In a file: a list of thousands of distinct paths is longer than one command-line argument may be.
  const directory = await mkdtemp(path.join(tmpdir(), 'encore-load-'));
  const job = path.join(directory, 'job.json');
  await writeFile(job, JSON.stringify({ base, paths, ...options }));
  try {
    return await new Promise((resolve, reject) => {
      execFile(process.execPath, [script, job], { maxBuffer: 1 << 20 }, (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout) as LoadResult);
      });
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Throws unless every request of the run was answered with a 2xx. */
export function assertAllAnswered(name: string, result: LoadResult): void {
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}
