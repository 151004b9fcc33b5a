import {
  LIVE_END_EVENT,
  LIVE_HEARTBEAT_EVENT,
  LIVE_HEARTBEAT_MS,
  LIVE_READY_EVENT,
} from '@common/live-events';
import type { LiveNotice } from '@common/schemas/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Live updates (decision 0066): one EventSource per signed-in tab on GET /api/live. A notice names what
 * changed; the queries that show it are invalidated and read again through the API. While the stream is
 * open, the polling queries stop polling; when it fails or is refused they poll at the spec's intervals.
 */

let streamOpen = false;

/** Whether this tab's live stream is open (notices arrive, so polling is off). */
export function isLiveOpen(): boolean {
  return streamOpen;
}

/** A query's refetchInterval: `interval` while no live stream is open, none while one is. */
export function unlessLive<TQuery>(
  interval: number | false | ((query: TQuery) => number | false | undefined),
): (query: TQuery) => number | false | undefined {
  return (query) => {
    if (streamOpen) return false;
    return typeof interval === 'function' ? interval(query) : interval;
  };
}

/** Polling stops or resumes at once: every observer computes its interval again. */
function setStreamOpen(queryClient: QueryClient, open: boolean): void {
  if (streamOpen === open) return;
  streamOpen = open;
  for (const query of queryClient.getQueryCache().getAll())
    for (const observer of query.observers) observer.setOptions(observer.options);
}

/** The cache keys a notice makes stale. */
export function staleKeysOf(notice: LiveNotice): QueryKey[] {
  const own = notice.mine ? [['notifications']] : [];
  switch (notice.kind) {
    case 'ticket':
      return [
        ['tickets', 'market'],
        ['tickets', 'detail', notice.id],
        notice.eventId === undefined ? ['event-page'] : ['event-page', notice.eventId],
        ...(notice.mine ? [['tickets', 'mine'], ['notifications'], ['bids']] : []),
      ];
    case 'show':
      return [
        ['tickets', 'market'],
        ['tickets', 'detail'],
        ['event-page', notice.id],
        ...(notice.mine ? [['tickets', 'mine'], ['notifications'], ['bids']] : []),
      ];
    case 'message':
      return [['tickets', notice.id, 'messages'], ['notifications']];
    case 'support':
      return [['support'], ['admin', 'messages'], ...own];
    case 'bid':
      return [['bids'], ['tickets', 'mine']];
    case 'alert':
      return [['price-alerts'], ['notifications']];
    case 'ambassador':
      return [['ambassador']];
    case 'fan-queue':
      return [
        ['fan-queue', 'event', notice.id],
        ['fan-queue', 'mine'],
      ];
    case 'read':
      return [['notifications'], ['ambassador', 'topics']];
    case 'resync':
      return [[]];
  }
}

/** The marketplace's lists: every ticket change anywhere names them (decision 0066). */
const MARKET_KEY: QueryKey = ['tickets', 'market'];
/**
 * A change to a ticket no loaded list shows (a new listing, one further down) is read at most this often,
 * the spec's interval for the list: on a busy marketplace each tab reads its list once a minute, not once
 * per change anywhere.
 */
const MARKET_NEWS_MS = 60_000;

function isMarketKey(key: QueryKey): boolean {
  return key.length === MARKET_KEY.length && key.every((part, index) => part === MARKET_KEY[index]);
}

/** Whether a marketplace list's loaded pages show one of these tickets. */
function showsTicket(data: unknown, ticketIds: ReadonlySet<number>): boolean {
  const pages = (data as { pages?: { tickets?: { id: number }[] }[] } | undefined)?.pages ?? [];
  return pages.some((page) => page.tickets?.some((ticket) => ticketIds.has(ticket.id)) ?? false);
}

/**
 * A show's Fan Queue changes with every fan who joins, leaves or is offered tickets: a page reads its line
 * (and the member's place in it) at most this often, the first notice at once (decision 0100).
 */
export const FAN_QUEUE_READ_MS = 1_000;

function isFanQueueKey(key: QueryKey): boolean {
  return key[0] === 'fan-queue';
}

/** Notices that arrive together cost one refetch per query: they are gathered for this long. */
const GATHER_MS = 200;
/** A refused or broken stream is tried again after this long, doubling up to the most. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 300_000;
/** A stream that sends nothing (not even its heartbeat) for this long is counted dead. */
const SILENCE_MS = LIVE_HEARTBEAT_MS * 2.5;

/**
 * The notices' schema, with zod, loads when a stream opens, not with every visitor's first page (decision
 * 0082). A failed load is tried again by the next caller.
 */
let noticeSchema: Promise<typeof import('@common/schemas/live')['liveNoticeSchema']> | undefined;
function loadNoticeSchema() {
  noticeSchema ??= import('@common/schemas/live').then(
    (module) => module.liveNoticeSchema,
    (error: unknown) => {
      noticeSchema = undefined;
      throw error;
    },
  );
  return noticeSchema;
}

