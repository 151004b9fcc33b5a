import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  calendarDateAt,
  canonicalTimeZone,
  DEFAULT_PLATFORM_TIME_ZONE,
  venueInstant,
  wallTime,
  wallTimeAt,
} from '../../../common/venue-time.js';
import type { DbOrTx } from '../../db/client.js';
import { artists, eventArtists, events, venues } from '../../db/schema/index.js';
import { artistPicture, catalogText, webAddress } from './catalog-values.js';

/** One artist of the catalog, as the importer and the seed describe it. */
export interface CatalogArtist {
  externalId: string;
  name: string;
  imageUrl: string | null;
  genres: string[];
  infoUrl: string | null;
}

export interface CatalogVenue {
  externalId: string;
  name: string;
  city: string;
  /** The venue's IANA time zone; absent or null when the source does not say (decision 0056). */
  timeZone?: string | null;
  /** ISO 3166-1 alpha-2 and the ISO 3166-2 subdivision (decision 0084); absent when the source does not say. */
  country?: string | null;
  region?: string | null;
  /** The street line and postal code of its address (decision 0093); absent when the source does not say. */
  streetAddress?: string | null;
  postalCode?: string | null;
}

export interface CatalogEvent {
  externalId: string;
  name: string;
  /** yyyy-MM-dd, the first day. */
  date: string;
  daysCount: number;
  /**
   * When the show starts and its doors open: wall-clock 'HH:mm' at the venue on `date`, as the source writes
   * its local time (decision 0093); absent or null when it does not say. Stored as the venue's clock reads it.
   */
  startTime?: string | null;
  doorsTime?: string | null;
  venue: CatalogVenue;
  /** The lineup in billing order. */
  artists: CatalogArtist[];
}

// The subset of the Ticketmaster Discovery API v2 event-search response that Encore reads.
// Unknown keys (_links, sales, priceRanges, ...) are ignored; zod objects strip them.
const imageSchema = z.object({
  url: z.string(),
  ratio: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

const namedSchema = z.object({ name: z.string() }).optional();

const attractionSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().optional(),
  images: z.array(imageSchema).optional(),
  classifications: z.array(z.object({ genre: namedSchema, subGenre: namedSchema })).optional(),
});

const venueSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  city: z.object({ name: z.string() }).optional(),
  timezone: z.string().optional(),
  country: z.object({ countryCode: z.string().optional() }).optional(),
  state: z.object({ stateCode: z.string().optional() }).optional(),
  address: z.object({ line1: z.string().optional() }).optional(),
  postalCode: z.string().optional(),
});

/** A local date and time without offset, as the Discovery API writes a start or the doors. */
const localMomentSchema = z.object({
  localDate: z.iso.date().optional(),
  localTime: z.string().optional(),
});

const discoveryEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  dates: z.object({
    start: localMomentSchema.extend({
      timeTBA: z.boolean().optional(),
      noSpecificTime: z.boolean().optional(),
    }),
    end: z.object({ localDate: z.iso.date().optional() }).optional(),
    timezone: z.string().optional(),
  }),
  doorsTimes: localMomentSchema.optional(),
  _embedded: z
    .object({
      venues: z.array(venueSchema).optional(),
      attractions: z.array(attractionSchema).optional(),
    })
    .optional(),
});

/** The Discovery API omits `_embedded` altogether when a search finds nothing. */
export const discoveryEventsResponseSchema = z.object({
  _embedded: z.object({ events: z.array(discoveryEventSchema) }).optional(),
  page: z
    .object({ size: z.number(), totalElements: z.number(), totalPages: z.number(), number: z.number() })
    .optional(),
});

export type DiscoveryImage = z.infer<typeof imageSchema>;

/** The artist picture: the widest 16:9 image, or the first image when none is 16:9. */
export function pickArtistImage(images: DiscoveryImage[] | undefined): string | null {
  if (!images || images.length === 0) return null;
  const wide = images.filter((image) => image.ratio === '16_9');
  if (wide.length === 0) return images[0]?.url ?? null;
  return wide.reduce((best, image) => ((image.width ?? 0) > (best.width ?? 0) ? image : best)).url;
}

