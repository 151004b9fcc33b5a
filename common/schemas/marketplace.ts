import { z } from 'zod';
import { TICKET_MAX_AMOUNT_CENTS, TICKET_MAX_QUANTITY, TICKET_PAGE_SIZE_DEFAULT } from '../constants.js';
import { MARKETPLACE_TEXT } from '../messages.js';
import { SPLIT_RULES } from '../splits.js';
import { sellerTrustSchema } from './identity.js';
import { priceComparisonSchema } from './price-comparison.js';
import { boundedText } from './text.js';
import { amountTextToCents, isCalendarDate, PLATFORMS, TICKET_TYPES, TRANSFER_STATUSES } from './tickets.js';

/**
 * The marketplace list (GET /api/tickets, spec 000 §3 'Ticket list filters', §7) and the filter bar's
 * search suggestions (GET /api/search/suggestions). Query values arrive as text; every one is bounded and
 * a bad one is a 400 carrying the message below (decision 0010).
 */

/** 'vs_original': lowest against the original price first (decision 0083), ties cheapest first. */
export const TICKET_SORT_BY = ['date', 'price_asc', 'price_desc', 'section', 'vs_original'] as const;
export type TicketSortBy = (typeof TICKET_SORT_BY)[number];
/** 'vsOriginal': the all-in price's signed percent from the original price (decision 0083). */
export const TICKET_SORT_FIELDS = ['eventDate', 'price', 'section', 'markup', 'vsOriginal'] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Spec 000 §9: advanced sort allows at most 4 criteria. */
export const MAX_SORT_CRITERIA = 4;
/** Page size: what the client asks for, TICKET_PAGE_SIZE_DEFAULT (constants.ts) when it does not, never more than 100. */
export { TICKET_PAGE_SIZE_DEFAULT };
export const TICKET_PAGE_SIZE_MAX = 100;
export const TICKET_SEARCH_MAX_LENGTH = 100;
/** A city filter: a city's name, folded and compared whole (decision 0059). */
export const TICKET_CITY_MAX_LENGTH = 100;
/** An opaque cursor is a few dozen characters; anything much longer was not made by the server. */
export const TICKET_CURSOR_MAX_LENGTH = 512;
const SORT_CRITERIA_MAX_LENGTH = 1_000;

/** Spec 000 §9: suggestions need 2 characters and there are at most 5. */
export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_MAX_RESULTS = 5;
export const SUGGESTION_QUERY_MAX_LENGTH = 100;

export const sortCriterionSchema = z.object(
  {
    field: z.enum(TICKET_SORT_FIELDS, { error: MARKETPLACE_TEXT.sortCriteriaInvalid }),
    direction: z.enum(SORT_DIRECTIONS, { error: MARKETPLACE_TEXT.sortCriteriaInvalid }),
  },
  { error: MARKETPLACE_TEXT.sortCriteriaInvalid },
);
export type SortCriterion = z.infer<typeof sortCriterionSchema>;

const sortCriteriaListSchema = z
  .array(sortCriterionSchema, { error: MARKETPLACE_TEXT.sortCriteriaInvalid })
  .max(MAX_SORT_CRITERIA, { error: MARKETPLACE_TEXT.sortCriteriaTooMany });

/** Optional query text: a missing or blank value counts as absent. */
const queryText = (max: number, message: string) =>
  boundedText(max, { tooLong: message })
    .optional()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? undefined : trimmed;
    });

