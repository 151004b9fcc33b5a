import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { MessageSquare } from 'lucide-react';
import { memo, useState } from 'react';
import { cardKindOf } from '../card-rules';
import type { MyTicketsSlots } from '../slots';
import { ArtistBlock } from './artist-block';
import { CardHeader } from './card-header';
import { ListingActions } from './listing-actions';
import { Parties } from './parties';
import { PriceDetails, PurchasePrice } from './price-details';
import { RefundRequestButton } from './refund-request';
import { SaleNotice } from './sale-notice';
import { TicketDetails } from './ticket-details';
import { TransferActions } from './transfer-actions';
import { TransferProgress } from './transfer-progress';

interface MyTicketCardProps extends Omit<MyTicketsSlots, 'renderEditor'> {
  ticket: MyTicket;
  viewerId: number;
  onEdit?: (ticketId: number) => void;
}

/**
 * One card of My Tickets: listing, bought, sold, pending (buyer) or pending (seller) — spec 001 §2 — or a sale
 * refunded at the transfer deadline (decision 0020).
 */
export const MyTicketCard = memo(function MyTicketCard({
  ticket,
  viewerId,
  onEdit,
  renderThread,
  renderBarcode,
  renderSaleExtras,
  renderShowLinks,
}: MyTicketCardProps) {
  const [threadOpen, setThreadOpen] = useState(false);
  const kind = cardKindOf(ticket);
  const pending = kind === 'pending-buyer' || kind === 'pending-seller';
  const titleId = `my-ticket-${ticket.id}-title`;
  const extras = kind === 'sold' || pending ? renderSaleExtras?.(ticket, ticket.role) : null;

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`my-ticket-${ticket.id}`}
      data-kind={kind}
      // Focus lands on the card when the control that was used on it is gone (client/lib/focus-return).
      data-focus-item
      tabIndex={-1}
      className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Card className="flex h-full flex-col gap-4 p-5">
        <CardHeader ticket={ticket} titleId={titleId} />
        <ArtistBlock artist={ticket.artist} />
        <TicketDetails ticket={ticket} />
        {pending ? (
          <>
            <PurchasePrice ticket={ticket} />
            <TransferProgress ticket={ticket} />
            <Parties ticket={ticket} />
          </>
        ) : kind === 'refunded' ? (
          <PurchasePrice ticket={ticket} />
        ) : (
          <PriceDetails ticket={ticket} />
        )}
        {/* The buyer keeps their barcode after confirming receipt: it opens at the gate (decision 0098). */}
        {(pending || kind === 'bought') && ticket.ticketType === 'paper'
          ? renderBarcode?.(ticket, ticket.role)
          : null}
        <SaleNotice ticket={ticket} />
        {kind === 'pending-buyer' || kind === 'bought' ? renderShowLinks?.(ticket) : null}
        {extras}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {kind === 'listing' ? (
            <ListingActions ticket={ticket} onEdit={onEdit} />
          ) : (
            <>
              <TransferActions ticket={ticket} />
              <RefundRequestButton ticket={ticket} />
              {renderThread ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-expanded={threadOpen}
                  onClick={() => setThreadOpen((open) => !open)}
                >
                  <MessageSquare aria-hidden />
                  {threadOpen ? MY_TICKETS_TEXT.hideMessages : MY_TICKETS_TEXT.messages}
                </Button>
              ) : null}
            </>
          )}
        </div>
        {threadOpen && renderThread ? renderThread(ticket, viewerId) : null}
      </Card>
    </article>
  );
});
