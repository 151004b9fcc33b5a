/**
 * What the device keeps of a member (decision 0098), from the page's side: whose it is, forgetting it at
 * sign-out and when someone else signs in, and a sign-out made without a connection, which the server
 * learns of once the connection is back. Small and without dependencies: the app's entry imports it.
 */
import { deleteMemberCaches, FORGET_MEMBER_DATA, MEMBER_CACHE } from './member-data';

/** Kept beside the member's answers, in the same cache: deleting the data deletes whose it was. */
const OWNER_KEY = '/__encore/kept-data-owner';
/** Set by a sign-out made offline; no personal data. */
const PENDING_SIGN_OUT_KEY = 'encore.pending-sign-out';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** How long the page waits for the worker to say it has forgotten (a worker being replaced may not answer). */
const WORKER_REPLY_MS = 1_000;

/** Tells the worker controlling the page, if any, and waits for its reply. */
function tellWorkerToForget(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    setTimeout(resolve, WORKER_REPLY_MS);
    worker.postMessage({ type: FORGET_MEMBER_DATA }, [channel.port2]);
  });
}

/**
 * Deletes everything the device kept of the member, through the worker as well when one controls the page
 * (which then keeps no answer to a request made before).
 */
export async function forgetKeptData(): Promise<void> {
  const storage = cacheStorage();
  await Promise.all([
    tellWorkerToForget(),
    storage ? deleteMemberCaches(storage).catch(() => undefined) : null,
  ]);
}

async function keptDataOwner(storage: CacheStorage): Promise<string | null> {
  const marker = await storage.match(OWNER_KEY, { cacheName: MEMBER_CACHE }).catch(() => undefined);
  return marker ? marker.text() : null;
}

/**
 * Called with each session the app learns: the member's data kept on this device is `memberId`'s from
 * now on. Another member's (or, for a visitor, anyone's) is deleted first; true when something was, for
 * the caller to read the new member's data again, so that it is kept.
 */
export async function keepDataFor(memberId: number | null): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  const owner = await keptDataOwner(storage);
  if (memberId !== null && owner === String(memberId)) return false;
  if (memberId === null && owner === null && !(await storage.has(MEMBER_CACHE))) return false;
  await forgetKeptData();
  if (memberId === null) return true;
  const cache = await storage.open(MEMBER_CACHE);
  await cache.put(OWNER_KEY, new Response(String(memberId)));
  return true;
}

function readFlag(): boolean {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

function writeFlag(set: boolean) {
  try {
    if (set) localStorage.setItem(PENDING_SIGN_OUT_KEY, '1');
    else localStorage.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // No storage: the server's session ends when its cookie expires.
  }
}

/** A sign-out the server has not heard of yet (it was made without a connection). */
export function hasPendingSignOut(): boolean {
  return readFlag();
}

/** Remembers a sign-out made offline, to be finished by finishPendingSignOut; `false` forgets it. */
export function markPendingSignOut(pending = true): void {
  writeFlag(pending);
}

/**
 * Tells the server of a sign-out made offline (POST /api/logout with the session cookie still held), before
 * anything else is asked of it. True when no sign-out is pending any more; false while the server cannot be
 * reached, during which the app treats the member as signed out.
 */
export async function finishPendingSignOut(): Promise<boolean> {
  if (!readFlag()) return true;
  try {
    const response = await fetch('/api/logout', { method: 'POST', credentials: 'include' });
    // A server error may have left the session open: the sign-out stays pending.
    if (response.status >= 500) return false;
  } catch {
    return false;
  }
  writeFlag(false);
  return true;
}
