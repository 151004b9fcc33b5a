import {
  LIVE_END_EVENT,
  LIVE_HEARTBEAT_EVENT,
  LIVE_READY_EVENT,
  type LiveNotice,
} from '../../../common/schemas/live.js';
import type { RoutedNotice } from './notices.js';

/** Where a stream's text goes (the HTTP response); `buffered` is what the socket has not sent yet. */
export interface StreamSink {
  write(text: string): void;
  end(): void;
  destroy(): void;
  readonly buffered: number;
}

export interface LiveStream {
  memberId: number;
  role: string;
  /** The first characters of the session's token hash: a sign-out of that session ends this stream. */
  sessionHint: string;
  /** When the session expires (ms since the epoch): the stream ends then. */
  expiresAt: number;
  sink: StreamSink;
}

export interface LiveHubLimits {
  /** Streams one member may hold on this instance; a tab beyond it polls instead (decision 0066). */
  perMember: number;
  /** Streams this instance holds at most. */
  perInstance: number;
  /** A stream whose client reads slower than this many unsent bytes is ended; the client reconnects. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_LIMITS: LiveHubLimits = {
  perMember: 4,
  perInstance: 10_000,
  maxBufferedBytes: 64 * 1024,
};

/** Who hears a role's notices: admins may read the ambassadors' chat too (decision 0038). */
const ROLES_HEARING: Record<'admin' | 'AMBSD', string[]> = { admin: ['admin'], AMBSD: ['AMBSD', 'admin'] };

export type OpenOutcome = 'opened' | 'member-full' | 'instance-full';

/**
 * Bursts (issue 43 §12): a bulk change (a show with 1,600 listings cancelled) NOTIFYs once per row. Each
 * stream sends the first BURST_NOTICES notices of a BURST_WINDOW_MS window as they come; the rest of the
 * window is gathered and sent together at its end, coalesced: a show with more than SHOW_NOTICES_KEPT
 * listing notices becomes one 'show' notice ("many listings of show X changed"), and more than
 * FLUSH_NOTICES notices after that one 'resync'. So a bulk change costs each tab one refetch, and no healthy
 * stream is cut at the buffer limit.
 */
export const BURST_WINDOW_MS = 1_000;
export const BURST_NOTICES = 8;
export const SHOW_NOTICES_KEPT = 3;
export const FLUSH_NOTICES = 16;
/** Distinct notices a stream gathers at most before it gives up on details and sends a resync. */
const GATHERED_MAX = 512;

/** What one stream has sent in its window, and what it has gathered to send at the window's end. */
interface StreamWindow {
  startedAt: number;
  sent: number;
  /** Notices other than a show's listings', by their text, in the order they came. */
  others: Map<string, LiveNotice>;
  /** A show's listing notices, by show: the first few kept, the rest counted. */
  shows: Map<number, { notices: Map<number, LiveNotice>; count: number; mine: boolean }>;
  gathered: number;
  overflow: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The notices a window gathered, coalesced as BURST_WINDOW_MS's comment says. */
export function coalesced(window: Pick<StreamWindow, 'others' | 'shows' | 'overflow'>): LiveNotice[] {
  const resync: LiveNotice[] = [{ kind: 'resync', id: 0 }];
  if (window.overflow) return resync;
  const showNotice = (eventId: number, mine: boolean): LiveNotice =>
    mine ? { kind: 'show', id: eventId, mine: true } : { kind: 'show', id: eventId };
  const others = [...window.others.values()];
  const kept: LiveNotice[] = [];
  const collapsed: LiveNotice[] = [];
  for (const [eventId, show] of window.shows) {
    if (show.count > SHOW_NOTICES_KEPT) collapsed.push(showNotice(eventId, show.mine));
    else kept.push(...show.notices.values());
  }
  let notices = [...others, ...collapsed, ...kept];
  if (notices.length > FLUSH_NOTICES)
    notices = [...others, ...[...window.shows].map(([eventId, show]) => showNotice(eventId, show.mine))];
  return notices.length > FLUSH_NOTICES ? resync : notices;
}

/** One SSE message carrying `notice`. */
export function noticeEvent(notice: LiveNotice): string {
  return `data: ${JSON.stringify(notice)}\n\n`;
}

/** The event that ends a stream for good: the client closes instead of reconnecting. */
export const END_EVENT = `event: ${LIVE_END_EVENT}\ndata: {}\n\n`;
/**
 * Keeps proxies from closing an idle stream and lets both ends notice a dead one. An event rather than a
 * comment: the browser's EventSource shows only events to the page, which watches for them.
 */
export const HEARTBEAT = `event: ${LIVE_HEARTBEAT_EVENT}\ndata: {}\n\n`;
/**
 * The first event: the page counts the stream as open (and stops polling) only once an event got through,
 * so a proxy that buffers the stream leaves the page polling.
 */
export const READY_EVENT = `event: ${LIVE_READY_EVENT}\ndata: {}\n\n`;

/** This instance's open streams, by member, and where each notice goes. */
export class LiveHub {
  private readonly byMember = new Map<number, Set<LiveStream>>();
  private readonly streams = new Set<LiveStream>();
  private readonly windows = new Map<LiveStream, StreamWindow>();

  constructor(private readonly limits: LiveHubLimits = DEFAULT_LIVE_LIMITS) {}

  get size(): number {
    return this.streams.size;
  }

  open(stream: LiveStream): OpenOutcome {
    if (this.streams.size >= this.limits.perInstance) return 'instance-full';
    const own = this.byMember.get(stream.memberId) ?? new Set<LiveStream>();
    if (own.size >= this.limits.perMember) return 'member-full';
    own.add(stream);
    this.byMember.set(stream.memberId, own);
    this.streams.add(stream);
    return 'opened';
  }

