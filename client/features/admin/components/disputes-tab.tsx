import { Badge } from '@client/components/ui/badge';
import { DISPUTE_STATUSES, type Dispute } from '@common/schemas/admin-money';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminListQueryOptions } from '../api';
import { dollars, tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { FieldSelect } from './detail-dialog';
import { DisputeDialog } from './dispute-dialog';

const columns: ColumnDef<Dispute, never>[] = [
  { accessorKey: 'orderId', header: 'Order' },
  { id: 'eventName', header: 'Event', cell: ({ row }) => <Truncated text={row.original.eventName} /> },
  { id: 'buyerName', header: 'Buyer', cell: ({ row }) => <Truncated text={row.original.buyerName} /> },
  { id: 'sellerName', header: 'Seller', cell: ({ row }) => <Truncated text={row.original.sellerName} /> },
  { id: 'amount', header: 'Amount', cell: ({ row }) => dollars(row.original.amount) },
  { id: 'reason', header: 'Reason', cell: ({ row }) => <Truncated text={row.original.reason} /> },
  { id: 'openedAt', header: 'Opened', cell: ({ row }) => tableDate(row.original.openedAt) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Badge variant={row.original.status === 'open' ? 'warning' : 'secondary'}>{row.original.status}</Badge>
    ),
  },
];

const STATUS_OPTIONS = DISPUTE_STATUSES.map((status) => ({ value: status, label: status }));

/** Disputed sales (admin-money contract): open ones first; View shows the evidence and resolves. */
export function DisputesTab() {
  const [status, setStatus] = useState<Dispute['status']>('open');
  const [viewing, setViewing] = useState<Dispute | null>(null);
  return (
    <>
      <AdminList<Dispute>
        things="disputes"
        columns={columns}
        defaultSort={null}
        searchable={false}
        filters={{ status }}
        toolbar={
          <FieldSelect
            id="dispute-status"
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={setStatus}
          />
        }
        query={(params) =>
          adminListQueryOptions<Dispute>('disputes', '/api/admin/disputes', 'disputes', params)
        }
        onView={setViewing}
      />
      {viewing === null ? null : <DisputeDialog dispute={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
