import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { formatDollars } from '@client/lib/format';
import { PAYOUT_TEXT } from '@common/messages';
import type { PayoutItem, PayoutsResponse } from '@common/schemas/payouts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { payoutsPageQueryOptions, useStartOnboarding } from './api';
import { formatVenueDayOf, payoutLine, statusText, statusTone } from './format';

const PAGE_SIZE = 10;

function AccountSection({ account }: { account: PayoutsResponse['account'] }) {
  const onboarding = useStartOnboarding();
  const waiting = account.required && !account.connected;
  const note = account.connected
    ? PAYOUT_TEXT.connected
    : account.required
      ? PAYOUT_TEXT.connectNeeded
      : PAYOUT_TEXT.connectOptional;
  return (
    <section aria-labelledby="payout-account" className="flex flex-col gap-2">
      <h4 id="payout-account" className="font-semibold">
        {PAYOUT_TEXT.connectTitle}
      </h4>
      <Alert variant={waiting ? 'warning' : account.connected ? 'success' : 'default'}>
        <AlertDescription>{note}</AlertDescription>
      </Alert>
      <div>
        <Button
          variant={account.connected ? 'outline' : 'default'}
          disabled={onboarding.isPending}
          onClick={() => onboarding.mutate()}
        >
          {onboarding.isPending
            ? PAYOUT_TEXT.connecting
            : account.connected
              ? PAYOUT_TEXT.continueButton
              : PAYOUT_TEXT.connectButton}
        </Button>
      </div>
      {onboarding.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {PAYOUT_TEXT.connectFailed}
        </p>
      ) : null}
    </section>
  );
}

function Totals({ summary }: { summary: PayoutsResponse['summary'] }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <div className="rounded-lg border border-border p-3">
        <dt className="text-sm text-muted-foreground">{PAYOUT_TEXT.pendingLabel}</dt>
        <dd className="text-lg font-semibold">{formatDollars(summary.pendingAmount)}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-sm text-muted-foreground">{PAYOUT_TEXT.paidLabel}</dt>
        <dd className="text-lg font-semibold">{formatDollars(summary.paidAmount)}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-sm text-muted-foreground">{PAYOUT_TEXT.nextPaymentLabel}</dt>
        <dd className={summary.nextPayoutAt ? 'text-lg font-semibold' : 'pt-1 text-sm'}>
          {summary.nextPayoutAt && summary.nextPayoutTimeZone
            ? formatVenueDayOf(summary.nextPayoutAt, summary.nextPayoutTimeZone)
            : PAYOUT_TEXT.noNextPayment}
        </dd>
      </div>
    </dl>
  );
}

function PayoutRow({ payout }: { payout: PayoutItem }) {
  return (
    <li className="flex flex-col gap-1 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium">{payout.eventName}</p>
        <p className="text-sm text-muted-foreground">{payoutLine(payout)}</p>
      </div>
      <Badge variant={statusTone(payout.status)} className="self-start sm:self-auto">
        {statusText(payout.status)}
      </Badge>
    </li>
  );
}

/** The profile's payouts: the payout account, what is pending and when, and what was paid. */
export function PayoutsPanel() {
  const [page, setPage] = useState(1);
  const query = useQuery(payoutsPageQueryOptions(page, PAGE_SIZE));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PAYOUT_TEXT.panelTitle}</CardTitle>
        <CardDescription>{PAYOUT_TEXT.panelIntro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {query.isLoading ? <Spinner /> : null}
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {PAYOUT_TEXT.loadError}
          </p>
        ) : null}
        {data ? (
          <>
            <AccountSection account={data.account} />
            <Totals summary={data.summary} />
            {data.payouts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{PAYOUT_TEXT.noPayouts}</p>
            ) : (
              <ul aria-label={PAYOUT_TEXT.panelTitle}>
                {data.payouts.map((payout) => (
                  <PayoutRow key={payout.orderId} payout={payout} />
                ))}
              </ul>
            )}
            {pages > 1 ? (
              <nav aria-label={PAYOUT_TEXT.panelTitle} className="flex items-center justify-between gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {PAYOUT_TEXT.previous}
                </Button>
                <span className="text-sm text-muted-foreground">
                  {page} / {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {PAYOUT_TEXT.next}
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
