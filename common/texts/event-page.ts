import type { EventState } from '../schemas/event-page.js';

/** What the event page says (decision 0058). */
export const EVENT_SCREEN_TEXT = {
  state: {
    on_sale: 'On sale',
    sold_out: 'No tickets listed',
    postponed: 'Postponed',
    cancelled: 'Cancelled',
    past: 'This show has taken place',
  } satisfies Record<EventState, string>,
  postponedFrom: (originalDate: string) => `Postponed from ${originalDate}`,
  cancelledNote: 'This show was cancelled. Tickets bought on Encore are refunded in full.',
  pastNote: 'This show has taken place, so its tickets are no longer on sale.',
  lineup: 'Lineup',
  listingsHeading: 'Tickets',
  quantityLabel: 'How many tickets?',
  anyQuantity: 'Any quantity',
  sectionLabel: 'Section',
  allSections: 'All sections',
  deliveryLabel: 'Delivery',
  anyDelivery: 'Any delivery',
  digital: 'Digital',
  paper: 'Paper',
  listingCount: (shown: number) => `${shown} ${shown === 1 ? 'listing' : 'listings'}`,
  /** Of every listing on sale for the show, whatever the filters (decision 0083). */
  atOrBelowOriginal: (atOrBelow: number, listed: number) =>
    `${atOrBelow} of ${listed} ${listed === 1 ? 'listing' : 'listings'} at or below the original price`,
  sortLabel: 'Sort',
  sortCheapest: 'Cheapest first',
  sortDearest: 'Highest price first',
  sortSection: 'Section (A–Z)',
  sortQuantity: 'Most tickets first',
  sortVsOriginal: 'Lowest vs. original price',
  /** Decision 0093: the show's time in the venue's zone, and where the venue is. */
  showTime: 'Show time',
  timeToBeAnnounced: 'Time to be announced',
  venueAddress: 'Venue address',
  openMap: 'Map',
  /** Read after the map link's text: where it leads, and that it opens a new tab. */
  openMapDetail: (venue: string) => ` of ${venue} on OpenStreetMap (opens in a new tab)`,
  tourDates: (headliner: string) => `More ${headliner} dates`,
  venueShows: (venue: string) => `More at ${venue}`,
  noListings: 'No tickets are listed for this show right now.',
  noMatches: 'No listings match these filters.',
  clearFilters: 'Clear filters',
  each: 'each, all-in',
  totalFor: (total: string, quantity: number) =>
    `${total} for ${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`,
  /** After the comparison with the original price (decision 0073): that price, face value plus the original fee. */
  originalPrice: (price: string) => `(${price})`,
  seats: (section: string, row: string) => `Section ${section} · Row ${row}`,
  ticketsOf: (quantity: number) => `${quantity} ${quantity === 1 ? 'ticket' : 'tickets'}`,
  /** A listing that sells part of what it has (decision 0062): how many the fan takes of how many. */
  ticketsOfListing: (taking: number, listed: number) => `${taking} of ${listed} tickets`,
  soldBy: 'Sold by',
  /** Read after a seller's rating that opens their reviews (the rating stays the visible text). */
  sellerReviews: (username: string) => `, reviews of ${username}`,
  /** Read after a seller's rating that a visitor follows to sign in, the reviews being for members. */
  signInForSellerReviews: (username: string) => `, sign in to read the reviews of ${username}`,
  reserved: 'Reserved by another fan',
  viewTicket: 'View ticket',
  yourListing: 'Your listing',
  yourHold: 'You are holding these tickets',
  continuePurchase: 'Continue your purchase',
  showMore: 'Show more listings',
  loadingMore: 'Loading…',
  notFoundTitle: 'Event not found',
  notFoundBody: 'This show is not on Encore, or its link is mistyped.',
  browseListings: 'Browse all listings',
  share: 'Share',
  linkCopied: 'Link copied',
  shareFailed: 'Could not copy the link. Copy it from the address bar.',
} as const;
