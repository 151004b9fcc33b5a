import { vi } from 'vitest';

/**
 * An in-memory Cache Storage for tests (jsdom has none): enough of `caches` for what the app does with it.
 * Entries are keyed by URL path; bodies are kept as text.
 */
export class FakeCacheStorage implements Pick<CacheStorage, 'keys' | 'has' | 'delete' | 'open' | 'match'> {
  readonly caches = new Map<string, Map<string, { body: string; init: ResponseInit }>>();

  /** Puts `entries` (path → body) into the cache `name`, as the service worker would have. */
  seed(name: string, entries: Record<string, string>) {
    const cache = this.caches.get(name) ?? new Map();
    for (const [key, body] of Object.entries(entries)) cache.set(key, { body, init: { status: 200 } });
    this.caches.set(name, cache);
  }

  /** The paths kept in `name`, or null when there is no such cache. */
  paths(name: string): string[] | null {
    const cache = this.caches.get(name);
    return cache ? [...cache.keys()].sort() : null;
  }

  async keys() {
    return [...this.caches.keys()];
  }

  async has(name: string) {
    return this.caches.has(name);
  }

  async delete(name: string) {
    return this.caches.delete(name);
  }

  async match(request: RequestInfo | URL, options?: MultiCacheQueryOptions) {
    const names = options?.cacheName ? [options.cacheName] : [...this.caches.keys()];
    for (const name of names) {
      const entry = this.caches.get(name)?.get(keyOf(request));
      if (entry) return new Response(entry.body, entry.init);
    }
    return undefined;
  }

  async open(name: string): Promise<Cache> {
    const cache = this.caches.get(name) ?? new Map();
    this.caches.set(name, cache);
    return {
      put: async (request: RequestInfo | URL, response: Response) => {
        cache.set(keyOf(request), { body: await response.text(), init: { status: response.status } });
      },
      match: async (request: RequestInfo | URL) => {
        const entry = cache.get(keyOf(request));
        return entry ? new Response(entry.body, entry.init) : undefined;
      },
    } as unknown as Cache;
  }
}

function keyOf(request: RequestInfo | URL): string {
  const url = typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  return new URL(url, 'http://localhost').pathname;
}

/** Installs a FakeCacheStorage as the global `caches`; undo with `vi.unstubAllGlobals()`. */
export function fakeCaches(): FakeCacheStorage {
  const storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
  return storage;
}

/** Makes the browser report itself online or offline, and tells the page as the browser would. */
export function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
