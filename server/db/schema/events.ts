import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('artists_external_id_idx').on(t.externalId),
    uniqueIndex('artists_name_lower_idx').on(sql`lower(${t.name})`),
    index('artists_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    city: text('city').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('venues_external_id_idx').on(t.externalId),
    uniqueIndex('venues_name_city_idx').on(sql`lower(${t.name})`, sql`lower(${t.city})`),
    // Concert search matches venue names and cities by substring (ILIKE through pg_trgm).
    index('venues_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('venues_city_trgm_idx').using('gin', sql`lower(${t.city}) gin_trgm_ops`),
  ],
);

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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('events_external_id_idx').on(t.externalId),
    index('events_date_idx').on(t.date),
    // Venue matches in concert search reach their upcoming events through this index.
    index('events_venue_date_idx').on(t.venueId, t.date),
    index('events_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // Exact-name and name-prefix tiers of concert search are btree range scans on this one.
    index('events_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
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
