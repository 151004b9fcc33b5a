import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button, buttonVariants } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { formatDollars } from '@client/lib/format';
import { BID_PAYMENT_TEXT, QUEUE_PAYMENT_TEXT } from '@common/messages';
import type { BidPayment } from '@common/schemas/bids';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { bidPaymentQueryOptions, messageOf, useSettleBidPayment } from '../api';
import { MATCHED_TICKET_HREF } from '../components/bid-card';
import { formatEventDay } from '../format';

/** While the server settles a payment, the page asks again this often. */
const PROCESSING_POLL_MS = 2_000;

/** 'm:ss' left until `until`, ticking each second; null once it has passed. */
function useTimeLeft(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const seconds = Math.floor((Date.parse(until) - now) / 1_000);
  if (seconds <= 0) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The page's words for a bid's purchase, or for a Fan Queue place's where they differ (decision 0100). */
type PaymentCopy = Omit<typeof BID_PAYMENT_TEXT, keyof typeof QUEUE_PAYMENT_TEXT> & {
  [K in keyof typeof QUEUE_PAYMENT_TEXT]: string;
};
const copyOf = (purchase: BidPayment['purchase']): PaymentCopy =>
  purchase === 'fan-queue' ? { ...BID_PAYMENT_TEXT, ...QUEUE_PAYMENT_TEXT } : BID_PAYMENT_TEXT;

/**
 * /bids/authenticate/:sessionId (issue 24 §3): a bid's purchase, or a Fan Queue place's, whose card needs the
 * cardholder. Shows the ticket, the amount and the time left; Stripe confirms through Stripe.js, the sandbox
 * with Approve/Decline.
 */
export function BidAuthenticationPage() {
  const { sessionId = '' } = useParams();
  const payment = useQuery({
    ...bidPaymentQueryOptions(sessionId),
    refetchInterval: (query) =>
      query.state.data?.payment?.status === 'processing' ? PROCESSING_POLL_MS : false,
  });
  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold">
          {payment.data?.payment
            ? copyOf(payment.data.payment.purchase).title
            : BID_PAYMENT_TEXT.pendingTitle}
        </h1>
        {payment.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" label={BID_PAYMENT_TEXT.loading} />
            {BID_PAYMENT_TEXT.loading}
          </p>
        ) : payment.isError || !payment.data.payment ? (
          <Alert variant="destructive">
            <AlertTitle>{BID_PAYMENT_TEXT.loadFailed}</AlertTitle>
            <AlertDescription>
              {payment.isError ? messageOf(payment.error, '') : payment.data.message}
            </AlertDescription>
          </Alert>
        ) : (
          <PaymentView payment={payment.data.payment} onTimeUp={() => void payment.refetch()} />
        )}
      </div>
    </div>
  );
}

function PaymentView({ payment, onTimeUp }: { payment: BidPayment; onTimeUp(): void }) {
  const copy = copyOf(payment.purchase);
  const waiting = payment.status === 'requires_action';
  const timeLeft = useTimeLeft(waiting ? payment.holdExpiresAt : null);
  const timeUp = waiting && payment.holdExpiresAt !== null && timeLeft === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks the server once, when the time runs out.
  useEffect(() => {
    if (timeUp) onTimeUp();
  }, [timeUp]);

  return (
    <>
      <Card className="grid gap-3 p-5">
        <div>
          <h2 className="text-lg font-semibold">{payment.eventName}</h2>
          <p className="text-sm text-muted-foreground">
            {formatEventDay(payment.eventDate)} · {BID_PAYMENT_TEXT.ticket(payment.ticketId)}
          </p>
        </div>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{BID_PAYMENT_TEXT.section}</dt>
            <dd className="font-medium">{payment.section}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{BID_PAYMENT_TEXT.quantity}</dt>
            <dd className="font-medium">{payment.quantity}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-border pt-1.5">
            <dt className="font-semibold">{BID_PAYMENT_TEXT.amount}</dt>
            <dd className="font-semibold tabular-nums">{formatDollars(payment.amount)}</dd>
          </div>
        </dl>
      </Card>
      {waiting && !timeUp ? <Confirm payment={payment} intro={copy.intro} timeLeft={timeLeft} /> : null}
      {waiting && timeUp ? <p className="text-sm text-muted-foreground">{BID_PAYMENT_TEXT.timeUp}</p> : null}
      <Outcome status={payment.status} copy={copy} />
    </>
  );
}

function Confirm({
  payment,
  intro,
  timeLeft,
}: {
  payment: BidPayment;
  intro: string;
  timeLeft: string | null;
}) {
  const settle = useSettleBidPayment(payment.sessionId);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = confirming || settle.isPending;
  const onError = (failure: unknown) => setError(messageOf(failure, BID_PAYMENT_TEXT.actionFailed));

  async function confirmWithStripe() {
    if (!payment.publishableKey || !payment.clientSecret) return setError(BID_PAYMENT_TEXT.actionFailed);
    setError(null);
    setConfirming(true);
    try {
      const { confirmBidCardPayment } = await import('../stripe-payment');
      const refused = await confirmBidCardPayment(payment.publishableKey, payment.clientSecret);
      if (refused !== null) setError(refused || BID_PAYMENT_TEXT.actionFailed);
      else settle.mutate({ kind: 'complete' }, { onError });
    } catch (failure) {
      onError(failure);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section className="grid gap-4" aria-live="polite">
      <p className="text-sm">{intro}</p>
      {timeLeft ? <p className="font-semibold tabular-nums">{BID_PAYMENT_TEXT.timeLeft(timeLeft)}</p> : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {payment.provider === 'stripe' ? (
        <Button onClick={() => void confirmWithStripe()} disabled={busy} className="justify-self-start">
          {busy ? BID_PAYMENT_TEXT.confirming : BID_PAYMENT_TEXT.confirm}
        </Button>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{BID_PAYMENT_TEXT.sandboxIntro}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={busy}
              onClick={() => settle.mutate({ kind: 'sandbox', approve: true }, { onError })}
            >
              {BID_PAYMENT_TEXT.approve}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => settle.mutate({ kind: 'sandbox', approve: false }, { onError })}
            >
              {BID_PAYMENT_TEXT.decline}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function Outcome({ status, copy }: { status: BidPayment['status']; copy: PaymentCopy }) {
  if (status === 'processing') return <p className="text-sm text-muted-foreground">{copy.processing}</p>;
  if (status === 'succeeded')
    return (
      <Alert variant="success">
        <AlertTitle>{copy.succeededTitle}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{copy.succeeded}</p>
          <Link to={MATCHED_TICKET_HREF} className={cn(buttonVariants(), 'justify-self-start')}>
            {copy.goToMyTickets}
          </Link>
        </AlertDescription>
      </Alert>
    );
  if (status === 'failed' || status === 'expired')
    return (
      <Alert variant="warning">
        <AlertTitle>{status === 'failed' ? copy.failedTitle : copy.expiredTitle}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{status === 'failed' ? copy.failed : copy.expired}</p>
          <Link to="/my-bids" className={cn(buttonVariants({ variant: 'outline' }), 'justify-self-start')}>
            {copy.backToBids}
          </Link>
        </AlertDescription>
      </Alert>
    );
  return null;
}
