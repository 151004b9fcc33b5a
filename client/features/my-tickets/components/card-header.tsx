import { ShowTime } from '@client/components/show-time';
import { Badge } from '@client/components/ui/badge';
import { formatEventDate } from '@client/lib/format';
import type { MyTicket } from '@common/schemas/my-tickets';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { cardBadge } from '../card-rules';

/** Event name, date and time, the N-Day badge and the card's status badge. */
export function CardHeader({ ticket, titleId }: { ticket: MyTicket; titleId: string }) {
  const badge = cardBadge(ticket);
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <h3 id={titleId} className="text-lg font-semibold leading-tight break-words">
          {ticket.eventPath ? (
            <Link to={ticket.eventPath} className="hover:underline focus-visible:underline">
              {ticket.eventName}
            </Link>
          ) : (
            ticket.eventName
          )}
        </h3>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden className="size-4" />
          {formatEventDate(ticket.eventDate)}
          {ticket.daysCount > 1 ? <Badge variant="info">{ticket.daysCount}-Day</Badge> : null}
        </p>
        <ShowTime
          showTime={ticket.showTime}
          className="flex items-center gap-1.5 text-sm text-muted-foreground"
        />
      </div>
      <Badge variant={badge.tone} className="shrink-0" data-testid="card-badge">
        {badge.label}
      </Badge>
    </div>
  );
}