/** Ticketmaster writes 'Undefined' where a classification has no value. */
function genresOf(attraction: z.infer<typeof attractionSchema>): string[] {
  const first = attraction.classifications?.[0];
  const names = [first?.genre?.name, first?.subGenre?.name].filter(
    (name): name is string => name !== undefined && name !== '' && name !== 'Undefined',
  );
  return [...new Set(names)];
}

const DAY_MS = 86_400_000;

function daysBetween(start: string, end: string | undefined): number {
  if (!end) return 1;
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
  return Math.max(days, 1);
}

export interface ParsedDiscoveryEvents {
  events: CatalogEvent[];
  /** Events that cannot be catalogued (no date yet, no venue), by id, with the reason. */
  skipped: { id: string; reason: string }[];
}

/** The venue's zone, else the event's (both are IANA names in the Discovery API); null when neither is one. */
function timeZoneOf(venue: z.infer<typeof venueSchema>, event: z.infer<typeof discoveryEventSchema>) {
  for (const name of [venue.timezone, event.dates.timezone]) {
    const zone = name === undefined ? null : canonicalTimeZone(name);
    if (zone) return zone;
  }
  return null;
}

/** The venue's country and region as the venues table keeps them (decision 0084), when the source gives them. */
function placeOf(venue: z.infer<typeof venueSchema>): Pick<CatalogVenue, 'country' | 'region'> {
  const country = venue.country?.countryCode?.toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(country)) return {};
  const region = venue.state?.stateCode?.toUpperCase() ?? '';
  return { country, region: /^[A-Z0-9]{1,3}$/.test(region) ? region : null };
}

/** A postal code as addresses write them (letters, digits, a space or a dash), else null. */
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;

/** The venue's street line and postal code, when the source gives them. */
function addressOf(venue: z.infer<typeof venueSchema>): Pick<CatalogVenue, 'streetAddress' | 'postalCode'> {
  const postalCode = venue.postalCode?.trim() ?? '';
  return {
    streetAddress: venue.address?.line1 ?? null,
    postalCode: POSTAL_CODE.test(postalCode) ? postalCode : null,
  };
}

/**
 * The show's start and doors as the source's local times on its first day: a start the source marks as not
 * yet known (TBA, no specific time) is left out, and so are doors on another day or after the start.
 */
function showTimesOf(event: z.infer<typeof discoveryEventSchema>, date: string) {
  const { start } = event.dates;
  const startTime = start.timeTBA || start.noSpecificTime ? null : wallTime(start.localTime ?? '');
  const doors = event.doorsTimes;
  const doorsTime = doors?.localDate === date ? wallTime(doors.localTime ?? '') : null;
  return {
    startTime,
    doorsTime: startTime !== null && doorsTime !== null && doorsTime <= startTime ? doorsTime : null,
  };
}

/** Validates a Discovery API event-search answer and maps it to catalog events. */
export function parseDiscoveryEvents(json: unknown): ParsedDiscoveryEvents {
  const response = discoveryEventsResponseSchema.parse(json);
  const parsed: ParsedDiscoveryEvents = { events: [], skipped: [] };
  for (const event of response._embedded?.events ?? []) {
    const date = event.dates.start.localDate;
    const venue = event._embedded?.venues?.[0];
    if (!date) {
      parsed.skipped.push({ id: event.id, reason: 'no start date yet' });
      continue;
    }
    if (!venue?.name || !venue.city) {
      parsed.skipped.push({ id: event.id, reason: 'no venue with a name and city' });
      continue;
    }
    parsed.events.push({
      externalId: event.id,
      name: event.name,
      date,
      daysCount: daysBetween(date, event.dates.end?.localDate),
      ...showTimesOf(event, date),
      venue: {
        externalId: venue.id,
        name: venue.name,
        city: venue.city.name,
        timeZone: timeZoneOf(venue, event),
        ...placeOf(venue),
        ...addressOf(venue),
      },
      artists: (event._embedded?.attractions ?? []).map((attraction) => ({
        externalId: attraction.id,
        name: attraction.name,
        imageUrl: pickArtistImage(attraction.images),
        genres: genresOf(attraction),
        infoUrl: attraction.url ?? null,
      })),
    });
  }
  return parsed;
}

