import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Label } from '@client/components/ui/label';
import { PasswordInput } from '@client/components/ui/password-input';
import { PageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { RECOVERY_SCREEN_TEXT, RECOVERY_TEXT } from '@common/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, KeyRound, Link2Off, Loader2, LogIn, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import { deadResetLinkText, recoveryFailureText, useResetPassword, useResetTokenCheck } from '../api';
import { FieldErrorText } from '../components/field-error';
import { ResetStrengthMeter } from '../components/reset-strength-meter';
import { type ResetPasswordFormValues, resetPasswordFormSchema } from '../recovery-schemas';

type Outcome = { name: 'done'; message: string } | { name: 'invalid-link'; message: string };

function ResetPasswordForm({ token, deadLink }: { token: string; deadLink: string | null }) {
  const id = useId();
  const reset = useResetPassword(token);
  const [outcome, setOutcome] = useState<Outcome | null>(
    deadLink === null ? null : { name: 'invalid-link', message: deadLink },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  if (outcome?.name === 'done') {
    return (
      <CenteredCard icon={KeyRound} iconTone="success" title="Choose a new password" focusTitle>
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertTitle>{RECOVERY_SCREEN_TEXT.resetSuccessTitle}</AlertTitle>
          <AlertDescription>{outcome.message}</AlertDescription>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/login">
            <LogIn aria-hidden />
            {RECOVERY_SCREEN_TEXT.goToLogin}
          </Link>
        </Button>
      </CenteredCard>
    );
  }

  if (outcome?.name === 'invalid-link') {
    return (
      <CenteredCard
        icon={Link2Off}
        iconTone="danger"
        title={RECOVERY_SCREEN_TEXT.invalidLinkTitle}
        focusTitle
      >
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{outcome.message}</AlertDescription>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">
            <RotateCcw aria-hidden />
            {RECOVERY_SCREEN_TEXT.requestNewLink}
          </Link>
        </Button>
      </CenteredCard>
    );
  }

  const submit = form.handleSubmit(({ newPassword: password }) => {
    setFailure(null);
    reset.mutate(password, {
      onSuccess: (answer) =>
        setOutcome({ name: 'done', message: answer?.message || RECOVERY_TEXT.resetSuccess }),
      onError: (error) => {
        // A spent, expired or unknown token: the form can't succeed, so offer a new link (spec 001 §4).
        if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
          setOutcome({
            name: 'invalid-link',
            message: error.serverMessage || RECOVERY_TEXT.resetInvalidToken,
          });
        } else {
          setFailure(recoveryFailureText(error));
        }
      },
    });
  });

  const newPasswordError = errors.newPassword;
  const confirmError = errors.confirmPassword;

  return (
    <CenteredCard
      icon={KeyRound}
      title="Choose a new password"
      description={<p>Use at least 8 characters with uppercase and lowercase letters and a number.</p>}
    >
      {failure ? (
        <Alert variant="destructive" aria-live="assertive">
          <CircleAlert aria-hidden />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-new`}>New Password</Label>
          <PasswordInput
            id={`${id}-new`}
            autoComplete="new-password"
            aria-invalid={newPasswordError ? true : undefined}
            aria-describedby={
              cn(newPasswordError && `${id}-new-error`, newPassword !== '' && `${id}-strength`) || undefined
            }
            {...form.register('newPassword')}
          />
          <ResetStrengthMeter password={newPassword} labelId={`${id}-strength`} />
          <FieldErrorText id={`${id}-new-error`} error={newPasswordError} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-confirm`}>Confirm Password</Label>
          <PasswordInput
            id={`${id}-confirm`}
            autoComplete="new-password"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
            {...form.register('confirmPassword')}
          />
          <FieldErrorText id={`${id}-confirm-error`} error={confirmError} />
        </div>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={reset.isPending}>
          {reset.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </CenteredCard>
  );
}

/**
 * Asks whether the link is live before offering the form: a spent or expired link shows
 * 'Invalid Reset Link' at once. When the check itself fails, the form stays and its submit decides.
 */
function CheckedResetPassword({ token }: { token: string }) {
  const check = useResetTokenCheck(token);
  if (check.isPending) return <PageSpinner label="Checking your reset link" />;
  return <ResetPasswordForm token={token} deadLink={deadResetLinkText(check.error)} />;
}

/** /reset-password/:token (spec 001 §2, §4, §5, §8). Without a token the user goes to /forgot-password. */
export function ResetPasswordPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/forgot-password" replace />;
  return <CheckedResetPassword token={token} />;
}
