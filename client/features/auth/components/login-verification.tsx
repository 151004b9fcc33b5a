import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { VERIFY_SUCCESS_REDIRECT_MS } from '@common/constants';
import { AUTH_SCREEN_TEXT, AUTH_SUCCESS_TEXT, SERVER_MESSAGE, VERIFY_FAILURE_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { ArrowLeft, CircleAlert, CircleCheck, Loader2, MailCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useVerifyLogin } from '../api';
import { mapAuthError } from '../auth-error-map';
import { ResendCode } from './resend-code';
import { EMPTY_CODE, VerificationCodeInput } from './verification-code-input';

export interface PendingLogin {
  userId: number;
  canTrustDevice: boolean;
  /** The server's word on where the code went. */
  message: string;
}

interface LoginVerificationProps {
  pending: PendingLogin;
  onBackToLogin(): void;
  onTryAgain(): void;
  /** Called after the success message has been on screen for the redirect delay. */
  onVerified(user: CurrentUser): void;
}

type Phase =
  /** `wrongCode`: the last code was wrong but tries remain, so it can be typed again here. */
  | { name: 'entering'; wrongCode?: string }
  | { name: 'verifying' }
  | { name: 'verified'; user: CurrentUser }
  | { name: 'failed'; message: string };

/** The Verification Required screen: the second login factor (spec 000 §2, §4). */
export function LoginVerification({
  pending,
  onBackToLogin,
  onTryAgain,
  onVerified,
}: LoginVerificationProps) {
  const [digits, setDigits] = useState<string[]>([...EMPTY_CODE]);
  const [trustDevice, setTrustDevice] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'entering' });
  // The login sent the first code; each resend restarts the wait for the next.
  const [sentAt, setSentAt] = useState(Date.now);
  const [resent, setResent] = useState<string | null>(null);
  const verify = useVerifyLogin();
  const id = useId();
  // The latest callback, so a parent re-render does not restart the redirect delay.
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  useEffect(() => {
    if (phase.name !== 'verified') return;
    const timer = setTimeout(() => onVerifiedRef.current(phase.user), VERIFY_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  function codeResent(message: string) {
    setSentAt(Date.now());
    setResent(message);
    setDigits([...EMPTY_CODE]);
    setPhase({ name: 'entering' });
  }

  const resendCode = <ResendCode userId={pending.userId} sentAt={sentAt} onSent={codeResent} />;

  function submit(code: string) {
    setResent(null);
    setPhase({ name: 'verifying' });
    verify.mutate(
      {
        userId: pending.userId,
        verificationCode: code,
        trustThisDevice: pending.canTrustDevice && trustDevice,
      },
      {
        onSuccess: (outcome) => {
          if (outcome.ok) setPhase({ name: 'verified', user: outcome.user });
          else if (outcome.message === SERVER_MESSAGE.invalidCode) {
            setDigits([...EMPTY_CODE]);
            setPhase({ name: 'entering', wrongCode: mapAuthError(outcome.message) });
          } else
            setPhase({
              name: 'failed',
              message: outcome.message ? mapAuthError(outcome.message) : VERIFY_FAILURE_TEXT.failed,
            });
        },
        onError: () => setPhase({ name: 'failed', message: VERIFY_FAILURE_TEXT.unexpected }),
      },
    );
  }

  if (phase.name === 'verifying') {
    return (
      <CenteredCard icon={ShieldCheck} title={AUTH_SCREEN_TEXT.verifyingLogin}>
        <div role="status" className="flex items-center justify-center gap-2 py-4 text-muted-foreground">
          <Loader2 aria-hidden className="size-5 animate-spin text-primary" />
          <span>{AUTH_SCREEN_TEXT.verifying}</span>
        </div>
      </CenteredCard>
    );
  }

  if (phase.name === 'verified') {
    return (
      <CenteredCard icon={CircleCheck} iconTone="success" title={AUTH_SUCCESS_TEXT.loginVerified} focusTitle>
        <div role="status" className="flex items-center justify-center gap-2 py-2 text-muted-foreground">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          <span>{AUTH_SUCCESS_TEXT.redirecting}</span>
        </div>
      </CenteredCard>
    );
  }

  if (phase.name === 'failed') {
    return (
      <CenteredCard icon={CircleAlert} iconTone="danger" title="Verification unsuccessful" focusTitle>
        <Alert variant="destructive" aria-live="assertive">
          <CircleAlert aria-hidden />
          <AlertDescription>{phase.message}</AlertDescription>
        </Alert>
        {resendCode}
        <Button size="lg" className="w-full" onClick={onTryAgain}>
          {AUTH_SCREEN_TEXT.tryAgain}
        </Button>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard
      icon={MailCheck}
      title="Check your email"
      description={
        <p>
          {pending.message} Enter the {EMPTY_CODE.length}-digit code to finish signing in.
        </p>
      }
    >
      {phase.wrongCode ? (
        <Alert variant="destructive" role="alert" id={`${id}-wrong`}>
          <CircleAlert aria-hidden />
          <AlertDescription>{phase.wrongCode}</AlertDescription>
        </Alert>
      ) : null}
      {resent ? (
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden />
          <AlertDescription>{resent}</AlertDescription>
        </Alert>
      ) : null}
      {pending.canTrustDevice ? (
        // Offered before the boxes: the code is sent the moment its last digit is typed.
        <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/50 p-3">
          <Checkbox
            id={`${id}-trust`}
            checked={trustDevice}
            onCheckedChange={(checked) => setTrustDevice(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-trust`} className="font-normal leading-snug">
            {AUTH_SCREEN_TEXT.trustDevice}
          </Label>
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        <p id={`${id}-label`} className="text-center text-sm font-medium">
          Verification code
        </p>
        <VerificationCodeInput
          digits={digits}
          onDigitsChange={setDigits}
          onComplete={submit}
          labelledBy={`${id}-label`}
          describedBy={phase.wrongCode ? `${id}-wrong ${id}-hint` : `${id}-hint`}
        />
      </div>

      <p id={`${id}-hint`} className="text-center text-sm text-muted-foreground">
        Can't find the code? Check your spam folder, or ask for a new one.
      </p>

      {resendCode}

      <Button variant="outline" className="w-full" onClick={onBackToLogin}>
        <ArrowLeft aria-hidden />
        {AUTH_SCREEN_TEXT.backToLogin}
      </Button>
    </CenteredCard>
  );
}
