import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { PURCHASE_RESULT_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { completePurchase } from '../api';

/** A payment still being confirmed is asked about again this often, this many times. */
const PENDING_RETRY_MS = 2_000;
const PENDING_TRIES = 5;

type View = { name: 'processing' } | { name: 'success' } | { name: 'failed'; message: string };

function ticketIdParam(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /purchase-status (spec 001 §2 'Purchase result pages', §8 'Purchase results'). */
export function PurchaseStatusPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() || null;
  const ticketId = ticketIdParam(params.get('ticket_id'));
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ name: 'processing' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef<number | null>(null);

  const fail = useCallback((message: string) => {
    setView({ name: 'failed', message });
    toast({ title: PURCHASE_RESULT_TEXT.statusFailedTitle, description: message, variant: 'destructive' });
  }, []);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    if (!sessionId) {
      fail(PURCHASE_RESULT_TEXT.noPaymentSession);
      return;
    }
    setView({ name: 'processing' });
    let cancelled = false;
    void (async () => {
      for (let tries = 1; ; tries += 1) {
        try {
          const result = await completePurchase(sessionId, ticketId);
          if (cancelled) return;
          if (result.success) {
            setView({ name: 'success' });
            void queryClient.invalidateQueries({ queryKey: ['tickets'] });
            return;
          }
          if (result.status === 'pending' && tries < PENDING_TRIES) {
            await new Promise((resolve) => setTimeout(resolve, PENDING_RETRY_MS));
            if (cancelled) return;
            continue;
          }
          fail(result.message || PURCHASE_RESULT_TEXT.purchaseFailed);
        } catch (error) {
          if (cancelled) return;
          fail(
            error instanceof ApiError
              ? (error.serverMessage ?? PURCHASE_RESULT_TEXT.processFailed)
              : PURCHASE_RESULT_TEXT.processFailed,
          );
        }
        return;
      }
    })();
    return () => {
      cancelled = true;
      started.current = null;
    };
  }, [attempt, sessionId, ticketId, fail, queryClient]);

  if (view.name === 'processing')
    return (
      <CenteredCard icon={Loader2} title="Processing your purchase" description="This takes a moment.">
        <div className="flex justify-center py-4">
          <Spinner className="size-8" label="Processing your purchase" />
        </div>
      </CenteredCard>
    );

  if (view.name === 'success')
    return (
      <CenteredCard
        icon={CircleCheck}
        iconTone="success"
        title={PURCHASE_RESULT_TEXT.statusSuccessTitle}
        description={PURCHASE_RESULT_TEXT.statusSuccess}
        focusTitle
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/my-tickets">{PURCHASE_RESULT_TEXT.viewMyTickets}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{PURCHASE_RESULT_TEXT.backToHome}</Link>
          </Button>
        </div>
      </CenteredCard>
    );

  return (
    <CenteredCard
      icon={CircleX}
      iconTone="danger"
      title={PURCHASE_RESULT_TEXT.statusFailedTitle}
      description={PURCHASE_RESULT_TEXT.statusFailed}
      focusTitle
    >
      <p role="alert" className="mb-4 text-center text-sm text-destructive">
        {view.message}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/">{PURCHASE_RESULT_TEXT.tryAgain}</Link>
        </Button>
        {sessionId ? (
          <Button variant="outline" onClick={() => setAttempt((value) => value + 1)}>
            {PURCHASE_RESULT_TEXT.retry}
          </Button>
        ) : null}
      </div>
    </CenteredCard>
  );
}
