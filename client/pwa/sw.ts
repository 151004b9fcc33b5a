/**
 * Encore's service worker (decision 0098), built by vite-plugin-pwa (injectManifest) from Workbox's modules:
 * - precaches the app shell (index.html), the entry's scripts and stylesheet, the font and the icons;
 * - a navigation that the network cannot answer gets the shell, so the app opens offline (online, every
 *   page still comes from the server: prerendered and server-rendered pages are never cached here);
 * - the signed-in member's own answers (who is signed in, My Tickets, the barcodes they may download) are
 *   network first, kept in MEMBER_CACHE for when the network fails or is too slow; nothing else of /api is
 *   kept; the page deletes MEMBER_CACHE at sign-out and when another member signs in;
 * - other built files the app loads (page chunks, named by their content) are kept once loaded;
 * - a request sent as a page goes away (keepalive) is fetched by the worker, so it outlives the page.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isAppPath } from '../../common/app-paths';
import { keptCopyPlugin } from './kept-copy-plugin';
import {
  ASSET_CACHE,
  deleteMemberCaches,
  FORGET_MEMBER_DATA,
  isBuiltAsset,
  isMemberData,
  MEMBER_CACHE,
  NETWORK_TIMEOUT_SECONDS,
} from './member-data';

/** What this worker uses of its global scope (the project's TypeScript has the DOM's types, not a worker's). */
interface WorkerScope {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  location: Location;
  caches: CacheStorage;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
  addEventListener(
    type: 'message',
    listener: (event: {
      data: unknown;
      ports: readonly MessagePort[];
      waitUntil(promise: Promise<unknown>): void;
    }) => void,
  ): void;
}
declare const self: WorkerScope;

const SHELL = '/index.html';

// A new release's worker takes over at once: the shell and scripts it precached belong together, and the
// pages it serves online come from the server anyway.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();

// Only the files listed by the build (vite.config.ts); `/` and other addresses are never answered from here.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppPath(url.pathname),
  new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL })] }),
);

// A request a page sends as it goes away (`keepalive`: the edit lock's and a hold's release) is made by the
// worker itself: left to the browser's own fallback to the network, half of them were lost once the page
// that sent them was gone.
registerRoute(({ request }) => request.keepalive, new NetworkOnly(), 'POST');

/** How often the member's data was forgotten: an answer to a request made before the last time is not kept. */
let generation = 0;
registerRoute(
  ({ url }) => isMemberData(url, self.location.origin),
  new NetworkFirst({
    cacheName: MEMBER_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keptCopyPlugin(() => generation)],
  }),
);

registerRoute(
  ({ url }) => isBuiltAsset(url, self.location.origin),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The page forgets the member's data itself too; this also stops an answer still on its way from being
// kept. The page waits for the reply on the port it sent before it asks for anything again.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type !== FORGET_MEMBER_DATA) return;
  generation += 1;
  event.waitUntil(deleteMemberCaches(self.caches).finally(() => event.ports[0]?.postMessage('forgotten')));
});
