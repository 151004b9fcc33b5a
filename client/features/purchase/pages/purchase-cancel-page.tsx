import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { PURCHASE_RESULT_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { CircleSlash, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { releaseTicket } from '../api';
import { useCountdown } from '../use-countdown';

/** Spec 001 §9: the cancel page goes home after 3 seconds. */
export const CANCEL_REDIRECT_SECONDS = 3;

function ticketIdParam(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * /purchase/cancel?ticket_id= (spec 001 §2, §4, §8): releases the hold, says so in a 'Purchase Cancelled'
 * toast and goes home after 3 s. `onCancelled` lets the app clear the browser's in-progress purchase.
 */
export function PurchaseCancelPage({ onCancelled }: { onCancelled?: (ticketId: number | null) => void }) {
  const [params] = useSearchParams();
  const ticketId = ticketIdParam(params.get('ticket_id'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [released, setReleased] = useState(false);
  const ran = useRef(false);
  const cancelled = useRef(onCancelled);
  cancelled.current = onCancelled;

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    cancelled.current?.(ticketId);
    const done = (description: string) => {
      toast({ title: PURCHASE_RESULT_TEXT.cancelToastTitle, description });
      setReleased(true);
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    };
    if (ticketId === null) {
      done(PURCHASE_RESULT_TEXT.cancelNoTicket);
      return;
    }
    releaseTicket(ticketId).then(
      () => done(PURCHASE_RESULT_TEXT.cancelReleased),
      () => done(PURCHASE_RESULT_TEXT.cancelUnlockFailed),
    );
  }, [ticketId, queryClient]);

  const left = useCountdown(CANCEL_REDIRECT_SECONDS, released, () => void navigate('/', { replace: true }));

  if (!released)
    return (
      <CenteredCard icon={Loader2} title={PURCHASE_RESULT_TEXT.releasing}>
        <div className="flex justify-center py-4">
          <Spinner className="size-8" label={PURCHASE_RESULT_TEXT.releasing} />
        </div>
      </CenteredCard>
    );

  return (
    <CenteredCard
      icon={CircleSlash}
      title={PURCHASE_RESULT_TEXT.cancelToastTitle}
      description={PURCHASE_RESULT_TEXT.cancelled}
      focusTitle
    >
      <p className="mb-4 text-center text-sm text-muted-foreground" aria-live="polite">
        Going home in {left} {left === 1 ? 'second' : 'seconds'}…
      </p>
      <div className="flex justify-center">
        <Button asChild variant="outline">
          <Link to="/">{PURCHASE_RESULT_TEXT.returnToHome}</Link>
        </Button>
      </div>
    </CenteredCard>
  );
}
