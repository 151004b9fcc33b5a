/** The most keys one statement reads; more wait for the next statement of the same turn. */
export const MAX_BATCHED_KEYS = 100;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * A read of one key that coalesces with the reads of other keys asked in the same turn of the event loop
 * (the DataLoader pattern, issue 23): under load, dozens of requests ask for a session or a listing in one
 * turn, and `readMany` answers them in one round trip instead of one each. A key asked twice in a turn is
 * read once and both callers get the same value, which they must treat as read-only. An error of
 * `readMany` goes to every caller of its batch. Nothing is kept between turns: every read sees the
 * database as it is.
 */
export function batchedReader<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending = new Map<K, Waiter<V>[]>();
  let scheduled = false;

  function settle(keys: K[], waiters: Map<K, Waiter<V>[]>): void {
    readMany(keys).then(
      (values) => {
        for (const key of keys) for (const waiter of waiters.get(key) ?? []) waiter.resolve(values.get(key));
      },
      (error: unknown) => {
        for (const key of keys) for (const waiter of waiters.get(key) ?? []) waiter.reject(error);
      },
    );
  }

  function flush(): void {
    scheduled = false;
    const waiters = pending;
    pending = new Map();
    const keys = [...waiters.keys()];
    for (let start = 0; start < keys.length; start += MAX_BATCHED_KEYS)
      settle(keys.slice(start, start + MAX_BATCHED_KEYS), waiters);
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        // After the I/O of this turn: every request whose bytes arrived with this one has asked by then.
        setImmediate(flush);
      }
    });
}
