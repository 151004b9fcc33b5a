import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicRun } from './periodic-run.js';

afterEach(() => vi.useRealTimers());

describe('startPeriodicRun', () => {
  it('runs on its timer after each run ends, reports a failure and goes on, and stops', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const periodic = startPeriodicRun({
      work: async () => {
        runs += 1;
        if (runs === 2) throw new Error('second run failed');
        return runs;
      },
      intervalMs: 1_000,
      onError: (error) => errors.push(error),
      stoppedResult: -1,
    });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(1);
    await periodic.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
    expect(await periodic.runOnce()).toBe(-1);
  });

  it('never runs twice at once: a run asked for during one waits for it', async () => {
    let running = 0;
    let most = 0;
    const periodic = startPeriodicRun({
      work: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return running;
      },
      intervalMs: 60_000,
      onError: () => undefined,
      stoppedResult: -1,
    });
    await Promise.all([periodic.runOnce(), periodic.runOnce(), periodic.runOnce()]);
    expect(most).toBe(1);
    await periodic.stop();
  });
});
