import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { formatDollars } from '@client/lib/format';
import type { PriceAlert } from '@common/schemas/price-alerts';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { eventPriceAlertsQueryOptions, messageOf, useRemovePriceAlert } from '../api';

const summaryOf = (alert: PriceAlert) =>
  PRICE_ALERT_TEXT.summary(alert.quantity, formatDollars(alert.maxPrice));

/**
 * The member's active alerts for this show, under its alert form, each with Remove: so they can see what
 * they already asked for instead of asking twice. Nothing shows while there are none.
 */
export function EventPriceAlerts({ eventId }: { eventId: number }) {
  const alerts = useQuery(eventPriceAlertsQueryOptions(eventId));
  const remove = useRemovePriceAlert();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const mine = alerts.data?.alerts ?? [];
  if (mine.length === 0) return null;

  const removeAlert = (alert: PriceAlert) =>
    remove.mutate(alert.id, {
      onSuccess: () => {
        toast({ title: PRICE_ALERT_TEXT.removedTitle, description: summaryOf(alert) });
        // Its Remove button is gone with it: the list's heading keeps the focus in place.
        heading.current?.focus();
      },
      onError: (error) =>
        toast({
          title: PRICE_ALERT_TEXT.removeFailed,
          description: messageOf(error, PRICE_ALERT_TEXT.removeFailed),
          variant: 'destructive',
        }),
    });

  return (
    <section aria-labelledby={titleId} className="mt-4 grid gap-2 border-t border-border pt-4">
      <h3
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold focus-visible:outline-none"
      >
        {PRICE_ALERT_TEXT.yoursTitle}
      </h3>
      <ul className="grid gap-2">
        {mine.map((alert) => (
          <li key={alert.id} className="flex items-center justify-between gap-3 text-sm">
            <span>{summaryOf(alert)}</span>
            <Button
              variant="outline"
              size="sm"
              aria-label={PRICE_ALERT_TEXT.removeOneLabel(summaryOf(alert))}
              disabled={remove.isPending}
              onClick={() => removeAlert(alert)}
            >
              {PRICE_ALERT_TEXT.remove}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
