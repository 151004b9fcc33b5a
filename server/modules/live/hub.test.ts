import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveNotice } from '../../../common/schemas/live.js';
import {
  BURST_NOTICES,
  BURST_WINDOW_MS,
  END_EVENT,
  HEARTBEAT,
  LiveHub,
  type LiveStream,
  noticeEvent,
} from './hub.js';
import { parseRoutedNotice } from './notices.js';

function stream(
  memberId: number,
  options: Partial<Pick<LiveStream, 'role' | 'sessionHint' | 'expiresAt'>> = {},
) {
  const written: string[] = [];
  const state = { ended: false, destroyed: false, buffered: 0 };
  const live: LiveStream = {
    memberId,
    role: options.role ?? 'user',
    sessionHint: options.sessionHint ?? 'a'.repeat(16),
    expiresAt: options.expiresAt ?? Number.MAX_SAFE_INTEGER,
    sink: {
      write: (text) => written.push(text),
      end: () => {
        state.ended = true;
      },
      destroy: () => {
        state.destroyed = true;
      },
      get buffered() {
        return state.buffered;
      },
    },
  };
  return { live, written, state };
}

const limits = { perMember: 2, perInstance: 3, maxBufferedBytes: 100 };
const roomy = { ...limits, perInstance: 10 };

