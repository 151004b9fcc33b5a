import type { UpcomingShow } from '@common/schemas/upcoming-shows';
import { SHOW_FINDER_TEXT } from '@common/texts/show-finder';
import { formatCalendarDate } from '@common/venue-time';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { upcomingShowsQueryOptions } from './api';

/** The id of the upcoming shows' heading: the server finds the empty list by it (decision 0092). */
export const UPCOMING_SHOWS_ID = 'upcoming-shows';

/**
 * The soonest shows on sale, each a plain link to its page, so a crawler reading the HTML finds every show
 * from /. Without `shows` (the build's prerender), the place the server puts them in for a visitor.
 */
export function UpcomingShowsList({ shows }: { shows: UpcomingShow[] | undefined }) {
  return (
    <section aria-labelledby={UPCOMING_SHOWS_ID} className="flex flex-col gap-3">
      <h3 id={UPCOMING_SHOWS_ID} className="text-lg font-semibold">
        {SHOW_FINDER_TEXT.upcomingTitle}
      </h3>
      {shows === undefined ? (
        <p className="text-sm text-muted-foreground">{SHOW_FINDER_TEXT.upcomingLoading}</p>
      ) : shows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{SHOW_FINDER_TEXT.upcomingNone}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shows.map((show) => (
            <li key={show.id} className="rounded-xl border border-border bg-surface/70 p-4">
              <Link to={show.path} className="font-semibold text-primary underline-offset-4 hover:underline">
                {show.name}
              </Link>
              <p className="text-sm text-muted-foreground">
                {formatCalendarDate(show.date)} · {show.venue}, {show.city}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function UpcomingShows() {
  const { data } = useQuery(upcomingShowsQueryOptions);
  return <UpcomingShowsList shows={data} />;
}
