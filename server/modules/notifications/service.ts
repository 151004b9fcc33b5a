import type { Notifications } from '../../../common/schemas/notifications.js';
import type { DbOrTx } from '../../db/client.js';
import { unreadMessageCounts } from '../messages/service.js';
import { countPendingReviews } from '../reviews/pending-reviews.js';
import { pendingTransfersOf } from '../tickets/service.js';

/**
 * The navigation badges' counts, polled every 30 s by every signed-in user: three indexed queries (transfers
 * by seller/buyer, pending reviews by reviewer, unread messages by thread marker), none of them a scan.
 */
export async function notificationsOf(db: DbOrTx, userId: number): Promise<Notifications> {
  return {
    pendingReviewsCount: await countPendingReviews(db, userId),
    pendingTransfers: await pendingTransfersOf(db, userId),
    unreadMessages: await unreadMessageCounts(db, userId),
    // Support messages arrive with the back-office issue; until then none can be unread.
    unreadAdminMessagesCount: 0,
  };
}
