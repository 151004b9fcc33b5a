import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { formatDollars, formatEventDate } from '@client/lib/format';
import { eventPath } from '@common/event-path';
import type { PriceAlert } from '@common/schemas/price-alerts';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { ticketPath } from '@common/ticket-path';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  messageOf,
  myPriceAlertsQueryOptions,
  PRICE_ALERTS_PAGE_SIZE,
  useMarkMatchesSeen,
  useRemovePriceAlert,
} from '../api';

export interface PriceAlertListProps {
  /** Called once the matched alerts shown were marked seen (the page refreshes its notification badge). */
  onMatchesSeen: () => void;
}

const STATUS: Record<PriceAlert['status'], { label: string; variant: 'info' | 'success' | 'secondary' }> = {
  active: { label: PRICE_ALERT_TEXT.statusActive, variant: 'info' },
  matched: { label: PRICE_ALERT_TEXT.statusMatched, variant: 'success' },
  ended: { label: PRICE_ALERT_TEXT.statusEnded, variant: 'secondary' },
  removed: { label: PRICE_ALERT_TEXT.statusRemoved, variant: 'secondary' },
};

function endedNote(alert: PriceAlert): string | null {
  if (alert.endedReason === 'event_cancelled') return PRICE_ALERT_TEXT.endedEventCancelled;
  if (alert.endedReason === 'event_passed') return PRICE_ALERT_TEXT.endedEventPassed;
  return null;
}

/** My Bids' section of the member's price alerts (decision 0060): newest first, a page at a time, removable. */
export function PriceAlertList({ onMatchesSeen }: PriceAlertListProps) {
  const [page, setPage] = useState(1);
  const alerts = useQuery(myPriceAlertsQueryOptions(page));
  const remove = useRemovePriceAlert();
  const seen = useMarkMatchesSeen(onMatchesSeen);
  const titleId = useId();
  const anyUnseen = alerts.data?.alerts.some((alert) => alert.unseen) ?? false;
  const { mutate: markSeen } = seen;

  useEffect(() => {
    if (anyUnseen) markSeen();
  }, [anyUnseen, markSeen]);
  // The last alert of a later page was removed: show the page before it.
  const emptyLaterPage = page > 1 && alerts.data?.alerts.length === 0;
  useEffect(() => {
    if (emptyLaterPage) setPage((current) => current - 1);
  }, [emptyLaterPage]);

  function removeAlert(alert: PriceAlert) {
    remove.mutate(alert.id, {
      onSuccess: () => toast({ title: PRICE_ALERT_TEXT.removedTitle, description: alert.eventName }),
      onError: (error) =>
        toast({
          title: PRICE_ALERT_TEXT.removeFailed,
          description: messageOf(error, PRICE_ALERT_TEXT.removeFailed),
          variant: 'destructive',
        }),
    });
  }

  const total = alerts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRICE_ALERTS_PAGE_SIZE));

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="text-2xl font-bold">
        {PRICE_ALERT_TEXT.listTitle}
      </h2>
      {alerts.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label={PRICE_ALERT_TEXT.loading} />
          {PRICE_ALERT_TEXT.loading}
        </p>
      ) : alerts.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-2">
            {PRICE_ALERT_TEXT.listLoadFailed}
            <Button variant="outline" size="sm" onClick={() => void alerts.refetch()}>
              {PRICE_ALERT_TEXT.retry}
            </Button>
          </AlertDescription>
        </Alert>
      ) : alerts.data.alerts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {PRICE_ALERT_TEXT.listEmpty}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {alerts.data.alerts.map((alert) => {
            const status = STATUS[alert.status];
            const note = endedNote(alert);
            return (
              <li key={alert.id} data-testid={`price-alert-${alert.id}`}>
                <Card className="flex h-full flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="min-w-0 break-words font-semibold">
                      <Link to={eventPath(alert.eventId, alert.eventName)} className="hover:underline">
                        {alert.eventName}
                      </Link>
                    </h3>
                    <Badge variant={status.variant}>{status.label}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {alert.venue} · {formatEventDate(alert.eventDate)}
                  </p>
                  <p className="text-sm">
                    {PRICE_ALERT_TEXT.summary(alert.quantity, formatDollars(alert.maxPrice))}
                  </p>
                  {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
                  {alert.status === 'matched' && alert.matchedTicketId !== null ? (
                    <Link className="text-sm font-medium underline" to={ticketPath(alert.matchedTicketId)}>
                      {PRICE_ALERT_TEXT.viewTicket}
                    </Link>
                  ) : null}
                  {alert.status === 'active' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="mt-auto self-start text-destructive"
                      aria-label={PRICE_ALERT_TEXT.removeLabel(alert.eventName)}
                      disabled={remove.isPending && remove.variables === alert.id}
                      onClick={() => removeAlert(alert)}
                    >
                      {PRICE_ALERT_TEXT.remove}
                    </Button>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={PRICE_ALERT_TEXT.pages} className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {PRICE_ALERT_TEXT.previousPage}
          </Button>
          <span className="text-sm tabular-nums">
            {page} / {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {PRICE_ALERT_TEXT.nextPage}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
