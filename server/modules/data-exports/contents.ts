import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { strToU8, zipSync } from 'fflate';
import type { DbOrTx } from '../../db/client.js';
import {
  ambassadorChatMessages,
  ambassadorChatTopics,
  bids,
  events,
  fanQueueEntries,
  loginCodes,
  newsletterSubscribers,
  orders,
  payouts,
  priceAlerts,
  reviews,
  savedCards,
  sellerStrikes,
  sessions,
  supportMessages,
  ticketMessages,
  tickets,
  trustedDevices,
  users,
  venues,
} from '../../db/schema/index.js';
import { getCurrentUser } from '../users/service.js';

/**
 * What a copy of a member's data holds (decision 0097): one JSON file per kind of data, read straight from
 * the tables in one place, so a new table with a member's data has one place to be added. Every list is
 * newest first and bounded: at most `maxRowsPerList` rows, and all files together at most `maxTotalBytes`;
 * a file that was cut says so in its `cut` list (which list, how many rows there were, how many it holds).
 * Of another member it holds only what Encore showed this member: a username, their messages and reviews to
 * this member. Never a password or token hash, a provider's id, a card's fingerprint or another's e-mail.
 */

export interface DataExportLimits {
  maxRowsPerList: number;
  /** The JSON of every file together, before compression. */
  maxTotalBytes: number;
}

export const DATA_EXPORT_LIMITS: DataExportLimits = {
  maxRowsPerList: 10_000,
  maxTotalBytes: 16 * 1024 * 1024,
};

/** Every amount in the files is integer cents of this currency, as everywhere in Encore. */
export const EXPORT_CURRENCY = 'USD';

export interface ListCut {
  list: string;
  /** Rows Encore holds. */
  total: number;
  /** Rows this file holds: the newest. */
  included: number;
  reason: 'rows' | 'size';
}

export interface ExportFile {
  name: string;
  description: string;
  /** Single values (the profile). */
  values?: Record<string, unknown>;
  lists: Record<string, unknown[]>;
  cut: ListCut[];
}

