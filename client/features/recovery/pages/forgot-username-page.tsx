import { RECOVERY_SCREEN_TEXT, RECOVERY_TEXT } from '@common/messages';
import { UserSearch } from 'lucide-react';
import { useRequestUsernameRecovery } from '../api';
import { EmailRequestForm } from '../components/email-request-form';

/** /forgot-username (spec 001 §2). */
export function ForgotUsernamePage() {
  const request = useRequestUsernameRecovery();
  return (
    <EmailRequestForm
      icon={UserSearch}
      title="Forgot your username?"
      description="Enter the email address on your account and we'll email you your username."
      submitLabel={RECOVERY_SCREEN_TEXT.recoverUsername}
      successTitle={RECOVERY_SCREEN_TEXT.usernameRecoveryEmailSent}
      successFallback={RECOVERY_TEXT.forgotUsernameSent}
      request={request}
    />
  );
}
