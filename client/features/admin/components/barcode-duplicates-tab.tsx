import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError, sendJson } from '@client/lib/api';
import type { BarcodeDuplicate } from '@common/schemas/barcodes';
import { BARCODE_CHECK_TEXT } from '@common/texts/barcode-check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { adminKeys, adminListQueryOptions } from '../api';
import { tableDate } from '../format';
import { AdminList } from './admin-list';

type DuplicateTicket = BarcodeDuplicate['holding'];

/** One side of the pair: the ticket (or that its listing was deleted) and its seller. */
function TicketCell({ ticket }: { ticket: DuplicateTicket }) {
  return (
    <div className="grid gap-0.5">
      <span className="break-words">
        {ticket.ticketId === null
          ? BARCODE_CHECK_TEXT.ticketGone
          : BARCODE_CHECK_TEXT.ticketLine(ticket.ticketId, ticket.eventName ?? '')}
      </span>
      <span className="break-all text-muted-foreground">
        {BARCODE_CHECK_TEXT.sellerLine(ticket.sellerUsername)}
      </span>
    </div>
  );
}

/** Marks the pair reviewed: the server records it in the audit log. */
function ReviewButton({ duplicate }: { duplicate: BarcodeDuplicate }) {
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: () =>
      sendJson<{ message: string }>('POST', `/api/admin/barcode-duplicates/${duplicate.id}/review`, {}),
    onSuccess: (answer) => {
      toast({ title: answer.message });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) =>
      toast({
        title: BARCODE_CHECK_TEXT.markFailed,
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      }),
  });
  if (duplicate.reviewedAt !== null) return <Badge variant="secondary">{BARCODE_CHECK_TEXT.reviewed}</Badge>;
  return (
    <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => review.mutate()}>
      {BARCODE_CHECK_TEXT.markReviewed}
    </Button>
  );
}

const columns: ColumnDef<BarcodeDuplicate, never>[] = [
  {
    id: 'createdAt',
    header: BARCODE_CHECK_TEXT.columnWhen,
    cell: ({ row }) => tableDate(row.original.createdAt),
  },
  {
    id: 'fingerprint',
    header: BARCODE_CHECK_TEXT.columnFingerprint,
    cell: ({ row }) => <code className="font-mono text-xs">{row.original.fingerprint}</code>,
  },
  {
    id: 'holding',
    header: BARCODE_CHECK_TEXT.columnHolding,
    cell: ({ row }) => <TicketCell ticket={row.original.holding} />,
  },
  {
    id: 'refused',
    header: BARCODE_CHECK_TEXT.columnRefused,
    cell: ({ row }) => <TicketCell ticket={row.original.refused} />,
  },
  {
    id: 'status',
    header: BARCODE_CHECK_TEXT.columnStatus,
    cell: ({ row }) => <ReviewButton duplicate={row.original} />,
  },
];

/** Duplicate barcodes (decision 0085): refused uploads of a barcode another live listing or sale carries. */
export function BarcodeDuplicatesTab() {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{BARCODE_CHECK_TEXT.adminIntro}</p>
      <AdminList<BarcodeDuplicate>
        things="duplicate barcodes"
        columns={columns}
        defaultSort={null}
        searchable={false}
        query={(params) =>
          adminListQueryOptions<BarcodeDuplicate>(
            'barcode-duplicates',
            '/api/admin/barcode-duplicates',
            'rows',
            params,
          )
        }
      />
    </div>
  );
}
