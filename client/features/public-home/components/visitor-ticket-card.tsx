import { FaceValueNote } from '@client/components/face-value-note';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { formatDollars } from '@client/lib/format';
import { loginThenTo } from '@client/lib/safe-destination';
import { PUBLIC_HOME_TEXT } from '@common/messages';
import { priceComparisonText } from '@common/price-comparison';
import type { PublicTicket } from '@common/schemas/marketplace';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { format, parseISO } from 'date-fns';
import { ChevronDown } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { Link } from 'react-router';

const orNotAvailable = (value: string) => (value.trim() ? value : 'N/A');

/**
 * A visitor's card (spec 000 §2 'Home for visitors'): the essentials, with the details shown on hover
 * (desktop) or tap (mobile, and the keyboard), and 'Login for Details'.
 */
export const VisitorTicketCard = memo(function VisitorTicketCard({ ticket }: { ticket: PublicTicket }) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const open = hovered || pinned;
  const detailsId = useId();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="h-full">
      <Card
        className={cn(
          'relative flex h-full flex-col gap-3 overflow-hidden p-4',
          ticket.sold && 'bg-muted/40',
        )}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {ticket.sold ? (
          <span className="absolute right-0 top-0 rounded-bl-lg bg-destructive px-2.5 py-0.5 text-xs font-bold tracking-wider text-white">
            SOLD
          </span>
        ) : null}
        <div className={cn('space-y-1', ticket.sold && 'pr-10')}>
          <h3 id={titleId} className="font-semibold leading-tight">
            {ticket.eventName}
          </h3>
          <p className="text-sm text-muted-foreground">{format(parseISO(ticket.eventDate), 'MMM d, yyyy')}</p>
          {ticket.daysCount > 1 ? <Badge variant="info">{ticket.daysCount}-Day</Badge> : null}
        </div>
        <p className="text-sm">
          {ticket.buyingQuantity === ticket.quantity
            ? `${ticket.quantity} ${ticket.quantity === 1 ? PUBLIC_HOME_TEXT.ticket : PUBLIC_HOME_TEXT.tickets}`
            : EVENT_SCREEN_TEXT.ticketsOfListing(ticket.buyingQuantity, ticket.quantity)}{' '}
          · {formatDollars(ticket.buyerPaysPerTicket)} each
        </p>
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {PUBLIC_HOME_TEXT.whatYouPay}
          </p>
          <p className="text-xl font-bold">{formatDollars(ticket.buyerPays)}</p>
          {ticket.priceComparison ? (
            <p className="text-sm text-muted-foreground">{priceComparisonText(ticket.priceComparison)}</p>
          ) : null}
          <FaceValueNote faceValue={ticket.faceValue} serviceFee={ticket.serviceFee} />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setPinned((value) => !value)}
          className="flex cursor-pointer items-center gap-1 self-start rounded-sm text-sm font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring"
        >
          Details
          <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
        <dl
          id={detailsId}
          hidden={!open}
          className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-md bg-muted p-3 text-xs"
        >
          <dt className="col-span-2 text-foreground">{ticket.description}</dt>
          <dt className="text-muted-foreground">Section</dt>
          <dd>{orNotAvailable(ticket.section)}</dd>
          <dt className="text-muted-foreground">Row</dt>
          <dd>{orNotAvailable(ticket.row)}</dd>
          <dt className="text-muted-foreground">Seats</dt>
          <dd className="break-words">{orNotAvailable(ticket.seats)}</dd>
          <dt className="text-muted-foreground">Quantity</dt>
          <dd>{ticket.quantity}</dd>
          <dt className="text-muted-foreground">Per ticket</dt>
          <dd>{formatDollars(ticket.buyerPaysPerTicket)}</dd>
          <dt className="text-muted-foreground">{PUBLIC_HOME_TEXT.whatYouPay}</dt>
          <dd>{formatDollars(ticket.buyerPays)}</dd>
        </dl>
        <Button asChild size="sm" variant="outline" className="mt-auto">
          {/* Kept through sign-in, as a shared /?ticket= link is: the member lands on this ticket's details. */}
          <Link to={loginThenTo(`/?ticket=${ticket.id}`)} aria-describedby={titleId}>
            {PUBLIC_HOME_TEXT.loginForDetails}
          </Link>
        </Button>
      </Card>
    </article>
  );
});
