import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { RECOVERY_SCREEN_TEXT } from '@common/messages';
import type { MessageResponse } from '@common/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, CircleCheck, Loader2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { recoveryFailureText } from '../api';
import { type EmailRequestFormValues, emailRequestFormSchema } from '../recovery-schemas';
import { FieldErrorText } from './field-error';

interface EmailRequestFormProps {
  icon: LucideIcon;
  title: string;
  description: string;
  submitLabel: string;
  successTitle: string;
  /** Shown when the server's answer carries no message. */
  successFallback: string;
  request: UseMutationResult<MessageResponse, Error, string>;
}

/**
 * The shape both forgot pages share (spec 001 §2): an e-mail field, a button that says
 * 'Sending...' while the request runs, then the server's neutral confirmation.
 */
export function EmailRequestForm({
  icon,
  title,
  description,
  submitLabel,
  successTitle,
  successFallback,
  request,
}: EmailRequestFormProps) {
  const id = useId();
  const form = useForm<EmailRequestFormValues>({
    resolver: zodResolver(emailRequestFormSchema),
    defaultValues: { email: '' },
  });
  const emailError = form.formState.errors.email;

  const backToLogin = (
    <Link
      to="/login"
      className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {RECOVERY_SCREEN_TEXT.backToLogin}
    </Link>
  );

  if (request.isSuccess) {
    return (
      <CenteredCard icon={icon} iconTone="success" title={title} focusTitle footer={backToLogin}>
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertTitle>{successTitle}</AlertTitle>
          <AlertDescription>{request.data?.message || successFallback}</AlertDescription>
        </Alert>
      </CenteredCard>
    );
  }

  const submit = form.handleSubmit(({ email }) => request.mutate(email.trim()));

  return (
    <CenteredCard icon={icon} title={title} description={<p>{description}</p>} footer={backToLogin}>
      {request.isError ? (
        <Alert variant="destructive" aria-live="assertive">
          <CircleAlert aria-hidden />
          <AlertDescription>{recoveryFailureText(request.error)}</AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            {...form.register('email')}
          />
          <FieldErrorText id={`${id}-email-error`} error={emailError} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {request.isPending ? RECOVERY_SCREEN_TEXT.sending : submitLabel}
        </Button>
      </form>
    </CenteredCard>
  );
}
