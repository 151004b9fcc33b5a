import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { ApiError, sendJson } from '@client/lib/api';
import type { PriceCapFixResult } from '@common/schemas/price-caps';
import { PRICE_CAP_TEXT } from '@common/texts/price-caps';
import { useMutation } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

/**
 * /price-cap-fix?token=…: the e-mail's one-click fix of a listing a new price cap paused (decision 0084).
 * Nothing changes until the seller presses the button (a mail scanner that follows links fixes nothing).
 */
export function PriceCapFixPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const fix = useMutation({
    mutationFn: () => sendJson<PriceCapFixResult>('POST', '/api/price-caps/fix', { token }),
  });
  return (
    <CenteredCard icon={Scale} title={PRICE_CAP_TEXT.fixTitle}>
      <div className="grid gap-4">
        {fix.isSuccess ? (
          <p role="status">{fix.data.message}</p>
        ) : token === '' ? (
          <Alert variant="destructive">
            <AlertDescription>{PRICE_CAP_TEXT.fixInvalid}</AlertDescription>
          </Alert>
        ) : (
          <>
            <p>{PRICE_CAP_TEXT.fixIntro}</p>
            {fix.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {(fix.error instanceof ApiError && fix.error.serverMessage) || PRICE_CAP_TEXT.fixFailed}
                </AlertDescription>
              </Alert>
            ) : null}
            <Button className="justify-self-start" disabled={fix.isPending} onClick={() => fix.mutate()}>
              {PRICE_CAP_TEXT.fixButton}
            </Button>
          </>
        )}
        <Link className="text-sm underline" to="/my-tickets">
          {PRICE_CAP_TEXT.myTicketsLink}
        </Link>
      </div>
    </CenteredCard>
  );
}
