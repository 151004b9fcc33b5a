import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { AUTH_SCREEN_TEXT, MAIL_SUBJECT } from '@common/messages';
import { House, LogIn, MailCheck } from 'lucide-react';
import { Link } from 'react-router';

/** The Registration Complete screen: where the verification e-mail went and what to do with it. */
export function RegistrationComplete({ email, onGoToLogin }: { email: string; onGoToLogin(): void }) {
  return (
    <CenteredCard
      icon={MailCheck}
      iconTone="success"
      title={AUTH_SCREEN_TEXT.registrationCompleteTitle}
      description={<p>One more step: verify your email address to activate your account.</p>}
      focusTitle
    >
      <div className="rounded-lg border border-border bg-muted/50 p-4 text-sm leading-relaxed">
        <p>
          We sent a verification email to{' '}
          {/* Moves to its own line when it does not fit; broken only when longer than a whole line. */}
          <strong className="inline-block max-w-full break-words text-foreground">{email}</strong>.
        </p>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-muted-foreground">
          <li>
            Look for a message with the subject{' '}
            <strong className="text-foreground">'{MAIL_SUBJECT.verifyEmail}'</strong>. If it isn't in your
            inbox, check your spam folder.
          </li>
          <li>
            Click the <strong className="text-foreground">'{AUTH_SCREEN_TEXT.verifyEmailButton}'</strong>{' '}
            button in the email.
          </li>
          <li>Come back and log in.</li>
        </ol>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" className="sm:flex-1" onClick={onGoToLogin}>
          <LogIn aria-hidden />
          {AUTH_SCREEN_TEXT.goToLogin}
        </Button>
        <Button asChild size="lg" variant="outline" className="sm:flex-1">
          <Link to="/">
            <House aria-hidden />
            {AUTH_SCREEN_TEXT.returnToHome}
          </Link>
        </Button>
      </div>
    </CenteredCard>
  );
}
