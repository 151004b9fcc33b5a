import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { ApiError } from '@client/lib/api';
import { NEWSLETTER_TEXT } from '@common/messages';
import { MailCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useConfirmSubscription } from '../api';

const serverText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

/**
 * /newsletter/confirm/:token, the link of the double opt-in mail (decision 0064). Nothing counts until the
 * subscriber presses Confirm, so a mail scanner that follows links confirms nobody.
 */
export function NewsletterConfirmPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmSubscription();
  return (
    <CenteredCard icon={MailCheck} title={NEWSLETTER_TEXT.confirmTitle}>
      <div className="grid gap-4">
        {confirm.isSuccess ? (
          <p role="status">{confirm.data.message}</p>
        ) : (
          <>
            <p>{NEWSLETTER_TEXT.confirmIntro}</p>
            {confirm.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {serverText(confirm.error, NEWSLETTER_TEXT.confirmFailed)}
                </AlertDescription>
              </Alert>
            ) : null}
            <Button
              className="justify-self-start"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(token)}
            >
              {NEWSLETTER_TEXT.confirmButton}
            </Button>
          </>
        )}
        <Link className="text-sm underline" to="/home">
          {NEWSLETTER_TEXT.browse}
        </Link>
      </div>
    </CenteredCard>
  );
}
