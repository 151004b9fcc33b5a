import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { sendJson } from '@client/lib/api';
import type { StrikeReview } from '@common/schemas/strikes';
import { STRIKE_TEXT } from '@common/texts/strikes';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminKeys, adminListQueryOptions } from '../api';
import { tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { FieldSelect } from './detail-dialog';
import { ReasonDialog } from './reason-dialog';

type Status = 'open' | 'lifted';
const STATUS_OPTIONS = [
  { value: 'open' as const, label: 'paused' },
  { value: 'lifted' as const, label: 'lifted' },
];

const liftPause = (id: number, reason: string) =>
  sendJson<{ message: string }>('POST', `/api/admin/strike-reviews/${id}/lift`, { reason });

/**
 * Sellers whose three strikes within twelve months paused their listings (decision 0087), newest first, a
 * page at a time; an admin lifts a pause with a reason, and the seller's listings still valid go back on sale.
 */
export function StrikesTab() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('open');
  const [lifting, setLifting] = useState<StrikeReview | null>(null);
  const columns: ColumnDef<StrikeReview, never>[] = [
    {
      id: 'seller',
      header: STRIKE_TEXT.seller,
      cell: ({ row }) => <Truncated text={row.original.username} />,
    },
    { accessorKey: 'strikes', header: STRIKE_TEXT.strikes },
    { id: 'pausedAt', header: STRIKE_TEXT.pausedAt, cell: ({ row }) => tableDate(row.original.pausedAt) },
    { accessorKey: 'listingsPaused', header: STRIKE_TEXT.listingsPaused },
    {
      id: 'action',
      header: 'Action',
      cell: ({ row }) =>
        row.original.liftedAt === null ? (
          <Button size="sm" variant="outline" onClick={() => setLifting(row.original)}>
            {STRIKE_TEXT.liftButton}
            <span className="sr-only"> {row.original.username}</span>
          </Button>
        ) : (
          <Badge variant="secondary">{tableDate(row.original.liftedAt)}</Badge>
        ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{STRIKE_TEXT.heading}</h2>
        <p className="text-sm text-muted-foreground">{STRIKE_TEXT.intro}</p>
      </div>
      <AdminList<StrikeReview>
        things="paused sellers"
        columns={columns}
        defaultSort={null}
        searchable={false}
        filters={{ status }}
        toolbar={
          <FieldSelect
            id="strike-status"
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={setStatus}
          />
        }
        query={(params) =>
          adminListQueryOptions<StrikeReview>('strike-reviews', '/api/admin/strike-reviews', 'rows', params)
        }
      />
      {lifting === null ? null : (
        <ReasonDialog
          title={STRIKE_TEXT.liftTitle}
          description={STRIKE_TEXT.liftDescription(lifting.username)}
          confirmLabel={STRIKE_TEXT.liftConfirm}
          failureTitle={STRIKE_TEXT.liftTitle}
          send={(reason) => liftPause(lifting.id, reason)}
          onDone={async (answer) => {
            toast({ title: answer.message });
            await queryClient.invalidateQueries({ queryKey: adminKeys.all });
          }}
          onClose={() => setLifting(null)}
        />
      )}
    </div>
  );
}