/** Opens the stream and keeps it open; `close()` ends it for good. */
export function connectLive(queryClient: QueryClient, url = '/api/live'): { close(): void } {
  let source: EventSource | null = null;
  let closed = false;
  let everOpen = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let gatherTimer: ReturnType<typeof setTimeout> | undefined;
  let marketNewsTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<string, QueryKey>();
  const changedTickets = new Set<number>();
  /** A show's many listings changed (a 'show' notice): every marketplace list is read at once. */
  let showChanged = false;
  /** Fan Queue keys read within the last FAN_QUEUE_READ_MS, and whether a notice for one came since. */
  const fanQueueReads = new Map<string, { timer: ReturnType<typeof setTimeout>; again: boolean }>();

  const readFanQueue = (id: string, queryKey: QueryKey) => {
    const recent = fanQueueReads.get(id);
    if (recent) {
      recent.again = true;
      return;
    }
    void queryClient.invalidateQueries({ queryKey });
    const timer = setTimeout(() => {
      const read = fanQueueReads.get(id);
      fanQueueReads.delete(id);
      if (read?.again) readFanQueue(id, queryKey);
    }, FAN_QUEUE_READ_MS);
    fanQueueReads.set(id, { timer, again: false });
  };

  /** A list showing a changed ticket is read now; the rest wait for the next MARKET_NEWS_MS. */
  const refreshMarket = (ticketIds: ReadonlySet<number>) => {
    void queryClient.invalidateQueries({
      queryKey: MARKET_KEY,
      predicate: (query) => showsTicket(query.state.data, ticketIds),
    });
    marketNewsTimer ??= setTimeout(() => {
      marketNewsTimer = undefined;
      void queryClient.invalidateQueries({ queryKey: MARKET_KEY });
    }, MARKET_NEWS_MS);
  };
  const flush = () => {
    gatherTimer = undefined;
    const keys = [...pending.entries()];
    const ticketIds = new Set(changedTickets);
    const marketNow = showChanged;
    pending.clear();
    changedTickets.clear();
    showChanged = false;
    for (const [id, queryKey] of keys) {
      if (isMarketKey(queryKey) && !marketNow) refreshMarket(ticketIds);
      else if (isFanQueueKey(queryKey)) readFanQueue(id, queryKey);
      else void queryClient.invalidateQueries({ queryKey });
    }
  };
  const invalidate = (keys: QueryKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    gatherTimer ??= setTimeout(flush, GATHER_MS);
  };
  const dropSource = () => {
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
    setStreamOpen(queryClient, false);
  };
  const retryLater = () => {
    dropSource();
    if (closed) return;
    retryTimer = setTimeout(open, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };
  const heard = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(retryLater, SILENCE_MS);
  };
  function open() {
    if (closed) return;
    const next = new EventSource(url, { withCredentials: true });
    source = next;
    next.addEventListener(LIVE_READY_EVENT, () => {
      heard();
      retryMs = RETRY_FIRST_MS;
      setStreamOpen(queryClient, true);
      // Back after a break: what changed meanwhile was not heard.
      if (everOpen) invalidate([[]]);
      everOpen = true;
    });
    next.addEventListener(LIVE_HEARTBEAT_EVENT, heard);
    next.addEventListener('message', (event: MessageEvent<string>) => {
      heard();
      // Notices are read in the order they came: each waits on the same promise.
      loadNoticeSchema().then(
        (schema) => {
          if (closed) return;
          const parsed = schema.safeParse(safeJson(event.data));
          if (!parsed.success) return;
          if (parsed.data.kind === 'ticket') changedTickets.add(parsed.data.id);
          if (parsed.data.kind === 'show') showChanged = true;
          invalidate(staleKeysOf(parsed.data));
        },
        // A notice that cannot be read is a stream that missed it: start again, and read everything anew.
        () => {
          if (source === next) retryLater();
        },
      );
    });
    next.addEventListener(LIVE_END_EVENT, () => {
      // The session ended: the app reads who is signed in again (and shows the visitor's pages).
      closed = true;
      dropSource();
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    });
    next.addEventListener('error', () => {
      // The browser reconnects by itself (CONNECTING); a refused stream (CLOSED) is tried again later.
      setStreamOpen(queryClient, false);
      if (next.readyState === EventSource.CLOSED) retryLater();
    });
  }
  loadNoticeSchema().catch(() => undefined);
  open();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(gatherTimer);
      clearTimeout(marketNewsTimer);
      for (const read of fanQueueReads.values()) clearTimeout(read.timer);
      fanQueueReads.clear();
      dropSource();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Mounted once by the app shell for a signed-in member. */
export function useLiveUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const live = connectLive(queryClient);
    return () => live.close();
  }, [signedIn, queryClient]);
}
