import type { WorkboxPlugin } from 'workbox-core/types';
import { KEPT_COPY_HEADER } from './kept-copy';

/**
 * The Workbox plugin on the member's answers (decision 0098):
 * - keeps a network answer only when it is a 200 and its request started after the member's data was last
 *   forgotten (`generation()` counts how often it was), so that an answer still on its way when the member
 *   signed out is not kept for the next one;
 * - marks an answer taken from the kept copy with KEPT_COPY_HEADER (its server `Date`), so the page can say
 *   "Offline — last updated …".
 */
export function keptCopyPlugin(generation: () => number): WorkboxPlugin {
  return {
    requestWillFetch: async ({ request, state }) => {
      if (state) state.generation = generation();
      return request;
    },
    cacheWillUpdate: async ({ response, state }) => {
      if (response.status !== 200 || response.type === 'opaque' || response.redirected) return null;
      return state?.generation === generation() ? response : null;
    },
    cachedResponseWillBeUsed: async ({ cachedResponse }) => {
      if (!cachedResponse) return null;
      const headers = new Headers(cachedResponse.headers);
      headers.set(KEPT_COPY_HEADER, cachedResponse.headers.get('date') ?? '');
      return new Response(cachedResponse.body, {
        status: cachedResponse.status,
        statusText: cachedResponse.statusText,
        headers,
      });
    },
  };
}