const priceFilter = (message: string) =>
  queryText(20, message).transform((value, context) => {
    if (value === undefined) return undefined;
    const cents = amountTextToCents(value);
    if (cents === null || cents > TICKET_MAX_AMOUNT_CENTS * 2) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const dateFilter = (message: string) =>
  queryText(10, message).refine((value) => value === undefined || isCalendarDate(value), { error: message });

/**
 * GET /api/tickets query. Prices are what the buyer pays per ticket, all-in (processing fee included), in
 * dollars; they come out as cents. `sortCriteria` (a JSON list) wins over `sortBy` when it has entries.
 * Paging is by cursor: pass the previous page's `nextCursor` with the same filters.
 */
export const ticketListQuerySchema = z
  .object({
    search: queryText(TICKET_SEARCH_MAX_LENGTH, MARKETPLACE_TEXT.searchTooLong),
    sortBy: z
      .enum(TICKET_SORT_BY, { error: MARKETPLACE_TEXT.sortByInvalid })
      .optional()
      .transform((value) => value ?? 'date'),
    sortCriteria: queryText(SORT_CRITERIA_MAX_LENGTH, MARKETPLACE_TEXT.sortCriteriaInvalid).transform(
      (value, context): SortCriterion[] => {
        if (value === undefined) return [];
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          context.addIssue({ code: 'custom', message: MARKETPLACE_TEXT.sortCriteriaInvalid });
          return z.NEVER;
        }
        const result = sortCriteriaListSchema.safeParse(parsed);
        if (!result.success) {
          context.addIssue({
            code: 'custom',
            message: result.error.issues[0]?.message ?? MARKETPLACE_TEXT.sortCriteriaInvalid,
          });
          return z.NEVER;
        }
        return result.data;
      },
    ),
    minPrice: priceFilter(MARKETPLACE_TEXT.minPriceInvalid),
    maxPrice: priceFilter(MARKETPLACE_TEXT.maxPriceInvalid),
    startDate: dateFilter(MARKETPLACE_TEXT.startDateInvalid),
    endDate: dateFilter(MARKETPLACE_TEXT.endDateInvalid),
    /** Listings of exactly this many tickets (a listing is bought whole): 1 to TICKET_MAX_QUANTITY. */
    quantity: queryText(3, MARKETPLACE_TEXT.quantityInvalid).transform((value, context) => {
      if (value === undefined) return undefined;
      const quantity = /^\d+$/.test(value) ? Number(value) : 0;
      if (quantity < 1 || quantity > TICKET_MAX_QUANTITY) {
        context.addIssue({ code: 'custom', message: MARKETPLACE_TEXT.quantityInvalid });
        return z.NEVER;
      }
      return quantity;
    }),
    /** Listings of events in this city (the catalog venue's, compared folded and whole; decision 0059). */
    city: queryText(TICKET_CITY_MAX_LENGTH, MARKETPLACE_TEXT.cityTooLong),
    /**
     * Only listings whose all-in price per ticket reads at or below the original price, face value plus the
     * original fee (decisions 0059, 0073). The parameter keeps its first name so saved addresses still work.
     */
    atOrBelowFace: z
      .enum(['true', 'false'], { error: MARKETPLACE_TEXT.atOrBelowFaceInvalid })
      .optional()
      .transform((value) => value === 'true'),
    /** Only listings whose seller is verified (decision 0086). */
    verifiedOnly: z
      .enum(['true', 'false'], { error: MARKETPLACE_TEXT.verifiedOnlyInvalid })
      .optional()
      .transform((value) => value === 'true'),
    includeAll: z
      .enum(['true', 'false'], { error: MARKETPLACE_TEXT.includeAllInvalid })
      .optional()
      .transform((value) => value === 'true'),
    cursor: queryText(TICKET_CURSOR_MAX_LENGTH, MARKETPLACE_TEXT.cursorInvalid),
    limit: queryText(4, MARKETPLACE_TEXT.limitInvalid).transform((value, context) => {
      if (value === undefined) return TICKET_PAGE_SIZE_DEFAULT;
      const limit = /^\d+$/.test(value) ? Number(value) : 0;
      if (limit < 1 || limit > TICKET_PAGE_SIZE_MAX) {
        context.addIssue({ code: 'custom', message: MARKETPLACE_TEXT.limitInvalid });
        return z.NEVER;
      }
      return limit;
    }),
  })
  .superRefine((query, context) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
      context.addIssue({ code: 'custom', path: ['maxPrice'], message: MARKETPLACE_TEXT.priceRangeInvalid });
    if (query.startDate !== undefined && query.endDate !== undefined && query.startDate > query.endDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: MARKETPLACE_TEXT.dateRangeInvalid });
  });
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;
/** The query as the client writes it (all text). */
export type TicketListQueryInput = z.input<typeof ticketListQuerySchema>;

const dollars = z.number();

/** The artist block of a card: the event's headliner from the catalog, null for a manual listing. */
export const ticketArtistSchema = z.object({
  name: z.string(),
  image: z.string().nullable(),
  genres: z.array(z.string()),
  /** External artist-information page. */
  url: z.string().nullable(),
});
export type TicketArtist = z.infer<typeof ticketArtistSchema>;

/** Seller on a card: `rating` from submitted reviews only, null with 0 while there are none (decision 0016). */
export const cardSellerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  rating: z.number().nullable(),
  totalReviews: z.number().int().min(0),
  trust: sellerTrustSchema,
});

