import type { Cdn } from './cdn.js';

export interface FastlyOptions {
  serviceId: string;
  apiToken: string;
  /** https://api.fastly.com; tests point it at a fake endpoint. */
  apiUrl: string;
  /** Tests pass their own; else the global fetch. */
  fetch?: typeof fetch;
}

/** Fastly takes at most this many surrogate keys in one purge request. */
export const FASTLY_MAX_KEYS_PER_PURGE = 256;
const PURGE_TIMEOUT_MS = 10_000;

/**
 * Fastly's purge by surrogate key (https://www.fastly.com/documentation/reference/api/purging/): one
 * `POST /service/{service_id}/purge` with the keys in a `Surrogate-Key` header, authenticated by a
 * `Fastly-Key` token with the purge_select scope. A hard purge: a soft one would only mark the page stale,
 * and stale-while-revalidate would then serve the old page once more.
 */
export class FastlyCdn implements Cdn {
  readonly kind = 'fastly' as const;

  constructor(private readonly options: FastlyOptions) {}

  async purge(keys: string[]): Promise<void> {
    const send = this.options.fetch ?? fetch;
    for (let start = 0; start < keys.length; start += FASTLY_MAX_KEYS_PER_PURGE) {
      const batch = keys.slice(start, start + FASTLY_MAX_KEYS_PER_PURGE);
      const response = await send(
        `${this.options.apiUrl}/service/${encodeURIComponent(this.options.serviceId)}/purge`,
        {
          method: 'POST',
          headers: {
            'fastly-key': this.options.apiToken,
            'surrogate-key': batch.join(' '),
            accept: 'application/json',
          },
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        },
      );
      // The body says which purge ids were made; only the status matters here, and it is read to free the socket.
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`Fastly purge answered ${response.status}`);
    }
  }
}
