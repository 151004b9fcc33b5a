import { and, asc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MARKETPLACE_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleEndsAt } from '../../../common/on-sale.js';
import {
  atOrBelowOriginal,
  comparePrice,
  originalPriceCents,
  vsOriginalSortKey,
} from '../../../common/price-comparison.js';
import { saleBreakdown } from '../../../common/pricing.js';
import type {
  MarketplaceTicket,
  PublicTicket,
  SortCriterion,
  TicketArtist,
  TicketListQuery,
  TicketSortField,
} from '../../../common/schemas/marketplace.js';
import type { Rating } from '../../../common/schemas/reviews.js';
import type { Platform } from '../../../common/schemas/tickets.js';
import type { DbOrTx } from '../../db/client.js';
import { artists, eventArtists, tickets, users } from '../../db/schema/index.js';
import { Invalid } from '../../errors.js';
import { escapeLike } from '../../lib/like-patterns.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { searchFold } from '../../lib/search-fold.js';
import { changeCounterReader, changeCounterValue } from '../../lib/synced-index.js';
import { artistImageUrlSql } from '../events/artist-image.js';
import { correctedQueries } from '../events/search-typos.js';
import { sellerTrustOf, UNKNOWN_SELLER } from '../identity/trust.js';
import { ratingOf, ratingsOf, sellerRating } from '../reviews/ratings.js';
import { listingColumns } from '../tickets/listing-columns.js';
import { ticketAtOrBelowOriginal } from '../tickets/price-comparison.js';
import { splitAllowsSql } from '../tickets/splits.js';
import type { MarketplaceCardRow, MarketplaceCardsReader } from './cards-reader.js';
import { type ListingQuery, matchesQuery } from './listing-index.js';
import { listingQueryOf } from './listing-search.js';

/**
 * The marketplace list (decision 0010): filtered, sorted and paged in SQL by keyset (the last row's sort
 * values), so a page costs the same at page 1 and page 1 000, and the table is never read whole.
 */

const SORT_COLUMNS: Record<TicketSortField, AnyPgColumn> = {
  eventDate: tickets.eventDate,
  price: tickets.buyerPaysPerTicketCents,
  section: tickets.section,
  markup: tickets.markup,
  vsOriginal: tickets.vsOriginalKey,
};
const NUMERIC_FIELDS = new Set<TicketSortField>(['price', 'markup', 'vsOriginal']);

/** The sort the query asks for: its criteria (first occurrence of a field wins), else its sortBy. */
export function effectiveSort(query: Pick<TicketListQuery, 'sortBy' | 'sortCriteria'>): SortCriterion[] {
  if (query.sortCriteria.length > 0) {
    const seen = new Set<TicketSortField>();
    return query.sortCriteria.filter((criterion) => {
      if (seen.has(criterion.field)) return false;
      seen.add(criterion.field);
      return true;
    });
  }
  switch (query.sortBy) {
    case 'price_asc':
      return [{ field: 'price', direction: 'asc' }];
    case 'price_desc':
      return [{ field: 'price', direction: 'desc' }];
    case 'section':
      return [{ field: 'section', direction: 'asc' }];
    // Lowest against the original price first; of the same percent, the cheaper first (decision 0083).
    case 'vs_original':
      return [
        { field: 'vsOriginal', direction: 'asc' },
        { field: 'price', direction: 'asc' },
      ];
    default:
      return [{ field: 'eventDate', direction: 'asc' }];
  }
}

function signatureOf(sort: SortCriterion[]): string {
  return sort.map((criterion) => `${criterion.field}:${criterion.direction}`).join(',');
}

type CursorValue = string | number;

/** A corrected search's text is a few letters longer than the typed one at most; this is ample. */
const CORRECTION_MAX_LENGTH = 200;

/**
 * The cursor of the page after the row (`values`, `id`) in `sort`: with `correction`, the one-letter
 * correction the pages are of (decision 0059), so the next page continues the same search.
 */
