import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { AUDIT_TARGET_TYPES, type AuditEntry } from '@common/schemas/admin-money';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { ADMIN_SEARCH_PAUSE_MS, adminListQueryOptions } from '../api';
import { longDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { FieldSelect } from './detail-dialog';

const change = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

const columns: ColumnDef<AuditEntry, never>[] = [
  { id: 'createdAt', header: 'Date', cell: ({ row }) => longDate(row.original.createdAt) },
  {
    id: 'admin',
    header: 'Admin',
    cell: ({ row }) => `${row.original.adminName} (ID: ${row.original.adminId})`,
  },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row }) => <code className="text-xs">{row.original.action}</code>,
  },
  {
    id: 'target',
    header: 'Target',
    cell: ({ row }) => `${row.original.targetType} #${row.original.targetId}`,
  },
  { id: 'before', header: 'Before', cell: ({ row }) => <Truncated text={change(row.original.before)} /> },
  { id: 'after', header: 'After', cell: ({ row }) => <Truncated text={change(row.original.after)} /> },
];

type TargetChoice = AuditEntry['targetType'] | 'all';
const TARGET_OPTIONS: { value: TargetChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: type.replace('_', ' ') })),
];

function TextFilter({
  id,
  label,
  value,
  onChange,
  numeric = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        className="h-9 w-28"
        inputMode={numeric ? 'numeric' : undefined}
        maxLength={64}
        value={value}
        onChange={(event) => onChange(numeric ? event.target.value.replace(/\D/g, '') : event.target.value)}
      />
    </div>
  );
}

/** The audit log (admin-money contract): every admin action, newest first, filtered by admin, action, target. */
export function AuditLogTab() {
  const [adminId, setAdminId] = useState('');
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState<TargetChoice>('all');
  const [targetId, setTargetId] = useState('');
  // Debounced as one string: a new object on every render would never settle.
  const typed = JSON.parse(
    useDebouncedValue(
      JSON.stringify({ adminId, action: action.trim(), targetId: targetId.trim() }),
      ADMIN_SEARCH_PAUSE_MS,
    ),
  ) as { adminId: string; action: string; targetId: string };
  return (
    <AdminList<AuditEntry>
      things="audit entries"
      failureThing="audit log"
      columns={columns}
      defaultSort={null}
      searchable={false}
      filters={{
        adminId: typed.adminId || undefined,
        action: typed.action || undefined,
        targetType: targetType === 'all' ? undefined : targetType,
        targetId: typed.targetId || undefined,
      }}
      toolbar={
        <div className="flex flex-wrap items-center gap-3">
          <TextFilter id="audit-admin" label="Admin ID" value={adminId} onChange={setAdminId} numeric />
          <TextFilter id="audit-action" label="Action" value={action} onChange={setAction} />
          <FieldSelect
            id="audit-target-type"
            label="Target"
            value={targetType}
            options={TARGET_OPTIONS}
            onChange={setTargetType}
          />
          <TextFilter id="audit-target-id" label="Target ID" value={targetId} onChange={setTargetId} />
        </div>
      }
      query={(params) =>
        adminListQueryOptions<AuditEntry>('audit-log', '/api/admin/audit-log', 'entries', params)
      }
    />
  );
}