  /** Forgets the stream (its connection closed). */
  remove(stream: LiveStream): void {
    this.dropWindow(stream);
    this.streams.delete(stream);
    const own = this.byMember.get(stream.memberId);
    own?.delete(stream);
    if (own?.size === 0) this.byMember.delete(stream.memberId);
  }

  /** Sends `routed` to the streams allowed to hear it. */
  deliver(routed: RoutedNotice): void {
    if (routed.type === 'session-ended') {
      for (const stream of [...(this.byMember.get(routed.memberId) ?? [])])
        if (stream.sessionHint === routed.sessionHint) this.end(stream);
      return;
    }
    if (routed.type === 'role-changed') {
      // The session goes on, so the browser reconnects (as after any dropped connection) and its new
      // stream hears what the new role hears, and no more (issue 43 item 12).
      for (const stream of [...(this.byMember.get(routed.memberId) ?? [])]) {
        this.remove(stream);
        stream.sink.destroy();
      }
      return;
    }
    const notice = routed.notice;
    const text = noticeEvent(notice);
    // The members a notice names hear that it is theirs: their own badges and lists refetch, not only the market's.
    const own: LiveNotice = { ...notice, mine: true };
    const ownText = noticeEvent(own);
    const members = new Set(routed.members);
    const targets = new Set<LiveStream>();
    if (routed.everybody) for (const stream of this.streams) targets.add(stream);
    for (const memberId of members)
      for (const stream of this.byMember.get(memberId) ?? []) targets.add(stream);
    // Role notices are rare (a support message, an ambassador post): a pass over the streams is enough.
    const roles = routed.role ? ROLES_HEARING[routed.role] : [];
    if (roles.length > 0)
      for (const stream of this.streams) if (roles.includes(stream.role)) targets.add(stream);
    const now = Date.now();
    for (const stream of targets) {
      const mine = members.has(stream.memberId);
      this.offer(stream, mine ? own : notice, mine ? ownText : text, now);
    }
  }

  /** Sends a notice to one stream now, or gathers it for the end of the stream's burst window. */
  private offer(stream: LiveStream, notice: LiveNotice, text: string, now: number): void {
    let window = this.windows.get(stream);
    if (!window || (window.timer === null && now - window.startedAt >= BURST_WINDOW_MS)) {
      window = {
        startedAt: now,
        sent: 0,
        others: new Map(),
        shows: new Map(),
        gathered: 0,
        overflow: false,
        timer: null,
      };
      this.windows.set(stream, window);
    }
    if (window.timer === null && window.sent < BURST_NOTICES) {
      window.sent += 1;
      this.send(stream, text);
      return;
    }
    this.gather(window, notice, text);
    if (window.timer === null) {
      const wait = Math.max(0, window.startedAt + BURST_WINDOW_MS - now);
      window.timer = setTimeout(() => this.flush(stream), wait);
      window.timer.unref?.();
    }
  }

  private gather(window: StreamWindow, notice: LiveNotice, text: string): void {
    if (window.overflow) return;
    if (notice.kind === 'ticket' && notice.eventId !== undefined) {
      const show = window.shows.get(notice.eventId) ?? { notices: new Map(), count: 0, mine: false };
      if (!window.shows.has(notice.eventId)) {
        window.shows.set(notice.eventId, show);
        window.gathered += 1;
      }
      show.count += 1;
      show.mine ||= notice.mine === true;
      const had = show.notices.get(notice.id);
      // The same listing twice is one notice; the member's own version of it wins.
      if (had ? !had.mine : show.notices.size < SHOW_NOTICES_KEPT) show.notices.set(notice.id, notice);
    } else if (!window.others.has(text)) {
      window.others.set(text, notice);
      window.gathered += 1;
    }
    if (window.gathered > GATHERED_MAX) window.overflow = true;
  }

  /** The window's end: what it gathered goes out coalesced, and a new window starts. */
  private flush(stream: LiveStream): void {
    const window = this.windows.get(stream);
    if (!window) return;
    this.windows.delete(stream);
    const notices = coalesced(window);
    for (const notice of notices) this.send(stream, noticeEvent(notice));
  }

  private dropWindow(stream: LiveStream): void {
    const window = this.windows.get(stream);
    if (window?.timer) clearTimeout(window.timer);
    this.windows.delete(stream);
  }

  /** Every stream refetches what it shows: notices may have been missed. */
  resync(): void {
    const text = noticeEvent({ kind: 'resync', id: 0 });
    for (const stream of [...this.streams]) {
      // A resync covers whatever a stream had gathered.
      this.dropWindow(stream);
      this.send(stream, text);
    }
  }

  /** Heartbeats every stream, and ends those whose session has expired. */
  beat(now: number): void {
    for (const stream of [...this.streams]) {
      if (stream.expiresAt <= now) this.end(stream);
      else this.send(stream, HEARTBEAT);
    }
  }

  /** Ends every stream (the instance is shutting down); the clients reconnect to another. */
  closeAll(): void {
    for (const stream of [...this.streams]) {
      this.remove(stream);
      stream.sink.destroy();
    }
  }

  /** Ends a stream for good: the session is over. */
  end(stream: LiveStream): void {
    this.remove(stream);
    stream.sink.write(END_EVENT);
    stream.sink.end();
  }

  private send(stream: LiveStream, text: string): void {
    if (stream.sink.buffered > this.limits.maxBufferedBytes) {
      // A client this far behind is gone or stalled: its connection goes (with what it has not read), and a
      // living one reconnects and refetches.
      this.remove(stream);
      stream.sink.destroy();
      return;
    }
    stream.sink.write(text);
  }
}