export function encodeCursor(
  sort: SortCriterion[],
  values: CursorValue[],
  id: number,
  correction?: string,
): string {
  const cursor = { s: signatureOf(sort), k: [...values, id], ...(correction ? { c: correction } : {}) };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export interface Cursor {
  values: CursorValue[];
  id: number;
  correction?: string;
}

/** The cursor's sort values, id and correction, checked against the sort it is used with. */
export function decodeCursor(cursor: string, sort: SortCriterion[]): Cursor {
  const invalid = () =>
    new Invalid(MARKETPLACE_TEXT.cursorInvalid, { cursor: MARKETPLACE_TEXT.cursorInvalid });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object') throw invalid();
  const { s, k, c } = parsed as { s?: unknown; k?: unknown; c?: unknown };
  if (s !== signatureOf(sort) || !Array.isArray(k) || k.length !== sort.length + 1) throw invalid();
  if (c !== undefined && (typeof c !== 'string' || c === '' || c.length > CORRECTION_MAX_LENGTH))
    throw invalid();
  const id = k[sort.length];
  if (!Number.isSafeInteger(id) || (id as number) < 1) throw invalid();
  const values = k.slice(0, sort.length) as unknown[];
  sort.forEach((criterion, index) => {
    const value = values[index];
    const ok = NUMERIC_FIELDS.has(criterion.field)
      ? Number.isSafeInteger(value)
      : typeof value === 'string' && value.length <= 200;
    if (!ok) throw invalid();
  });
  return { values: values as CursorValue[], id: id as number, ...(c === undefined ? {} : { correction: c }) };
}

/** Rows after the cursor in (sort…, id asc) order: (a > x) or (a = x and b > y) or …, by each direction. */
function afterCursor(sort: SortCriterion[], values: CursorValue[], id: number): SQL {
  const keys = [
    ...sort.map((criterion, index) => ({
      column: SORT_COLUMNS[criterion.field],
      direction: criterion.direction,
      value: values[index] as CursorValue,
    })),
    { column: tickets.id as AnyPgColumn, direction: 'asc' as const, value: id },
  ];
  const branches = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((earlier) => eq(earlier.column, earlier.value));
    const beyond =
      key.direction === 'asc' ? sql`${key.column} > ${key.value}` : sql`${key.column} < ${key.value}`;
    return and(...equalBefore, beyond) as SQL;
  });
  return or(...branches) as SQL;
}

/**
 * How many matches of a search are read through the listings' trigram index before they are sorted and
 * paged (decision 0040). A term with more is common enough that walking the sort order finds a page soon.
 */
export const SEARCH_CANDIDATES = 2_000;

/**
 * The listings matching a search, as `id = any(…)` for the page's query (decision 0040): the folded
 * query against `tickets.search_text` (event name, description and lineup, folded by the database).
 * What it may cost is bounded by design: at most SEARCH_CANDIDATES + 1 matches are read through the
 * trigram index; when there are no more, those are sorted and the page taken from them. Otherwise the
 * term matches more than SEARCH_CANDIDATES listings and the page is taken by walking the sort order,
 * where about one listing in (live listings / SEARCH_CANDIDATES) or more matches.
 */
function searchMatches(filters: SQL[], search: string, order: SQL[], limit: number): SQL {
  const base = and(...filters, sql`${tickets.searchText} like ${`%${escapeLike(searchFold(search))}%`}`);
  const orderBy = sql.join(order, sql`, `);
  const few = sql`(select count(*) from candidates) <= ${SEARCH_CANDIDATES}`;
  return sql`${tickets.id} = any(array(
    with candidates as materialized (select * from ${tickets} where ${base} limit ${SEARCH_CANDIDATES + 1})
    (select ${tickets.id} from candidates ${tickets} where ${few} order by ${orderBy} limit ${limit})
    union all
    (select ${tickets.id} from ${tickets} where ${base} and not ${few} order by ${orderBy} limit ${limit})))`;
}

/**
 * A listing on sale, as the marketplace shows it: not sold, available (not withdrawn by its seller, which
 * cancels it, nor pending) and for a show still on sale (its venue's midnight after its last day, decision 0071).
 */
export function onSaleFilters(now: Date): SQL[] {
  return [eq(tickets.sold, false), eq(tickets.status, 'available'), listingOnSaleSql(now)];
}

