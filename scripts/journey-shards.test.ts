import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journeyFilesOfShard, journeyShard, parseShard } from './journey-shards';

describe('journeyShard', () => {
  const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'hold.spec.ts'];
  const seconds = { 'a.spec.ts': 60, 'b.spec.ts': 50, 'c.spec.ts': 40, 'd.spec.ts': 30, 'hold.spec.ts': 300 };

  it('puts a long file alone against many short ones, so both shards take about as long', () => {
    expect(journeyShard(files, seconds, 2, 0)).toEqual(['hold.spec.ts']);
    expect(journeyShard(files, seconds, 2, 1)).toEqual(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts']);
  });

  it('gives every file to exactly one shard', () => {
    const shards = [0, 1, 2].map((index) => journeyShard(files, seconds, 3, index));
    expect(shards.flat().sort()).toEqual(files);
  });

  it('counts a file it has no time for as the median of the known ones', () => {
    const more = [...files, 'new.spec.ts'];
    // Known: 30, 40, 50, 60, 300: the new file counts 50 s and joins the lighter shard (180 s against 300 s).
    expect(journeyShard(more, seconds, 2, 1)).toContain('new.spec.ts');
  });

  it('runs every file in one shard', () => {
    expect(journeyShard(files, seconds, 1, 0)).toEqual(files);
  });
});

describe('parseShard', () => {
  it('reads i/n as Playwright writes it, and nothing when unset', () => {
    expect(parseShard('2/3')).toEqual({ index: 1, count: 3 });
    expect(parseShard(undefined)).toBeUndefined();
    expect(parseShard('')).toBeUndefined();
  });

  it.each(['0/2', '3/2', '1/0', 'two', '1/2/3'])('refuses %s', (value) => {
    expect(() => parseShard(value)).toThrow(`E2E_SHARD must be i/n with 1 ≤ i ≤ n, not '${value}'`);
  });
});

describe('journeyFilesOfShard', () => {
  it("splits the project's own journeys so that every one runs once", () => {
    const dir = path.resolve(import.meta.dirname, '../e2e');
    const shards = ['1/2', '2/2'].map((shard) => journeyFilesOfShard(dir, shard) ?? []);
    const journeys = readdirSync(dir).filter((file) => file.endsWith('.spec.ts'));
    expect(shards.flat().sort()).toEqual(journeys.sort());
    expect(shards.every((shard) => shard.length > 0)).toBe(true);
  });
});
