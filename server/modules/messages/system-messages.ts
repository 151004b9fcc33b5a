import type { DbOrTx } from '../../db/client.js';
import { ticketMessages } from '../../db/schema/index.js';

/** Writes a system note (sale, transfer steps, refunds) into a ticket's thread, in the caller's transaction. */
export async function postSystemMessage(
  db: DbOrTx,
  ticketId: number,
  content: string,
  now: Date,
): Promise<void> {
  await db
    .insert(ticketMessages)
    .values({ ticketId, senderId: null, messageType: 'system', content, createdAt: now });
}
