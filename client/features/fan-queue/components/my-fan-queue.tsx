import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { MY_FAN_QUEUE_PAGE_SIZE, myFanQueueQueryOptions } from '../api';
import { MyFanQueueEntry } from './my-fan-queue-entry';

/** My Bids' section of the member's Fan Queue places (decision 0100): still in line first, a page at a time. */
export function MyFanQueue() {
  const [page, setPage] = useState(1);
  const entries = useQuery(myFanQueueQueryOptions(page));
  const titleId = useId();
  const total = entries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MY_FAN_QUEUE_PAGE_SIZE));

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="text-2xl font-bold">
        {FAN_QUEUE_TEXT.myTitle}
      </h2>
      {entries.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label={FAN_QUEUE_TEXT.loading} />
          {FAN_QUEUE_TEXT.loading}
        </p>
      ) : entries.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-2">
            {FAN_QUEUE_TEXT.myLoadFailed}
            <Button variant="outline" size="sm" onClick={() => void entries.refetch()}>
              {FAN_QUEUE_TEXT.retry}
            </Button>
          </AlertDescription>
        </Alert>
      ) : entries.data.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {FAN_QUEUE_TEXT.myEmpty}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {entries.data.entries.map((entry) => (
            <li key={entry.id} className="min-w-0">
              <MyFanQueueEntry entry={entry} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={FAN_QUEUE_TEXT.pages} className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {FAN_QUEUE_TEXT.previousPage}
          </Button>
          <span className="text-sm tabular-nums">
            {page} / {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {FAN_QUEUE_TEXT.nextPage}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
