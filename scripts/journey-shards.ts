import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Seconds each journey file took in a measured run, by file name (`e2e/journey-seconds.json`). */
export type JourneySeconds = Record<string, number>;

/**
 * The journey files of shard `index` (0-based) of `count`, so that the shards take about as long as each other:
 * the longest files first, each to the shard with the least time so far. Playwright's own `--shard` splits by
 * the number of journeys, and one file that waits out a real 5-minute hold left its shard 6 to 10 minutes behind
 * the other (decision 0104). A file the table does not know counts as the median of those it does.
 */
export function journeyShard(
  files: string[],
  seconds: JourneySeconds,
  count: number,
  index: number,
): string[] {
  const known = files.flatMap((file) => (seconds[file] === undefined ? [] : [seconds[file]]));
  const guess = median(known) ?? 1;
  const timed = files
    .map((file) => ({ file, seconds: seconds[file] ?? guess }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  for (const { file, seconds: taken } of timed) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.seconds += taken;
    lightest.files.push(file);
  }
  return (shards[index]?.files ?? []).sort();
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `E2E_SHARD` as `i/n` (1-based, as Playwright's `--shard` reads it), or undefined when unset. */
export function parseShard(value: string | undefined): { index: number; count: number } | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const shard = match && { index: Number(match[1]) - 1, count: Number(match[2]) };
  if (!shard || shard.count < 1 || shard.index < 0 || shard.index >= shard.count)
    throw new Error(`E2E_SHARD must be i/n with 1 ≤ i ≤ n, not '${value}'`);
  return shard;
}

/** The journey files of `E2E_SHARD` in `dir`, balanced by the measured seconds kept beside them. */
export function journeyFilesOfShard(dir: string, shardValue: string | undefined): string[] | undefined {
  const shard = parseShard(shardValue);
  if (!shard) return undefined;
  const files = readdirSync(dir).filter((file) => file.endsWith('.spec.ts'));
  const seconds = JSON.parse(readFileSync(path.join(dir, 'journey-seconds.json'), 'utf8')) as JourneySeconds;
  return journeyShard(files, seconds, shard.count, shard.index);
}
