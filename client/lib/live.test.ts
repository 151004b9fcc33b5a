import { LIVE_END_EVENT, LIVE_READY_EVENT } from '@common/schemas/live';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, isLiveOpen, staleKeysOf, unlessLive } from './live';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(type: string, data = '{}') {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live updates', () => {
  it('stops polling once the stream is ready, and polls again when it fails', () => {
    const queryClient = new QueryClient();
    const interval = unlessLive(30_000);
    const live = connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    expect(interval(undefined)).toBe(30_000);
    source.emit(LIVE_READY_EVENT);
    expect(isLiveOpen()).toBe(true);
    expect(interval(undefined)).toBe(false);
    source.refuse();
    expect(isLiveOpen()).toBe(false);
    expect(interval(undefined)).toBe(30_000);
    live.close();
  });

  it('tries a refused stream again later, with backoff, and refetches everything once it is back', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const live = connectLive(queryClient);
    (FakeEventSource.opened[0] as FakeEventSource).emit(LIVE_READY_EVENT);
    (FakeEventSource.opened[0] as FakeEventSource).refuse();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    (FakeEventSource.opened[1] as FakeEventSource).emit(LIVE_READY_EVENT);
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [] });
    live.close();
  });

  it('gathers notices into one invalidation per query', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const live = connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit(LIVE_READY_EVENT);
    source.emit('message', JSON.stringify({ kind: 'message', id: 4 }));
    source.emit('message', JSON.stringify({ kind: 'message', id: 4 }));
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['tickets', 4, 'messages'],
      ['notifications'],
    ]);
    live.close();
  });

  it('reads a marketplace list at once for a ticket it shows, and for any other change once a minute', async () => {
    const queryClient = new QueryClient();
    const shown = ['tickets', 'market', { search: 'shown' }];
    const other = ['tickets', 'market', { search: 'other' }];
    queryClient.setQueryData(shown, { pages: [{ tickets: [{ id: 7 }] }], pageParams: [null] });
    queryClient.setQueryData(other, { pages: [{ tickets: [{ id: 8 }] }], pageParams: [null] });
    const live = connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit(LIVE_READY_EVENT);
    const isStale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    for (const id of [7, 90, 91]) source.emit('message', JSON.stringify({ kind: 'ticket', id }));
    await vi.advanceTimersByTimeAsync(200);
    expect(isStale(shown)).toBe(true);
    expect(isStale(other)).toBe(false);
    for (const id of [92, 93]) source.emit('message', JSON.stringify({ kind: 'ticket', id }));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(isStale(other)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isStale(other)).toBe(true);
    live.close();
  });

  it("reads every marketplace list, the show's page and an open listing at once for a 'show' notice", async () => {
    const queryClient = new QueryClient();
    const shown = ['tickets', 'market', { search: 'shown' }];
    const other = ['tickets', 'market', { search: 'other' }];
    queryClient.setQueryData(shown, { pages: [{ tickets: [{ id: 7 }] }], pageParams: [null] });
    queryClient.setQueryData(other, { pages: [{ tickets: [{ id: 8 }] }], pageParams: [null] });
    queryClient.setQueryData(['event-page', 77, {}], { event: { id: 77 } });
    queryClient.setQueryData(['event-page', 78, {}], { event: { id: 78 } });
    queryClient.setQueryData(['tickets', 'detail', 9], { id: 9 });
    const live = connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit(LIVE_READY_EVENT);
    const isStale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    source.emit('message', JSON.stringify({ kind: 'show', id: 77 }));
    await vi.advanceTimersByTimeAsync(200);
    for (const key of [shown, other, ['event-page', 77, {}], ['tickets', 'detail', 9]])
      expect(isStale(key), JSON.stringify(key)).toBe(true);
    expect(isStale(['event-page', 78, {}])).toBe(false);
    expect(staleKeysOf({ kind: 'show', id: 77, mine: true })).toContainEqual(['tickets', 'mine']);
    live.close();
  });

  it('ends for good when the session ends, and reads the session again', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit(LIVE_READY_EVENT);
    source.emit(LIVE_END_EVENT);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['user'] });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(isLiveOpen()).toBe(false);
  });

  it('turns an observer’s polling off and on as the stream opens and fails', async () => {
    const queryClient = new QueryClient();
    const queryFn = vi.fn(async () => 1);
    const observer = new QueryObserver(queryClient, {
      queryKey: ['polled'],
      queryFn,
      refetchInterval: unlessLive(1_000),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const live = connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit(LIVE_READY_EVENT);
    const before = queryFn.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(queryFn.mock.calls.length).toBe(before);
    source.refuse();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queryFn.mock.calls.length).toBe(before + 1);
    unsubscribe();
    live.close();
  });

  it('names the queries each notice makes stale', () => {
    expect(staleKeysOf({ kind: 'ticket', id: 3, eventId: 8 })).toEqual([
      ['tickets', 'market'],
      ['tickets', 'detail', 3],
      ['event-page', 8],
    ]);
    expect(staleKeysOf({ kind: 'ticket', id: 3, mine: true })).toContainEqual(['tickets', 'mine']);
    expect(staleKeysOf({ kind: 'support', id: 5, mine: true })).toContainEqual(['support']);
    expect(staleKeysOf({ kind: 'resync', id: 0 })).toEqual([[]]);
  });
});
