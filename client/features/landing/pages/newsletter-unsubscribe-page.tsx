import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { ApiError } from '@client/lib/api';
import { NEWSLETTER_TEXT } from '@common/messages';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useNewsletterUnsubscribe } from '../api';

const serverText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

/**
 * /newsletter/unsubscribe?token=…, the link in every newsletter mail (decision 0064): nothing changes until
 * the reader presses Unsubscribe; no sign-in needed, the signed token says who.
 */
export function NewsletterUnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useNewsletterUnsubscribe();
  return (
    <CenteredCard icon={MailX} title={NEWSLETTER_TEXT.unsubscribeTitle}>
      <div className="grid gap-4">
        {unsubscribe.isSuccess ? (
          <p role="status">{NEWSLETTER_TEXT.unsubscribed}</p>
        ) : token === '' ? (
          <Alert variant="destructive">
            <AlertDescription>{NEWSLETTER_TEXT.unsubscribeInvalid}</AlertDescription>
          </Alert>
        ) : (
          <>
            <p>{NEWSLETTER_TEXT.unsubscribeIntro}</p>
            {unsubscribe.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {serverText(unsubscribe.error, NEWSLETTER_TEXT.unsubscribeFailed)}
                </AlertDescription>
              </Alert>
            ) : null}
            <Button
              className="justify-self-start"
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {NEWSLETTER_TEXT.unsubscribeButton}
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