export interface UpsertCounts {
  events: number;
  venues: number;
  artists: number;
  eventArtists: number;
}

/**
 * Artists are unique by external id and by lower(name): a row found by either is updated
 * (an imported id is attached to a name-matched row that has none), otherwise inserted.
 */
async function upsertArtist(tx: DbOrTx, artist: CatalogArtist): Promise<number> {
  const [byId] = await tx
    .select({ id: artists.id })
    .from(artists)
    .where(eq(artists.externalId, artist.externalId));
  const [byName] = byId
    ? [byId]
    : await tx
        .select({ id: artists.id })
        .from(artists)
        .where(eq(sql`lower(${artists.name})`, artist.name.toLowerCase()));
  const values = {
    name: artist.name,
    imageUrl: artist.imageUrl,
    genres: artist.genres,
    infoUrl: artist.infoUrl,
  };
  if (byName) {
    await tx.update(artists).set(values).where(eq(artists.id, byName.id));
    await tx
      .update(artists)
      .set({ externalId: artist.externalId })
      .where(and(eq(artists.id, byName.id), isNull(artists.externalId)));
    return byName.id;
  }
  const [inserted] = await tx
    .insert(artists)
    .values({ ...values, externalId: artist.externalId })
    .returning({ id: artists.id });
  if (!inserted) throw new Error(`Artist ${artist.externalId} was not stored`);
  return inserted.id;
}

/**
 * Venues are unique by external id and by (lower(name), lower(city)), handled like artists. A venue whose zone
 * the source does not give keeps the one it has, and a new one gets the platform's (decision 0056).
 */
async function upsertVenue(
  tx: DbOrTx,
  venue: CatalogVenue,
  platformTimeZone: string,
): Promise<{ id: number; timeZone: string }> {
  const [byId] = await tx
    .select({ id: venues.id, timeZone: venues.timeZone })
    .from(venues)
    .where(eq(venues.externalId, venue.externalId));
  const [byName] = byId
    ? [byId]
    : await tx
        .select({ id: venues.id, timeZone: venues.timeZone })
        .from(venues)
        .where(
          and(
            eq(sql`lower(${venues.name})`, venue.name.toLowerCase()),
            eq(sql`lower(${venues.city})`, venue.city.toLowerCase()),
          ),
        );
  if (byName) {
    const known = {
      ...(venue.timeZone ? { timeZone: venue.timeZone } : {}),
      ...(venue.country ? { country: venue.country, region: venue.region ?? null } : {}),
      ...(venue.streetAddress ? { streetAddress: venue.streetAddress } : {}),
      ...(venue.postalCode ? { postalCode: venue.postalCode } : {}),
    };
    await tx
      .update(venues)
      .set({ name: venue.name, city: venue.city, ...known })
      .where(eq(venues.id, byName.id));
    await tx
      .update(venues)
      .set({ externalId: venue.externalId })
      .where(and(eq(venues.id, byName.id), isNull(venues.externalId)));
    return { id: byName.id, timeZone: venue.timeZone ?? byName.timeZone };
  }
  const [inserted] = await tx
    .insert(venues)
    .values({
      externalId: venue.externalId,
      name: venue.name,
      city: venue.city,
      timeZone: venue.timeZone ?? platformTimeZone,
      ...(venue.country ? { country: venue.country, region: venue.region ?? null } : {}),
      streetAddress: venue.streetAddress ?? null,
      postalCode: venue.postalCode ?? null,
    })
    .returning({ id: venues.id, timeZone: venues.timeZone });
  if (!inserted) throw new Error(`Venue ${venue.externalId} was not stored`);
  return inserted;
}

/**
 * The show's start and doors as its venue's clock reads them on its first day (decision 0093): a time the
 * clocks skip there is moved past the jump (02:30 becomes 03:30), one they show twice is kept (it is the
 * first); a start that would move to another day is left out, and doors go with a start they no longer
 * precede.
 */
