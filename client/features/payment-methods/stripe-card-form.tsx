import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useId, useState } from 'react';
import type { CardFormProps } from './card-setup';

// Stripe.js loads once per publishable key, and only when this module does (the dialog in Stripe mode).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe mode: the card is typed into Stripe's own Elements field, so its number never reaches Encore. */
export function StripeCardForm(props: CardFormProps) {
  return (
    <Elements stripe={stripeFor(props.setup.publishableKey ?? '')}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ setup, onConfirmed, onFailed }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setSaving(true);
    const { error, setupIntent } = await stripe.confirmCardSetup(setup.clientSecret, {
      payment_method: { card },
    });
    if (error) {
      setSaving(false);
      onFailed(error.message ?? PAYMENT_METHOD_TEXT.setupFailed);
      return;
    }
    const method = setupIntent?.payment_method;
    await onConfirmed(typeof method === 'string' ? method : (method?.id ?? ''));
    setSaving(false);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{PAYMENT_METHOD_SCREEN_TEXT.stripeCardLabel}</Label>
        <div className="rounded-md border border-input bg-surface px-3 py-3 focus-within:ring-2 focus-within:ring-ring">
          {stripe ? (
            <CardElement id={id} options={{ hidePostalCode: true }} />
          ) : (
            <Spinner className="size-4" label={PAYMENT_METHOD_SCREEN_TEXT.preparing} />
          )}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={saving}
          onClick={() => elements?.getElement(CardElement)?.clear()}
        >
          {PAYMENT_METHOD_TEXT.clear}
        </Button>
        <Button type="submit" disabled={saving || !stripe}>
          {saving ? PAYMENT_METHOD_SCREEN_TEXT.saving : PAYMENT_METHOD_TEXT.addButton}
        </Button>
      </div>
    </form>
  );
}
