import type { Notifications } from '../../../common/schemas/notifications.js';
import type { DbOrTx } from '../../db/client.js';
import { unreadMessageCounts } from '../messages/service.js';
import { countUnseenMatches } from '../price-alerts/service.js';
import { countPendingReviews } from '../reviews/pending-reviews.js';
import { countUnreadSupportAnswers } from '../support/service.js';
import { pendingTransfersOf } from '../tickets/service.js';

/**
 * The navigation badges' counts, polled every 30 s by every signed-in user: four indexed queries (transfers
 * by seller/buyer, pending reviews by reviewer, unread messages by thread marker, support answers by conversation), none of them a scan.
 */
export async function notificationsOf(db: DbOrTx, userId: number): Promise<Notifications> {
  return {
    pendingReviewsCount: await countPendingReviews(db, userId),
    pendingTransfers: await pendingTransfersOf(db, userId),
    unreadMessages: await unreadMessageCounts(db, userId),
    unreadAdminMessagesCount: await countUnreadSupportAnswers(db, userId),
    matchedPriceAlertsCount: await countUnseenMatches(db, userId),
  };
}
