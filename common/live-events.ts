/**
 * The live stream's kinds and event names (decision 0066), without zod: the app's entry reads them on every
 * page, and the notice's schema (`common/schemas/live.ts`) loads only with a signed-in member's stream.
 * - ticket: a listing or sold ticket (id: the ticket; eventId: its catalog event, when it has one)
 * - show: many listings of one show changed at once (id: the catalog event), the server's coalescing of a
 *   burst of ticket notices (issue 43 §12): the show's lists and any open listing are read again
 * - message: a new message in a sale's thread (id: the ticket)
 * - support: a support message or its conversation's state (id: the message)
 * - bid: a bid placed, matched, ended, or its purchase waiting for the cardholder (id: the bid)
 * - alert: a price alert matched, seen or ended (id: the alert)
 * - ambassador: a new topic or post in the ambassadors' chat (id: the topic)
 * - fan-queue: a show's Fan Queue changed (id and eventId: the catalog event): open pages read their place again
 * - read: something was read in another tab, so the badges changed (id: the newest message read)
 * - resync: notices may have been missed (the server's listening connection came back): refetch everything
 */
export const LIVE_NOTICE_KINDS = [
  'ticket',
  'show',
  'message',
  'support',
  'bid',
  'alert',
  'ambassador',
  'fan-queue',
  'read',
  'resync',
] as const;
export type LiveNoticeKind = (typeof LIVE_NOTICE_KINDS)[number];

/** The SSE event that ends a stream for good (the session ended): the client closes instead of reconnecting. */
export const LIVE_END_EVENT = 'end';
/** The stream's first event, and its heartbeat (decision 0066). */
export const LIVE_READY_EVENT = 'ready';
export const LIVE_HEARTBEAT_EVENT = 'heartbeat';
/** How often the server sends a heartbeat; a page that hears nothing for 2.5 times this counts the stream dead. */
export const LIVE_HEARTBEAT_MS = 20_000;
