import { Badge } from '@client/components/ui/badge';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminUser } from '@common/schemas/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminListQueryOptions } from '../api';
import { tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { RoleBadge } from './badges';
import { UserDetailsDialog } from './user-details-dialog';

const columns: ColumnDef<AdminUser, never>[] = [
  { accessorKey: 'id', header: 'ID' },
  {
    accessorKey: 'username',
    header: 'Username',
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1">
        <Truncated text={row.original.username} />
        {row.original.closedAt ? <Badge variant="secondary">{ADMIN_TEXT.closedBadge}</Badge> : null}
      </span>
    ),
  },
  { accessorKey: 'email', header: 'Email', cell: ({ row }) => <Truncated text={row.original.email ?? ''} /> },
  {
    accessorKey: 'role',
    header: 'Role',
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        <RoleBadge role={row.original.role} />
        {row.original.suspended ? <Badge variant="destructive">{ADMIN_TEXT.suspendedBadge}</Badge> : null}
      </span>
    ),
  },
  { accessorKey: 'createdAt', header: 'Joined', cell: ({ row }) => tableDate(row.original.createdAt) },
];

/** Spec 001 §2 Users tab: search by username, e-mail or id; View opens User Details. */
export function UsersTab() {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <AdminList<AdminUser>
        things="users"
        columns={columns}
        defaultSort={{ id: 'createdAt', desc: true }}
        query={(params) => adminListQueryOptions<AdminUser>('users', '/api/admin/users', 'rows', params)}
        onView={(user) => setViewing(user.id)}
      />
      {viewing === null ? null : <UserDetailsDialog userId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
