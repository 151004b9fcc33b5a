import { formatEventDate } from '@client/lib/format';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';

/** 'Sun, Jan 5, 2025 · Section 101 · Row C · 2 tickets': which seats a dialog is about. */
export function ticketSeatLine(ticket: MyTicket): string {
  return [
    formatEventDate(ticket.eventDate),
    ticket.section.trim() ? MY_TICKETS_TEXT.sectionOf(ticket.section) : null,
    ticket.row.trim() ? MY_TICKETS_TEXT.rowOf(ticket.row) : null,
    MY_TICKETS_TEXT.ticketCount(ticket.quantity),
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** The ticket a confirm dialog acts on, so nobody confirms the wrong one: event, date, section and row. */
export function TicketSummary({ ticket }: { ticket: MyTicket }) {
  return (
    <span
      className="block rounded-md border border-border bg-muted/50 px-3 py-2 text-foreground"
      data-testid="dialog-ticket"
    >
      <span className="block font-semibold break-words">{ticket.eventName}</span>
      <span className="block text-sm">{ticketSeatLine(ticket)}</span>
    </span>
  );
}
