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
    const text = noticeEvent(routed.notice);
    // The members a notice names hear that it is theirs: their own badges and lists refetch, not only the market's.
    const ownText = noticeEvent({ ...routed.notice, mine: true });
    const members = new Set(routed.members);
    const targets = new Set<LiveStream>();
    if (routed.everybody) for (const stream of this.streams) targets.add(stream);
    for (const memberId of members)
      for (const stream of this.byMember.get(memberId) ?? []) targets.add(stream);
    // Role notices are rare (a support message, an ambassador post): a pass over the streams is enough.
    const roles = routed.role ? ROLES_HEARING[routed.role] : [];
    if (roles.length > 0)
      for (const stream of this.streams) if (roles.includes(stream.role)) targets.add(stream);
    for (const stream of targets) this.send(stream, members.has(stream.memberId) ? ownText : text);
  }

  /** Every stream refetches what it shows: notices may have been missed. */
  resync(): void {
    const text = noticeEvent({ kind: 'resync', id: 0 });
    for (const stream of [...this.streams]) this.send(stream, text);
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
