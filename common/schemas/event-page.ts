import { z } from 'zod';
import {
  EVENT_PAGE_LISTINGS,
  EVENT_PAGE_MAX_QUANTITY,
  EVENT_PAGE_MAX_SECTIONS,
  EVENT_PAGE_MORE_SHOWS,
  EVENT_PAGE_PRICE_PATTERN,
  EVENT_PAGE_SORTS,
} from '../event-page.js';
import { EVENT_PAGE_TEXT } from '../messages.js';
import { SPLIT_RULES } from '../splits.js';
import { FIND_OTHER_TICKETS_TEXT } from '../texts/promise.js';
import { sellerTrustSchema } from './identity.js';
import { priceComparisonSchema } from './price-comparison.js';
import { boundedText, positiveInt32, TEXT_LIMITS } from './text.js';
import { TICKET_TYPES } from './tickets.js';

export const eventPageParamsSchema = z.object({ id: positiveInt32(EVENT_PAGE_TEXT.notFound) });

const queryNumber = (max: number, message: string) =>
  boundedText(4, { tooLong: message, notText: message })
    .regex(/^\d{1,4}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, { error: message });

/** GET /api/events/:id — the filters of the page's listings, as the page's address keeps them. */
export const eventPageQuerySchema = z.object({
  quantity: queryNumber(EVENT_PAGE_MAX_QUANTITY, EVENT_PAGE_TEXT.quantityInvalid).optional(),
  section: boundedText(TEXT_LIMITS.shortText, { tooLong: EVENT_PAGE_TEXT.sectionInvalid }).optional(),
  delivery: z.enum(TICKET_TYPES, { error: EVENT_PAGE_TEXT.deliveryInvalid }).optional(),
  /**
   * 'price' (the default): cheapest per ticket first; 'price_desc': dearest first; 'section': A to Z, then
   * cheapest; 'quantity': most tickets first, then cheapest (decision 0093); 'vs_original': lowest against
   * the original price (decision 0083).
   */
  sort: z.enum(EVENT_PAGE_SORTS, { error: EVENT_PAGE_TEXT.sortInvalid }).optional(),
  /** Only listings whose seller is verified (decision 0086). */
  verified: z.enum(['true'], { error: EVENT_PAGE_TEXT.verifiedInvalid }).optional(),
  cursor: boundedText(TEXT_LIMITS.token, { tooLong: EVENT_PAGE_TEXT.cursorInvalid }).optional(),
  /** At most this all-in price per ticket, in dollars (decision 0087). */
  maxPrice: boundedText(9, { tooLong: FIND_OTHER_TICKETS_TEXT.maxPriceInvalid })
    .regex(EVENT_PAGE_PRICE_PATTERN, { error: FIND_OTHER_TICKETS_TEXT.maxPriceInvalid })
    .transform(Number)
    .optional(),
});
export type EventPageQuery = z.infer<typeof eventPageQuerySchema>;

export const EVENT_STATES = ['on_sale', 'sold_out', 'postponed', 'cancelled', 'past'] as const;
export type EventState = (typeof EVENT_STATES)[number];

