import { and, eq, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { eventPath } from '../../../common/event-path.js';
import { findOtherTicketsPath } from '../../../common/find-other-tickets.js';
import { centsToDollars } from '../../../common/money.js';
import type {
  ListingState,
  MyTicket,
  MyTicketsCounts,
  MyTicketsPage,
  MyTicketsQuery,
  MyTicketsTab,
} from '../../../common/schemas/my-tickets.js';
import { isCalendarDate, type Platform } from '../../../common/schemas/tickets.js';
import { localMidnight } from '../../../common/venue-time.js';
import type { DbOrTx } from '../../db/client.js';
import { events, orders, payouts, tickets, users } from '../../db/schema/index.js';
import { Invalid } from '../../errors.js';
import { headliners } from '../marketplace/service.js';
import { showTimeOf } from '../sales/show-page.js';

export const MY_TICKETS_ERROR = { badCursor: 'Invalid cursor' } as const;

const sellers = alias(users, 'seller_user');
const buyers = alias(users, 'buyer_user');

/** A sale refunded at the transfer deadline: its ticket is cancelled (decision 0017). */
const refunded = eq(tickets.status, 'cancelled');

/** A part carved from a listing that is still on the seller's list (decision 0062). */
const partOfUnsoldListing = sql`exists (select 1 from ${tickets} as listing
  where listing.id = ${tickets.splitFromTicketId} and not listing.sold)`;

/** The tickets of a listing that buyers are taking: its unsold parts (held, or being paid for). */
const heldByBuyers = sql<number>`(select coalesce(sum(part.quantity), 0) from ${tickets} as part
  where part.split_from_ticket_id = ${tickets.id} and not part.sold and part.status = 'available')`.mapWith(
  Number,
);

/**
 * Which tickets each tab holds (spec 001 §4 'Tab membership'); a refunded sale stays in the history tabs,
 * bought and sold, so neither side loses track of it (decision 0020).
 */
function membership(tab: MyTicketsTab, userId: number): SQL {
  const mine = eq(tickets.sellerId, userId);
  const bought = eq(tickets.buyerId, userId);
  switch (tab) {
    case 'listings':
      // A part a buyer is taking is no listing of its own (issue 43): its listing says it is held.
      return and(mine, eq(tickets.sold, false), not(partOfUnsoldListing)) as SQL;
    case 'bought':
      return and(bought, eq(tickets.sold, true), or(eq(tickets.transferComplete, true), refunded)) as SQL;
    case 'sold':
      return and(mine, eq(tickets.sold, true), or(eq(tickets.transferComplete, true), refunded)) as SQL;
    case 'pending':
      // A sale refunded at the transfer deadline is cancelled: nothing is pending on it any more.
      return and(
        eq(tickets.sold, true),
        eq(tickets.transferComplete, false),
        not(refunded),
        or(mine, bought),
      ) as SQL;
  }
}

/**
 * The order of a tab (decision 0014): listings and pending by event date ascending (what comes next first),
 * pending with the seller's own actions before the buyer's; bought and sold, the history, newest event first.
 */
const rankOf = (tab: MyTicketsTab, userId: number): SQL =>
  tab === 'pending' ? sql`(case when ${tickets.sellerId} = ${userId} then 0 else 1 end)` : sql`0`;
const descending = (tab: MyTicketsTab) => tab === 'bought' || tab === 'sold';

interface CursorKey {
  rank: number;
  date: string;
  id: number;
}

function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.rank, key.date, key.id])).toString('base64url');
}

function decodeCursor(cursor: string): CursorKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [rank, date, id] = value;
      if (
        (rank === 0 || rank === 1) &&
        typeof date === 'string' &&
        isCalendarDate(date) &&
        Number.isInteger(id) &&
        id > 0 &&
        id <= 2_147_483_647
      )
        return { rank, date, id };
    }
  } catch {
    // Falls through to the one answer for every malformed cursor.
  }
  throw new Invalid(MY_TICKETS_ERROR.badCursor);
}

function afterCursor(tab: MyTicketsTab, userId: number, key: CursorKey): SQL {
  if (descending(tab)) return sql`(${tickets.eventDate}, ${tickets.id}) < (${key.date}::date, ${key.id})`;
  if (tab !== 'pending') return sql`(${tickets.eventDate}, ${tickets.id}) > (${key.date}::date, ${key.id})`;
  return sql`(${rankOf(tab, userId)}, ${tickets.eventDate}, ${tickets.id}) > (${key.rank}, ${key.date}::date, ${key.id})`;
}

