import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPage } from '../../../common/schemas/event-page.js';
import { events, jobs, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser } from '../auth/testing.js';
import { upsertCatalog } from '../events/import.js';
import { insertListing, isoDay } from '../marketplace/testing.js';
import { CDN_PURGE_JOB } from './cdn-purges.js';
import {
  EVENT_HTML_COUNTERS_MS,
  EVENT_HTML_RECHECK_MS,
  MEMBER_CACHE_CONTROL,
  VISITOR_CACHE_CONTROL,
} from './html.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../../dist/client');

interface PurgeCall {
  method: string;
  url: string;
  key: string | undefined;
  token: string | undefined;
}

/** A stand-in for Fastly's API: records each purge and answers with `status` (503 while `failing`). */
async function fakeFastly() {
  const calls: PurgeCall[] = [];
  const state = { failing: false };
  const server: Server = createServer((request, response) => {
    calls.push({
      method: request.method ?? '',
      url: request.url ?? '',
      key: request.headers['surrogate-key'] as string | undefined,
      token: request.headers['fastly-key'] as string | undefined,
    });
    response.writeHead(state.failing ? 503 : 200, { 'content-type': 'application/json' });
    response.end(state.failing ? '{"msg":"unavailable"}' : '{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, state, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(backends)('HTTP caching of the event page on %s (decision 0090)', (backend) => {
  let harness: TestApp;
  let fastly: Awaited<ReturnType<typeof fakeFastly>>;
  const clock = new ManualClock();
  let eventId: number;
  let sellerId: number;
  let path_: string;
  const show = { eventName: 'Crowd Show', eventDate: isoDay(30) };

  /**
   * The page as a visitor's browser gets it, read in full at once: a body left unread keeps its connection
   * busy, and closing the app at the end would wait for it (the full run once timed out there).
   */
  const visit = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${harness.baseUrl}${path_}`, {
      headers: { 'accept-encoding': 'identity', ...headers },
      redirect: 'manual',
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, text: async () => body };
  };

  beforeAll(async () => {
    if (!existsSync(path.join(CLIENT_DIR, 'index.html')))
      throw new Error('Build the client first: npm install');
    fastly = await fakeFastly();
    harness = await startTestApp(
      backend,
      {
        CLIENT_DIST_DIR: CLIENT_DIR,
        FASTLY_SERVICE_ID: 'svcCrowd1',
        FASTLY_API_TOKEN: 'fake-purge-token',
        FASTLY_API_URL: fastly.url,
      },
      { clock },
    );
    const { db } = harness.database;
    await upsertCatalog(db, [
      {
        externalId: 'http-caching-show',
        name: show.eventName,
        date: show.eventDate,
        daysCount: 1,
        venue: {
          externalId: 'hc-venue',
          name: 'Pier Hall',
          city: 'Seattle',
          timeZone: 'America/Los_Angeles',
        },
        artists: [],
      },
    ]);
    const [event] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.externalId, 'http-caching-show'));
    eventId = event?.id ?? 0;
    sellerId = (await createTestUser(db, { username: 'crowd-seller' })).id;
    await insertListing(db, sellerId, { ...show, eventId, faceValueCents: 5_000, markup: 0 });
    const api = (await harness.client().get<EventPage>(`/api/events/${eventId}`)).body;
    path_ = api.event.path;
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await fastly?.close();
  });

  it('gives a visitor a strong ETag, a short shared lifetime and the show’s surrogate keys, and 304 when it has the page', async () => {
    const first = await visit();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=300',
    );
    expect(first.headers.get('cache-control')).toBe(VISITOR_CACHE_CONTROL);
    expect(first.headers.get('surrogate-key')).toBe(`event-${eventId} event-pages`);
    expect(first.headers.get('cache-tag')).toBe(`event-${eventId},event-pages`);
    expect(first.headers.get('vary')).toBe('accept-encoding, cookie');
    const html = await first.text();
    expect(html).toContain('<title>Crowd Show tickets · Pier Hall, Seattle · Encore</title>');

    const again = await visit({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(VISITOR_CACHE_CONTROL);
    expect(again.headers.get('vary')).toBe('accept-encoding, cookie');
    // A validator of another page is not this one.
    expect((await visit({ 'if-none-match': '"not-this-page"' })).status).toBe(200);

    // The br copy has a validator of its own, and the same page in it.
    const br = await visit({ 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(`${etag.slice(0, -1)}-br"`);
    // fetch undoes the coding it was sent in.
    expect(await br.text()).toBe(html);
    expect(
      (await visit({ 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') ?? '' })).status,
    ).toBe(304);
  });

  it("puts the price story's sentence in the server's HTML, and the story in the app's data", async () => {
    const story = await harness.client().get<{ sentence: string }>(`/api/events/${eventId}/price-story`);
    expect(story.status).toBe(200);
    const html = await (await visit()).text();
    expect(html).toContain(`<p>${story.body.sentence}</p>`);
    expect(html).toContain(`[["price-story",${eventId}],`);
  });

  it('keeps a member’s page private and fresh: no shared lifetime, no ETag, no surrogate key', async () => {
    const response = await visit({ cookie: 'encore_session=anything' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(MEMBER_CACHE_CONTROL);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('surrogate-key')).toBeNull();
    expect(response.headers.get('cache-tag')).toBeNull();
    expect(response.headers.get('vary')).toBe('accept-encoding, cookie');
    expect(await response.text()).not.toContain('data-testid="event-listing"');
  });

  it('shows a new listing, a price change and a sale a tenth of a second later, not a statement per visit sooner', async () => {
    const { db } = harness.database;
    const listed = async () =>
      [...(await (await visit()).text()).matchAll(/data-testid="event-listing"/g)].length;
    const priceOf = async (listingId: number) =>
      (await harness.client().get<EventPage>(`/api/events/${eventId}`)).body.listings.find(
        (listing) => listing.id === listingId,
      )?.pricePerTicket ?? Number.NaN;
    const before = await listed();
    // Less than the recheck's half second passes each time: the change counters alone make the page read
    // again, once they are read (at most every EVENT_HTML_COUNTERS_MS).
    const added = await insertListing(db, sellerId, { ...show, eventId, faceValueCents: 7_000, markup: 0 });
    expect(await listed()).toBe(before);
    clock.advance(EVENT_HTML_COUNTERS_MS);
    expect(await listed()).toBe(before + 1);
    const oldPrice = `$${(await priceOf(added.id)).toFixed(2)}`;
    expect(await (await visit()).text()).toContain(oldPrice);
    await db.update(tickets).set({ listingPriceCents: 6_543 }).where(eq(tickets.id, added.id));
    const newPrice = `$${(await priceOf(added.id)).toFixed(2)}`;
    expect(newPrice).not.toBe(oldPrice);
    clock.advance(EVENT_HTML_COUNTERS_MS);
    const repriced = await (await visit()).text();
    expect(repriced).toContain(newPrice);
    expect(repriced).not.toContain(oldPrice);
    await db.update(tickets).set({ sold: true, status: 'sold' }).where(eq(tickets.id, added.id));
    clock.advance(EVENT_HTML_COUNTERS_MS);
    expect(await listed()).toBe(before);
  });

  it('reads the data again after half a second even when no counter moved', async () => {
    const first = await visit();
    const etag = first.headers.get('etag');
    // A change no counter follows: the show's name, written past the catalog's search documents' trigger.
    const { db } = harness.database;
    await db.execute(sql`alter table events disable trigger event_search_events_update`);
    try {
      await db.update(events).set({ name: 'Crowd Show Renamed' }).where(eq(events.id, eventId));
      const kept = await visit();
      expect(kept.status).toBe(200);
      expect(kept.headers.get('etag')).toBe(etag);
      clock.advance(EVENT_HTML_RECHECK_MS);
      // The page is read again: its address now has another slug.
      const renamed = await visit();
      expect(renamed.status).toBe(301);
      expect(renamed.headers.get('location')).toBe(`/events/${eventId}-crowd-show-renamed`);
    } finally {
      await db.update(events).set({ name: show.eventName }).where(eq(events.id, eventId));
      await db.execute(sql`alter table events enable trigger event_search_events_update`);
    }
  });

  it('purges the show from the CDN when it changes, and retries a purge the CDN refused', async () => {
    const { db } = harness.database;
    // Each instance also looks every second on its own; a look asked for waits for one under way.
    await harness.app.cdnPurges.look();
    fastly.calls.length = 0;
    await insertListing(db, sellerId, { ...show, eventId, faceValueCents: 9_000, markup: 0 });
    await harness.app.cdnPurges.look();
    expect(fastly.calls).toContainEqual({
      method: 'POST',
      url: '/service/svcCrowd1/purge',
      key: `event-${eventId}`,
      token: 'fake-purge-token',
    });

    // Refused: the job stays, with its error, and runs again after its backoff.
    fastly.state.failing = true;
    fastly.calls.length = 0;
    await db.update(tickets).set({ markup: 5 }).where(eq(tickets.eventId, eventId));
    await harness.app.cdnPurges.look();
    expect(fastly.calls.map((call) => call.key)).toEqual([`event-${eventId}`]);
    const waiting = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, CDN_PURGE_JOB), eq(jobs.key, `event-${eventId}`)))
      )[0];
    expect(await waiting()).toMatchObject({ attempts: 1, lastError: 'Error: Fastly purge answered 503' });
    expect((await waiting())?.doneAt).toBeNull();
    fastly.state.failing = false;
    clock.advance(61_000);
    await harness.app.cdnPurges.runner.runOnce();
    expect(fastly.calls.map((call) => call.key)).toEqual([`event-${eventId}`, `event-${eventId}`]);
    expect((await waiting())?.doneAt).not.toBeNull();
  });
});
