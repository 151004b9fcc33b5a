import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import { ADMIN_TICKET_STATUSES, type AdminTicket, type AdminTicketStatus } from '@common/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, ticketDetailOptions, updateTicketStatus } from '../api';
import { dollars, eventDay, longDate } from '../format';
import { DetailDialog, DetailItem, DetailList, FieldSelect, failureText } from './detail-dialog';

/** Spec 001 §2 'Ticket Details', with the status edit (decision 0036 says what each change may do). */
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

function TicketDetails({ ticket }: { ticket: AdminTicket }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (status: AdminTicketStatus) => updateTicketStatus(ticket.id, status, ticket.version),
    onSuccess: async (answer) => {
      toast({ title: ADMIN_TEXT.statusUpdated(answer.ticket.status) });
      queryClient.setQueryData(ticketDetailOptions(ticket.id).queryKey, answer.ticket);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: async (error) => {
      toast({
        title: ADMIN_TEXT.statusUpdateFailed,
        description: failureText(error),
        variant: 'destructive',
      });
      await queryClient.invalidateQueries({ queryKey: ticketDetailOptions(ticket.id).queryKey });
    },
  });
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
          <FieldSelect
            id="admin-ticket-status"
            label="Status"
            hideLabel
            value={ticket.status}
            options={ADMIN_TICKET_STATUSES.map((status) => ({ value: status, label: status }))}
            disabled={change.isPending}
            onChange={(status) => change.mutate(status)}
          />
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
