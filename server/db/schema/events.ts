import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PLATFORM_TIME_ZONE } from '../../../common/venue-time.js';
import { createdAt } from './columns.js';

export const artists = pgTable(
  'artists',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    infoUrl: text('info_url'),
    /** The folded name (migration 0014, decision 0040): what concert search's lineup tier compares. */
    searchName: text('search_name').generatedAlwaysAs(sql`search_fold(name)`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('artists_external_id_idx').on(t.externalId),
    uniqueIndex('artists_name_lower_idx').on(sql`lower(${t.name})`),
    index('artists_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // Suggestions read folded names in order, and the lineup tier of concert search by trigrams (0040).
    index('artists_name_folded_sorted_idx').on(sql`(search_fold(${t.name}) collate "C")`),
    index('artists_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
  ],
);

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /**
     * The venue's IANA time zone (decision 0056): its event dates are calendar days there, and every event
     * deadline begins at its local midnight. Venues stored before migration 0024 have the platform default.
     */
    timeZone: text('time_zone').notNull().default(DEFAULT_PLATFORM_TIME_ZONE),
    /**
     * Where the venue is (migration 0042, decision 0084): its country (ISO 3166-1 alpha-2) and region (the
     * ISO 3166-2 subdivision, e.g. a US state), which choose the resale price cap of its shows.
     */
    country: text('country').notNull().default('US'),
    region: text('region'),
    /** The street line and postal code of its address (migration 0046, decision 0093); null when unknown. */
    streetAddress: text('street_address'),
    postalCode: text('postal_code'),
    /** The folded name and city, joined by a line break (migration 0014): concert search's venue tier. */
    searchPlace: text('search_place').generatedAlwaysAs(sql`search_fold(name || E'\n' || city)`),
    createdAt: createdAt(),
  },
  (t) => [
    check('venues_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('venues_region_code', sql`${t.region} is null or ${t.region} ~ '^[A-Z0-9]{1,3}$'`),
    uniqueIndex('venues_external_id_idx').on(t.externalId),
    uniqueIndex('venues_name_city_idx').on(sql`lower(${t.name})`, sql`lower(${t.city})`),
    // Concert search matches venue names and cities by substring (ILIKE through pg_trgm).
    index('venues_city_trgm_idx').using('gin', sql`lower(${t.city}) gin_trgm_ops`),
    // Suggestions read folded names (decision 0040).
    index('venues_name_folded_trgm_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
    index('venues_name_folded_sorted_idx').on(sql`(search_fold(${t.name}) collate "C")`),
    // And their cities (migration 0040).
    index('venues_city_folded_trgm_idx').using('gin', sql`search_fold(${t.city}) gin_trgm_ops`),
    index('venues_city_folded_sorted_idx').on(sql`(search_fold(${t.city}) collate "C")`),
    // Concert search's venue tier: the venues whose name or city holds the query (decision 0040).
    index('venues_search_place_trgm_idx').using('gin', sql`${t.searchPlace} gin_trgm_ops`),
  ],
);

export const eventStatuses = ['scheduled', 'postponed', 'cancelled'] as const;

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    daysCount: integer('days_count').notNull().default(1),
    /**
     * When the show starts and its doors open, as wall-clock times at its venue on its first day (migration
     * 0046, decision 0093); null when the source does not say. Doors are never after the start.
     */
    startTime: time('start_time'),
    doorsTime: time('doors_time'),
    /** Cancelled or postponed by the back office (decision 0033), with the reason and when. */
    status: text('status', { enum: eventStatuses }).notNull().default('scheduled'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The date before the first postponement. */
    originalDate: date('original_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'events_doors_before_start',
      sql`${t.doorsTime} is null or (${t.startTime} is not null and ${t.doorsTime} <= ${t.startTime})`,
    ),
    uniqueIndex('events_external_id_idx').on(t.externalId),
    index('events_date_idx').on(t.date),
    // Venue matches in concert search reach their upcoming events through this index.
    index('events_venue_date_idx').on(t.venueId, t.date),
    // Exact-name and name-prefix tiers of concert search are btree range scans on this one.
    index('events_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // Search suggestions walk folded names starting with the letters typed in order (decisions 0023,
    // 0040), and find later words through the trigrams.
    index('events_name_folded_sorted_idx').on(sql`(search_fold(${t.name}) collate "C")`),
    index('events_name_folded_trgm_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
  ],
);

export const eventArtists = pgTable(
  'event_artists',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.artistId] }), index('event_artists_artist_idx').on(t.artistId)],
);

