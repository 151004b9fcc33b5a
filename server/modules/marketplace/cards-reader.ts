import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TicketArtist } from '../../../common/schemas/marketplace.js';
import type { Rating } from '../../../common/schemas/reviews.js';
import type { Db } from '../../db/client.js';
import { artists, eventArtists, tickets, users } from '../../db/schema/index.js';
import { batchedReader } from '../../lib/batched-reads.js';
import { preparedSql } from '../../lib/prepared-sql.js';
import { artistImageUrlSql } from '../events/artist-image.js';
import { ratingJoinedOn } from '../reviews/ratings.js';
import { listingCitySql, listingColumns } from '../tickets/listing-columns.js';

const cardColumns = {
  ...listingColumns,
  buyerPaysPerTicketCents: tickets.buyerPaysPerTicketCents,
  sellerUsername: users.username,
  status: tickets.status,
  searchText: tickets.searchText,
  timeZone: tickets.timeZone,
  sellerVerified: tickets.sellerVerified,
} satisfies Record<string, PgColumn>;

type CardColumns = typeof cardColumns;
type Nullable<C extends PgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;

/** A listing as a card is made from it, with its seller's name, status and folded search text. */
export type CardTicket = { [K in keyof CardColumns]: Nullable<CardColumns[K]> };

export interface MarketplaceCardRow {
  ticket: CardTicket;
  /** The event's folded city, as the city filter compares it (listingCitySql). */
  city: string;
  artist: TicketArtist | null;
  rating: Rating;
}

/** Timestamps arrive as PostgreSQL's text from both drivers; the card's Date fields are made from it. */
const TIMESTAMP_KEYS = (Object.keys(cardColumns) as (keyof CardColumns)[]).filter(
  (key) => cardColumns[key].columnType === 'PgTimestamp',
);

type RawRow = Record<string, unknown> & {
  artist_name: string | null;
  artist_image: string | null;
  artist_genres: string[] | null;
  artist_url: string | null;
  average_rating: number | null;
  total_reviews: number;
  listing_city: string;
};

function cardOf(raw: RawRow): MarketplaceCardRow {
  const ticket = raw as unknown as CardTicket;
  for (const key of TIMESTAMP_KEYS) {
    const value = raw[key] as string | null;
    (ticket as Record<string, unknown>)[key] =
      value === null ? null : cardColumns[key].mapFromDriverValue(value);
  }
  const artist =
    raw.artist_name === null
      ? null
      : {
          name: raw.artist_name,
          image: raw.artist_image,
          genres: raw.artist_genres ?? [],
          url: raw.artist_url,
        };
  return {
    ticket,
    city: raw.listing_city,
    artist,
    rating: { averageRating: raw.average_rating, totalReviews: raw.total_reviews },
  };
}

/**
 * Marketplace cards by listing id, for the pages the listing index finds (decision 0048): each listing
 * with its seller's name and rating, its event's headliner, and what the index decided on (status, folded
 * text), so the page can be checked against the database as it is now. Read in batches: the cards of
 * every search in one turn cost one round trip (decision 0047). The rows come back as the driver gives
 * them, named by the card's own keys: mapping 26 rows of 40 columns through the ORM cost more of the
 * process than anything else in a search.
 */
export function marketplaceCardsReader(db: Db) {
  const rating = ratingJoinedOn(db, tickets.sellerId);
  const headliner = db
    .select({
      name: artists.name,
      image: artistImageUrlSql(artists.id, artists.imageUrl).as('image'),
      genres: artists.genres,
      url: artists.infoUrl,
    })
    .from(eventArtists)
    .innerJoin(artists, eq(artists.id, eventArtists.artistId))
    .where(eq(eventArtists.eventId, tickets.eventId))
    .orderBy(asc(eventArtists.position), asc(artists.id))
    .limit(1)
    .as('headliner');
  const selected: SQL = sql.join(
    Object.entries(cardColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
  // Rendered once (the ORM building this statement for every batch cost as much as reading its rows) and
  // prepared once per connection (planning it cost PostgreSQL more than running it, decision 0091).
  const readCards = preparedSql<RawRow>(
    db,
    'marketplace_cards',
    sql`select ${selected},
        ${headliner.name} as artist_name, ${headliner.image} as artist_image,
        ${headliner.genres} as artist_genres, ${headliner.url} as artist_url,
        ${rating.averageRating} as average_rating, ${rating.totalReviews}::integer as total_reviews,
        ${listingCitySql} as listing_city
      from ${tickets}
      inner join ${users} on ${users.id} = ${tickets.sellerId}
      left join lateral ${headliner} on true
      left join lateral ${rating} on true
      where ${tickets.id} = any(${sql.placeholder('ids')}::integer[])`,
  );
  return batchedReader(async (ids: number[]) => {
    const rows = await readCards({ ids });
    return new Map(rows.map((raw) => [raw.id as number, cardOf(raw)]));
  });
}
export type MarketplaceCardsReader = ReturnType<typeof marketplaceCardsReader>;