export function showTimesAt(
  event: Pick<CatalogEvent, 'date' | 'startTime' | 'doorsTime'>,
  timeZone: string,
): { startTime: string | null; doorsTime: string | null } {
  const onTheDay = (time: string | null | undefined) => {
    const wall = time ? wallTime(time) : null;
    if (wall === null) return null;
    const instant = venueInstant(event.date, wall, timeZone);
    return calendarDateAt(instant, timeZone) === event.date ? wallTimeAt(instant, timeZone) : null;
  };
  const startTime = onTheDay(event.startTime);
  const doorsTime = onTheDay(event.doorsTime);
  return {
    startTime,
    doorsTime: startTime !== null && doorsTime !== null && doorsTime <= startTime ? doorsTime : null,
  };
}

/**
 * An event as Encore stores it: names on one line (a U+2028 or a control character becomes a space), and
 * artists' pictures and pages only at http(s) addresses or the app's own paths (issue 43 §12). An event, a
 * venue or an artist left without a name is refused (null; an artist is left out of the lineup).
 */
export function tidyCatalogEvent(event: CatalogEvent): CatalogEvent | null {
  const name = catalogText(event.name);
  const street = catalogText(event.venue.streetAddress ?? '');
  const venue = {
    ...event.venue,
    name: catalogText(event.venue.name),
    city: catalogText(event.venue.city),
    streetAddress: street === '' ? null : street,
  };
  if (!name || !venue.name || !venue.city) return null;
  const lineup = event.artists.flatMap((artist) => {
    const artistName = catalogText(artist.name);
    if (!artistName) return [];
    return [
      {
        ...artist,
        name: artistName,
        imageUrl: artistPicture(artist.imageUrl),
        infoUrl: webAddress(artist.infoUrl),
        genres: artist.genres.map((genre) => catalogText(genre)).filter((genre) => genre !== ''),
      },
    ];
  });
  return { ...event, name, venue, artists: lineup };
}

/**
 * Upserts events with their venues and lineups by external id, in one transaction: running
 * it again with the same input changes nothing, and a changed lineup replaces the old one. Each event is
 * tidied first (tidyCatalogEvent); one that cannot be is not stored and not counted.
 */
export async function upsertCatalog(
  db: DbOrTx,
  catalog: CatalogEvent[],
  platformTimeZone = DEFAULT_PLATFORM_TIME_ZONE,
): Promise<UpsertCounts> {
  const tidied = catalog.flatMap((event) => tidyCatalogEvent(event) ?? []);
  return db.transaction(async (tx) => {
    const artistIds = new Map<string, number>();
    const venueIds = new Map<string, { id: number; timeZone: string }>();
    let eventArtistCount = 0;
    for (const event of tidied) {
      let venue = venueIds.get(event.venue.externalId);
      if (venue === undefined) {
        venue = await upsertVenue(tx, event.venue, platformTimeZone);
        venueIds.set(event.venue.externalId, venue);
      }
      const values = {
        name: event.name,
        date: event.date,
        daysCount: event.daysCount,
        venueId: venue.id,
        ...showTimesAt(event, venue.timeZone),
      };
      const [stored] = await tx
        .insert(events)
        .values({ ...values, externalId: event.externalId })
        .onConflictDoUpdate({ target: events.externalId, set: values })
        .returning({ id: events.id });
      if (!stored) throw new Error(`Event ${event.externalId} was not stored`);

      const lineup: number[] = [];
      for (const artist of event.artists) {
        let artistId = artistIds.get(artist.externalId);
        if (artistId === undefined) {
          artistId = await upsertArtist(tx, artist);
          artistIds.set(artist.externalId, artistId);
        }
        if (!lineup.includes(artistId)) lineup.push(artistId);
      }
      await tx.delete(eventArtists).where(eq(eventArtists.eventId, stored.id));
      if (lineup.length > 0) {
        await tx
          .insert(eventArtists)
          .values(lineup.map((artistId, position) => ({ eventId: stored.id, artistId, position })));
      }
      eventArtistCount += lineup.length;
    }
    return {
      events: tidied.length,
      venues: venueIds.size,
      artists: artistIds.size,
      eventArtists: eventArtistCount,
    };
  });
}