export interface ExportArchive {
  zip: Uint8Array;
  files: { name: string; rows: Record<string, number>; cut: ListCut[] }[];
  truncated: boolean;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The newest `limit` rows of a query and, when that is all the limit allows, how many rows there are. */
async function bounded<T>(
  rows: (limit: number) => Promise<T[]>,
  total: () => Promise<number>,
  limit: number,
  list: string,
  cut: ListCut[],
): Promise<T[]> {
  const found = await rows(limit);
  if (found.length >= limit) {
    const all = await total();
    if (all > found.length) cut.push({ list, total: all, included: found.length, reason: 'rows' });
  }
  return found;
}

async function countOf(db: DbOrTx, table: Parameters<ReturnType<DbOrTx['select']>['from']>[0], where: SQL) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

async function profileFile(db: DbOrTx, userId: number): Promise<ExportFile> {
  const current = await getCurrentUser(db, userId);
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!current || !row) throw new Error(`member ${userId} not found`);
  const [newsletter] = await db
    .select({
      name: newsletterSubscribers.name,
      email: newsletterSubscribers.email,
      subscribedAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${row.email})`);
  return {
    name: 'profile.json',
    description: 'Your account and profile as Encore keeps them.',
    values: {
      id: row.id,
      username: row.username,
      email: row.email,
      pendingEmailChange: current.pendingEmail,
      emailVerifiedAt: iso(row.emailVerifiedAt),
      firstName: row.firstName,
      lastName: row.lastName,
      fullName: row.fullName,
      phoneNumber: row.phoneNumber,
      verificationPreference: row.verificationPreference,
      role: row.role,
      ticketmasterEmail: row.ticketmasterEmail,
      livenationEmail: row.livenationEmail,
      axsEmail: row.axsEmail,
      rewardPoints: row.rewardPoints,
      averageRating: current.averageRating,
      totalReviews: current.totalReviews,
      payoutAccountConnected: row.stripeAccountId !== null,
      identityStatus: row.identityStatus,
      identityVerifiedAt: iso(row.identityVerifiedAt),
      suspendedAt: iso(row.suspendedAt),
      welcomeTourCompletedAt: iso(row.tourCompletedAt),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      newsletter: newsletter
        ? {
            name: newsletter.name,
            email: newsletter.email,
            subscribedAt: iso(newsletter.subscribedAt),
            confirmedAt: iso(newsletter.confirmedAt),
          }
        : null,
    },
    lists: {},
    cut: [],
  };
}

async function listingsFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(tickets.sellerId, userId);
  const rows = await bounded(
    (limit) =>
      db.select().from(tickets).where(mine).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(limit),
    () => countOf(db, tickets, mine),
    limits.maxRowsPerList,
    'listings',
    cut,
  );
  return {
    name: 'listings.json',
    description:
      'The tickets you listed, sold or not (a part of a listing sold on its own is a listing too).',
    lists: {
      listings: rows.map((t) => ({
        id: t.id,
        partOfListingId: t.splitFromTicketId,
        eventName: t.eventName,
        eventDate: t.eventDate,
        venue: t.venue,
        timeZone: t.timeZone,
        daysCount: t.daysCount,
        description: t.description,
        section: t.section,
        row: t.row,
        seats: t.seats,
        quantity: t.quantity,
        splitRule: t.splitRule,
        ticketType: t.ticketType,
        platform: t.platform,
        currency: EXPORT_CURRENCY,
        faceValueCents: t.faceValueCents,
        originalServiceFeeCents: t.serviceFeeCents,
        markupPercent: t.markup,
        listingPriceCents: t.listingPriceCents,
        buyerPaysPerTicketCents: t.buyerPaysPerTicketCents,
        status: t.status,
        sold: t.sold,
        soldAt: iso(t.soldAt),
        transferStatus: t.transferStatus,
        transferInitiatedAt: iso(t.transferInitiatedAt),
        transferCompletedAt: iso(t.transferCompletedAt),
        hasPicture: t.imagePublicId !== null,
        hasBarcode: t.barcodePublicId !== null,
        barcodeChecked: t.barcodeChecked,
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
      })),
    },
    cut,
  };
}

const buyerUser = alias(users, 'buyer_user');
const sellerUser = alias(users, 'seller_user');

/** An order and its ticket, with the other party's username (shown on both sides of a sale). */
function saleSelect(db: DbOrTx) {
  return db
    .select({
      order: orders,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      venue: tickets.venue,
      section: tickets.section,
      row: tickets.row,
      seats: tickets.seats,
      ticketType: tickets.ticketType,
      transferStatus: tickets.transferStatus,
      buyerUsername: buyerUser.username,
      sellerUsername: sellerUser.username,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(buyerUser, eq(buyerUser.id, orders.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, orders.sellerId));
}

type SaleRow = Awaited<ReturnType<ReturnType<typeof saleSelect>['where']>>[number];

function saleFields(row: SaleRow) {
  const o = row.order;
  return {
    orderId: o.id,
    ticketId: o.ticketId,
    eventName: row.eventName,
    eventDate: row.eventDate,
    venue: row.venue,
    section: row.section,
    row: row.row,
    seats: row.seats,
    ticketType: row.ticketType,
    quantity: o.quantity,
    currency: EXPORT_CURRENCY,
    perTicketCents: o.perTicketCents,
    totalCents: o.totalCents,
    processingFeeCents: o.processingFeeCents,
    status: o.status,
    transferStatus: row.transferStatus,
    disputedAt: iso(o.disputedAt),
    disputeReason: o.disputeReason,
    disputeStatus: o.disputeStatus,
    disputeResolvedAt: iso(o.disputeResolvedAt),
    refundReason: o.refundReason,
    refundedAt: iso(o.refundedAt),
    createdAt: iso(o.createdAt),
  };
}

async function purchasesFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(orders.buyerId, userId);
  const rows = await bounded(
    (limit) => saleSelect(db).where(mine).orderBy(desc(orders.id)).limit(limit),
    () => countOf(db, orders, mine),
    limits.maxRowsPerList,
    'purchases',
    cut,
  );
  return {
    name: 'purchases.json',
    description:
      'The tickets you bought: what you paid (all-in: the total plus the processing fee), from whom, and how each sale ended.',
    lists: {
      purchases: rows.map((row) => ({
        ...saleFields(row),
        amountPaidCents: row.order.amountCents,
        seller: row.sellerUsername,
      })),
    },
    cut,
  };
}

async function salesFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(orders.sellerId, userId);
  const rows = await bounded(
    (limit) => saleSelect(db).where(mine).orderBy(desc(orders.id)).limit(limit),
    () => countOf(db, orders, mine),
    limits.maxRowsPerList,
    'sales',
    cut,
  );
  const orderIds = rows.map((row) => row.order.id);
  const payoutRows =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(payouts)
          .where(sql`${payouts.orderId} in (${sql.join(orderIds, sql`, `)})`);
  const strikeRows =
    orderIds.length === 0
      ? []
      : await db
          .select()
          .from(sellerStrikes)
          .where(sql`${sellerStrikes.orderId} in (${sql.join(orderIds, sql`, `)})`);
  const payoutOf = new Map(payoutRows.map((payout) => [payout.orderId, payout]));
  const strikeOf = new Map(strikeRows.map((strike) => [strike.orderId, strike]));
  return {
    name: 'sales.json',
    description:
      "The tickets you sold: the buyer's payment, Encore's fees, your proceeds, the payout and any strike for a transfer not made in time.",
    lists: {
      sales: rows.map((row) => {
        const payout = payoutOf.get(row.order.id);
        return {
          ...saleFields(row),
          buyerPaidCents: row.order.amountCents,
          platformFeeCents: row.order.platformFeeCents,
          yourProceedsCents: row.order.sellerProceedsCents,
          buyer: row.buyerUsername,
          payout: payout
            ? {
                currency: EXPORT_CURRENCY,
                amountCents: payout.amountCents,
                status: payout.status,
                dueAt: iso(payout.dueAt),
                paidAt: iso(payout.paidAt),
                failureReason: payout.failureReason,
              }
            : null,
          strikeAt: iso(strikeOf.get(row.order.id)?.struckAt ?? null),
        };
      }),
    },
    cut,
  };
}

/**
 * The messages of every sale's thread the member is a party to (theirs and the other side's, as the thread
 * shows them), and any message they wrote in a thread they are no longer a party to (theirs only).
 */
async function messagesFile(
  db: DbOrTx,
  member: { id: number; username: string },
  limits: DataExportLimits,
): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const sender = alias(users, 'sender_user');
  const party = and(
    eq(tickets.sold, true),
    or(eq(tickets.sellerId, member.id), eq(tickets.buyerId, member.id)),
  );
  // Only the threads of tickets the member listed, holds or once bought (their indexes), never a scan of all.
  const theirTickets = sql`${ticketMessages.ticketId} in (
    select id from tickets where seller_id = ${member.id} or buyer_id = ${member.id}
    union select ticket_id from orders where buyer_id = ${member.id})`;
  const where = and(theirTickets, or(eq(ticketMessages.senderId, member.id), party)) as SQL;
  const rows = await bounded(
    (limit) =>
      db
        .select({
          id: ticketMessages.id,
          ticketId: ticketMessages.ticketId,
          senderId: ticketMessages.senderId,
          messageType: ticketMessages.messageType,
          content: ticketMessages.content,
          createdAt: ticketMessages.createdAt,
          eventName: tickets.eventName,
          sold: tickets.sold,
          sellerId: tickets.sellerId,
          buyerId: tickets.buyerId,
          senderUsername: sender.username,
          sellerUsername: sellerUser.username,
          buyerUsername: buyerUser.username,
        })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .innerJoin(sellerUser, eq(sellerUser.id, tickets.sellerId))
        .leftJoin(buyerUser, eq(buyerUser.id, tickets.buyerId))
        .leftJoin(sender, eq(sender.id, ticketMessages.senderId))
        .where(where)
        .orderBy(desc(ticketMessages.id))
        .limit(limit),
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(where);
      return row?.n ?? 0;
    },
    limits.maxRowsPerList,
    'messages',
    cut,
  );
  // An ambassador's own words in the ambassadors' chat (the others' messages there are theirs).
  const mineInChat = eq(ambassadorChatMessages.userId, member.id);
  const chatRows = await bounded(
    (limit) =>
      db
        .select({
          id: ambassadorChatMessages.id,
          topic: ambassadorChatTopics.name,
          content: ambassadorChatMessages.content,
          createdAt: ambassadorChatMessages.createdAt,
        })
        .from(ambassadorChatMessages)
        .innerJoin(ambassadorChatTopics, eq(ambassadorChatTopics.id, ambassadorChatMessages.topicId))
        .where(mineInChat)
        .orderBy(desc(ambassadorChatMessages.id))
        .limit(limit),
    () => countOf(db, ambassadorChatMessages, mineInChat),
    limits.maxRowsPerList,
    'ambassadorChat',
    cut,
  );
  return {
    name: 'messages.json',
    description:
      "The messages on your sales and purchases: those you sent and those you received, with the other party's username. 'Encore' wrote the system notes. An ambassador's own messages in the ambassadors' chat are under ambassadorChat.",
    lists: {
      messages: rows.map((row) => {
        const isParty = row.sold && (row.sellerId === member.id || row.buyerId === member.id);
        const youAreSeller = row.sellerId === member.id;
        const sent = row.senderId === member.id;
        return {
          id: row.id,
          ticketId: row.ticketId,
          eventName: row.eventName,
          yourRole: isParty ? (youAreSeller ? 'seller' : 'buyer') : null,
          otherParty: isParty ? (youAreSeller ? row.buyerUsername : row.sellerUsername) : null,
          direction: sent ? 'sent' : 'received',
          from: sent ? member.username : row.messageType === 'system' ? 'Encore' : row.senderUsername,
          content: row.content,
          createdAt: iso(row.createdAt),
        };
      }),
      ambassadorChat: chatRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    },
    cut,
  };
}

async function reviewsFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const about = alias(users, 'about_user');
  const written = eq(reviews.reviewerId, userId);
  // Received: what the app shows the member (submitted, not hidden by Encore).
  const received = and(
    eq(reviews.targetUserId, userId),
    eq(reviews.status, 'submitted'),
    isNull(reviews.hiddenAt),
  );
  const writtenRows = await bounded(
    (limit) =>
      db
        .select({ review: reviews, about: about.username })
        .from(reviews)
        .innerJoin(about, eq(about.id, reviews.targetUserId))
        .where(written)
        .orderBy(desc(reviews.id))
        .limit(limit),
    () => countOf(db, reviews, written),
    limits.maxRowsPerList,
    'written',
    cut,
  );
  const receivedRows = await bounded(
    (limit) =>
      db
        .select({ review: reviews, from: about.username })
        .from(reviews)
        .innerJoin(about, eq(about.id, reviews.reviewerId))
        .where(received as SQL)
        .orderBy(desc(reviews.id))
        .limit(limit),
    () => countOf(db, reviews, received as SQL),
    limits.maxRowsPerList,
    'received',
    cut,
  );
  return {
    name: 'reviews.json',
    description:
      'Reviews you wrote (or were asked to write) and the reviews others wrote about you that Encore shows.',
    lists: {
      written: writtenRows.map(({ review, about: target }) => ({
        id: review.id,
        orderId: review.orderId,
        about: target,
        reviewType: review.reviewType,
        status: review.status,
        rating: review.rating,
        comment: review.comment,
        hiddenByEncore: review.hiddenAt !== null,
        askedAt: iso(review.createdAt),
        submittedAt: iso(review.submittedAt),
      })),
      received: receivedRows.map(({ review, from }) => ({
        id: review.id,
        orderId: review.orderId,
        from,
        reviewType: review.reviewType,
        rating: review.rating,
        comment: review.comment,
        submittedAt: iso(review.submittedAt),
      })),
    },
    cut,
  };
}

async function bidsFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(bids.userId, userId);
  const rows = await bounded(
    (limit) =>
      db
        .select({ bid: bids, cardBrand: savedCards.brand, cardLast4: savedCards.last4 })
        .from(bids)
        .leftJoin(savedCards, eq(savedCards.id, bids.stripePaymentMethodId))
        .where(mine)
        .orderBy(desc(bids.id))
        .limit(limit),
    () => countOf(db, bids, mine),
    limits.maxRowsPerList,
    'bids',
    cut,
  );
  return {
    name: 'bids.json',
    description: 'Your automatic-purchase bids: the most you would pay, all-in, and what became of each.',
    lists: {
      bids: rows.map(({ bid, cardBrand, cardLast4 }) => ({
        id: bid.id,
        eventName: bid.eventName,
        venue: bid.venue,
        eventDate: bid.eventDate,
        quantity: bid.quantity,
        section: bid.section,
        minSellerRating: bid.minSellerRating,
        currency: EXPORT_CURRENCY,
        maxPriceCents: bid.maxPriceCents,
        card: cardBrand === null ? null : { brand: cardBrand, last4: cardLast4 },
        active: bid.isActive,
        matched: bid.matched,
        matchedTicketId: bid.matchedTicketId,
        matchedAt: iso(bid.matchedAt),
        expiresAt: iso(bid.expiresAt),
        endedReason: bid.endedReason,
        endedAt: iso(bid.endedAt),
        createdAt: iso(bid.createdAt),
      })),
    },
    cut,
  };
}

async function priceAlertsFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(priceAlerts.userId, userId);
  const rows = await bounded(
    (limit) =>
      db
        .select({ alert: priceAlerts, eventName: events.name, eventDate: events.date, venue: venues.name })
        .from(priceAlerts)
        .innerJoin(events, eq(events.id, priceAlerts.eventId))
        .innerJoin(venues, eq(venues.id, events.venueId))
        .where(mine)
        .orderBy(desc(priceAlerts.id))
        .limit(limit),
    () => countOf(db, priceAlerts, mine),
    limits.maxRowsPerList,
    'priceAlerts',
    cut,
  );
  return {
    name: 'price-alerts.json',
    description:
      'Your price alerts: the show, how many tickets, the most per ticket (all-in) and their state.',
    lists: {
      priceAlerts: rows.map(({ alert, eventName, eventDate, venue }) => ({
        id: alert.id,
        eventId: alert.eventId,
        eventName,
        eventDate,
        venue,
        quantity: alert.quantity,
        currency: EXPORT_CURRENCY,
        maxPricePerTicketCents: alert.maxPriceCents,
        status: alert.status,
        endedReason: alert.endedReason,
        matchedTicketId: alert.matchedTicketId,
        matchedAt: iso(alert.matchedAt),
        createdAt: iso(alert.createdAt),
        endedAt: iso(alert.endedAt),
      })),
    },
    cut,
  };
}

async function fanQueueFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(fanQueueEntries.userId, userId);
  const rows = await bounded(
    (limit) =>
      db
        .select({
          entry: fanQueueEntries,
          eventName: events.name,
          eventDate: events.date,
          venue: venues.name,
          cardBrand: savedCards.brand,
          cardLast4: savedCards.last4,
        })
        .from(fanQueueEntries)
        .innerJoin(events, eq(events.id, fanQueueEntries.eventId))
        .innerJoin(venues, eq(venues.id, events.venueId))
        .leftJoin(savedCards, eq(savedCards.id, fanQueueEntries.paymentMethodId))
        .where(mine)
        .orderBy(desc(fanQueueEntries.id))
        .limit(limit),
    () => countOf(db, fanQueueEntries, mine),
    limits.maxRowsPerList,
    'fanQueueEntries',
    cut,
  );
  return {
    name: 'fan-queue.json',
    description:
      'Your places in Fan Queues: the show, how many tickets, the most per ticket (all-in), the card that buys for you (brand and last four), when you joined and their state.',
    lists: {
      fanQueueEntries: rows.map(({ entry, eventName, eventDate, venue, cardBrand, cardLast4 }) => ({
        id: entry.id,
        eventId: entry.eventId,
        eventName,
        eventDate,
        venue,
        quantity: entry.quantity,
        currency: EXPORT_CURRENCY,
        maxPricePerTicketCents: entry.maxPriceCents,
        buyForMeCard: cardBrand && cardLast4 ? { brand: cardBrand, last4: cardLast4 } : null,
        status: entry.status,
        endedReason: entry.endedReason,
        joinedAt: iso(entry.joinedAt),
        endedAt: iso(entry.endedAt),
      })),
    },
    cut,
  };
}

async function supportFile(
  db: DbOrTx,
  member: { id: number; username: string },
  limits: DataExportLimits,
): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(supportMessages.userId, member.id);
  const rows = await bounded(
    (limit) => db.select().from(supportMessages).where(mine).orderBy(desc(supportMessages.id)).limit(limit),
    () => countOf(db, supportMessages, mine),
    limits.maxRowsPerList,
    'messages',
    cut,
  );
  return {
    name: 'support.json',
    description: 'Your conversations with Encore support, by topic: your messages and the answers.',
    lists: {
      messages: rows.map((row) => ({
        id: row.id,
        topic: row.topic,
        from: row.isFromAdmin ? 'Encore support' : member.username,
        message: row.message,
        resolved: row.resolved,
        createdAt: iso(row.createdAt),
      })),
    },
    cut,
  };
}

async function savedCardsFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const mine = eq(savedCards.userId, userId);
  const rows = await bounded(
    (limit) =>
      db
        .select({
          brand: savedCards.brand,
          last4: savedCards.last4,
          addedAt: savedCards.createdAt,
          removedAt: savedCards.removedAt,
        })
        .from(savedCards)
        .where(mine)
        .orderBy(desc(savedCards.createdAt))
        .limit(limit),
    () => countOf(db, savedCards, mine),
    limits.maxRowsPerList,
    'cards',
    cut,
  );
  return {
    name: 'saved-cards.json',
    description:
      'The cards you saved for bids: brand and last four digits only. The card itself is kept by the payment provider.',
    lists: {
      cards: rows.map((row) => ({
        brand: row.brand,
        last4: row.last4,
        addedAt: iso(row.addedAt),
        removedAt: iso(row.removedAt),
      })),
    },
    cut,
  };
}

async function signInFile(db: DbOrTx, userId: number, limits: DataExportLimits): Promise<ExportFile> {
  const cut: ListCut[] = [];
  const [account] = await db
    .select({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  const sessionRows = await bounded(
    (limit) =>
      db
        .select({
          startedAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt))
        .limit(limit),
    () => countOf(db, sessions, eq(sessions.userId, userId)),
    limits.maxRowsPerList,
    'sessions',
    cut,
  );
  const deviceRows = await bounded(
    (limit) =>
      db
        .select({
          trustedAt: trustedDevices.createdAt,
          lastUsedAt: trustedDevices.lastUsedAt,
          expiresAt: trustedDevices.expiresAt,
        })
        .from(trustedDevices)
        .where(eq(trustedDevices.userId, userId))
        .orderBy(desc(trustedDevices.id))
        .limit(limit),
    () => countOf(db, trustedDevices, eq(trustedDevices.userId, userId)),
    limits.maxRowsPerList,
    'trustedDevices',
    cut,
  );
  const codeRows = await bounded(
    (limit) =>
      db
        .select({
          sentAt: loginCodes.sentAt,
          expiresAt: loginCodes.expiresAt,
          usedAt: loginCodes.consumedAt,
          wrongAttempts: loginCodes.attempts,
        })
        .from(loginCodes)
        .where(eq(loginCodes.userId, userId))
        .orderBy(desc(loginCodes.id))
        .limit(limit),
    () => countOf(db, loginCodes, eq(loginCodes.userId, userId)),
    limits.maxRowsPerList,
    'signInCodes',
    cut,
  );
  const times = <T extends Record<string, unknown>>(row: T) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, value instanceof Date ? iso(value) : value]),
    );
  return {
    name: 'sign-in-history.json',
    description:
      'Your sign-ins as Encore keeps them: sessions (kept until they expire), devices you trusted, e-mailed sign-in codes (kept a day) and the lock after failed passwords. No password, code or token is included.',
    values: {
      failedPasswordsInARow: account?.failedLoginCount ?? 0,
      lockedUntil: iso(account?.lockedUntil ?? null),
    },
    lists: {
      sessions: sessionRows.map(times),
      trustedDevices: deviceRows.map(times),
      signInCodes: codeRows.map(times),
    },
    cut,
  };
}

const encoder = new TextEncoder();
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The file as written, with what was cut. */
function render(file: ExportFile, exportedAt: string): string {
  return json({
    file: file.name,
    description: file.description,
    exportedAt,
    ...(file.values ?? {}),
    ...file.lists,
    cut: file.cut,
  });
}

/**
 * Cuts a file's lists (keeping the newest rows) until it fits in `budget` bytes; each list cut is recorded.
 * Lists shrink in proportion, a few rounds at most.
 */
function fitted(file: ExportFile, exportedAt: string, budget: number): { file: ExportFile; text: string } {
  let text = render(file, exportedAt);
  let current = file;
  for (let round = 0; encoder.encode(text).length > budget && round < 40; round += 1) {
    const size = encoder.encode(text).length;
    const ratio = Math.max(0, Math.min(0.9, (budget / size) * 0.95));
    const lists: Record<string, unknown[]> = {};
    const cut = [...file.cut.filter((entry) => entry.reason === 'rows')];
    for (const [name, rows] of Object.entries(current.lists)) {
      const keep = round >= 30 ? 0 : Math.floor(rows.length * ratio);
      lists[name] = rows.slice(0, keep);
      const original = file.lists[name]?.length ?? 0;
      if (keep < original) {
        const earlier = cut.findIndex((entry) => entry.list === name);
        const total = earlier >= 0 ? (cut[earlier]?.total ?? original) : original;
        if (earlier >= 0) cut.splice(earlier, 1);
        cut.push({ list: name, total, included: keep, reason: 'size' });
      }
    }
    current = { ...file, lists, cut };
    text = render(current, exportedAt);
  }
  return { file: current, text };
}

/** Room kept for about.json, which lists every file. */
const ABOUT_RESERVE_BYTES = 16 * 1024;

/** Builds the member's ZIP: one JSON file per kind of data and about.json, all within the limits. */
export async function buildDataExport(
  db: DbOrTx,
  userId: number,
  now: Date,
  limits: DataExportLimits = DATA_EXPORT_LIMITS,
): Promise<ExportArchive> {
  const [member] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new Error(`member ${userId} not found`);
  const files: ExportFile[] = [
    await profileFile(db, userId),
    await listingsFile(db, userId, limits),
    await purchasesFile(db, userId, limits),
    await salesFile(db, userId, limits),
    await messagesFile(db, member, limits),
    await reviewsFile(db, userId, limits),
    await bidsFile(db, userId, limits),
    await priceAlertsFile(db, userId, limits),
    await fanQueueFile(db, userId, limits),
    await supportFile(db, member, limits),
    await savedCardsFile(db, userId, limits),
    await signInFile(db, userId, limits),
  ];
  const exportedAt = now.toISOString();
  let remaining = limits.maxTotalBytes - ABOUT_RESERVE_BYTES;
  const zippable: Record<string, Uint8Array> = {};
  const written: ExportArchive['files'] = [];
  for (const original of files) {
    const { file, text } = fitted(original, exportedAt, Math.max(0, remaining));
    const bytes = strToU8(text);
    remaining -= bytes.length;
    zippable[file.name] = bytes;
    written.push({
      name: file.name,
      rows: Object.fromEntries(Object.entries(file.lists).map(([name, rows]) => [name, rows.length])),
      cut: file.cut,
    });
  }
  const truncated = written.some((file) => file.cut.length > 0);
  zippable['about.json'] = strToU8(
    json({
      about: `A copy of the data Encore keeps about ${member.username}, made at your request.`,
      exportedAt,
      currency: `Every amount is in cents of ${EXPORT_CURRENCY} (1234 is $12.34).`,
      bounds: {
        maxRowsPerList: limits.maxRowsPerList,
        maxTotalBytes: limits.maxTotalBytes,
        note: 'Each list holds its newest rows up to these bounds; a file whose list was cut names it in its "cut" list.',
      },
      truncated,
      files: written,
      leftOut:
        "Not included: your password (only a one-way hash is kept), the tokens and codes of sessions and e-mail links, the payment provider's ids of your cards and payouts, pictures and barcodes you uploaded (open them in My Tickets), and anything of other members beyond what Encore showed you.",
    }),
  );
  const zip = zipSync(zippable, { level: 6, mtime: now });
  return { zip, files: written, truncated };
}
