import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { type PageData, RenderedPage, RenderedPages } from './rendered-pages.js';

function pages(limits: { maxPages?: number; maxBytes?: number } = {}) {
  const renders: string[] = [];
  const kept = new RenderedPages({
    clock: new ManualClock(),
    versions: async () => '1.1',
    maxPages: limits.maxPages ?? 100,
    maxBytes: limits.maxBytes ?? 1_000_000,
    recheckMs: 60_000,
  });
  /** The page at `location`, of `size` bytes of HTML; counts the renders it takes. */
  const get = (location: string, size: number) =>
    kept.get(location, async (): Promise<PageData> => {
      return {
        eventId: 1,
        json: location,
        build: 'b',
        render: async () => {
          renders.push(location);
          return 'x'.repeat(size);
        },
      };
    });
  return { kept, get, renders };
}

describe('RenderedPages', () => {
  it('keeps a page rendered once while its data stands still', async () => {
    const { get, renders } = pages();
    await get('/events/1-a', 1_000);
    await get('/events/1-a', 1_000);
    expect(renders).toEqual(['/events/1-a']);
  });

  it('lets the least recently used pages go once the kept bytes pass the bound', async () => {
    const { kept, get, renders } = pages({ maxBytes: 2_500 });
    await get('/events/1-a', 1_000);
    await get('/events/2-b', 1_000);
    await get('/events/1-a', 1_000);
    await get('/events/3-c', 1_000);
    expect(kept.size).toBe(2);
    expect(kept.bytes).toBeLessThanOrEqual(2_500);
    // The page asked for last but one stayed; the one not asked for since went and is rendered again.
    await get('/events/1-a', 1_000);
    await get('/events/2-b', 1_000);
    expect(renders).toEqual(['/events/1-a', '/events/2-b', '/events/3-c', '/events/2-b']);
  });

  it('keeps the page asked for even when it alone passes the bound', async () => {
    const { kept, get } = pages({ maxBytes: 500 });
    await get('/events/1-a', 100);
    const page = await get('/events/2-b', 1_000);
    expect('rendered' in page && page.rendered.body.length).toBe(1_000);
    expect(kept.size).toBe(1);
  });

  it('keeps at most maxPages pages', async () => {
    const { kept, get } = pages({ maxPages: 2 });
    for (const location of ['/events/1-a', '/events/2-b', '/events/3-c']) await get(location, 10);
    expect(kept.size).toBe(2);
  });
});

describe('RenderedPage', () => {
  it('counts its compressed copies in what it holds once they are made', async () => {
    const page = new RenderedPage('<p>hello</p>'.repeat(200));
    expect(page.bytes).toBe(2_400);
    const br = await page.copy('br');
    const gzip = await page.copy('gzip');
    expect(page.bytes).toBe(2_400 + br.length + gzip.length);
  });
});