function filtersOf(query: TicketListQuery, now: Date): SQL[] {
  const filters: SQL[] = [ne(tickets.status, 'cancelled')];
  if (!query.includeAll) filters.push(...onSaleFilters(now));
  if (query.minPrice !== undefined) filters.push(gte(tickets.buyerPaysPerTicketCents, query.minPrice));
  if (query.maxPrice !== undefined) filters.push(lte(tickets.buyerPaysPerTicketCents, query.maxPrice));
  if (query.startDate !== undefined) filters.push(gte(tickets.eventDate, query.startDate));
  if (query.endDate !== undefined) filters.push(lte(tickets.eventDate, query.endDate));
  // Listings that sell that many under their split rule (decision 0062).
  if (query.quantity !== undefined)
    filters.push(
      splitAllowsSql(sql`${tickets.quantity}`, sql`${tickets.splitRule}`, sql`${query.quantity}::int`),
    );
  // The same city as listingCitySql gives the index: the catalog venue's, folded and whole (decision 0059).
  if (query.city !== undefined)
    filters.push(sql`${tickets.eventId} in (select e.id from events e join venues v on v.id = e.venue_id
      where search_fold(v.city) = ${searchFold(query.city)})`);
  // The one comparison with the original price (decision 0073), as the index reads it with atOrBelowOriginal.
  if (query.atOrBelowFace) filters.push(ticketAtOrBelowOriginal);
  // The seller's verification as the listing carries it (migration 0044), as the index reads it too.
  if (query.verifiedOnly) filters.push(eq(tickets.sellerVerified, true));
  return filters;
}

