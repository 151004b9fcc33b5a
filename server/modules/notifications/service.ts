import type { Notifications } from '../../../common/schemas/notifications.js';
import type { DbOrTx } from '../../db/client.js';
import { pendingTransfersOf } from '../tickets/service.js';

export async function notificationsOf(db: DbOrTx, userId: number): Promise<Notifications> {
  return {
    // Reviews and support messages do not exist yet, so nothing of theirs can be pending.
    pendingReviewsCount: 0,
    pendingTransfers: await pendingTransfersOf(db, userId),
    unreadMessages: [],
    unreadAdminMessagesCount: 0,
  };
}