/** Fields a visitor and a signed-in user both see. Money in dollars. */
const listingBase = {
  id: z.number().int(),
  eventName: z.string(),
  /** yyyy-MM-dd */
  eventDate: z.string(),
  /** 'event at venue, city' */
  description: z.string(),
  venue: z.string(),
  daysCount: z.number().int(),
  isMultiDay: z.boolean(),
  section: z.string(),
  row: z.string(),
  seats: z.string(),
  quantity: z.number().int(),
  /** How the listing may sell (decision 0062). */
  splitRule: z.enum(SPLIT_RULES),
  markup: z.number().int(),
  /**
   * How many tickets the totals are for: the `quantity` filter's when it is set (the listing sells that
   * many under its split rule), else the whole listing's quantity.
   */
  buyingQuantity: z.number().int(),
  /** Seller listing price per ticket. */
  listingPrice: dollars,
  /** listingPrice × buyingQuantity. */
  totalPrice: dollars,
  /**
   * What the buyer pays per ticket, processing fee included (the figure minPrice/maxPrice filter on); the
   * same at every quantity (decision 0073).
   */
  buyerPaysPerTicket: dollars,
  /** 'What You Pay': buyerPaysPerTicket × buyingQuantity, the amount charged at checkout for that many. */
  buyerPays: dollars,
  /** Face value and original fee per ticket: the original price, shown beside the price (decision 0083). */
  faceValue: dollars,
  serviceFee: dollars,
  /** How buyerPaysPerTicket reads against the original price (decision 0073); null without one. */
  priceComparison: priceComparisonSchema.nullable(),
  sold: z.boolean(),
  /** Every ticket's barcode was read on upload and is on no other live listing or sale (decision 0085). */
  barcodeChecked: z.boolean(),
};

/** A visitor's card (spec 000 §2 'Home for visitors'): no seller, no image, no barcode, no lock owner. */
export const publicTicketSchema = z.object(listingBase);
export type PublicTicket = z.infer<typeof publicTicketSchema>;

/** A signed-in user's card (spec 000 §2 'Ticket card'). */
export const marketplaceTicketSchema = z.object({
  ...listingBase,
  version: z.number().int(),
  eventId: z.number().int().nullable(),
  ticketType: z.enum(TICKET_TYPES),
  platform: z.enum(PLATFORMS).nullable(),
  /** A sale's real state for its seller, its buyer and admins; 'not_started' for everyone else (decision 0032). */
  transferStatus: z.enum(TRANSFER_STATUSES),
  /** True while a buyer holds the ticket or its seller edits it (and that has not expired). */
  isBeingEdited: z.boolean(),
  lockExpiresAt: z.string().nullable(),
  /**
   * The signed-in user's own id when the lock is theirs, else null (decision 0032); compare with their id
   * ('Currently Reserved').
   */
  currentViewerId: z.number().int().nullable(),
  sellerId: z.number().int(),
  seller: cardSellerSchema,
  artist: ticketArtistSchema.nullable(),
  createdAt: z.string(),
});
export type MarketplaceTicket = z.infer<typeof marketplaceTicketSchema>;

/**
 * A search that matched nothing as typed but did with a one-letter slip corrected (decision 0059): the
 * page is the correction's, and `didYouMean` the corrected search to offer; null otherwise.
 */
const didYouMean = z.string().nullable();

/** GET /api/tickets for a visitor. */
export const publicTicketListSchema = z.object({
  audience: z.literal('visitor'),
  tickets: z.array(publicTicketSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  didYouMean,
});
export type PublicTicketList = z.infer<typeof publicTicketListSchema>;

/** GET /api/tickets for a signed-in user. */
export const memberTicketListSchema = z.object({
  audience: z.literal('member'),
  tickets: z.array(marketplaceTicketSchema),
  nextCursor: z.string().nullable(),
  didYouMean,
});
export type MemberTicketList = z.infer<typeof memberTicketListSchema>;

export const ticketListResponseSchema = z.discriminatedUnion('audience', [
  publicTicketListSchema,
  memberTicketListSchema,
]);
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

/** GET /api/search/suggestions?q= — fewer than 2 characters (after trimming) answers an empty list. */
export const suggestionQuerySchema = z.object({
  q: boundedText(SUGGESTION_QUERY_MAX_LENGTH, { tooLong: MARKETPLACE_TEXT.suggestionQueryInvalid }),
});

export const SUGGESTION_KINDS = ['artist', 'event', 'venue', 'city'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The show a catalog event's suggestion is: one suggestion per event, never one per name. */
export const suggestedEventSchema = z.object({
  id: z.number().int(),
  /** yyyy-MM-dd */
  date: z.string(),
  daysCount: z.number().int(),
  venue: z.string(),
});
export type SuggestedEvent = z.infer<typeof suggestedEventSchema>;

/**
 * One suggestion; `text` goes into the search box, except a catalog event's (`event` set), which leads to
 * that event's page.
 */
export const suggestionSchema = z.object({
  text: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
  /** How it matched: ranked exact, then prefix, then whole word (spec 000 §5). */
  match: z.enum(['exact', 'prefix', 'word']),
  event: suggestedEventSchema.nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionResponseSchema = z.array(suggestionSchema).max(SUGGESTION_MAX_RESULTS);
