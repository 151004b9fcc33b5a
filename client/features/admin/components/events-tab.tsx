import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ADMIN_TEXT } from '@common/messages';
import { ADMIN_EVENT_STATUSES, type AdminEvent } from '@common/schemas/admin-money';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { adminListQueryOptions } from '../api';
import { FanQueueDialog } from '../fan-queue/fan-queue-dialog';
import { tableDate } from '../format';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { FieldSelect } from './detail-dialog';
import { type EventAction, EventActionDialog } from './event-action-dialog';

type StatusChoice = AdminEvent['status'] | 'all';
const STATUS_OPTIONS: { value: StatusChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ADMIN_EVENT_STATUSES.map((status) => ({ value: status, label: status })),
];

function EventStatus({ event }: { event: AdminEvent }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge
        variant={
          event.status === 'cancelled' ? 'destructive' : event.status === 'postponed' ? 'warning' : 'outline'
        }
      >
        {event.status}
      </Badge>
      {event.refunds ? (
        <span className="text-xs text-muted-foreground">
          {ADMIN_TEXT.refundProgress(event.refunds.refunded, event.refunds.total)}
        </span>
      ) : null}
    </div>
  );
}

/** Events (admin-money contract): cancel with a reason, postpone with a new date, refunds' progress. */
export function EventsTab() {
  const [status, setStatus] = useState<StatusChoice>('all');
  const [acting, setActing] = useState<{ event: AdminEvent; action: EventAction } | null>(null);
  const [line, setLine] = useState<AdminEvent | null>(null);
  const columns = useMemo<ColumnDef<AdminEvent, never>[]>(
    () => [
      { accessorKey: 'id', header: 'ID' },
      { id: 'name', header: 'Event', cell: ({ row }) => <Truncated text={row.original.name} /> },
      {
        id: 'venue',
        header: 'Venue',
        cell: ({ row }) => (
          <Truncated text={[row.original.venue, row.original.city].filter(Boolean).join(', ')} />
        ),
      },
      { id: 'date', header: 'Date', cell: ({ row }) => tableDate(`${row.original.date}T12:00:00`) },
      { id: 'activeListings', header: 'Listings', cell: ({ row }) => row.original.activeListings },
      { id: 'soldTickets', header: 'Sold', cell: ({ row }) => row.original.soldTickets },
      { id: 'status', header: 'Status', cell: ({ row }) => <EventStatus event={row.original} /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          // Three actions wrap on a phone's row instead of widening the page.
          <div className="flex flex-wrap gap-2">
            {/* The show's Fan Queue (decision 0100); a cancelled show's line has ended, and shows empty. */}
            <Button
              size="sm"
              variant="outline"
              aria-label={FAN_QUEUE_TEXT.adminOpenLabel(row.original.name)}
              data-event-action={`${row.original.id}-fan-queue`}
              onClick={() => setLine(row.original)}
            >
              {FAN_QUEUE_TEXT.adminOpen}
            </Button>
            {row.original.status === 'cancelled' ? null : (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  data-event-action={`${row.original.id}-postpone`}
                  onClick={() => setActing({ event: row.original, action: 'postpone' })}
                >
                  Postpone
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  data-event-action={`${row.original.id}-cancel`}
                  onClick={() => setActing({ event: row.original, action: 'cancel' })}
                >
                  Cancel
                </Button>
              </>
            )}
          </div>
        ),
      },
    ],
    [],
  );
  return (
    <>
      <AdminList<AdminEvent>
        things="events"
        columns={columns}
        defaultSort={null}
        filters={{ status: status === 'all' ? undefined : status }}
        toolbar={
          <FieldSelect
            id="event-status"
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={setStatus}
          />
        }
        query={(params) => adminListQueryOptions<AdminEvent>('events', '/api/admin/events', 'events', params)}
      />
      {acting === null ? null : (
        <EventActionDialog event={acting.event} action={acting.action} onClose={() => setActing(null)} />
      )}
      {line === null ? null : <FanQueueDialog event={line} onClose={() => setLine(null)} />}
    </>
  );
}
