import { execFile } from 'node:child_process';
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
  maxMs: number;
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
export function loadPaths(base: string, paths: string[], options: LoadOptions): Promise<LoadResult> {
  const script = path.join(import.meta.dirname, 'load-paths.mjs');
  const args = JSON.stringify({ base, paths, ...options });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, args], { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

/** Throws unless every request of the run was answered with a 2xx. */
export function assertAllAnswered(name: string, result: LoadResult): void {
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}
