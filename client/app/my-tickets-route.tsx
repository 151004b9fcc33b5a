import { buttonVariants } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/spinner';
import { BarcodeSection } from '@client/features/barcodes/barcode-section';
import { MessageThread } from '@client/features/messages/message-thread';
import { myTicketsKeys } from '@client/features/my-tickets/api';
import { MyTicketsPage } from '@client/features/my-tickets/components/my-tickets-page';
import { TicketSummary } from '@client/features/my-tickets/components/ticket-summary';
import { useNotificationNews } from '@client/features/notifications/use-notification-news';
import { ReportProblemButton } from '@client/features/payouts/report-problem';
import { SalePayout, saleStateOf } from '@client/features/payouts/sale-payout';
import { ShowLinks } from '@client/features/wallet/show-links';
import { useCurrentUser } from '@client/lib/session';
import { LISTING_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

// The listing form loads only when a seller presses Edit.
const ListingEditor = lazy(async () => ({
  default: (await import('./my-tickets-listing-editor')).MyTicketsListingEditor,
}));

/**
 * /my-tickets: the My Tickets feature composed with the message thread, the barcode section, the payout
 * status and report-a-problem, and the listing form for Edit.
 */
export function MyTicketsRoute() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const refetchTickets = () => queryClient.invalidateQueries({ queryKey: myTicketsKeys.all });
  // What the badge's poll or an open thread learns (a transfer step, a refund) shows on the cards too.
  useNotificationNews(() => void refetchTickets());
  if (!user) return null;
  return (
    <MyTicketsPage
      viewerId={user.id}
      secondaryControl={
        <Link to="/listing" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Plus aria-hidden />
          {LISTING_TEXT.createTitle}
        </Link>
      }
      renderThread={(ticket, viewerId) => (
        <MessageThread
          ticketId={ticket.id}
          viewerId={viewerId}
          closed={ticket.refunded}
          onSystemNote={() => void refetchTickets()}
        />
      )}
      renderBarcode={(ticket, role) => (
        <BarcodeSection
          ticketId={ticket.id}
          role={role}
          transferStatus={ticket.transferStatus}
          hasBarcode={ticket.barcodeCloudinaryUrl !== null}
          barcodeUrl={ticket.barcodeCloudinaryUrl}
          onBarcodeChange={refetchTickets}
        />
      )}
      // The buyer's card shows the barcode once the seller sent it (decision 0098): a wallet can carry it then.
      renderShowLinks={(ticket) => (
        <ShowLinks ticketId={ticket.id} barcodeReady={ticket.barcodeCloudinaryUrl !== null} />
      )}
      renderSaleExtras={(ticket, role) => {
        if (role === 'seller') return <SalePayout ticketId={ticket.id} saleState={saleStateOf(ticket)} />;
        // A reported problem shows on the card itself (disputedAt); it cannot be reported twice.
        return ticket.transferComplete || ticket.disputedAt ? null : (
          <ReportProblemButton
            ticketId={ticket.id}
            ticket={<TicketSummary ticket={ticket} />}
            onReported={refetchTickets}
          />
        );
      }}
      renderEditor={(ticketId, close) => (
        <Suspense fallback={<PageSpinner />}>
          <ListingEditor ticketId={ticketId} close={close} />
        </Suspense>
      )}
    />
  );
}
