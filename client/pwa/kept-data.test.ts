import { fakeApi, json } from '@client/lib/test-fetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  finishPendingSignOut,
  forgetKeptData,
  hasPendingSignOut,
  keepDataFor,
  markPendingSignOut,
} from './kept-data';
import { FORGET_MEMBER_DATA, MEMBER_CACHE } from './member-data';
import { type FakeCacheStorage, fakeCaches } from './test-caches';

const OWNER = '/__encore/kept-data-owner';
let storage: FakeCacheStorage;

beforeEach(() => {
  window.localStorage.clear();
  storage = fakeCaches();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function ownerOf(): Promise<string | null> {
  const marker = await storage.match(OWNER, { cacheName: MEMBER_CACHE });
  return marker ? marker.text() : null;
}

describe('whose data the device keeps (decision 0098)', () => {
  it('leaves the signed-in member’s own data alone', async () => {
    storage.seed(MEMBER_CACHE, { [OWNER]: '7', '/api/my-tickets': '{"tickets":[1]}' });
    expect(await keepDataFor(7)).toBe(false);
    expect(storage.paths(MEMBER_CACHE)).toEqual([OWNER, '/api/my-tickets']);
  });

  it('deletes another member’s data when a different member signs in, and keeps the new member’s from then on', async () => {
    storage.seed(MEMBER_CACHE, {
      [OWNER]: '7',
      '/api/session': '{"user":{"id":7}}',
      '/api/my-tickets': '{"tickets":[1]}',
      '/api/tickets/1/barcode/download': 'jpeg',
    });
    expect(await keepDataFor(8)).toBe(true);
    expect(storage.paths(MEMBER_CACHE)).toEqual([OWNER]);
    expect(await ownerOf()).toBe('8');
  });

  it('deletes data kept without an owner when a member signs in (kept before the owner was written)', async () => {
    storage.seed(MEMBER_CACHE, { '/api/my-tickets': '{"tickets":[1]}' });
    await keepDataFor(8);
    expect(storage.paths(MEMBER_CACHE)).toEqual([OWNER]);
  });

  it('deletes everything once nobody is signed in (a session that ended elsewhere), and creates no cache for a visitor', async () => {
    storage.seed(MEMBER_CACHE, { [OWNER]: '7', '/api/my-tickets': '{"tickets":[1]}' });
    expect(await keepDataFor(null)).toBe(true);
    expect(await storage.keys()).toEqual([]);
    expect(await keepDataFor(null)).toBe(false);
    expect(await storage.keys()).toEqual([]);
  });

  it('tells the worker controlling the page to forget too, and waits for its reply', async () => {
    const postMessage = vi.fn((_message: unknown, ports: MessagePort[]) => {
      setTimeout(() => ports[0]?.postMessage('forgotten'), 20);
    });
    vi.stubGlobal('navigator', { ...window.navigator, serviceWorker: { controller: { postMessage } } });
    storage.seed(MEMBER_CACHE, { [OWNER]: '7' });
    storage.seed('encore-assets-v1', { '/assets/a.js': '' });
    const started = Date.now();
    await forgetKeptData();
    expect(postMessage).toHaveBeenCalledWith({ type: FORGET_MEMBER_DATA }, [expect.any(MessagePort)]);
    expect(Date.now() - started).toBeLessThan(900);
    expect(await storage.keys()).toEqual(['encore-assets-v1']);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(keepDataFor(7)).resolves.toBe(false);
    await expect(forgetKeptData()).resolves.toBeUndefined();
  });
});

describe('a sign-out made offline', () => {
  it('is finished by POST /api/logout once the server can be reached, naming the member who signed out', async () => {
    markPendingSignOut(7);
    expect(hasPendingSignOut()).toBe(true);
    const calls = fakeApi(() => json(200, { message: 'Logged out' }));
    expect(await finishPendingSignOut()).toBe(true);
    expect(calls).toEqual([{ method: 'POST', url: '/api/logout', body: { memberId: 7 } }]);
    expect(hasPendingSignOut()).toBe(false);
  });

  it('ends the session held, as before, when an earlier release recorded it without a member', async () => {
    window.localStorage.setItem('encore.pending-sign-out', '1');
    const calls = fakeApi(() => json(200, { message: 'Logged out' }));
    expect(await finishPendingSignOut()).toBe(true);
    expect(calls).toEqual([{ method: 'POST', url: '/api/logout', body: null }]);
    expect(hasPendingSignOut()).toBe(false);
  });

  it('stays pending while the network fails or the server fails', async () => {
    markPendingSignOut(7);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await finishPendingSignOut()).toBe(false);
    expect(hasPendingSignOut()).toBe(true);
    fakeApi(() => json(503, { message: 'Service Unavailable' }));
    expect(await finishPendingSignOut()).toBe(false);
    expect(hasPendingSignOut()).toBe(true);
  });

  it('asks nothing of the server when no sign-out is pending', async () => {
    const calls = fakeApi(() => json(200, {}));
    expect(await finishPendingSignOut()).toBe(true);
    expect(calls).toEqual([]);
    markPendingSignOut(7);
    markPendingSignOut(null);
    expect(hasPendingSignOut()).toBe(false);
  });
});
