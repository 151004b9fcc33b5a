/**
 * What the event page's client and server share besides its schemas (decision 0058), kept apart from
 * them so that the page's code carries no schema library: its limits and its query key.
 */

/** The quantity picker's choices. */
export const EVENT_PAGE_MAX_QUANTITY = 8;
/** Listings per page of an event page, cheapest first. */
export const EVENT_PAGE_LISTINGS = 50;
/** The sections a filter offers: the first ones in order, for a show with very many. */
export const EVENT_PAGE_MAX_SECTIONS = 100;

/**
 * The orders of a show's listings: cheapest per ticket first (the default), dearest first, by section (A to
 * Z, then cheapest), most tickets first (then cheapest; decision 0093), or lowest against the original
 * price first, ties cheapest first (decision 0083).
 */
export const EVENT_PAGE_SORTS = ['price', 'price_desc', 'section', 'quantity', 'vs_original'] as const;
export type EventPageSort = (typeof EVENT_PAGE_SORTS)[number];

/** The other dates of a show's tour and the other shows at its venue: at most this many of each. */
export const EVENT_PAGE_MORE_SHOWS = 6;

export interface EventPageFilters {
  quantity?: number;
  section?: string;
  delivery?: 'digital' | 'paper';
  /** Left out for the default, cheapest first. */
  sort?: Exclude<EventPageSort, 'price'>;
  /** At most this all-in price per ticket, in dollars: the link "Find other tickets" sets it (decision 0087). */
  maxPrice?: number;
  /** Only verified sellers' listings (decision 0086): `?verified=true`. */
  verified?: 'true';
}

/** A price per ticket in dollars as an address keeps it: up to 6 digits and 2 decimals. */
export const EVENT_PAGE_PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * The filters the page's address keeps (`?quantity=2&section=Floor&delivery=digital&maxPrice=45.50`); a bad one is
 * left out. The app and the server that renders the page for a visitor read them alike.
 */
export function filtersFromSearch(search: URLSearchParams): EventPageFilters {
  const filters: EventPageFilters = {};
  const quantity = Number(search.get('quantity'));
  if (Number.isInteger(quantity) && quantity >= 1 && quantity <= EVENT_PAGE_MAX_QUANTITY) {
    filters.quantity = quantity;
  }
  const section = search.get('section')?.trim();
  if (section && section.length <= 200) filters.section = section;
  const delivery = search.get('delivery');
  if (delivery === 'digital' || delivery === 'paper') filters.delivery = delivery;
  const sort = EVENT_PAGE_SORTS.find((name) => name === search.get('sort'));
  if (sort && sort !== 'price') filters.sort = sort;
  const maxPrice = search.get('maxPrice');
  if (maxPrice && EVENT_PAGE_PRICE_PATTERN.test(maxPrice)) filters.maxPrice = Number(maxPrice);
  if (search.get('verified') === 'true') filters.verified = 'true';
  return filters;
}

/** `search` with `filters` in it, other parameters kept. */
export function searchWithFilters(search: URLSearchParams, filters: EventPageFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['quantity', 'section', 'delivery', 'sort', 'maxPrice', 'verified'] as const) {
    const value = filters[key];
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * The TanStack Query key of an event page's data: the client's query and the server that renders the page
 * for a visitor fill the same cache entry, so the app takes the page over without asking again.
 */
export function eventPageQueryKey(id: number, filters: EventPageFilters) {
  return [
    'event-page',
    id,
    {
      quantity: filters.quantity ?? null,
      section: filters.section ?? null,
      delivery: filters.delivery ?? null,
      sort: filters.sort ?? null,
      maxPrice: filters.maxPrice ?? null,
      verified: filters.verified ?? null,
    },
  ] as const;
}
