import { z } from 'zod';
import { CONCERT_SEARCH_MIN_LENGTH } from '../constants.js';
import { CATALOG_TEXT } from '../messages.js';
import { boundedText, positiveInt32, TEXT_LIMITS } from './text.js';

/**
 * GET /api/concerts/search?query= — the query is trimmed and needs at least 3 characters (spec 000 §9); it
 * is bounded in characters and words before any SQL runs (decision 0007).
 */
export const concertSearchQuerySchema = z.object({
  query: boundedText(TEXT_LIMITS.searchQuery, {
    tooLong: CATALOG_TEXT.searchTooLong,
    notText: CATALOG_TEXT.searchTooShort,
  })
    .min(CONCERT_SEARCH_MIN_LENGTH, { error: CATALOG_TEXT.searchTooShort })
    .refine((query) => query.split(/\s+/).filter(Boolean).length <= TEXT_LIMITS.searchWords, {
      error: CATALOG_TEXT.searchTooLong,
    }),
});
export type ConcertSearchQuery = z.infer<typeof concertSearchQuerySchema>;

export const concertArtistSchema = z.object({
  name: z.string(),
  image: z.string().nullable(),
});

/** One concert of the search answer (spec 000 §3 'Concert search result'). */
export const concertSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO date, yyyy-MM-dd. */
  date: z.iso.date(),
  /** 1 for a single-day event; 2 or more for a multi-day festival. */
  daysCount: z.number().int().min(1),
  venue: z.string(),
  city: z.string(),
  /**
   * "From": the lowest all-in price per ticket (what a fan pays, processing fee included), in dollars, among
   * the event's listings on sale; null when none (decision 0073).
   */
  minPrice: z.number().nullable(),
  /** The lowest per-ticket face value, in dollars, among the same listings: what the listing form suggests. */
  minFaceValue: z.number().nullable(),
  /** How many listings the event has on sale (neither sold nor withdrawn, cancelled or under review). */
  listingCount: z.number().int().min(0),
  /** The headliner's image (first artist with one), so a result can show a picture. */
  image: z.string().nullable(),
  artists: z.array(concertArtistSchema),
});
export type ConcertSearchResult = z.infer<typeof concertSearchResultSchema>;

export const concertSearchResponseSchema = z.array(concertSearchResultSchema);

/** GET /api/artists/info?name= — an artist or event name; the server cuts it at ' at ' or ' @ '. */
export const artistInfoQuerySchema = z.object({
  name: boundedText(TEXT_LIMITS.shortText, { notText: CATALOG_TEXT.artistNameRequired }).min(1, {
    error: CATALOG_TEXT.artistNameRequired,
  }),
});
export type ArtistInfoQuery = z.infer<typeof artistInfoQuerySchema>;

/** One entry of the artist info answer (spec 000 §3 'Artist info result'); the client uses the first. */
export const artistInfoSchema = z.object({
  name: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  genres: z.array(z.string()),
});
export type ArtistInfo = z.infer<typeof artistInfoSchema>;

export const artistInfoResponseSchema = z.array(artistInfoSchema);

/**
 * GET /api/artists/:id/image?v= — an artist image the catalog stores itself (the generated demo art).
 * `v` is the image's content version from the URL the search and list answers give; with the current
 * version the answer may be cached for a year.
 */
export const artistImageParamsSchema = z.object({ id: positiveInt32() });
export const artistImageQuerySchema = z.object({ v: boundedText(TEXT_LIMITS.token).optional() });
