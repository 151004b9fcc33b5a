import { LIVE_READY_EVENT } from '@common/schemas/live';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, FAN_QUEUE_READ_MS } from './live';

/** A stand-in for the browser's EventSource that the test drives (as in live.test.ts). */
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

describe("live updates of a show's Fan Queue", () => {
  it('reads the line at once, then at most once a second however many notices come', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const live = connectLive(queryClient);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit(LIVE_READY_EVENT);
    const reads = () =>
      invalidate.mock.calls.filter(
        ([filters]) => JSON.stringify(filters?.queryKey) === '["fan-queue","event",42]',
      ).length;
    const notice = JSON.stringify({ kind: 'fan-queue', id: 42, eventId: 42 });

    source.emit('message', notice);
    await vi.advanceTimersByTimeAsync(200);
    expect(reads()).toBe(1);
    // A burst within the second: one more read, when the second is over.
    for (let step = 0; step < 5; step += 1) {
      source.emit('message', notice);
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(FAN_QUEUE_READ_MS);
    expect(reads()).toBe(2);
    // Quiet since: no read more.
    await vi.advanceTimersByTimeAsync(5 * FAN_QUEUE_READ_MS);
    expect(reads()).toBe(2);
    // Another show's line is read at once: each show has its own second.
    source.emit('message', JSON.stringify({ kind: 'fan-queue', id: 43, eventId: 43 }));
    await vi.advanceTimersByTimeAsync(200);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['fan-queue', 'event', 43] });
    live.close();
  });
});
