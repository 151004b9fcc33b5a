import {
  ADMIN_TRANSACTION_TYPES,
  type AdminTransaction,
  type AdminTransactionType,
} from '@common/schemas/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminListQueryOptions } from '../api';
import { dollars, tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { TransactionStatusBadge } from './badges';
import { FieldSelect } from './detail-dialog';
import { TransactionDetailsDialog } from './transaction-details-dialog';

const columns: ColumnDef<AdminTransaction, never>[] = [
  { accessorKey: 'id', header: 'ID' },
  {
    accessorKey: 'eventName',
    header: 'Event',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.eventName} />,
  },
  {
    id: 'buyerName',
    header: 'Buyer',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.buyerName} />,
  },
  {
    id: 'sellerName',
    header: 'Seller',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.sellerName} />,
  },
  {
    id: 'type',
    header: 'Type',
    enableSorting: false,
    cell: ({ row }) => <span className="capitalize">{row.original.type}</span>,
  },
  { accessorKey: 'amount', header: 'Amount', cell: ({ row }) => dollars(row.original.amount) },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => <TransactionStatusBadge status={row.original.status} />,
  },
  { accessorKey: 'createdAt', header: 'Date', cell: ({ row }) => tableDate(row.original.createdAt) },
];

type TypeChoice = AdminTransactionType | 'all';
const TYPE_OPTIONS: { value: TypeChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ADMIN_TRANSACTION_TYPES.map((type) => ({
    value: type,
    label: `${type.charAt(0).toUpperCase()}${type.slice(1)}s`,
  })),
];

/** Spec 001 §2 Transactions tab (payments, refunds, payouts); search by event, buyer, seller or id. */
export function TransactionsTab() {
  const [viewing, setViewing] = useState<number | null>(null);
  const [type, setType] = useState<TypeChoice>('all');
  return (
    <>
      <AdminList<AdminTransaction>
        things="transactions"
        columns={columns}
        defaultSort={{ id: 'createdAt', desc: true }}
        filters={{ type: type === 'all' ? undefined : type }}
        toolbar={
          <FieldSelect
            id="admin-transaction-type"
            label="Type"
            value={type}
            options={TYPE_OPTIONS}
            onChange={setType}
          />
        }
        query={(params) =>
          adminListQueryOptions<AdminTransaction>('transactions', '/api/admin/transactions', 'rows', params)
        }
        onView={(transaction) => setViewing(transaction.id)}
      />
      {viewing === null ? null : (
        <TransactionDetailsDialog orderId={viewing} onClose={() => setViewing(null)} />
      )}
    </>
  );
}