const columns = {
  ...listingColumns,
  buyerPaysPerTicketCents: tickets.buyerPaysPerTicketCents,
  sellerUsername: users.username,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & {
  eventDate: string;
  lockExpiresAt: Date | null;
  editExpiresAt: Date | null;
};

function sortValue(row: Row, field: TicketSortField): CursorValue {
  switch (field) {
    case 'eventDate':
      return row.eventDate;
    case 'price':
      return row.buyerPaysPerTicketCents;
    case 'section':
      return row.section;
    case 'markup':
      return row.markup;
    // The TypeScript of the generated column the SQL sorts by (migration 0041); an API test holds them equal.
    case 'vsOriginal':
      return vsOriginalSortKey(
        row.buyerPaysPerTicketCents,
        originalPriceCents(row.faceValueCents, row.serviceFeeCents),
      );
  }
}

/**
 * Who holds the live lock: a buyer's live hold, else the seller's live editor, else none (expired ones
 * count as none). The card tells only that it is held; whose it is goes to `HiddenOnCard`.
 */
function liveLock(row: Row, now: Date): { holderId: number | null; lockExpiresAt: Date | null } {
  if (row.currentViewerId !== null && row.lockExpiresAt && row.lockExpiresAt > now)
    return { holderId: row.currentViewerId, lockExpiresAt: row.lockExpiresAt };
  if (row.editingBy !== null && row.editExpiresAt && row.editExpiresAt > now)
    return { holderId: row.editingBy, lockExpiresAt: row.editExpiresAt };
  return { holderId: null, lockExpiresAt: null };
}

/**
 * What a member's card leaves out of the page every member shares (decisions 0023, 0032): who holds its
 * live lock, and a sale's transfer state. Listed only for cards that hide something.
 */
export interface HiddenOnCard {
  ticketId: number;
  /** The buyer holding it or the seller editing it. */
  holderId: number | null;
  sellerId: number;
  buyerId: number | null;
  transferStatus: MarketplaceTicket['transferStatus'];
}

interface Viewer {
  id: number;
  role: string;
}

/** A sale's transfer state is told to its seller, its buyer and admins (as GET /api/tickets/{id} does). */
function partyTo(hidden: HiddenOnCard, viewer: Viewer): boolean {
  return viewer.role === 'admin' || viewer.id === hidden.sellerId || viewer.id === hidden.buyerId;
}

/** Whether `viewer` may see something `hidden` keeps from other members. */
export function concerns(hidden: HiddenOnCard, viewer: Viewer): boolean {
  return (
    hidden.holderId === viewer.id || (hidden.transferStatus !== 'not_started' && partyTo(hidden, viewer))
  );
}

/**
 * The shared cards as `viewer` sees them: `currentViewerId` is their id on a ticket they hold or edit
 * (null, with isBeingEdited, on one someone else holds), and a sale they are a party to shows its real
 * transfer state (everyone else reads 'not_started').
 */
export function cardsSeenBy(
  cards: MarketplaceTicket[],
  hidden: HiddenOnCard[],
  viewer: Viewer,
): MarketplaceTicket[] {
  const theirs = new Map(
    hidden.filter((entry) => concerns(entry, viewer)).map((entry) => [entry.ticketId, entry]),
  );
  return cards.map((card) => {
    const entry = theirs.get(card.id);
    if (!entry) return card;
    return {
      ...card,
      currentViewerId: entry.holderId === viewer.id ? viewer.id : null,
      transferStatus: partyTo(entry, viewer) ? entry.transferStatus : card.transferStatus,
    };
  });
}

/**
 * A card, priced for `buying` tickets when the list is filtered to a quantity (the listing sells that many
 * under its split rule), else for the whole listing: the totals the event page shows for the same filter.
 */
function publicShape(row: Row, buying: number | undefined): PublicTicket {
  const sale = saleBreakdown({
    perTicketCents: row.listingPriceCents,
    markupPercent: row.markup,
    quantity: buying ?? row.quantity,
  });
  return {
    id: row.id,
    eventName: row.eventName,
    eventDate: row.eventDate,
    description: row.description,
    venue: row.venue,
    daysCount: row.daysCount,
    isMultiDay: row.isMultiDay,
    section: row.section,
    row: row.row,
    seats: row.seats,
    quantity: row.quantity,
    splitRule: row.splitRule,
    markup: row.markup,
    buyingQuantity: sale.quantity,
    listingPrice: centsToDollars(sale.perTicketCents),
    totalPrice: centsToDollars(sale.totalCents),
    buyerPaysPerTicket: centsToDollars(sale.buyerPaysPerTicketCents),
    buyerPays: centsToDollars(sale.buyerPaysCents),
    faceValue: centsToDollars(row.faceValueCents),
    serviceFee: centsToDollars(row.serviceFeeCents),
    priceComparison: comparePrice(
      sale.buyerPaysPerTicketCents,
      originalPriceCents(row.faceValueCents, row.serviceFeeCents),
    ),
    sold: row.sold,
    barcodeChecked: row.barcodeChecked,
  };
}

/** The headliner (first-positioned artist) of each event, for the cards' artist block. */
export async function headliners(db: DbOrTx, eventIds: number[]): Promise<Map<number, TicketArtist>> {
  const result = new Map<number, TicketArtist>();
  if (eventIds.length === 0) return result;
  const rows = await db
    .select({
      eventId: eventArtists.eventId,
      name: artists.name,
      image: artistImageUrlSql(artists.id, artists.imageUrl),
      genres: artists.genres,
      url: artists.infoUrl,
    })
    .from(eventArtists)
    .innerJoin(artists, eq(artists.id, eventArtists.artistId))
    .where(inArray(eventArtists.eventId, eventIds))
    .orderBy(asc(eventArtists.eventId), asc(eventArtists.position), asc(artists.id));
  for (const { eventId, ...artist } of rows) if (!result.has(eventId)) result.set(eventId, artist);
  return result;
}

/** The listings' change counter (migration 0007, decision 0023): it moves with every statement that changes a listing. */
const LISTING_CHANGES = sql`listing_changes`;

/** A page computed at one value of the listings' change counter stays true until it moves. */
export const listingsVersion = (db: DbOrTx): Promise<string> => changeCounterValue(db, LISTING_CHANGES);

/** listingsVersion read once per turn for every request that asks in it: each marketplace page asks first. */
export const listingsVersionReader = (db: DbOrTx): (() => Promise<string>) =>
  changeCounterReader(db, LISTING_CHANGES);

export interface TicketPage<T> {
  tickets: T[];
  nextCursor: string | null;
  /** The correction the page is of, when the search as typed matched nothing (decision 0059). */
  didYouMean: string | null;
}

/**
 * The ids of a search's page from the in-memory listing index (decision 0048), or null when it cannot
 * answer; see ListingSearch.find.
 */
export type ListingFinder = (query: ListingQuery) => Promise<number[] | null>;

/** What a search needs to be answered through the listing index: the finder and the cards' reader. */
export interface IndexedSearch {
  find: ListingFinder;
  readCard: MarketplaceCardsReader;
}

/** The listings with their sellers, as a card is made from them. */
function cardRows(db: DbOrTx) {
  return db.select(columns).from(tickets).innerJoin(users, eq(users.id, tickets.sellerId));
}

/** Whether each row comes after the one before it in the sort's order (the id breaking ties). */
function inOrder(rows: Row[], sort: SortCriterion[]): boolean {
  return rows.every((row, index) => {
    const previous = rows[index - 1];
    if (!previous) return true;
    for (const { field, direction } of sort) {
      const [a, b] = [sortValue(previous, field), sortValue(row, field)];
      if (a !== b) return direction === 'asc' ? a < b : a > b;
    }
    return previous.id < row.id;
  });
}

/** A page's rows with their events' headliners and their sellers' ratings. */
interface PageRows {
  rows: Row[];
  artists?: Map<number, TicketArtist>;
  ratings?: Map<number, Rating>;
}

/** Whether the card as the database holds it now is still what the index found for the query. */
function stillMatches(card: MarketplaceCardRow | undefined, query: ListingQuery): card is MarketplaceCardRow {
  if (card?.ticket.status !== 'available' || card.ticket.sold) return false;
  const { id, searchText, buyerPaysPerTicketCents, markup, eventDate, quantity, splitRule } = card.ticket;
  const endsAt = saleEndsAt(card.ticket).getTime();
  const original = originalPriceCents(card.ticket.faceValueCents, card.ticket.serviceFeeCents);
  const atOrBelowFace = atOrBelowOriginal(buyerPaysPerTicketCents, original);
  const vsOriginalKey = vsOriginalSortKey(buyerPaysPerTicketCents, original);
  return matchesQuery(
    {
      id,
      text: searchText,
      priceCents: buyerPaysPerTicketCents,
      markup,
      eventDate,
      endsAt,
      quantity,
      splitRule,
      city: card.city,
      atOrBelowFace,
      vsOriginalKey,
      sellerVerified: card.ticket.sellerVerified,
    },
    query,
  );
}

/**
 * A search's page through the listing index: its cards read by id, and kept only when the database
 * agrees with the index on each (still live, still matching, still in the sort's order). Null otherwise,
 * and the search runs in SQL.
 */
async function indexedPage(
  search: IndexedSearch,
  listingQuery: ListingQuery,
  sort: SortCriterion[],
): Promise<PageRows | null> {
  const ids = await search.find(listingQuery);
  if (ids === null) return null;
  const cards = await Promise.all(ids.map((id) => search.readCard(id)));
  if (!cards.every((card) => stillMatches(card, listingQuery))) return null;
  // The same columns as `columns`, typed with their nulls, which Row's type leaves out.
  const rows = cards.map((card) => card.ticket) as Row[];
  if (!inOrder(rows, sort)) return null;
  const artists = new Map<number, TicketArtist>();
  const ratings = new Map<number, Rating>();
  for (const { ticket, artist, rating } of cards) {
    if (ticket.eventId !== null && artist) artists.set(ticket.eventId, artist);
    if (rating) ratings.set(ticket.sellerId, rating);
  }
  return { rows, artists, ratings };
}

/**
 * One page of `query` after `after` (its sort values and id), through the index when it answers; its
 * next cursor carries `correction`, the correction `query.search` is.
 */
async function pageAfter(
  db: DbOrTx,
  query: TicketListQuery,
  after: Cursor | undefined,
  correction: string | undefined,
  now: Date,
  indexed?: IndexedSearch,
): Promise<PageRows & { next: string | null }> {
  const sort = effectiveSort(query);
  const filters = filtersOf(query, now);
  if (after) filters.push(afterCursor(sort, after.values, after.id));
  const order = [
    ...sort.map((criterion) =>
      criterion.direction === 'asc'
        ? sql`${SORT_COLUMNS[criterion.field]} asc`
        : sql`${SORT_COLUMNS[criterion.field]} desc`,
    ),
    asc(tickets.id),
  ];
  const listingQuery = indexed ? listingQueryOf(query, sort, after, now) : null;
  const found = indexed && listingQuery ? await indexedPage(indexed, listingQuery, sort) : null;
  const { rows, artists, ratings } = found ?? {
    rows: (await cardRows(db)
      .where(query.search ? searchMatches(filters, query.search, order, query.limit + 1) : and(...filters))
      .orderBy(...order)
      .limit(query.limit + 1)) as Row[],
  };
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = shown.at(-1);
  const next =
    more && last
      ? encodeCursor(
          sort,
          sort.map((criterion) => sortValue(last, criterion.field)),
          last.id,
          correction,
        )
      : null;
  return { rows: shown, next, artists, ratings };
}

/**
 * A correction as the search box shows it: each corrected word in the case the typed word was in
 * ('Ellie Hrat' → 'Ellie Hart'), every word as typed where it was not corrected.
 */
export function displayedCorrection(typed: string, corrected: string): string {
  const typedWords = typed.trim().split(/\s+/);
  const correctedWords = corrected.split(' ');
  if (typedWords.length !== correctedWords.length) return corrected;
  return correctedWords
    .map((word, index) => {
      const original = typedWords[index] as string;
      if (searchFold(original) === word) return original;
      if (original.length > 1 && original === original.toUpperCase() && original !== original.toLowerCase())
        return word.toUpperCase();
      const first = original.charAt(0);
      return first !== first.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

/**
 * A page of the list. A search whose first page matches nothing as typed is asked again with its
 * one-letter slips corrected, as concert search corrects them (decisions 0040, 0059: the same catalog
 * words, the same rule); the first correction with listings gives the page and is offered as
 * `didYouMean`, and its cursor carries it so the next pages are the same search's.
 */
async function page(
  db: DbOrTx,
  query: TicketListQuery,
  now: Date,
  indexed?: IndexedSearch,
): Promise<PageRows & { next: string | null; didYouMean: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor, effectiveSort(query)) : undefined;
  if (after?.correction !== undefined && query.search) {
    const { correction } = after;
    const corrected = await pageAfter(db, { ...query, search: correction }, after, correction, now, indexed);
    return { ...corrected, didYouMean: displayedCorrection(query.search, correction) };
  }
  const typed = await pageAfter(db, query, after, undefined, now, indexed);
  if (typed.rows.length > 0 || !query.search || after) return { ...typed, didYouMean: null };
  for (const correction of await correctedQueries(db, query.search)) {
    const corrected = await pageAfter(
      db,
      { ...query, search: correction },
      undefined,
      correction,
      now,
      indexed,
    );
    if (corrected.rows.length > 0)
      return { ...corrected, didYouMean: displayedCorrection(query.search, correction) };
  }
  return { ...typed, didYouMean: null };
}

/** GET /api/tickets for a visitor: the public card, nothing private. */
export async function listPublicTickets(
  db: DbOrTx,
  query: TicketListQuery,
  now: Date,
  indexed?: IndexedSearch,
): Promise<TicketPage<PublicTicket>> {
  const { rows, next, didYouMean } = await page(db, query, now, indexed);
  return { tickets: rows.map((row) => publicShape(row, query.quantity)), nextCursor: next, didYouMean };
}

/**
 * GET /api/tickets for a signed-in user: the full card with seller, artist and lock fields, as every
 * member may see it (no lock holder, no transfer state; decision 0032), with what it leaves out in
 * `hidden` for `cardsSeenBy`.
 */
export async function listMarketplaceTickets(
  db: DbOrTx,
  query: TicketListQuery,
  now: Date,
  indexed?: IndexedSearch,
): Promise<TicketPage<MarketplaceTicket> & { hidden: HiddenOnCard[] }> {
  const { rows, next, didYouMean, ...read } = await page(db, query, now, indexed);
  const eventIds = [...new Set(rows.map((row) => row.eventId).filter((id): id is number => id !== null))];
  const artistsByEvent = read.artists ?? (await headliners(db, eventIds));
  const ratings =
    read.ratings ??
    (await ratingsOf(
      db,
      rows.map((row) => row.sellerId),
    ));
  const trust = await sellerTrustOf(
    db,
    rows.map((row) => row.sellerId),
    now,
  );
  const hidden: HiddenOnCard[] = [];
  const cards = rows.map((row): MarketplaceTicket => {
    const lock = liveLock(row, now);
    if (lock.holderId !== null || row.transferStatus !== 'not_started')
      hidden.push({
        ticketId: row.id,
        holderId: lock.holderId,
        sellerId: row.sellerId,
        buyerId: row.buyerId,
        transferStatus: row.transferStatus,
      });
    // Object.assign, not a spread: V8 builds `{ ...publicShape(row), <16 more> }` some 20 times slower,
    // which was a third of a marketplace search's time in the app (decision 0048).
    return Object.assign(publicShape(row, query.quantity), {
      version: row.version,
      eventId: row.eventId,
      ticketType: row.ticketType,
      platform: row.ticketType === 'digital' ? (row.platform as Platform | null) : null,
      transferStatus: 'not_started' as const,
      isBeingEdited: lock.holderId !== null,
      lockExpiresAt: lock.lockExpiresAt?.toISOString() ?? null,
      currentViewerId: null,
      sellerId: row.sellerId,
      seller: {
        id: row.sellerId,
        username: row.sellerUsername,
        ...sellerRating(ratingOf(ratings, row.sellerId)),
        trust: trust.get(row.sellerId) ?? UNKNOWN_SELLER,
      },
      artist: row.eventId !== null ? (artistsByEvent.get(row.eventId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
    });
  });
  return { tickets: cards, nextCursor: next, didYouMean, hidden };
}
