import { describe, expect, it } from 'vitest';
import { KEPT_COPY_HEADER, keptCopyOf } from './kept-copy';
import { deleteMemberCaches, isBuiltAsset, isMemberData, MEMBER_CACHE, opensOffline } from './member-data';
import { FakeCacheStorage } from './test-caches';

const ORIGIN = 'https://encore.test';
const at = (path: string) => new URL(path, ORIGIN);

describe('what the service worker keeps for the member (decision 0098)', () => {
  it('keeps who is signed in, My Tickets’ pages and the barcodes a member may download', () => {
    expect(isMemberData(at('/api/session'), ORIGIN)).toBe(true);
    expect(isMemberData(at('/api/my-tickets?tab=bought&limit=20'), ORIGIN)).toBe(true);
    expect(isMemberData(at('/api/tickets/42/barcode/download'), ORIGIN)).toBe(true);
  });

  it('keeps nothing else of the API, nothing of another origin, and no page', () => {
    for (const path of [
      '/api/tickets/42',
      '/api/tickets/42/messages',
      '/api/tickets/barcode/upload',
      '/api/tickets/42/barcode',
      '/api/user',
      '/api/notifications',
      '/api/marketplace',
      '/api/events/12/page',
      '/api/my-tickets/extra',
      '/api/tickets/42/wallet/apple',
      '/my-tickets',
      '/events/12-some-show',
    ]) {
      expect(isMemberData(at(path), ORIGIN), path).toBe(false);
    }
    expect(isMemberData(new URL('https://elsewhere.test/api/session'), ORIGIN)).toBe(false);
  });

  it('keeps the built files, named by their content, of this origin only', () => {
    expect(isBuiltAsset(at('/assets/index-B_elvkb_.js'), ORIGIN)).toBe(true);
    expect(isBuiltAsset(at('/index.html'), ORIGIN)).toBe(false);
    expect(isBuiltAsset(new URL('https://cdn.test/assets/a.js'), ORIGIN)).toBe(false);
  });

  it('opens My Tickets offline, and no other page', () => {
    expect(opensOffline('/my-tickets')).toBe(true);
    expect(opensOffline('/my-tickets/')).toBe(true);
    expect(opensOffline('/My-Tickets')).toBe(true);
    for (const path of ['/', '/profile', '/messages', '/events/12-show', '/my-tickets-old', '/login']) {
      expect(opensOffline(path), path).toBe(false);
    }
  });
});

describe('an answer from the kept copy', () => {
  it('says when the server last brought it up to date', () => {
    const headers = new Headers({ [KEPT_COPY_HEADER]: 'Mon, 30 Nov 2026 05:12:00 GMT' });
    expect(keptCopyOf(headers)).toEqual({ updatedAt: '2026-11-30T05:12:00.000Z' });
  });

  it('is a kept copy of unknown age without a usable date, and no kept copy without the header', () => {
    expect(keptCopyOf(new Headers({ [KEPT_COPY_HEADER]: '' }))).toEqual({ updatedAt: null });
    expect(keptCopyOf(new Headers({ [KEPT_COPY_HEADER]: 'yesterday' }))).toEqual({ updatedAt: null });
    expect(keptCopyOf(new Headers({ date: 'Mon, 30 Nov 2026 05:12:00 GMT' }))).toBeNull();
  });
});

describe('deleting the member’s caches', () => {
  it('deletes every cache of member data and leaves the app’s files', async () => {
    const storage = new FakeCacheStorage();
    storage.seed(MEMBER_CACHE, { '/api/session': '{}' });
    storage.seed('encore-member-v0', { '/api/my-tickets': '{}' });
    storage.seed('encore-assets-v1', { '/assets/a.js': '' });
    storage.seed('workbox-precache-v2-https://encore.test/', { '/index.html': '' });
    await deleteMemberCaches(storage as unknown as CacheStorage);
    expect((await storage.keys()).sort()).toEqual([
      'encore-assets-v1',
      'workbox-precache-v2-https://encore.test/',
    ]);
  });
});
