/** Work an instance runs on a timer and on demand (tests, a retry), never two runs at once. */
export interface PeriodicRun<T> {
  /** One run now, after any run in progress; after stop(), `stoppedResult` without running. */
  runOnce(): Promise<T>;
  /** Cancels the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface PeriodicRunOptions<T> {
  work: () => Promise<T>;
  /** The pause after one run ends before the next starts. */
  intervalMs: number;
  /** A timed run that failed: logged, and the timer goes on. */
  onError: (error: unknown) => void;
  /** What runOnce answers once stopped. */
  stoppedResult: T;
}

/**
 * Starts `work` every `intervalMs` after the previous run ended. Runs are chained, so a run asked for while
 * one is going waits for it; the timer never keeps the process alive.
 */
export function startPeriodicRun<T>(options: PeriodicRunOptions<T>): PeriodicRun<T> {
  const { work, intervalMs, onError, stoppedResult } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  function runOnce(): Promise<T> {
    if (stopped) return Promise.resolve(stoppedResult);
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      runOnce().catch(onError).finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await queue;
    },
  };
}
