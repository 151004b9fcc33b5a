import { eventPath } from '../../../common/event-path.js';
import type { LockConflictCode } from '../../../common/schemas/checkout.js';
import { Conflict } from '../../errors.js';

/** The listing a conflict is about: its show, for the way back to the show's page. */
export interface ConflictListing {
  eventId: number | null;
  eventName: string;
}

/**
 * A 409 of the lock that says why (issue 43): its code, the show's page to go back to, and for a split
 * conflict the quantities the listing still sells.
 */
export function lockConflict(
  code: LockConflictCode,
  message: string,
  listing: ConflictListing,
  quantities?: number[],
): Conflict {
  return new Conflict(message, {
    code,
    ...(listing.eventId === null ? {} : { eventPath: eventPath(listing.eventId, listing.eventName) }),
    ...(quantities ? { quantities } : {}),
  });
}
