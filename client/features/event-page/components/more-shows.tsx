import { formatEventDays } from '@client/lib/format';
import type { EventPage, OtherShow } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { formatVenueClock } from '@common/venue-time';
import { useId } from 'react';
import { Link } from 'react-router';

/** One other show as a plain link: its name, then its day and time, venue and city. */
function OtherShowLink({ show, showVenue }: { show: OtherShow; showVenue: boolean }) {
  const time = show.startTime ? ` · ${formatVenueClock(show.date, show.startTime, show.timeZone)}` : '';
  return (
    <li>
      <Link
        to={show.path}
        className="flex flex-col rounded-md px-2 py-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="font-medium text-primary underline-offset-4 hover:underline">{show.name}</span>
        <span className="text-sm text-muted-foreground">
          {formatEventDays(show.date, show.daysCount)}
          {time}
          {showVenue ? ` · ${show.venue}, ${show.city}` : ''}
        </span>
      </Link>
    </li>
  );
}

function ShowList({
  heading,
  shows,
  showVenue,
}: {
  heading: string;
  shows: OtherShow[];
  showVenue: boolean;
}) {
  const id = useId();
  if (shows.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h2 id={id} className="text-lg font-bold">
        {heading}
      </h2>
      <ul className="flex flex-col">
        {shows.map((show) => (
          <OtherShowLink key={show.id} show={show} showVenue={showVenue} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The headliner's other dates and the venue's other shows (decision 0093): plain links, rendered with the
 * page for visitors and crawlers alike, nothing when there are none.
 */
export function MoreShows({
  event,
  moreShows,
}: {
  event: EventPage['event'];
  moreShows: EventPage['moreShows'];
}) {
  if (moreShows.tour.length === 0 && moreShows.venue.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-8 border-t border-border pt-6 md:grid-cols-2">
      {moreShows.headliner ? (
        <ShowList
          heading={EVENT_SCREEN_TEXT.tourDates(moreShows.headliner)}
          shows={moreShows.tour}
          showVenue
        />
      ) : null}
      <ShowList
        heading={EVENT_SCREEN_TEXT.venueShows(event.venue)}
        shows={moreShows.venue}
        showVenue={false}
      />
    </div>
  );
}