/**
 * Concert search's document per event (decision 0018): the event's lower-cased name, lineup, venue and
 * city on one narrow row, so every ranking tier is a condition on one table that an index answers. Kept
 * current by database triggers on events, event_artists, artists and venues (migration 0005), whichever
 * code writes them; never written by the application.
 */
export const eventSearch = pgTable(
  'event_search',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** The lineup's names in order, joined by a line break (a search query holds no control character). */
    artists: text('artists').notNull(),
    venue: text('venue').notNull(),
    city: text('city').notNull(),
    /** The name's words: split on every run of characters that are not letters or digits (decision 0022). */
    words: text('words').array().notNull().default(sql`'{}'`),
    /** When the show stops being on sale: its venue's midnight after its last day (decision 0071, migration 0035). */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When the document last changed, set by the database (migration 0021): what an in-memory index reads. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // Common terms walk upcoming events in date order; migrations 0005 and 0035 add the text and the sale's
    // end as INCLUDE columns so the walk checks the index entries alone (drizzle cannot declare INCLUDE).
    index('event_search_date_idx').on(t.date, t.eventId),
    // Rare terms: trigram GIN per field, then the few matches sorted by date. Each index reads its text
    // with spaces as 'q', so a phrase's trigrams include those across its words (decision 0022).
    index('event_search_name_joined_trgm_idx').using('gin', sql`replace(${t.name}, ' ', 'q') gin_trgm_ops`),
    index('event_search_artists_joined_trgm_idx').using(
      'gin',
      sql`replace(${t.artists}, ' ', 'q') gin_trgm_ops`,
    ),
    index('event_search_place_joined_trgm_idx').using(
      'gin',
      sql`replace((${t.venue} || E'\\n' || ${t.city}), ' ', 'q') gin_trgm_ops`,
    ),
    // The concert search fallback: every word of the query in the name or the lineup (decision 0024).
    index('event_search_name_lineup_trgm_idx').using(
      'gin',
      sql`(${t.name} || E'\\n' || ${t.artists}) gin_trgm_ops`,
    ),
    // Whole words: the name's words, so a word that is rare as a word is found without its substrings.
    index('event_search_words_idx').using('gin', t.words),
    // Exact name and name prefix: a btree range.
    index('event_search_name_prefix_idx').on(sql`${t.name} text_pattern_ops`),
    index('event_search_changed_at_idx').on(t.changedAt),
  ],
);

/**
 * The events whose search document was removed (cancelled or deleted), written by a trigger on
 * event_search and kept for an hour (migration 0021): in-memory indexes drop them on their next read.
 */
export const eventSearchRemovals = pgTable(
  'event_search_removals',
  {
    eventId: integer('event_id').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('event_search_removals_removed_at_idx').on(t.removedAt)],
);

/**
 * The catalog's folded words of four letters or more (migration 0014, collation "C" there), added by
 * event_search_refresh and never removed: a word that left the catalog can only suggest a correction
 * that then finds nothing (decision 0040).
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/**
 * Every catalog word under itself and under each of its one-letter deletions: a query word one letter
 * off a catalog word (a letter missing, extra, changed or two swapped) shares one of these with it.
 */
export const searchWordVariants = pgTable(
  'search_word_variants',
  {
    variant: text('variant').notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ name: 'search_word_variants_pk', columns: [t.variant, t.word] })],
);
