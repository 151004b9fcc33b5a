/**
 * What the service worker keeps on the device, shared by the worker (client/pwa/sw.ts) and the page that
 * clears it (decision 0098). No imports: both builds read it.
 */

/** Every cache holding a member's own answers starts with this; sign-out deletes them all. */
export const MEMBER_CACHE_PREFIX = 'encore-member';
/** The cache the worker writes the signed-in member's answers to. */
export const MEMBER_CACHE = `${MEMBER_CACHE_PREFIX}-v1`;
/** The app's built files (named by their content) that pages loaded beyond the precache. */
export const ASSET_CACHE = 'encore-assets-v1';

/**
 * How long the worker waits for the network before it answers a member's request from the kept copy: an
 * overloaded mast at a venue often answers nothing rather than an error. The network's answer still
 * replaces the kept copy when it comes.
 */
export const NETWORK_TIMEOUT_SECONDS = 8;

/**
 * The answers kept for the member, and nothing else of /api: who is signed in (so that the app knows whose
 * tickets it shows), My Tickets' pages (with each ticket's show details), and the barcodes the server lets
 * the member download. GET only; the worker keeps only 200 answers.
 */
const MEMBER_DATA_PATHS: readonly RegExp[] = [
  /^\/api\/session$/,
  /^\/api\/my-tickets$/,
  /^\/api\/tickets\/\d{1,12}\/barcode\/download$/,
];

/** Whether the worker keeps the answer to a GET of `url` (same origin only) for the signed-in member. */
export function isMemberData(url: URL, origin: string): boolean {
  return url.origin === origin && MEMBER_DATA_PATHS.some((pattern) => pattern.test(url.pathname));
}

/** Whether `url` is one of the app's built files, which are named by their content (`/assets/…`). */
export function isBuiltAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}

/** The pages that open from what the device kept; every other page says it needs the network. */
export function opensOffline(pathname: string): boolean {
  return /^\/my-tickets\/?$/i.test(pathname);
}

/** The page's word to the worker: the member's data is being forgotten (sign-out, another member). */
export const FORGET_MEMBER_DATA = 'encore:forget-member-data';

/** Deletes every cache of member data in `storage` (the page's or the worker's Cache Storage). */
export async function deleteMemberCaches(storage: CacheStorage): Promise<void> {
  const names = await storage.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX)).map((name) => storage.delete(name)),
  );
}
