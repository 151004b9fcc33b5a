import { Badge } from '@client/components/ui/badge';
import { formatEventDate, formatEventDays } from '@client/lib/format';
import type { EventPage } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { formatVenueAddress, venueMapUrl } from '@common/venue-address';
import { formatShowTimes } from '@common/venue-time';
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';

const STATE_BADGE = {
  on_sale: 'success',
  sold_out: 'secondary',
  postponed: 'warning',
  cancelled: 'danger',
  past: 'secondary',
} as const;

/**
 * The show: its state, name, days, time in the venue's zone, venue with its address and a map link (decision
 * 0093), and its lineup with pictures.
 */
export function EventHeader({ event, actions }: { event: EventPage['event']; actions?: ReactNode }) {
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATE_BADGE[event.state]} data-testid="event-state">
          {EVENT_SCREEN_TEXT.state[event.state]}
        </Badge>
        {event.originalDate ? (
          <span className="text-sm text-muted-foreground">
            {EVENT_SCREEN_TEXT.postponedFrom(formatEventDate(event.originalDate))}
          </span>
        ) : null}
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{event.name}</h1>
      <div className="flex flex-col gap-1 text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-6">
        <p className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          <span data-testid="event-dates">{formatEventDays(event.date, event.daysCount)}</span>
        </p>
        <p className="flex items-center gap-2">
          <Clock aria-hidden className="size-4 shrink-0" />
          <span className="sr-only">{EVENT_SCREEN_TEXT.showTime}: </span>
          <span data-testid="event-time">
            {formatShowTimes(event.date, event, event.timeZone) ?? EVENT_SCREEN_TEXT.timeToBeAnnounced}
          </span>
        </p>
        <div className="flex items-start gap-2">
          <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
          <p className="flex flex-col">
            <span>
              {event.venue}, {event.city}
            </span>
            <span className="text-sm">
              <span className="sr-only">{EVENT_SCREEN_TEXT.venueAddress}: </span>
              <span data-testid="event-address">{formatVenueAddress(event.address)}</span>
              {' · '}
              <a
                href={venueMapUrl(event.venue, event.address)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline underline-offset-4 hover:no-underline"
              >
                {EVENT_SCREEN_TEXT.openMap}
                <span className="sr-only">{EVENT_SCREEN_TEXT.openMapDetail(event.venue)}</span>
              </a>
            </span>
          </p>
        </div>
      </div>
      {event.state === 'cancelled' || event.state === 'past' ? (
        <p className="rounded-md bg-muted px-4 py-3 text-sm">
          {event.state === 'cancelled' ? EVENT_SCREEN_TEXT.cancelledNote : EVENT_SCREEN_TEXT.pastNote}
        </p>
      ) : null}
      {event.lineup.length > 0 ? (
        <section aria-label={EVENT_SCREEN_TEXT.lineup}>
          <ul className="flex flex-wrap gap-3">
            {event.lineup.map((artist, index) => (
              <li key={artist.name} className="flex items-center gap-2 rounded-full bg-muted py-1 pr-4 pl-1">
                {artist.image ? (
                  <img
                    src={artist.image}
                    alt=""
                    width={40}
                    height={40}
                    loading={index < 3 ? 'eager' : 'lazy'}
                    className="size-10 rounded-full object-cover"
                  />
                ) : (
                  <span aria-hidden className="size-10 rounded-full bg-primary-soft" />
                )}
                <span className="font-medium">{artist.name}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
