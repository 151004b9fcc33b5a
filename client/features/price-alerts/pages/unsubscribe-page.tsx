import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { BellOff } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { messageOf, useUnsubscribe } from '../api';

/**
 * /price-alerts/unsubscribe?token=…: the e-mail's link lands here and nothing changes until the fan confirms
 * (a mail scanner that follows links unsubscribes nobody); no sign-in needed, the signed token says who.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <CenteredCard icon={BellOff} title={PRICE_ALERT_TEXT.unsubscribeTitle}>
      <div className="grid gap-4">
        {unsubscribe.isSuccess ? (
          <p role="status">{PRICE_ALERT_TEXT.unsubscribeDone}</p>
        ) : token === '' ? (
          <Alert variant="destructive">
            <AlertDescription>{PRICE_ALERT_TEXT.unsubscribeInvalid}</AlertDescription>
          </Alert>
        ) : (
          <>
            <p>{PRICE_ALERT_TEXT.unsubscribeIntro}</p>
            {unsubscribe.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {messageOf(unsubscribe.error, PRICE_ALERT_TEXT.unsubscribeFailed)}
                </AlertDescription>
              </Alert>
            ) : null}
            <Button
              className="justify-self-start"
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {PRICE_ALERT_TEXT.unsubscribeButton}
            </Button>
          </>
        )}
        <Link className="text-sm underline" to="/my-bids">
          {PRICE_ALERT_TEXT.manageLink}
        </Link>
      </div>
    </CenteredCard>
  );
}
