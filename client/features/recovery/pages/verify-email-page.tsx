import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { ApiError } from '@client/lib/api';
import { RECOVERY_SCREEN_TEXT, RECOVERY_TEXT } from '@common/messages';
import { CircleAlert, CircleCheck, Loader2, LogIn, MailCheck, MailWarning } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { useVerifyEmail } from '../api';

/** After a successful verification the login screen greets a new member, not a returning one. */
function GoToLogin({ newAccount = false }: { newAccount?: boolean }) {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to="/login" state={newAccount ? { newAccount } : undefined}>
        <LogIn aria-hidden />
        {RECOVERY_SCREEN_TEXT.goToLogin}
      </Link>
    </Button>
  );
}

function VerifyEmail({ token }: { token: string }) {
  const verification = useVerifyEmail(token);

  if (verification.isPending) {
    return (
      <CenteredCard icon={MailCheck} title="Email verification">
        <div role="status" className="flex items-center justify-center gap-2 py-4 text-muted-foreground">
          <Loader2 aria-hidden className="size-5 animate-spin text-primary" />
          <span>{RECOVERY_SCREEN_TEXT.verifying}</span>
        </div>
      </CenteredCard>
    );
  }

  if (verification.isError) {
    const { error } = verification;
    const message =
      (error instanceof ApiError && error.status < 500 && error.serverMessage) ||
      RECOVERY_TEXT.verifyEmailInvalid;
    return (
      <CenteredCard icon={MailWarning} iconTone="danger" title="Email verification" focusTitle>
        <Alert variant="destructive" aria-live="assertive">
          <CircleAlert aria-hidden />
          <AlertTitle>Verification failed</AlertTitle>
          <AlertDescription>
            <p>{message}</p>
            <p className="mt-2">{RECOVERY_SCREEN_TEXT.verifyEmailAdvice}</p>
          </AlertDescription>
        </Alert>
        <GoToLogin />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard icon={MailCheck} iconTone="success" title="Email verification" focusTitle>
      <Alert variant="success">
        <CircleCheck aria-hidden />
        <AlertTitle>Email verified</AlertTitle>
        <AlertDescription>{verification.data?.message || RECOVERY_TEXT.verifyEmailSuccess}</AlertDescription>
      </Alert>
      <GoToLogin newAccount />
    </CenteredCard>
  );
}

/** /verify-email/:token (spec 001 §2, §4, §8). Without a token the user goes to /login. */
export function VerifyEmailPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/login" replace />;
  return <VerifyEmail token={token} />;
}
