import { eq } from 'drizzle-orm';
import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import { wallTime } from '../../../common/venue-time.js';
import type { DbOrTx } from '../../db/client.js';
import { events, tickets, venues } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';

/** What a calendar event and a wallet pass say of a bought ticket (decision 0096). */
export interface BoughtTicket {
  id: number;
  buyerId: number;
  eventId: number | null;
  eventName: string;
  /** The show's first day at the venue (a postponed catalog show's new date), yyyy-MM-dd. */
  date: string;
  daysCount: number;
  /** The IANA zone the listing's dates are read in (decision 0056). */
  timeZone: string;
  /** 'HH:mm' at the venue on the first day; null when the catalog does not say or there is no catalog show. */
  startTime: string | null;
  doorsTime: string | null;
  cancelled: boolean;
  venueName: string;
  /** The venue's address, its parts in order (street, city, region and postal code, country); empty when unknown. */
  address: string[];
  section: string;
  row: string;
  seats: string;
  quantity: number;
  ticketType: 'digital' | 'paper';
  transferStatus: string;
  transferComplete: boolean;
  hasBarcode: boolean;
  /** When the sale was recorded: the calendar event's DTSTAMP, so the same ticket gives the same file. */
  soldAt: Date;
}

/**
 * The ticket as its buyer holds it. Only the buyer of a sold ticket gets it: the seller, admins and everyone
 * else get NotFound, as if it did not exist (the calendar and the wallet are the buyer's). A sale refunded
 * at the transfer deadline (its ticket cancelled) answers Conflict: the buyer knows the sale, and has no
 * ticket to add.
 */
export async function boughtTicket(db: DbOrTx, ticketId: number, callerId: number): Promise<BoughtTicket> {
  const [row] = await db
    .select({
      ticket: {
        id: tickets.id,
        buyerId: tickets.buyerId,
        sold: tickets.sold,
        status: tickets.status,
        eventId: tickets.eventId,
        eventName: tickets.eventName,
        eventDate: tickets.eventDate,
        daysCount: tickets.daysCount,
        timeZone: tickets.timeZone,
        venue: tickets.venue,
        section: tickets.section,
        row: tickets.row,
        seats: tickets.seats,
        quantity: tickets.quantity,
        ticketType: tickets.ticketType,
        transferStatus: tickets.transferStatus,
        transferComplete: tickets.transferComplete,
        barcodePublicId: tickets.barcodePublicId,
        soldAt: tickets.soldAt,
      },
      eventDate: events.date,
      eventDays: events.daysCount,
      eventStatus: events.status,
      startTime: events.startTime,
      doorsTime: events.doorsTime,
      venueName: venues.name,
      street: venues.streetAddress,
      city: venues.city,
      region: venues.region,
      postalCode: venues.postalCode,
      country: venues.country,
    })
    .from(tickets)
    .leftJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  const ticket = row?.ticket;
  if (!row || !ticket?.sold || ticket.buyerId === null || ticket.buyerId !== callerId)
    throw new NotFound(WALLET_TEXT.notFound);
  if (ticket.status === 'cancelled') throw new Conflict(WALLET_TEXT.refunded);
  const cityLine = [row.city, [row.region, row.postalCode].filter(Boolean).join(' ')].filter(Boolean);
  const address = row.venueName
    ? [row.street, ...cityLine, row.country].filter((part): part is string => Boolean(part))
    : [];
  return {
    id: ticket.id,
    buyerId: ticket.buyerId,
    eventId: ticket.eventId,
    eventName: ticket.eventName,
    date: row.eventDate ?? ticket.eventDate,
    daysCount: row.eventDays ?? ticket.daysCount,
    timeZone: ticket.timeZone,
    startTime: row.startTime ? wallTime(row.startTime) : null,
    doorsTime: row.doorsTime ? wallTime(row.doorsTime) : null,
    cancelled: row.eventStatus === 'cancelled',
    venueName: row.venueName ?? ticket.venue,
    address,
    section: ticket.section,
    row: ticket.row,
    seats: ticket.seats,
    quantity: ticket.quantity,
    ticketType: ticket.ticketType,
    transferStatus: ticket.transferStatus,
    transferComplete: ticket.transferComplete,
    hasBarcode: ticket.barcodePublicId !== null,
    soldAt: ticket.soldAt ?? new Date(0),
  };
}

/** Whether the buyer may download the barcode now (decision 0041's rule, the same as the barcode download). */
export function barcodeDownloadable(ticket: BoughtTicket): boolean {
  return ticket.transferStatus !== 'not_started' && ticket.hasBarcode;
}

/** Where the ticket is on Encore: My Tickets' tab that holds it (pending until the buyer confirms receipt). */
export function ticketUrl(appUrl: string, ticket: Pick<BoughtTicket, 'transferComplete'>): string {
  return `${appUrl}/my-tickets?tab=${ticket.transferComplete ? 'bought' : 'pending'}`;
}
