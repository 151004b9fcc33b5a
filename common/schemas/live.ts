import { z } from 'zod';
import { LIVE_NOTICE_KINDS } from '../live-events.js';

// The kinds and event names live in a module without zod (the app's entry reads them); their importers here
// are unchanged.
export {
  LIVE_END_EVENT,
  LIVE_HEARTBEAT_EVENT,
  LIVE_HEARTBEAT_MS,
  LIVE_NOTICE_KINDS,
  LIVE_READY_EVENT,
  type LiveNoticeKind,
} from '../live-events.js';

/**
 * What the live stream (GET /api/live, decision 0066) says changed: a kind and its id, never the data itself
 * (the kinds are described in `common/live-events.ts`).
 */
export const liveNoticeSchema = z.object({
  kind: z.enum(LIVE_NOTICE_KINDS),
  id: z.number().int(),
  eventId: z.number().int().optional(),
  /** The receiving member is one the change concerns (a party of the sale, the bidder, the writer). */
  mine: z.literal(true).optional(),
});
export type LiveNotice = z.infer<typeof liveNoticeSchema>;
