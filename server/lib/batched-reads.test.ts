import { describe, expect, it, vi } from 'vitest';
import { batchedReader, MAX_BATCHED_KEYS } from './batched-reads.js';

/** A reader over `table` that records the keys of every statement it is asked to run. */
function recordingReader(table: Map<number, string>) {
  const statements: number[][] = [];
  const read = batchedReader(async (keys: number[]) => {
    statements.push(keys);
    return new Map(keys.flatMap((key) => (table.has(key) ? [[key, table.get(key) as string]] : [])));
  });
  return { read, statements };
}

const table = new Map(Array.from({ length: 250 }, (_, key) => [key, `row ${key}`]));

describe('batchedReader', () => {
  it('answers the reads of one turn with one statement, each caller with its own key', async () => {
    const { read, statements } = recordingReader(table);
    await expect(Promise.all([read(3), read(1), read(2)])).resolves.toEqual(['row 3', 'row 1', 'row 2']);
    expect(statements).toEqual([[3, 1, 2]]);
  });

  it('reads a key asked twice in a turn once and gives both callers the value', async () => {
    const { read, statements } = recordingReader(table);
    await expect(Promise.all([read(7), read(7)])).resolves.toEqual(['row 7', 'row 7']);
    expect(statements).toEqual([[7]]);
  });

  it('answers undefined for a key the statement did not find', async () => {
    const { read } = recordingReader(table);
    await expect(Promise.all([read(1), read(999)])).resolves.toEqual(['row 1', undefined]);
  });

  it(`reads at most ${MAX_BATCHED_KEYS} keys per statement`, async () => {
    const { read, statements } = recordingReader(table);
    const keys = Array.from({ length: 250 }, (_, key) => key);
    await expect(Promise.all(keys.map(read))).resolves.toEqual(keys.map((key) => `row ${key}`));
    expect(statements.map((statement) => statement.length)).toEqual([100, 100, 50]);
  });

  it('keeps nothing between turns: a later read runs its own statement and sees a changed row', async () => {
    const rows = new Map([[1, 'before']]);
    const { read, statements } = recordingReader(rows);
    await expect(read(1)).resolves.toBe('before');
    rows.set(1, 'after');
    await expect(read(1)).resolves.toBe('after');
    expect(statements).toEqual([[1], [1]]);
  });

  it('rejects every caller of a batch whose statement failed, and recovers for the next turn', async () => {
    const readMany = vi
      .fn<(keys: number[]) => Promise<Map<number, string>>>()
      .mockRejectedValueOnce(new Error('canceling statement due to statement timeout'))
      .mockResolvedValueOnce(new Map([[1, 'row 1']]));
    const read = batchedReader(readMany);
    const failed = await Promise.allSettled([read(1), read(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(read(1)).resolves.toBe('row 1');
  });
});
