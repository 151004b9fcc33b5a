import { z } from 'zod';

/** How many shows the landing page and /home list (decision 0092): the soonest on sale. */
export const UPCOMING_SHOWS_COUNT = 12;

/** One show of GET /api/concerts/upcoming, with the address of its page. */
export const upcomingShowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO date, yyyy-MM-dd: the first day. */
  date: z.iso.date(),
  daysCount: z.number().int().min(1),
  venue: z.string(),
  city: z.string(),
  /** The show's page, `/events/{id}-{slug}` (common/event-path.ts). */
  path: z.string(),
});
export type UpcomingShow = z.infer<typeof upcomingShowSchema>;

export const upcomingShowsResponseSchema = z.object({ shows: z.array(upcomingShowSchema) });
export type UpcomingShows = z.infer<typeof upcomingShowsResponseSchema>;
