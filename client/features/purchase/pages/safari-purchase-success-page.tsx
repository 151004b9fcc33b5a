import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { PURCHASE_RESULT_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { completeSafariPurchase } from '../api';
import {
  clearSafariPurchase,
  readSafariPurchase,
  SAFARI_CLEANUP_MS,
  SAFARI_REDIRECT_SECONDS,
  saveSafariPurchase,
} from '../safari-state';
import { useCountdown } from '../use-countdown';

type View = { name: 'processing' } | { name: 'success' } | { name: 'error'; message: string };

interface SafariPurchaseSuccessPageProps {
  /** Whether someone is signed in: a success for a signed-out browser sends them to log in instead. */
  signedIn: boolean;
  /** Leaves a message for the login screen (spec 000 §2: shown once there). */
  rememberForLogin: (message: string) => void;
}

/**
 * /safari-purchase-success (spec 001 §2, §4, §8, §9): completes the purchase by session id, counts 5 s
 * down to My Tickets, and keeps the session in local storage until 10 s after a settled result.
 */
export function SafariPurchaseSuccessPage({ signedIn, rememberForLogin }: SafariPurchaseSuccessPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ name: 'processing' });
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const stored = readSafariPurchase();
    const sessionId = params.get('session_id')?.trim() || stored?.sessionId || null;
    const fail = (message: string) => {
      setView({ name: 'error', message });
      toast({
        title: PURCHASE_RESULT_TEXT.processingErrorTitle,
        description: message,
        variant: 'destructive',
      });
    };
    if (!sessionId) {
      fail(PURCHASE_RESULT_TEXT.missingSession);
      return;
    }
    saveSafariPurchase({ sessionId, ticketId: stored?.ticketId ?? null, savedAt: Date.now() });
    completeSafariPurchase(sessionId).then(
      (result) => {
        if (result.ok) {
          saveSafariPurchase({ sessionId, ticketId: result.ticketId, savedAt: Date.now() });
          setView({ name: 'success' });
          toast({ title: PURCHASE_RESULT_TEXT.successToastTitle, description: result.message || undefined });
          void queryClient.invalidateQueries({ queryKey: ['tickets'] });
        } else {
          console.warn(PURCHASE_RESULT_TEXT.safariFailedPrefix, result.message);
          fail(result.message || PURCHASE_RESULT_TEXT.completeFailed);
        }
      },
      (error: unknown) => {
        console.warn(PURCHASE_RESULT_TEXT.safariFailedPrefix, error);
        fail(PURCHASE_RESULT_TEXT.completeFailed);
      },
    );
  }, [params, queryClient]);

  // A settled result clears the stored session 10 s later.
  const settled = view.name !== 'processing';
  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(clearSafariPurchase, SAFARI_CLEANUP_MS);
    return () => clearTimeout(timer);
  }, [settled]);

  const goToMyTickets = () => {
    clearSafariPurchase();
    if (signedIn) void navigate('/my-tickets', { replace: true });
    else {
      rememberForLogin(PURCHASE_RESULT_TEXT.signInToSee);
      void navigate('/login', { replace: true });
    }
  };
  const left = useCountdown(SAFARI_REDIRECT_SECONDS, view.name === 'success', goToMyTickets);

  if (view.name === 'processing')
    return (
      <CenteredCard icon={Loader2} title={PURCHASE_RESULT_TEXT.safariProcessing}>
        <div className="flex justify-center py-4">
          <Spinner className="size-8" label={PURCHASE_RESULT_TEXT.safariProcessing} />
        </div>
      </CenteredCard>
    );

  if (view.name === 'success')
    return (
      <CenteredCard
        icon={CircleCheck}
        iconTone="success"
        title={PURCHASE_RESULT_TEXT.successToastTitle}
        description={PURCHASE_RESULT_TEXT.statusSuccess}
        focusTitle
      >
        <p className="mb-4 text-center text-sm text-muted-foreground" aria-live="polite">
          Going to My Tickets in {left} {left === 1 ? 'second' : 'seconds'}…
        </p>
        <div className="flex justify-center">
          <Button onClick={goToMyTickets}>{PURCHASE_RESULT_TEXT.goToMyTickets}</Button>
        </div>
      </CenteredCard>
    );

  return (
    <CenteredCard icon={CircleX} iconTone="danger" title={PURCHASE_RESULT_TEXT.safariErrorTitle} focusTitle>
      <p role="alert" className="mb-4 text-center text-sm text-destructive">
        {view.message}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => window.location.reload()}>{PURCHASE_RESULT_TEXT.tryAgain}</Button>
        <Button asChild variant="outline">
          <Link to="/">{PURCHASE_RESULT_TEXT.goToHome}</Link>
        </Button>
      </div>
    </CenteredCard>
  );
}
