import type { Clock } from './clock.js';

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

/**
 * Answers that every caller may share for a few seconds (public catalog reads): identical requests
 * arriving together wait for one computation instead of each running it, and the answer is reused
 * until `ttlMs` after it was asked for. At most `maxEntries` keys are kept, the least recently used
 * leaving first, so memory stays bounded whatever the callers send. A failed computation is never
 * kept: the next caller tries again.
 */
export class SharedAnswers<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; clock: Clock }) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.options.clock.now().getTime();
    const cached = this.entries.get(key);
    this.entries.delete(key);
    if (cached && cached.expiresAt > now) {
      this.entries.set(key, cached);
      return cached.value;
    }
    const value = compute();
    const entry = { expiresAt: now + this.options.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
