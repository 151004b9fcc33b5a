import { Card } from '@client/components/ui/card';
import { loginThenTo } from '@client/lib/safe-destination';
import { useCurrentUser } from '@client/lib/session';
import { PRICE_ALERT_SIGN_IN } from '@common/texts/price-alert-sign-in';
import { BellRing } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';

// Only a member loads the form: a visitor's first load of a show's page carries the sign-in link alone
// (the first-load budget, decision 0082).
const PriceAlertForm = lazy(async () => ({ default: (await import('./price-alert-form')).PriceAlertForm }));

export interface PriceAlertPanelProps {
  eventId: number;
  eventName: string;
}

/** A show's price alert (decision 0060): a member's form, or sign-in for a visitor, which comes back here. */
export function PriceAlertPanel({ eventId, eventName }: PriceAlertPanelProps) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return null;
  if (user)
    return (
      <Suspense fallback={null}>
        <PriceAlertForm eventId={eventId} eventName={eventName} />
      </Suspense>
    );
  return (
    <Card className="flex items-center gap-3 p-4">
      <BellRing className="size-5 shrink-0 text-info" aria-hidden />
      <Link className="font-medium underline" to={loginThenTo(`${location.pathname}${location.search}`)}>
        {PRICE_ALERT_SIGN_IN}
      </Link>
    </Card>
  );
}
