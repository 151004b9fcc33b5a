import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import type { AdminFanQueueEntry } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_FAN_QUEUE_PAGE_SIZE, adminFanQueueOptions } from './api';
import { FanQueueTable } from './fan-queue-table';
import { RemoveEntryDialog } from './remove-entry-dialog';

/** A show's line as admins see it: its counts, a page of entries in line order, and removal of one. */
export function FanQueueLine({ eventId, eventName }: { eventId: number; eventName: string }) {
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<AdminFanQueueEntry | null>(null);
  const result = useQuery(adminFanQueueOptions(eventId, page));
  const line = result.data;
  const region = `fan-queue-${eventId}`;
  const pages = line ? Math.max(1, Math.ceil(line.total / ADMIN_FAN_QUEUE_PAGE_SIZE)) : 1;
  // A removal that empties the last page shows the page before.
  useEffect(() => {
    if (line && page > pages) setPage(pages);
  }, [line, page, pages]);
  if (!line)
    return result.isError ? (
      <p role="alert" className="text-sm text-destructive">
        {FAN_QUEUE_TEXT.adminLoadFailed}
      </p>
    ) : (
      <Spinner label={FAN_QUEUE_TEXT.adminLoading} />
    );
  return (
    <div className="space-y-3" data-fan-queue-line={region} tabIndex={-1}>
      <p className="text-sm text-muted-foreground">
        {FAN_QUEUE_TEXT.adminCounts(line.waiting, line.offered, line.throughQueueTickets)}
      </p>
      {line.entries.length === 0 ? (
        <p className="py-6 text-center text-sm font-medium">{FAN_QUEUE_TEXT.adminEmpty}</p>
      ) : (
        <FanQueueTable
          entries={line.entries}
          caption={FAN_QUEUE_TEXT.adminCaption(eventName)}
          onRemove={setRemoving}
        />
      )}
      <nav
        aria-label={FAN_QUEUE_TEXT.pages}
        className="flex flex-wrap items-center justify-between gap-2 text-sm"
      >
        <p className="text-muted-foreground">{FAN_QUEUE_TEXT.adminPageOf(page, pages)}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {FAN_QUEUE_TEXT.previousPage}
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {FAN_QUEUE_TEXT.nextPage}
          </Button>
        </div>
      </nav>
      {removing ? (
        <RemoveEntryDialog
          entry={removing}
          eventName={eventName}
          returnTo={`[data-fan-queue-line="${region}"]`}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
