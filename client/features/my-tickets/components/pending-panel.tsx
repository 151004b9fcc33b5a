import { Alert, AlertTitle } from '@client/components/ui/alert';
import { MY_TICKETS_TEXT } from '@common/messages';
import { Info } from 'lucide-react';
import { isMoreThanTenDaysAway } from '../format';
import { TicketGrid, type TicketGridProps } from './ticket-grid';

/**
 * The pending tab: the far-away notice, the seller's own transfers first, then those awaiting the seller.
 * The second heading shows only when the first section exists too (spec 001 §2).
 */
export function PendingPanel({ tickets, today, ...gridProps }: TicketGridProps & { today: Date }) {
  const sellerSide = tickets.filter((ticket) => ticket.role === 'seller');
  const buyerSide = tickets.filter((ticket) => ticket.role === 'buyer');
  const farAway = tickets.some((ticket) => isMoreThanTenDaysAway(ticket.eventDate, today));
  return (
    <div className="space-y-6">
      {farAway ? (
        <Alert variant="info" role="note">
          <Info aria-hidden />
          <AlertTitle>{MY_TICKETS_TEXT.farEventsTitle}</AlertTitle>
          <p>{MY_TICKETS_TEXT.farEventsBody}</p>
        </Alert>
      ) : null}
      {sellerSide.length > 0 ? (
        <section className="space-y-3" aria-labelledby="pending-seller-heading">
          <h3 id="pending-seller-heading" className="text-lg font-semibold">
            {MY_TICKETS_TEXT.sellerSection}
          </h3>
          <TicketGrid tickets={sellerSide} {...gridProps} />
        </section>
      ) : null}
      {buyerSide.length > 0 ? (
        <section
          className="space-y-3"
          aria-labelledby={sellerSide.length > 0 ? 'pending-buyer-heading' : undefined}
        >
          {sellerSide.length > 0 ? (
            <h3 id="pending-buyer-heading" className="text-lg font-semibold">
              {MY_TICKETS_TEXT.buyerSection}
            </h3>
          ) : null}
          <TicketGrid tickets={buyerSide} {...gridProps} />
        </section>
      ) : null}
    </div>
  );
}