export const eventPageListingSchema = z.object({
  id: z.number().int(),
  section: z.string(),
  row: z.string(),
  /** Tickets the listing has on sale. */
  quantity: z.number().int(),
  splitRule: z.enum(SPLIT_RULES),
  /** How many a buyer takes: the quantity asked for in the filter, else the whole listing (decision 0062). */
  buyingQuantity: z.number().int(),
  ticketType: z.enum(TICKET_TYPES),
  /** All-in per ticket, in dollars: the same at every quantity (decision 0073). */
  pricePerTicket: z.number(),
  /** All-in for buyingQuantity tickets, in dollars: pricePerTicket × buyingQuantity, what is charged. */
  totalPrice: z.number(),
  /** The original price per ticket, face value plus the original fee, in dollars (decision 0073). */
  originalPricePerTicket: z.number(),
  /** What the original price is made of, per ticket, in dollars: shown beside the price (decision 0083). */
  faceValuePerTicket: z.number(),
  originalFeePerTicket: z.number(),
  /** How pricePerTicket reads against the original price; null when it is 0. */
  priceComparison: priceComparisonSchema.nullable(),
  /** Held by a buyer at checkout or open in its seller's editor right now: shown, not buyable until that ends. */
  held: z.boolean(),
  /**
   * For a signed-in viewer only (issue 43): 'listing' on their own listing (no buying it), 'hold' on one
   * they hold (they continue their purchase); absent otherwise.
   */
  yours: z.enum(['listing', 'hold']).optional(),
  seller: z.object({
    id: z.number().int(),
    username: z.string(),
    averageRating: z.number().nullable(),
    totalReviews: z.number().int(),
    trust: sellerTrustSchema,
  }),
});
export type EventPageListing = z.infer<typeof eventPageListingSchema>;

/** Another show linked from a show's page: another date of its tour, or another show at its venue. */
export const otherShowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  date: z.iso.date(),
  daysCount: z.number().int().min(1),
  /** 'HH:mm' at the venue, null when unknown. */
  startTime: z.string().nullable(),
  venue: z.string(),
  city: z.string(),
  timeZone: z.string(),
});
export type OtherShow = z.infer<typeof otherShowSchema>;

/** Where the venue is: what the page's address, its map link and the JSON-LD PostalAddress say. */
export const venueAddressSchema = z.object({
  streetAddress: z.string().nullable(),
  city: z.string(),
  /** The ISO 3166-2 subdivision (a US state's two letters), null when unknown. */
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
});
export type VenueAddress = z.infer<typeof venueAddressSchema>;

export const eventPageSchema = z.object({
  event: z.object({
    id: z.number().int(),
    name: z.string(),
    /** '/events/42-slug': the address the page is canonical at. */
    path: z.string(),
    /** yyyy-MM-dd, the first day; `lastDate` is the last (the same for a one-day show). */
    date: z.iso.date(),
    lastDate: z.iso.date(),
    daysCount: z.number().int().min(1),
    /** The date it had before it was postponed. */
    originalDate: z.iso.date().nullable(),
    /** When the show starts and its doors open, 'HH:mm' at the venue on the first day; null when unknown. */
    startTime: z.string().nullable(),
    doorsTime: z.string().nullable(),
    venue: z.string(),
    city: z.string(),
    address: venueAddressSchema,
    timeZone: z.string(),
    state: z.enum(EVENT_STATES),
    lineup: z.array(z.object({ name: z.string(), image: z.string().nullable() })),
  }),
  /** Every listing on sale for the show, whatever the filters: what link previews and JSON-LD tell. */
  offers: z.object({
    count: z.number().int(),
    lowPrice: z.number().nullable(),
    highPrice: z.number().nullable(),
    /** Of `count`, the listings whose all-in price reads at or below the original price (decision 0083). */
    atOrBelowOriginal: z.number().int(),
  }),
  sections: z.array(z.string()).max(EVENT_PAGE_MAX_SECTIONS),
  listings: z.array(eventPageListingSchema).max(EVENT_PAGE_LISTINGS),
  /** How many listings the filters match. */
  matching: z.number().int(),
  nextCursor: z.string().nullable(),
  /**
   * The headliner's other upcoming shows (their tour's other dates) and the venue's other upcoming shows,
   * soonest first, at most EVENT_PAGE_MORE_SHOWS of each (decision 0093).
   */
  moreShows: z.object({
    headliner: z.string().nullable(),
    tour: z.array(otherShowSchema).max(EVENT_PAGE_MORE_SHOWS),
    venue: z.array(otherShowSchema).max(EVENT_PAGE_MORE_SHOWS),
  }),
});
export type EventPage = z.infer<typeof eventPageSchema>;
