import { describe, expect, it } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types';
import { KEPT_COPY_HEADER } from './kept-copy';
import { keptCopyPlugin } from './kept-copy-plugin';

const request = new Request('https://encore.test/api/my-tickets?tab=bought');
const event = {} as never;

/** Runs the plugin's callbacks as Workbox does for one request: one `state` object throughout. */
async function keptAfterFetch(plugin: WorkboxPlugin, response: Response) {
  const state: Record<string, unknown> = {};
  await plugin.requestWillFetch?.({ request, event, state });
  return plugin.cacheWillUpdate?.({ request, response, event, state });
}

describe('the Workbox plugin on the member’s answers (decision 0098)', () => {
  it('keeps a 200 answer, and not an error, a redirect or an opaque answer', async () => {
    const plugin = keptCopyPlugin(() => 0);
    const ok = new Response('{}', { status: 200 });
    expect(await keptAfterFetch(plugin, ok)).toBe(ok);
    for (const status of [401, 403, 404, 500]) {
      expect(await keptAfterFetch(plugin, new Response('{}', { status })), String(status)).toBeNull();
    }
    const opaque = { status: 0, type: 'opaque', redirected: false } as Response;
    expect(await keptAfterFetch(plugin, opaque)).toBeNull();
    const redirected = { status: 200, type: 'basic', redirected: true } as Response;
    expect(await keptAfterFetch(plugin, redirected)).toBeNull();
  });

  it('does not keep an answer whose request started before the member’s data was forgotten', async () => {
    let generation = 0;
    const plugin = keptCopyPlugin(() => generation);
    const state: Record<string, unknown> = {};
    await plugin.requestWillFetch?.({ request, event, state });
    // The member signs out while the answer is on its way.
    generation += 1;
    expect(
      await plugin.cacheWillUpdate?.({ request, response: new Response('{}'), event, state }),
    ).toBeNull();
    // The next member's request, started after, is kept.
    expect(await keptAfterFetch(plugin, new Response('{}'))).not.toBeNull();
  });

  it('marks an answer taken from the kept copy with the date the server sent it', async () => {
    const plugin = keptCopyPlugin(() => 0);
    const kept = new Response('{"tickets":[]}', {
      status: 200,
      headers: { date: 'Mon, 30 Nov 2026 05:12:00 GMT', 'content-type': 'application/json' },
    });
    const used = (await plugin.cachedResponseWillBeUsed?.({
      cacheName: 'encore-member-v1',
      request,
      cachedResponse: kept,
      event,
    })) as Response;
    expect(used.headers.get(KEPT_COPY_HEADER)).toBe('Mon, 30 Nov 2026 05:12:00 GMT');
    expect(used.headers.get('content-type')).toBe('application/json');
    expect(used.status).toBe(200);
    expect(await used.json()).toEqual({ tickets: [] });
    const missing = await plugin.cachedResponseWillBeUsed?.({ cacheName: 'c', request, event });
    expect(missing).toBeNull();
  });
});
