import { Badge } from '@client/components/ui/badge';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminReview } from '@common/schemas/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminListQueryOptions } from '../api';
import { tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { ReviewDetailsDialog, reviewTypeLabel } from './review-details-dialog';

const columns: ColumnDef<AdminReview, never>[] = [
  { accessorKey: 'id', header: 'ID' },
  {
    id: 'eventName',
    header: 'Event',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.eventName} />,
  },
  {
    id: 'reviewerName',
    header: 'From',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.reviewerName} />,
  },
  {
    id: 'targetName',
    header: 'To',
    enableSorting: false,
    cell: ({ row }) => <Truncated text={row.original.targetName} />,
  },
  {
    accessorKey: 'rating',
    header: 'Rating',
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1">
        {`${row.original.rating} / 5`}
        {row.original.hidden ? <Badge variant="secondary">{ADMIN_TEXT.hiddenBadge}</Badge> : null}
      </span>
    ),
  },
  { accessorKey: 'reviewType', header: 'Type', cell: ({ row }) => reviewTypeLabel(row.original.reviewType) },
  { accessorKey: 'createdAt', header: 'Date', cell: ({ row }) => tableDate(row.original.createdAt) },
];

/** Spec 001 §2 Reviews tab: search by event, reviewer, target or id; View opens Review Details. */
export function ReviewsTab() {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <AdminList<AdminReview>
        things="reviews"
        columns={columns}
        defaultSort={{ id: 'createdAt', desc: true }}
        query={(params) =>
          adminListQueryOptions<AdminReview>('reviews', '/api/admin/reviews', 'rows', params)
        }
        onView={(review) => setViewing(review.id)}
      />
      {viewing === null ? null : <ReviewDetailsDialog reviewId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
