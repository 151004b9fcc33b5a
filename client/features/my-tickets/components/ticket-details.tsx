import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { orNotAvailable } from '../card-rules';
import { DetailList } from './detail-list';

/** Section, Row, Seats (each N/A when empty) and Quantity. */
export function TicketDetails({ ticket }: { ticket: MyTicket }) {
  return (
    <DetailList
      title={MY_TICKETS_TEXT.ticketDetails}
      rows={[
        { label: MY_TICKETS_TEXT.section, value: orNotAvailable(ticket.section) },
        { label: MY_TICKETS_TEXT.row, value: orNotAvailable(ticket.row) },
        { label: MY_TICKETS_TEXT.seats, value: orNotAvailable(ticket.seats) },
        { label: MY_TICKETS_TEXT.quantity, value: ticket.quantity },
        ...(ticket.heldByBuyers
          ? [{ label: MY_TICKETS_TEXT.onHold, value: MY_TICKETS_TEXT.heldByBuyer(ticket.heldByBuyers) }]
          : []),
      ]}
    />
  );
}
