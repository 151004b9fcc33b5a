import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { AUDIT_KINDS, AUDIT_TARGET_TYPES, type AuditEntry } from '@common/schemas/admin-money';
import { AUDIT_TEXT } from '@common/texts/audit';
import type { ColumnDef } from '@tanstack/react-table';
import { Fragment, useState } from 'react';
import { ADMIN_SEARCH_PAUSE_MS, adminListQueryOptions } from '../api';
import { type AuditField, auditActionLabel, auditFields } from '../audit-fields';
import { longDate } from '../format';
import { AdminList } from './admin-list';
import { FieldSelect } from './detail-dialog';

/**
 * A field's value: the new one, or "before → after" when it changed, which a screen reader hears as one
 * sentence, "changed from before to after" (never a mix of the two).
 */
function FieldValue({ field }: { field: AuditField }) {
  if (field.before !== undefined && field.after !== undefined && field.before !== field.after)
    return (
      <>
        <span aria-hidden data-testid="audit-change">
          {field.before} → {field.after}
        </span>
        <span className="sr-only">{AUDIT_TEXT.changed(field.before, field.after)}</span>
      </>
    );
  return <>{field.after ?? field.before}</>;
}

/** An entry's before and after as a definition list of labelled fields. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const fields = auditFields(entry.before, entry.after);
  if (fields.length === 0) return <span>{AUDIT_TEXT.nothingRecorded}</span>;
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-2 gap-y-0.5">
      {fields.map((field) => (
        <Fragment key={field.key}>
          <dt className="font-medium text-muted-foreground">{field.label}:</dt>
          <dd className="whitespace-pre-line break-words">
            <FieldValue field={field} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

const adminOf = (entry: AuditEntry) => `${entry.adminName} (ID: ${entry.adminId})`;
const targetOf = (entry: AuditEntry) =>
  entry.targetType === 'attendee_search' || entry.targetType === 'admin_list'
    ? `${AUDIT_TEXT.targets[entry.targetType]}: ${entry.targetId}`
    : `${AUDIT_TEXT.targets[entry.targetType]} #${entry.targetId}`;

function ActionCell({ action }: { action: string }) {
  return (
    <span className="block">
      {auditActionLabel(action)}
      <code className="block text-xs text-muted-foreground">{action}</code>
    </span>
  );
}

const columns: ColumnDef<AuditEntry, never>[] = [
  { id: 'createdAt', header: 'Date', cell: ({ row }) => longDate(row.original.createdAt) },
  { id: 'admin', header: 'Admin', cell: ({ row }) => adminOf(row.original) },
  { id: 'action', header: 'Action', cell: ({ row }) => <ActionCell action={row.original.action} /> },
  { id: 'target', header: 'Target', cell: ({ row }) => targetOf(row.original) },
  {
    id: 'details',
    header: AUDIT_TEXT.details,
    cell: ({ row }) => (
      <div className="min-w-[16rem] max-w-[28rem]">
        <AuditDetails entry={row.original} />
      </div>
    ),
  },
];

/** One entry on a phone: the same facts as a table row, labelled, so nothing needs scrolling sideways. */
function AuditCard(entry: AuditEntry) {
  return (
    <article
      aria-label={`${auditActionLabel(entry.action)}, ${longDate(entry.createdAt)}`}
      className="space-y-2"
    >
      <p className="font-semibold">
        <ActionCell action={entry.action} />
      </p>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-2 gap-y-0.5">
        <dt className="font-medium text-muted-foreground">Date:</dt>
        <dd>{longDate(entry.createdAt)}</dd>
        <dt className="font-medium text-muted-foreground">Admin:</dt>
        <dd className="break-words">{adminOf(entry)}</dd>
        <dt className="font-medium text-muted-foreground">Target:</dt>
        <dd className="break-words">{targetOf(entry)}</dd>
      </dl>
      <AuditDetails entry={entry} />
    </article>
  );
}

type KindChoice = (typeof AUDIT_KINDS)[number] | 'all';
const KIND_OPTIONS: { value: KindChoice; label: string }[] = [
  ...AUDIT_KINDS.map((value) => ({ value, label: AUDIT_TEXT.kinds[value] })),
  { value: 'all', label: AUDIT_TEXT.kinds.all },
];

type TargetChoice = AuditEntry['targetType'] | 'all';
const TARGET_OPTIONS: { value: TargetChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: AUDIT_TEXT.targets[type] })),
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

/**
 * The audit log (admin-money contract, decision 0057): every admin and ambassador action, newest first,
 * changes only unless asked for views too, filtered by admin, action and target; before and after read as
 * labelled fields.
 */
export function AuditLogTab() {
  // Changes first: the reads (decision 0057) would otherwise fill the first pages.
  const [kind, setKind] = useState<KindChoice>('changes');
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
      card={AuditCard}
      filters={{
        kind: kind === 'all' ? undefined : kind,
        adminId: typed.adminId || undefined,
        action: typed.action || undefined,
        targetType: targetType === 'all' ? undefined : targetType,
        targetId: typed.targetId || undefined,
      }}
      toolbar={
        <div className="flex flex-wrap items-center gap-3">
          <FieldSelect
            id="audit-kind"
            label={AUDIT_TEXT.kindLabel}
            value={kind}
            options={KIND_OPTIONS}
            onChange={setKind}
          />
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
