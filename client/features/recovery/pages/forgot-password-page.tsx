import { RECOVERY_SCREEN_TEXT, RECOVERY_TEXT } from '@common/messages';
import { KeyRound } from 'lucide-react';
import { useRequestPasswordReset } from '../api';
import { EmailRequestForm } from '../components/email-request-form';

/** /forgot-password (spec 001 §2). */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  return (
    <EmailRequestForm
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email address on your account and we'll send you a link to choose a new password."
      submitLabel={RECOVERY_SCREEN_TEXT.sendResetLink}
      successTitle={RECOVERY_SCREEN_TEXT.passwordResetEmailSent}
      successFallback={RECOVERY_TEXT.forgotPasswordSent}
      request={request}
    />
  );
}
