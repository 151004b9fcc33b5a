import { z } from 'zod';

/** GET /api/notifications (spec 000 §3 Notifications response). */
export const notificationsSchema = z.object({
  pendingReviewsCount: z.number().int().min(0),
  /** Ids of tickets whose transfer waits on the caller (as seller or buyer). */
  pendingTransfers: z.array(z.object({ ticketId: z.number().int(), role: z.enum(['seller', 'buyer']) })),
  unreadMessages: z.array(z.object({ ticketId: z.number().int(), count: z.number().int().min(1) })),
  unreadAdminMessagesCount: z.number().int().min(0),
  /** Price alerts that matched a listing and the member has not seen on My Bids yet (decision 0060). */
  matchedPriceAlertsCount: z.number().int().min(0),
});
export type Notifications = z.infer<typeof notificationsSchema>;
