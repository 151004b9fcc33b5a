import { and, eq, inArray, ne } from 'drizzle-orm';
import { MY_TICKETS_TEXT } from '../../../common/messages.js';
import {
  PLATFORM_EMAIL_FIELDS,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
} from '../../../common/schemas/tickets.js';
import type { DbOrTx } from '../../db/client.js';
import { ticketMessages, tickets, users } from '../../db/schema/index.js';
import { postSystemMessage } from '../messages/system-messages.js';

/**
 * The buyer's e-mail on the ticket's platform, where the seller sends a digital ticket (issue 34): when it
 * is missing, the buyer is asked for it (purchase e-mail, their pending card) and the thread notes that
 * they were asked, and later that they added it. The seller's card reads those notes.
 */

/** The profile field that holds a member's e-mail on each platform (a column of users). */
export const TRANSFER_EMAIL_FIELDS = PLATFORM_EMAIL_FIELDS satisfies Record<
  Platform,
  keyof typeof users.$inferSelect
>;

/** The platform a ticket is transferred through: a digital ticket's known platform; null for paper. */
export function transferPlatformOf(ticket: { ticketType: string; platform: string | null }): Platform | null {
  if (ticket.ticketType !== 'digital') return null;
  return PLATFORMS.includes(ticket.platform as Platform) ? (ticket.platform as Platform) : null;
}

/** The platform of a sold ticket whose buyer has no e-mail there yet; null when nothing is missing. */
export async function missingTransferEmail(db: DbOrTx, ticketId: number): Promise<Platform | null> {
  const [row] = await db
    .select({
      ticketType: tickets.ticketType,
      platform: tickets.platform,
      ticketmaster: users.ticketmasterEmail,
      livenation: users.livenationEmail,
      axs: users.axsEmail,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.buyerId))
    .where(eq(tickets.id, ticketId));
  if (!row) return null;
  const platform = transferPlatformOf(row);
  return platform !== null && !row[platform]?.trim() ? platform : null;
}

/** The thread's note that the buyer was asked for their e-mail on `platform`. */
export const askedForTransferEmailNote = (platform: Platform) =>
  MY_TICKETS_TEXT.systemAskedForTransferEmail(PLATFORM_LABELS[platform]);

/** Records in the sale's thread that the buyer was asked (once the purchase e-mail asking them went out). */
export async function noteBuyerAskedForTransferEmail(
  db: DbOrTx,
  ticketId: number,
  platform: Platform,
  now: Date,
): Promise<void> {
  await postSystemMessage(db, ticketId, askedForTransferEmailNote(platform), now);
}

/** Whether the sale's thread records that its buyer was asked for their e-mail on `platform`. */
export async function wasBuyerAskedForTransferEmail(
  db: DbOrTx,
  ticketId: number,
  platform: Platform,
): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .where(
      and(
        eq(ticketMessages.ticketId, ticketId),
        eq(ticketMessages.messageType, 'system'),
        eq(ticketMessages.content, askedForTransferEmailNote(platform)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A buyer saved an e-mail for `platforms` that they did not have: each of their sales still waiting for a
 * transfer through one of them says so in its thread, which is the seller's news (the card reads it again).
 */
export async function noteTransferEmailsAdded(
  db: DbOrTx,
  buyerId: number,
  platforms: Platform[],
  now: Date,
): Promise<void> {
  if (platforms.length === 0) return;
  const waiting = await db
    .select({ id: tickets.id, platform: tickets.platform })
    .from(tickets)
    .where(
      and(
        eq(tickets.buyerId, buyerId),
        eq(tickets.sold, true),
        eq(tickets.transferComplete, false),
        eq(tickets.transferStatus, 'not_started'),
        ne(tickets.status, 'cancelled'),
        eq(tickets.ticketType, 'digital'),
        inArray(tickets.platform, platforms),
      ),
    );
  for (const sale of waiting)
    await postSystemMessage(
      db,
      sale.id,
      MY_TICKETS_TEXT.systemBuyerAddedTransferEmail(PLATFORM_LABELS[sale.platform as Platform]),
      now,
    );
}
