import { formatDollars, formatEventDays } from '@client/lib/format';
import type { CurrentUser } from '@common/schemas/users';
import { CalendarDays, MapPin } from 'lucide-react';
import { isReservedByOther, listingCount, type ShowGroup } from '../card-rules';
import type { MarketTicket } from '../types';
import { ShowName } from './show-name';
import { TicketCard } from './ticket-card';

interface ListingGroupsProps {
  groups: ShowGroup[];
  user: CurrentUser;
  now: number;
  openingId: number | null;
  onViewDetails: (ticket: MarketTicket) => void;
}

/**
 * How many of the page's columns (1 on small screens, 2 on medium, 3 on large: spec 000 §2) a group takes,
 * and its own grid: as many columns as it has cards, so events with one or two listings share a row
 * instead of each taking a whole one. Literal class names, for Tailwind to find.
 */
const GROUP_LAYOUT = {
  1: { span: '', cards: 'grid-cols-1' },
  2: { span: 'md:col-span-2', cards: 'grid-cols-1 md:grid-cols-2' },
  many: { span: 'md:col-span-2 lg:col-span-3', cards: 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3' },
} as const;

function layoutOf(count: number) {
  return count === 1 ? GROUP_LAYOUT[1] : count === 2 ? GROUP_LAYOUT[2] : GROUP_LAYOUT.many;
}

/** A group's heading: the show's name (its event page's link), its day or days and its venue. */
export function ShowHeading({ group }: { group: ShowGroup }) {
  const cheapest = Math.min(...group.tickets.map((ticket) => ticket.buyerPaysPerTicket));
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-bold">
          <ShowName eventId={group.eventId} eventName={group.eventName} />
        </h2>
        <span className="text-sm text-muted-foreground">
          {listingCount(group.tickets.length)}
          {group.tickets.length > 1 ? ` · from ${formatDollars(cheapest)} each` : null}
        </span>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="flex items-center gap-1.5" data-testid="show-days">
          <CalendarDays aria-hidden className="size-4" />
          {formatEventDays(group.eventDate, group.daysCount)}
        </span>
        {group.venue ? (
          <span className="flex items-center gap-1.5" data-testid="show-venue">
            <MapPin aria-hidden className="size-4" />
            {group.venue}
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** The listings under their shows' headings, in the order the sort gives them. */
export function ListingGroups({ groups, user, now, openingId, onViewDetails }: ListingGroupsProps) {
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-8 md:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => {
        const layout = layoutOf(group.tickets.length);
        return (
          <section
            key={group.key}
            aria-label={`${group.eventName}, ${formatEventDays(group.eventDate, group.daysCount)}${group.venue ? `, ${group.venue}` : ''}`}
            data-testid="listing-group"
            className={`flex min-w-0 flex-col gap-3 ${layout.span}`}
          >
            <ShowHeading group={group} />
            <ul className={`grid flex-1 gap-4 ${layout.cards}`}>
              {group.tickets.map((ticket) => (
                <li key={ticket.id}>
                  <TicketCard
                    ticket={ticket}
                    viewerId={user.id}
                    reserved={isReservedByOther(ticket, user.id, now)}
                    opening={openingId === ticket.id}
                    grouped
                    onViewDetails={onViewDetails}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
