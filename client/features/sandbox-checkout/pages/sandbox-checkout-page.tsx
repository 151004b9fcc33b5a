import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDollars } from '@client/lib/format';
import { SANDBOX_CHECKOUT_TEXT } from '@common/messages';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  authenticateSandbox,
  browser,
  type CardDetails,
  cancelSandbox,
  missingCardField,
  paySandbox,
  sandboxSessionQueryOptions,
} from '../api';
import { CARD_FIELD_IDS, CardForm } from '../components/card-form';

const CARD_ERROR_ID = 'card-error';

const CARD_FIELDS = ['cardNumber', 'expMonth', 'expYear', 'cvc'] as const;

/** The card field a server refusal names (its `fieldErrors`), if any. */
function refusedField(error: unknown): keyof CardDetails | null {
  if (!(error instanceof ApiError)) return null;
  const fieldErrors = (error.body as { fieldErrors?: Record<string, unknown> } | null)?.fieldErrors ?? {};
  return CARD_FIELDS.find((field) => field in fieldErrors) ?? null;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * /sandbox/checkout/:sessionId — the sandbox's hosted checkout (issue 8): the order, a card form, the
 * 3-D Secure step for cards that ask for it, and Cancel back to the cancel URL.
 */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useQuery(sandboxSessionQueryOptions(sessionId));
  const [card, setCard] = useState<CardDetails>({ cardNumber: '', expMonth: '', expYear: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<keyof CardDetails | null>(null);
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  const showError = (message: string) => {
    setError(message);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setInvalidField(null);
    try {
      await action();
    } catch (failure) {
      showError(failureMessage(failure));
      setInvalidField(refusedField(failure));
      // A refused card leaves the session open with the hold, as Stripe Checkout does. Like a real
      // checkout it keeps the number and expiry for a retry; only the security code is typed again.
      if (failure instanceof ApiError && failure.status === 402) setCard((typed) => ({ ...typed, cvc: '' }));
      setBusy(false);
    }
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingCardField(card);
    if (missing) {
      // Asked for in words that say it is missing, with focus on the empty field.
      setError(missing.message);
      setInvalidField(missing.field);
      requestAnimationFrame(() => document.getElementById(CARD_FIELD_IDS[missing.field])?.focus());
      return;
    }
    void run(async () => {
      const answer = await paySandbox(sessionId, card);
      if ('redirectUrl' in answer) browser.assign(answer.redirectUrl);
      else {
        setAuthenticating(true);
        setBusy(false);
      }
    });
  };
  const authenticate = (approve: boolean) =>
    void run(async () => {
      try {
        const answer = await authenticateSandbox(sessionId, approve);
        browser.assign(answer.redirectUrl);
      } finally {
        setAuthenticating(false);
      }
    });
  const cancel = () =>
    void run(async () => {
      const answer = await cancelSandbox(sessionId);
      browser.assign(answer.redirectUrl);
    });

  if (session.isPending) return <PageSpinner label="Loading checkout" />;
  if (session.isError)
    return (
      <div className="flex flex-1 items-center justify-center bg-stage p-4">
        <Alert variant="destructive" className="max-w-md">
          {session.error instanceof ApiError && session.error.status === 404
            ? SANDBOX_CHECKOUT_TEXT.notFound
            : failureMessage(session.error)}
        </Alert>
      </div>
    );

  const order = session.data;
  const open = order.status === 'open';

  return (
    <div className="flex flex-1 justify-center bg-stage px-4 py-8 sm:py-12">
      <div className="grid w-full max-w-4xl items-start gap-6 md:grid-cols-[1fr_1.2fr]">
        <Card className="flex flex-col gap-4 p-6">
          <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Order summary</p>
          <div>
            <h1 className="text-2xl font-bold">{order.eventName}</h1>
            <p className="text-muted-foreground">{format(parseISO(order.eventDate), 'EEEE, MMMM d, yyyy')}</p>
          </div>
          <dl className="flex flex-col gap-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Quantity</dt>
              <dd>
                {order.quantity} {order.quantity === 1 ? 'ticket' : 'tickets'}
              </dd>
            </div>
            <div className="flex justify-between border-t border-border pt-2 text-base font-bold">
              <dt>Total (all-in)</dt>
              <dd data-testid="checkout-total">{formatDollars(order.amount)}</dd>
            </div>
          </dl>
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <ShieldCheck aria-hidden className="size-4 text-success" />
            Paid into Encore escrow until your ticket arrives.
          </p>
        </Card>

        <Card className="flex flex-col gap-4 p-6">
          <div className="flex items-center gap-2">
            <CreditCard aria-hidden className="size-5 text-primary" />
            <h2 className="text-lg font-semibold">{SANDBOX_CHECKOUT_TEXT.title}</h2>
          </div>
          <p className="rounded-md bg-info-soft p-3 text-sm text-info">{SANDBOX_CHECKOUT_TEXT.notice}</p>

          <div ref={errorRef} tabIndex={-1} className="outline-none">
            {error ? (
              <Alert id={CARD_ERROR_ID} variant="destructive" role="alert">
                {error}
              </Alert>
            ) : null}
          </div>

          {!open ? (
            <div className="flex flex-col gap-3">
              <Alert>{SANDBOX_CHECKOUT_TEXT.closed}</Alert>
              <Button asChild variant="outline">
                <Link to="/">{SANDBOX_CHECKOUT_TEXT.backToEncore}</Link>
              </Button>
            </div>
          ) : authenticating ? (
            <section aria-labelledby="authenticate-title" className="flex flex-col gap-3">
              <h3 id="authenticate-title" className="font-semibold">
                {SANDBOX_CHECKOUT_TEXT.authenticateTitle}
              </h3>
              <p className="text-sm text-muted-foreground">{SANDBOX_CHECKOUT_TEXT.authenticate}</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button onClick={() => authenticate(true)} disabled={busy}>
                  {SANDBOX_CHECKOUT_TEXT.approve}
                </Button>
                <Button variant="outline" onClick={() => authenticate(false)} disabled={busy}>
                  {SANDBOX_CHECKOUT_TEXT.fail}
                </Button>
              </div>
            </section>
          ) : (
            <CardForm
              card={card}
              onChange={setCard}
              invalidField={invalidField}
              errorId={CARD_ERROR_ID}
              onSubmit={pay}
              busy={busy}
              payLabel={`${SANDBOX_CHECKOUT_TEXT.pay} ${formatDollars(order.amount)}`}
            />
          )}
          {open ? (
            <Button variant="ghost" onClick={cancel} disabled={busy}>
              {SANDBOX_CHECKOUT_TEXT.cancel}
            </Button>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