function contactName(row: { fullName: string | null; firstName: string; lastName: string }): string | null {
  const full = row.fullName?.trim();
  if (full) return full;
  const parts = `${row.firstName} ${row.lastName}`.trim();
  return parts === '' ? null : parts;
}

/** Where an unsold listing stands, as the admin's withdrawal or the event's cancellation left it. */
function listingStateOf(
  ticket: { sold: boolean; status: string; awaitingVerification: boolean },
  eventStatus: string | null,
): ListingState | null {
  if (ticket.sold) return null;
  if (eventStatus === 'cancelled') return 'event_cancelled';
  if (ticket.status === 'pending' && ticket.awaitingVerification) return 'awaiting_verification';
  if (ticket.status === 'pending') return 'under_review';
  if (ticket.status === 'cancelled') return 'withdrawn';
  return 'active';
}

/** As POST /api/tickets/{id}/refund-request decides it (decisions 0033, 0056). */
function refundRequestUntil(
  row: {
    ticket: { timeZone: string };
    eventStatus: string | null;
    orderStatus: string | null;
    payoutId: number | null;
    postponedTo: string | null;
  },
  role: MyTicket['role'],
  now: Date,
): string | null {
  if (role !== 'buyer' || row.eventStatus !== 'postponed' || row.postponedTo === null) return null;
  if (row.orderStatus !== 'in_escrow' || row.payoutId !== null) return null;
  const until = localMidnight(row.postponedTo, row.ticket.timeZone);
  return now < until ? until.toISOString() : null;
}

