/**
 * What the device keeps of a member (decision 0098), from the page's side: whose it is, forgetting it at
 * sign-out and when someone else signs in, and a sign-out made without a connection, which the server
 * learns of once the connection is back. Small and without dependencies: the app's entry imports it.
 */
import { deleteMemberCaches, FORGET_MEMBER_DATA, MEMBER_CACHE } from './member-data';

/** Kept beside the member's answers, in the same cache: deleting the data deletes whose it was. */
const OWNER_KEY = '/__encore/kept-data-owner';
/** Set by a sign-out made offline: the id of the member who signed out, nothing else. */
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

/** What a pending sign-out holds: the member who signed out. */
const MEMBER_PREFIX = 'member:';

function readPendingSignOut(): string | null {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT_KEY);
  } catch {
    return null;
  }
}

/** A sign-out the server has not heard of yet (it was made without a connection). */
export function hasPendingSignOut(): boolean {
  return readPendingSignOut() !== null;
}

/** Remembers that `memberId` signed out offline, to be finished by finishPendingSignOut; null forgets it. */
export function markPendingSignOut(memberId: number | null): void {
  try {
    if (memberId !== null) localStorage.setItem(PENDING_SIGN_OUT_KEY, `${MEMBER_PREFIX}${memberId}`);
    else localStorage.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // No storage: the server's session ends when its cookie expires.
  }
}

/** The member a pending sign-out names; null for one an earlier release recorded without a member. */
function signedOutMember(pending: string): number | null {
  const memberId = pending.startsWith(MEMBER_PREFIX)
    ? Number(pending.slice(MEMBER_PREFIX.length))
    : Number.NaN;
  return Number.isSafeInteger(memberId) && memberId > 0 ? memberId : null;
}

/**
 * Tells the server of a sign-out made offline (POST /api/logout with the session cookie still held), before
 * anything else is asked of it. It names the member who signed out: by then the cookie may be another
 * member's (signed in from another tab), whose session the server leaves alone (decision 0103). True when
 * no sign-out is pending any more; false while the server cannot be reached, during which the app treats
 * the member as signed out.
 */
export async function finishPendingSignOut(): Promise<boolean> {
  const pending = readPendingSignOut();
  if (pending === null) return true;
  const memberId = signedOutMember(pending);
  try {
    const response = await fetch('/api/logout', {
      method: 'POST',
      credentials: 'include',
      headers: memberId === null ? {} : { 'content-type': 'application/json' },
      body: memberId === null ? undefined : JSON.stringify({ memberId }),
    });
    // A server error may have left the session open: the sign-out stays pending.
    if (response.status >= 500) return false;
  } catch {
    return false;
  }
  markPendingSignOut(null);
  return true;
}
