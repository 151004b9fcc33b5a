import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT, LISTING_STATUS_TEXT, WITHDRAW_TEXT } from '@common/messages';
import type { AdminTicket } from '@common/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, ticketDetailOptions, updateTicketStatus } from '../api';
import { dollars, eventDay, longDate } from '../format';
import { TicketStatusBadge } from './badges';
import { DetailDialog, DetailItem, DetailList, FieldSelect } from './detail-dialog';
import { ReasonDialog } from './reason-dialog';

/** Spec 001 §2 'Ticket Details', with the status edit (decisions 0036, 0078 say what each change may do). */
export function TicketDetailsDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  return (
    <DetailDialog
      title={ADMIN_TEXT.ticketDetails}
      thing="ticket"
      query={ticketDetailOptions(ticketId)}
      onClose={onClose}
    >
      {(ticket) => <TicketDetails ticket={ticket} />}
    </DetailDialog>
  );
}

/** What an admin may choose for an unsold listing, in the member's words; 'sold' comes only from a payment. */
const LISTING_CHOICES = (['available', 'pending', 'cancelled'] as const).map((status) => ({
  value: status,
  label: LISTING_STATUS_TEXT[status],
}));

/**
 * The listing's status (decision 0078): choosing another opens a confirmation with a reason, which the
 * seller is e-mailed; nothing changes before the admin confirms. A sold ticket's status is only shown.
 */
function StatusControl({ ticket }: { ticket: AdminTicket }) {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<ListingChoice | null>(null);
  if (ticket.status === 'sold' || !LISTING_CHOICES.some((choice) => choice.value === ticket.status))
    return <TicketStatusBadge status={ticket.status} />;
  const current = ticket.status as ListingChoice;
  return (
    <>
      <FieldSelect
        id="admin-ticket-status"
        label="Status"
        hideLabel
        value={wanted ?? current}
        options={LISTING_CHOICES}
        onChange={(status) => (status === current ? undefined : setWanted(status))}
      />
      {wanted ? (
        <ReasonDialog
          title={WITHDRAW_TEXT.dialogTitle(LISTING_STATUS_TEXT[wanted])}
          description={WITHDRAW_TEXT.dialogDescription[wanted]}
          confirmLabel={WITHDRAW_TEXT.confirm}
          destructive={wanted !== 'available'}
          failureTitle={ADMIN_TEXT.statusUpdateFailed}
          send={(reason) => updateTicketStatus(ticket.id, wanted, ticket.version, reason)}
          onDone={async (answer) => {
            toast({ title: answer.message });
            queryClient.setQueryData(ticketDetailOptions(ticket.id).queryKey, answer.ticket);
            await queryClient.invalidateQueries({ queryKey: adminKeys.all });
          }}
          onClose={() => setWanted(null)}
        />
      ) : null}
    </>
  );
}

type ListingChoice = (typeof LISTING_CHOICES)[number]['value'];

function TicketDetails({ ticket }: { ticket: AdminTicket }) {
  return (
    <div className="space-y-5">
      <DetailList>
        <DetailItem label="ID">{ticket.id}</DetailItem>
        <DetailItem label="Event">{ticket.eventName}</DetailItem>
        <DetailItem label="Date">{eventDay(ticket.eventDate)}</DetailItem>
        <DetailItem label="Venue">{ticket.venue || 'N/A'}</DetailItem>
        <DetailItem label="Section / Row">
          {ticket.section || 'N/A'} / {ticket.row || 'N/A'}
        </DetailItem>
        <DetailItem label="Seller">
          {ticket.sellerName} (ID: {ticket.sellerId})
        </DetailItem>
        {ticket.buyerId === null ? null : (
          <DetailItem label="Buyer">
            {ticket.buyerName} (ID: {ticket.buyerId})
          </DetailItem>
        )}
        <DetailItem label="Status">
          <StatusControl ticket={ticket} />
        </DetailItem>
        <DetailItem label="Listed">{longDate(ticket.createdAt)}</DetailItem>
      </DetailList>
      <section aria-labelledby="admin-ticket-pricing" className="rounded-lg border border-border p-4">
        <h3 id="admin-ticket-pricing" className="mb-3 text-sm font-semibold">
          Pricing
        </h3>
        <DetailList>
          <DetailItem label="Face Value">{dollars(ticket.faceValue)}</DetailItem>
          <DetailItem label="Service Fee">{dollars(ticket.serviceFee)}</DetailItem>
          <DetailItem label="Markup %">{ticket.markup}%</DetailItem>
          <DetailItem label="Listing Price">{dollars(ticket.listingPrice)}</DetailItem>
        </DetailList>
      </section>
    </div>
  );
}
