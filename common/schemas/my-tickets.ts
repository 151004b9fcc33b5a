import { z } from 'zod';
import { DISPUTE_SOURCES, LISTING_STATES, REFUND_CAUSES } from '../sale-vocabulary.js';
import { PLATFORMS, TICKET_TYPES, TRANSFER_STATUSES } from './tickets.js';

/** The four tabs of My Tickets (spec 001 §2); pending is the default. */
export const MY_TICKETS_TABS = ['listings', 'bought', 'sold', 'pending'] as const;
export type MyTicketsTab = (typeof MY_TICKETS_TABS)[number];

export const MY_TICKETS_PAGE_SIZE_DEFAULT = 20;
export const MY_TICKETS_PAGE_SIZE_MAX = 50;
export const MY_TICKETS_CURSOR_MAX_LENGTH = 200;

/** GET /api/my-tickets?tab=&cursor=&limit= */
export const myTicketsQuerySchema = z.object({
  tab: z.enum(MY_TICKETS_TABS).default('pending'),
  cursor: z.string().max(MY_TICKETS_CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(MY_TICKETS_PAGE_SIZE_MAX).default(MY_TICKETS_PAGE_SIZE_DEFAULT),
});
export type MyTicketsQuery = z.output<typeof myTicketsQuerySchema>;

// The sale's vocabulary lives below the texts and the schemas (issue 43 §13); named here as before.
export { LISTING_STATES, type ListingState, REFUND_CAUSES, type RefundCause } from '../sale-vocabulary.js';

const party = z.object({ id: z.number().int(), username: z.string() });

/** A ticket as My Tickets shows it (spec 001 §3 'Ticket (as used on My Tickets)'). Money in dollars. */
export const myTicketSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  eventName: z.string(),
  /** The show's event page ('/events/42-…'), null for a listing outside the catalog. */
  eventPath: z.string().nullable(),
  /** yyyy-MM-dd, the first day: a calendar day at the venue. */
  eventDate: z.string(),
  daysCount: z.number().int(),
  /** The venue's IANA time zone, in which the sale's deadlines are shown (decision 0056). */
  timeZone: z.string(),
  /** When the show starts (and doors open) in the venue's zone, '8:00 PM EDT (doors 7:00 PM)'; null when unknown. */
  showTime: z.string().nullable(),
  section: z.string(),
  row: z.string(),
  seats: z.string(),
  quantity: z.number().int(),
  faceValue: z.number(),
  serviceFee: z.number(),
  /** Percent. */
  markup: z.number().int(),
  /** Per ticket, as listed by the seller. */
  listingPrice: z.number(),
  /** What the buyer was charged for the whole sale (all-in), null for a listing. */
  totalPaid: z.number().nullable(),
  sellerId: z.number().int(),
  buyerId: z.number().int().nullable(),
  seller: party,
  buyer: party.nullable(),
  /** The buyer's full name (or first and last name) for the seller; null when the viewer is not the seller. */
  buyerContactName: z.string().nullable(),
  sold: z.boolean(),
  /** Where an unsold listing stands; null for a sale. */
  listingState: z.enum(LISTING_STATES).nullable(),
  transferStatus: z.enum(TRANSFER_STATUSES),
  transferComplete: z.boolean(),
  ticketType: z.enum(TICKET_TYPES),
  platform: z.enum(PLATFORMS).nullable(),
  barcodeCloudinaryUrl: z.string().nullable(),
  barcodeCloudinaryPublicId: z.string().nullable(),
  artist: z.object({ name: z.string(), image: z.string().nullable() }).nullable(),
  /** The viewer's side of this ticket. */
  role: z.enum(['seller', 'buyer']),
  /** When the buyer reported a problem with the sale (ISO); the payout waits for support. Null otherwise. */
  disputedAt: z.string().nullable(),
  /** Who opened that open dispute: 'barcode' when the buyer never downloaded the barcode (0041). */
  disputeSource: z.enum(DISPUTE_SOURCES).nullable(),
  /** The sale was cancelled and the buyer refunded in full (decisions 0020, 0033). */
  refunded: z.boolean(),
  /** Why a refunded sale was refunded (decision 0042); null for any other ticket. */
  refundCause: z.enum(REFUND_CAUSES).nullable(),
  /**
   * The buyer of a refunded sale: the show's page with its other listings at the same or a lower all-in
   * price per ticket ("Find other tickets", decision 0087), while the show is on sale; null otherwise.
   */
  findOtherTickets: z.string().nullable(),
  /**
   * When the buyer of a ticket to a postponed event can no longer ask for a full refund (ISO): the venue's
   * midnight at the start of the new date (decision 0056). Set while the sale is in escrow, its payout has
   * not started and that time has not come; null otherwise.
   */
  refundRequestUntil: z.string().nullable(),
  /**
   * The seller's listing only: how many of its tickets buyers are taking right now (parts held or being
   * paid for, decision 0062), shown on the listing rather than as listings of their own. Absent when none.
   */
  heldByBuyers: z.number().int().min(1).optional(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const myTicketsCountsSchema = z.object({
  listings: z.number().int().min(0),
  bought: z.number().int().min(0),
  sold: z.number().int().min(0),
  pending: z.number().int().min(0),
});
export type MyTicketsCounts = z.infer<typeof myTicketsCountsSchema>;

export const myTicketsPageSchema = z.object({
  tab: z.enum(MY_TICKETS_TABS),
  tickets: z.array(myTicketSchema),
  /** Pass as `cursor` for the next page of the same tab; null on the last page. */
  nextCursor: z.string().nullable(),
  counts: myTicketsCountsSchema,
  /** Seller-side sales whose transfer the viewer has not started yet (the pending tab's red dot). */
  sellerActionCount: z.number().int().min(0),
});
export type MyTicketsPage = z.infer<typeof myTicketsPageSchema>;

/** POST /api/tickets/{id}/complete-transfer */
export const completeTransferResponseSchema = z.object({
  message: z.string(),
  alreadyCompleted: z.boolean().optional(),
});
export type CompleteTransferResponse = z.infer<typeof completeTransferResponseSchema>;

/** GET /api/tickets/{id}/buyer-transfer-info (spec 001 §3 'Buyer transfer info'). */
export const buyerTransferInfoSchema = z.object({
  platform: z.enum(PLATFORMS).nullable(),
  platformDisplayName: z.string().nullable(),
  platformEmail: z.string().nullable(),
  requiresEmail: z.boolean(),
  /** The buyer was asked for the missing e-mail (their purchase e-mail did; issue 34); false when none is missing. */
  buyerAsked: z.boolean(),
});
export type BuyerTransferInfo = z.infer<typeof buyerTransferInfoSchema>;

/** The buyer as the seller sees them: username, else contact name, else 'User #id', else Unknown (spec 001 §2). */
export function buyerDisplayName(ticket: Pick<MyTicket, 'buyer' | 'buyerContactName' | 'buyerId'>): string {
  const username = ticket.buyer?.username.trim();
  if (username) return username;
  const contact = ticket.buyerContactName?.trim();
  if (contact) return contact;
  if (ticket.buyerId !== null) return `User #${ticket.buyerId}`;
  return 'Unknown';
}