/** Counts of every tab and the seller's red dot, in one pass over the viewer's tickets. */
export async function myTicketCounts(
  db: DbOrTx,
  userId: number,
): Promise<{ counts: MyTicketsCounts; sellerActionCount: number }> {
  const [row] = await db
    .select({
      listings: sql<number>`count(*) filter (where ${membership('listings', userId)})`.mapWith(Number),
      bought: sql<number>`count(*) filter (where ${membership('bought', userId)})`.mapWith(Number),
      sold: sql<number>`count(*) filter (where ${membership('sold', userId)})`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${membership('pending', userId)})`.mapWith(Number),
      sellerAction:
        sql<number>`count(*) filter (where ${tickets.sellerId} = ${userId} and ${tickets.sold} and not ${tickets.transferComplete} and ${tickets.transferStatus} = 'not_started' and ${tickets.status} <> 'cancelled')`.mapWith(
          Number,
        ),
    })
    .from(tickets)
    .where(or(eq(tickets.sellerId, userId), eq(tickets.buyerId, userId)));
  return {
    counts: {
      listings: row?.listings ?? 0,
      bought: row?.bought ?? 0,
      sold: row?.sold ?? 0,
      pending: row?.pending ?? 0,
    },
    sellerActionCount: row?.sellerAction ?? 0,
  };
}

/** GET /api/my-tickets: one page of one tab, with every tab's count. */
export async function listMyTickets(
  db: DbOrTx,
  userId: number,
  query: MyTicketsQuery,
  now: Date,
): Promise<MyTicketsPage> {
  const { tab, limit } = query;
  const filters = [membership(tab, userId)];
  if (query.cursor) filters.push(afterCursor(tab, userId, decodeCursor(query.cursor)));
  const rank = rankOf(tab, userId);
  const byDate = descending(tab)
    ? [sql`${tickets.eventDate} desc`, sql`${tickets.id} desc`]
    : [sql`${tickets.eventDate} asc`, sql`${tickets.id} asc`];
  const order = tab === 'pending' ? [sql`${rank} asc`, ...byDate] : byDate;
  const rows = await db
    .select({
      ticket: tickets,
      rank: sql<number>`${rank}`.mapWith(Number),
      sellerUsername: sellers.username,
      buyerUsername: buyers.username,
      buyerFullName: buyers.fullName,
      buyerFirstName: buyers.firstName,
      buyerLastName: buyers.lastName,
      amountCents: orders.amountCents,
      orderStatus: orders.status,
      disputedAt: orders.disputedAt,
      disputeStatus: orders.disputeStatus,
      disputeSource: orders.disputeSource,
      refundCause: orders.refundCause,
      payoutId: payouts.id,
      eventStatus: events.status,
      postponedTo: events.date,
      startTime: events.startTime,
      doorsTime: events.doorsTime,
      heldByBuyers,
    })
    .from(tickets)
    .innerJoin(sellers, eq(sellers.id, tickets.sellerId))
    .leftJoin(buyers, eq(buyers.id, tickets.buyerId))
    .leftJoin(orders, eq(orders.ticketId, tickets.id))
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(and(...filters))
    .orderBy(...order)
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const eventIds = [
    ...new Set(shown.flatMap((row) => (row.ticket.eventId === null ? [] : [row.ticket.eventId]))),
  ];
  const artists = await headliners(db, eventIds);
  const last = shown.at(-1);
  const { counts, sellerActionCount } = await myTicketCounts(db, userId);
  return {
    tab,
    tickets: shown.map((row): MyTicket => {
      const { ticket } = row;
      const role = ticket.sellerId === userId ? 'seller' : 'buyer';
      const artist = ticket.eventId === null ? undefined : artists.get(ticket.eventId);
      return {
        id: ticket.id,
        version: ticket.version,
        eventName: ticket.eventName,
        eventPath: ticket.eventId === null ? null : eventPath(ticket.eventId, ticket.eventName),
        eventDate: ticket.eventDate,
        daysCount: ticket.daysCount,
        timeZone: ticket.timeZone,
        showTime: showTimeOf(row.postponedTo ?? ticket.eventDate, {
          startTime: row.startTime,
          doorsTime: row.doorsTime,
          timeZone: ticket.timeZone,
        }),
        section: ticket.section,
        row: ticket.row,
        seats: ticket.seats,
        quantity: ticket.quantity,
        faceValue: centsToDollars(ticket.faceValueCents),
        serviceFee: centsToDollars(ticket.serviceFeeCents),
        markup: ticket.markup,
        listingPrice: centsToDollars(ticket.listingPriceCents),
        totalPaid: row.amountCents === null ? null : centsToDollars(row.amountCents),
        sellerId: ticket.sellerId,
        buyerId: ticket.buyerId,
        seller: { id: ticket.sellerId, username: row.sellerUsername },
        buyer:
          ticket.buyerId !== null && row.buyerUsername !== null
            ? { id: ticket.buyerId, username: row.buyerUsername }
            : null,
        // The buyer's name is for their seller only.
        buyerContactName:
          role === 'seller' && row.buyerFirstName !== null && row.buyerLastName !== null
            ? contactName({
                fullName: row.buyerFullName,
                firstName: row.buyerFirstName,
                lastName: row.buyerLastName,
              })
            : null,
        sold: ticket.sold,
        listingState: listingStateOf(ticket, row.eventStatus),
        transferStatus: ticket.transferStatus,
        transferComplete: ticket.transferComplete,
        ticketType: ticket.ticketType,
        platform: ticket.ticketType === 'digital' ? (ticket.platform as Platform | null) : null,
        // A barcode is the ticket itself: the buyer sees where it is only once the seller sent it.
        ...(role === 'seller' || ticket.transferStatus !== 'not_started'
          ? { barcodeCloudinaryUrl: ticket.barcodeUrl, barcodeCloudinaryPublicId: ticket.barcodePublicId }
          : { barcodeCloudinaryUrl: null, barcodeCloudinaryPublicId: null }),
        artist: artist ? { name: artist.name, image: artist.image } : null,
        role,
        // A dispute support released no longer shows on the card (decision 0034).
        disputedAt: row.disputeStatus === 'open' ? (row.disputedAt?.toISOString() ?? null) : null,
        disputeSource: row.disputeStatus === 'open' ? row.disputeSource : null,
        refunded: row.orderStatus === 'refunded',
        refundCause: row.orderStatus === 'refunded' ? row.refundCause : null,
        findOtherTickets:
          role === 'buyer' && row.orderStatus === 'refunded'
            ? findOtherTicketsPath({ ...ticket, refundCause: row.refundCause }, now)
            : null,
        refundRequestUntil: refundRequestUntil(row, role, now),
        ...(role === 'seller' && !ticket.sold && row.heldByBuyers > 0
          ? { heldByBuyers: row.heldByBuyers }
          : {}),
      };
    }),
    nextCursor:
      more && last
        ? encodeCursor({ rank: last.rank, date: last.ticket.eventDate, id: last.ticket.id })
        : null,
    counts,
    sellerActionCount,
  };
}
