import { Alert, AlertDescription } from '@client/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast, useScreenToasts } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import type { PaymentMethod, SetupIntentResponse } from '@common/schemas/payment-methods';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createSetupIntent, paymentMethodsQueryOptions } from './api';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js and its React bindings load only when the dialog opens in Stripe mode.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm }));

export interface AddPaymentMethodDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger: ReactNode;
  /** The new card, found in the refetched list by its provider id. */
  onAdded(card: PaymentMethod): void;
}

type Setup = { state: 'loading' } | { state: 'ready'; setup: SetupIntentResponse } | { state: 'failed' };

/**
 * The Add Payment Method dialog (spec 001 §2, §8): a setup intent from the server, the card confirmed by
 * the provider (Stripe's Elements, or the sandbox's own form), then the list read again to find the card.
 */
export function AddPaymentMethodDialog({
  open,
  onOpenChange,
  trigger,
  onAdded,
}: AddPaymentMethodDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{PAYMENT_METHOD_TEXT.dialogTitle}</DialogTitle>
          <DialogDescription className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {PAYMENT_METHOD_TEXT.storedByProvider}
          </DialogDescription>
        </DialogHeader>
        {open ? <AddCard onDone={onAdded} close={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddCard({ onDone, close }: { onDone(card: PaymentMethod): void; close(): void }) {
  const queryClient = useQueryClient();
  const toasts = useScreenToasts();
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    toasts.toast({
      title: PAYMENT_METHOD_SCREEN_TEXT.errorTitle,
      description: message,
      variant: 'destructive',
    });
  }

  // One setup intent each time the dialog opens; a refusal or empty answer says which (spec 001 §8).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening; `fail` only shows text.
  useEffect(() => {
    let current = true;
    createSetupIntent().then(
      (answer) => {
        if (!current) return;
        if (!answer?.clientSecret) {
          setSetup({ state: 'failed' });
          fail(PAYMENT_METHOD_TEXT.noClientSecret);
        } else setSetup({ state: 'ready', setup: answer });
      },
      (error: unknown) => {
        if (!current) return;
        setSetup({ state: 'failed' });
        // A rule of Encore's own (ten cards at most) says itself; anything else is the spec's message.
        const rule = error instanceof ApiError && error.status === 409 ? error.serverMessage : undefined;
        fail(rule ?? PAYMENT_METHOD_TEXT.setupIntentFailed);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  async function confirmed(paymentMethodId: string) {
    if (!paymentMethodId) return fail(PAYMENT_METHOD_TEXT.noPaymentMethodId);
    let cards: PaymentMethod[];
    try {
      cards = await queryClient.fetchQuery(paymentMethodsQueryOptions);
    } catch {
      return fail(PAYMENT_METHOD_TEXT.detailsFailed);
    }
    const card = cards.find((candidate) => candidate.id === paymentMethodId);
    if (!card) return fail(PAYMENT_METHOD_TEXT.notFoundAfterAdd);
    // Outlives the dialog, unlike its error toasts.
    toast({ title: PAYMENT_METHOD_TEXT.addedTitle, description: PAYMENT_METHOD_TEXT.added });
    onDone(card);
    close();
  }

  const formProps = {
    onConfirmed: confirmed,
    onFailed: (message: string) => {
      setError(message);
      toasts.toast({ title: PAYMENT_METHOD_TEXT.setupFailed, description: message, variant: 'destructive' });
    },
  };
  const preparing = (
    <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <Spinner className="size-4" label={PAYMENT_METHOD_SCREEN_TEXT.preparing} />
      {PAYMENT_METHOD_SCREEN_TEXT.preparing}
    </div>
  );

  return (
    <div className="grid gap-4">
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {setup.state === 'loading' ? preparing : null}
      {setup.state === 'ready' && setup.setup.provider === 'sandbox' ? (
        <SandboxCardForm setup={setup.setup} {...formProps} />
      ) : null}
      {setup.state === 'ready' && setup.setup.provider === 'stripe' ? (
        <Suspense fallback={preparing}>
          <StripeCardForm setup={setup.setup} {...formProps} />
        </Suspense>
      ) : null}
    </div>
  );
}