describe('LiveHub', () => {
  it('sends a member’s notice to that member’s streams only, and a public one to everybody', () => {
    const hub = new LiveHub(limits);
    const mine = stream(1);
    const theirs = stream(2);
    hub.open(mine.live);
    hub.open(theirs.live);
    hub.deliver({
      type: 'notice',
      notice: { kind: 'message', id: 7 },
      members: [1],
      role: null,
      everybody: false,
    });
    hub.deliver({
      type: 'notice',
      notice: { kind: 'ticket', id: 9 },
      members: [],
      role: null,
      everybody: true,
    });
    expect(mine.written).toEqual([
      noticeEvent({ kind: 'message', id: 7, mine: true }),
      noticeEvent({ kind: 'ticket', id: 9 }),
    ]);
    expect(theirs.written).toEqual([noticeEvent({ kind: 'ticket', id: 9 })]);
  });

  it('sends a role’s notice to that role’s streams, and the ambassadors’ to admins too', () => {
    const hub = new LiveHub(roomy);
    const ambassador = stream(1, { role: 'AMBSD' });
    const member = stream(2);
    const admin = stream(3, { role: 'admin' });
    hub.open(ambassador.live);
    hub.open(member.live);
    hub.open(admin.live);
    hub.deliver({
      type: 'notice',
      notice: { kind: 'ambassador', id: 3 },
      members: [],
      role: 'AMBSD',
      everybody: false,
    });
    expect(ambassador.written).toHaveLength(1);
    expect(admin.written).toHaveLength(1);
    expect(member.written).toEqual([]);
  });

  it('refuses streams beyond a member’s and the instance’s limits', () => {
    const hub = new LiveHub(limits);
    expect([stream(1), stream(1), stream(1)].map(({ live }) => hub.open(live))).toEqual([
      'opened',
      'opened',
      'member-full',
    ]);
    expect(hub.open(stream(2).live)).toBe('opened');
    expect(hub.open(stream(3).live)).toBe('instance-full');
  });

  it('ends only the signed-out session’s stream, with the end event', () => {
    const hub = new LiveHub(limits);
    const signedOut = stream(1, { sessionHint: 'b'.repeat(16) });
    const other = stream(1);
    hub.open(signedOut.live);
    hub.open(other.live);
    hub.deliver({ type: 'session-ended', memberId: 1, sessionHint: 'b'.repeat(16) });
    expect(signedOut.written).toEqual([END_EVENT]);
    expect(signedOut.state.ended).toBe(true);
    expect(other.state.ended).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('cuts every stream of a member whose role changed, without the end event, and no one else’s', () => {
    const hub = new LiveHub(roomy);
    const first = stream(1, { role: 'admin' });
    const second = stream(1, { role: 'admin', sessionHint: 'b'.repeat(16) });
    const other = stream(2, { role: 'admin' });
    for (const { live } of [first, second, other]) hub.open(live);
    hub.deliver({ type: 'role-changed', memberId: 1 });
    for (const cut of [first, second]) {
      expect(cut.state.destroyed).toBe(true);
      expect(cut.written).toEqual([]);
    }
    expect(other.state.destroyed).toBe(false);
    expect(hub.size).toBe(1);
  });

  it('heartbeats live streams, ends expired ones and drops a client that stopped reading', () => {
    const hub = new LiveHub(limits);
    const live = stream(1, { expiresAt: 2_000 });
    const expired = stream(2, { expiresAt: 1_000 });
    const stalled = stream(3);
    for (const { live: each } of [live, expired, stalled]) hub.open(each);
    stalled.state.buffered = 101;
    hub.beat(1_000);
    expect(live.written).toEqual([HEARTBEAT]);
    expect(expired.written).toEqual([END_EVENT]);
    expect(stalled.written).toEqual([]);
    expect(stalled.state.destroyed).toBe(true);
    expect(hub.size).toBe(1);
  });
});

describe('LiveHub in a burst of notices (issue 43 §12)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const ticket = (id: number, eventId?: number, members: number[] = []) => ({
    type: 'notice' as const,
    notice:
      eventId === undefined ? { kind: 'ticket' as const, id } : { kind: 'ticket' as const, id, eventId },
    members,
    role: null,
    everybody: true,
  });
  const read = (written: string[]) =>
    written.map((text) => JSON.parse(text.slice('data: '.length)) as LiveNotice);
  /** A stream whose client reads nothing during the burst: everything written stays buffered. */
  function slowReader(memberId: number) {
    const opened = stream(memberId);
    Object.defineProperty(opened.live.sink, 'buffered', {
      get: () => opened.written.reduce((sum, text) => sum + text.length, 0),
    });
    return opened;
  }

  it("sends a show's 1,600 changed listings as a few notices and one 'show', cutting no stream at 64 KiB", () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ perMember: 4, perInstance: 10, maxBufferedBytes: 64 * 1024 });
    const seller = slowReader(1);
    const fan = slowReader(2);
    hub.open(seller.live);
    hub.open(fan.live);
    for (let id = 1; id <= 1_600; id++) hub.deliver(ticket(id, 77, id === 900 ? [1] : []));
    expect(read(fan.written)).toEqual(
      Array.from({ length: BURST_NOTICES }, (_, index) => ({ kind: 'ticket', id: index + 1, eventId: 77 })),
    );
    vi.advanceTimersByTime(BURST_WINDOW_MS);
    expect(read(fan.written).slice(BURST_NOTICES)).toEqual([{ kind: 'show', id: 77 }]);
    // The seller of one of them hears that the show's change is theirs too.
    expect(read(seller.written).slice(BURST_NOTICES)).toEqual([{ kind: 'show', id: 77, mine: true }]);
    for (const { state } of [seller, fan]) expect(state.destroyed).toBe(false);
    expect(hub.size).toBe(2);
    // The window is over: the next notice goes out at once.
    hub.deliver(ticket(2_000, 78));
    expect(read(fan.written).at(-1)).toEqual({ kind: 'ticket', id: 2_000, eventId: 78 });
  });

  it('keeps a few listings of a show as they are, sends one of each other notice, and resyncs a flood', () => {
    vi.useFakeTimers();
    const hub = new LiveHub(roomy);
    const fan = stream(2);
    hub.open(fan.live);
    for (let id = 1; id <= BURST_NOTICES; id++) hub.deliver(ticket(id));
    hub.deliver(ticket(101, 5));
    hub.deliver(ticket(102, 5));
    hub.deliver(ticket(101, 5));
    for (let round = 0; round < 3; round++)
      hub.deliver({
        type: 'notice',
        notice: { kind: 'message', id: 4 },
        members: [2],
        role: null,
        everybody: false,
      });
    vi.advanceTimersByTime(BURST_WINDOW_MS);
    expect(read(fan.written).slice(BURST_NOTICES)).toEqual([
      { kind: 'message', id: 4, mine: true },
      { kind: 'ticket', id: 101, eventId: 5 },
      { kind: 'ticket', id: 102, eventId: 5 },
    ]);

    // More than a few of everything: one resync is all the tab needs.
    const flooded = stream(3);
    hub.open(flooded.live);
    for (let id = 1; id <= 200; id++) hub.deliver(ticket(5_000 + id));
    vi.advanceTimersByTime(BURST_WINDOW_MS);
    expect(read(flooded.written).slice(BURST_NOTICES)).toEqual([{ kind: 'resync', id: 0 }]);
  });

  it('forgets what a stream gathered when it closes, and a resync covers it', () => {
    vi.useFakeTimers();
    const hub = new LiveHub(roomy);
    const closing = stream(2);
    const resynced = stream(3);
    hub.open(closing.live);
    hub.open(resynced.live);
    for (let id = 1; id <= BURST_NOTICES + 5; id++) hub.deliver(ticket(id, 9));
    hub.remove(closing.live);
    hub.resync();
    vi.advanceTimersByTime(BURST_WINDOW_MS);
    expect(closing.written).toHaveLength(BURST_NOTICES);
    expect(read(resynced.written).slice(BURST_NOTICES)).toEqual([{ kind: 'resync', id: 0 }]);
  });
});

describe('parseRoutedNotice', () => {
  it('reads what the triggers send', () => {
    expect(parseRoutedNotice('{"k":"ticket","id":4,"u":[1,2],"p":true,"e":9}')).toEqual({
      type: 'notice',
      notice: { kind: 'ticket', id: 4, eventId: 9 },
      members: [1, 2],
      role: null,
      everybody: true,
    });
    expect(parseRoutedNotice('{"k":"session-ended","id":3,"u":[3],"s":"0123456789abcdef"}')).toEqual({
      type: 'session-ended',
      memberId: 3,
      sessionHint: '0123456789abcdef',
    });
    expect(parseRoutedNotice('{"k":"role-changed","id":5,"u":[5]}')).toEqual({
      type: 'role-changed',
      memberId: 5,
    });
  });

  it('drops anything else', () => {
    expect(parseRoutedNotice('not json')).toBeNull();
    expect(parseRoutedNotice('{"k":"secret","id":1}')).toBeNull();
    expect(parseRoutedNotice('{"k":"session-ended","id":1,"u":[1]}')).toBeNull();
  });
});
