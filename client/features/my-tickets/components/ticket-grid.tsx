import type { MyTicket } from '@common/schemas/my-tickets';
import type { MyTicketsSlots } from '../slots';
import { MyTicketCard } from './my-ticket-card';

export interface TicketGridProps extends Omit<MyTicketsSlots, 'renderEditor'> {
  tickets: MyTicket[];
  viewerId: number;
  onEdit?: (ticketId: number) => void;
}

export function TicketGrid({ tickets, ...cardProps }: TicketGridProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <MyTicketCard ticket={ticket} {...cardProps} />
        </li>
      ))}
    </ul>
  );
}
