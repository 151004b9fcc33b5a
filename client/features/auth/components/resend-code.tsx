import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api';
import { LOGIN_CODE_RESEND_SECONDS } from '@common/constants';
import { AUTH_SUCCESS_TEXT, RESEND_CODE_TEXT, SIGN_IN_TEXT, VERIFY_FAILURE_TEXT } from '@common/messages';
import { CircleAlert, Loader2, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useResendLoginCode } from '../api';

/** How long after each code is sent the next may be asked for (the server refuses sooner with 429). */
export const RESEND_COOLDOWN_MS = LOGIN_CODE_RESEND_SECONDS * 1000;

interface ResendCodeProps {
  userId: number;
  /** When the last code went out (the login itself sent the first). */
  sentAt: number;
  /** A new code went out; `message` is the server's word on it. */
  onSent(message: string): void;
}

/** Whole seconds left until `until`, ticking while there are any. */
function useSecondsUntil(until: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (now >= until) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [now, until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** 'Resend code': disabled with a visible countdown for 60 s after each send; shows the server's answer. */
export function ResendCode({ userId, sentAt, onSent }: ResendCodeProps) {
  const resend = useResendLoginCode();
  const [refusal, setRefusal] = useState<string | null>(null);
  // A refused request waits out a full cooldown of its own before the next try.
  const [refusedAt, setRefusedAt] = useState(0);
  const [expired, setExpired] = useState(false);
  const secondsLeft = useSecondsUntil(Math.max(sentAt, refusedAt) + RESEND_COOLDOWN_MS);

  function send() {
    setRefusal(null);
    resend.mutate(userId, {
      onSuccess: (answer) => onSent(answer?.message || AUTH_SUCCESS_TEXT.codeResent),
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status >= 500) {
          setRefusal(VERIFY_FAILURE_TEXT.unexpected);
          return;
        }
        if (error.status === 429) {
          setRefusal(error.serverMessage || SIGN_IN_TEXT.resendTooSoon);
          setRefusedAt(Date.now());
          return;
        }
        // The pending login is gone: only a new login can send a code now.
        setExpired(true);
        setRefusal(error.serverMessage || SIGN_IN_TEXT.pendingLoginExpired);
      },
    });
  }

  const waiting = secondsLeft > 0;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        className="w-full"
        onClick={send}
        disabled={waiting || resend.isPending || expired}
      >
        {resend.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <RotateCw aria-hidden />}
        {resend.isPending
          ? RESEND_CODE_TEXT.sending
          : waiting && !expired
            ? RESEND_CODE_TEXT.countdown(secondsLeft)
            : RESEND_CODE_TEXT.button}
      </Button>
      {refusal ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
