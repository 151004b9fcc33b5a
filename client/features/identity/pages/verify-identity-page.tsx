import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { IDENTITY_TEXT } from '@common/texts/verified-sellers';
import type { IdentityStatus } from '@common/verified-sellers';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { browser, identityQueryOptions, startVerification } from '../api';

const STATUS_TEXT: Record<IdentityStatus, string> = {
  unverified: IDENTITY_TEXT.statusUnverified,
  pending: IDENTITY_TEXT.statusPending,
  verified: IDENTITY_TEXT.statusVerified,
  declined: IDENTITY_TEXT.statusDeclined,
};

/** Why the seller is here: a listing that waits for them, their first listing, or their own visit. */
function contextText(after: string | null): string | null {
  if (after === 'required') return IDENTITY_TEXT.waitingListing;
  if (after === 'suggested') return IDENTITY_TEXT.firstListing;
  return null;
}

/**
 * /verify-identity — the seller's identity verification (issue 44 item 4, decision 0086): where it stands,
 * and the way to the provider's onboarding. The listing form sends sellers here after their first listing
 * (`?after=suggested`) or a listing that waits for them (`?after=required`); the provider sends them back.
 */
export function VerifyIdentityPage() {
  const [search] = useSearchParams();
  const identity = useQuery(identityQueryOptions());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const context = contextText(search.get('after'));

  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      browser.assign((await startVerification()).url);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.serverMessage ?? IDENTITY_TEXT.startFailed)
          : IDENTITY_TEXT.startFailed,
      );
      setBusy(false);
    }
  };

  if (identity.isPending) return <PageSpinner label={IDENTITY_TEXT.pageTitle} />;
  const status = identity.data?.status ?? 'unverified';
  const canStart = status === 'unverified' || status === 'declined';

  return (
    <div className="flex flex-1 justify-center bg-stage px-4 py-8 sm:py-12">
      <Card className="flex w-full max-w-xl flex-col gap-4 p-6">
        <h1 className="text-2xl font-bold">{IDENTITY_TEXT.pageTitle}</h1>
        {context ? <Alert>{context}</Alert> : null}
        <p className="flex items-center gap-2" data-testid="identity-status">
          {status === 'verified' ? <BadgeCheck aria-hidden className="size-5 text-success" /> : null}
          {STATUS_TEXT[status]}
        </p>
        {identity.data && identity.data.awaitingListings > 0 ? (
          <p className="text-sm">{IDENTITY_TEXT.awaitingCount(identity.data.awaitingListings)}</p>
        ) : null}
        <p className="text-sm text-muted-foreground">{IDENTITY_TEXT.why}</p>
        <p className="text-sm text-muted-foreground">{IDENTITY_TEXT.thresholdNote}</p>
        {error ? (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          {canStart ? (
            <Button onClick={verify} disabled={busy}>
              {status === 'declined' ? IDENTITY_TEXT.tryAgain : IDENTITY_TEXT.verifyButton}
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/my-tickets">{IDENTITY_TEXT.backToMyTickets}</Link>
          </Button>
          {canStart && search.get('after') === 'suggested' ? (
            <Button asChild variant="ghost">
              <Link to="/">{IDENTITY_TEXT.notNow}</Link>
            </Button>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
