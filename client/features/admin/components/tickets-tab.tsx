import type { AdminTicket } from '@common/schemas/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminListQueryOptions } from '../api';
import { dollars, tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { TicketStatusBadge } from './badges';
import { TicketDetailsDialog } from './ticket-details-dialog';

const columns: ColumnDef<AdminTicket, never>[] = [
  { accessorKey: 'id', header: 'ID' },
  {
    accessorKey: 'eventName',
    header: 'Event',
    cell: ({ row }) => <Truncated text={row.original.eventName} />,
  },
  {
    id: 'sellerName',
    header: 'Seller',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.sellerName} />,
  },
  { accessorKey: 'listingPrice', header: 'Price', cell: ({ row }) => dollars(row.original.listingPrice) },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => <TicketStatusBadge status={row.original.status} />,
  },
  { accessorKey: 'createdAt', header: 'Created', cell: ({ row }) => tableDate(row.original.createdAt) },
];

/** Spec 001 §2 Tickets tab: search by event name, seller name or id; View opens Ticket Details. */
export function TicketsTab() {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <AdminList<AdminTicket>
        things="tickets"
        columns={columns}
        defaultSort={{ id: 'createdAt', desc: true }}
        query={(params) =>
          adminListQueryOptions<AdminTicket>('tickets', '/api/admin/tickets', 'rows', params)
        }
        onView={(ticket) => setViewing(ticket.id)}
      />
      {viewing === null ? null : <TicketDetailsDialog ticketId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
