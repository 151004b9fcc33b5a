import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import type { PaymentMethod } from '@common/schemas/payment-methods';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddPaymentMethodDialog } from './add-payment-method-dialog';
import { radixInJsdom } from './test-setup';

radixInJsdom();

// Stripe.js stand-ins: the Elements card field is a plain input, and confirmCardSetup is recorded.
const { card, confirmCardSetup, loadStripe } = vi.hoisted(() => {
  const confirmCardSetup = vi.fn();
  return {
    card: { clear: vi.fn() },
    confirmCardSetup,
    loadStripe: vi.fn(async () => ({ confirmCardSetup })),
  };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: ({ id }: { id: string }) => <input id={id} />,
  useStripe: () => ({ confirmCardSetup }),
  useElements: () => ({ getElement: () => card }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
  confirmCardSetup.mockReset();
  loadStripe.mockClear();
});

const stripeCard: PaymentMethod = { id: 'pm_new', brand: 'Visa', last4: '4242', expMonth: 8, expYear: 2030 };

let added: PaymentMethod[] = [];
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <AddPaymentMethodDialog
      open={open}
      onOpenChange={setOpen}
      onAdded={(card) => added.push(card)}
      trigger={<button type="button">{PAYMENT_METHOD_TEXT.addButton}</button>}
    />
  );
}

function renderDialog() {
  added = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  );
}

function serve(provider: 'stripe' | 'sandbox', cards: () => PaymentMethod[]) {
  return fakeApi((call) => {
    if (call.url === '/api/payment-methods/setup-intent')
      return json(200, {
        clientSecret: 'seti_9_secret_x',
        setupIntentId: 'seti_9',
        provider,
        publishableKey: provider === 'stripe' ? 'pk_test_9' : null,
      });
    if (call.url === '/api/payment-methods')
      return json(200, { ok: true, paymentMethods: cards(), message: '' });
    return json(404, { message: 'Not found' });
  });
}

describe('AddPaymentMethodDialog in Stripe mode', () => {
  it('confirms the card in Stripe Elements, then finds it in the list by its id', async () => {
    const calls = serve('stripe', () => [stripeCard]);
    confirmCardSetup.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    confirmCardSetup.mockResolvedValueOnce({ setupIntent: { payment_method: 'pm_new' } });
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByLabelText(PAYMENT_METHOD_SCREEN_TEXT.stripeCardLabel),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(PAYMENT_METHOD_TEXT.cardNumber)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.clear }));
    expect(card.clear).toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    expect(await screen.findByText(PAYMENT_METHOD_TEXT.added)).toBeInTheDocument();
    expect(confirmCardSetup).toHaveBeenLastCalledWith('seti_9_secret_x', { payment_method: { card } });
    expect(loadStripe).toHaveBeenCalledWith('pk_test_9');
    expect(added).toEqual([stripeCard]);
    // The card number went to Stripe only: nothing but the setup intent and the list reached Encore.
    expect(calls.map((call) => call.url)).toEqual([
      '/api/payment-methods/setup-intent',
      '/api/payment-methods',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton })).toHaveFocus(),
    );
  });
});

describe('AddPaymentMethodDialog in the sandbox', () => {
  it('shows Encore’s own card form and never loads Stripe.js', async () => {
    serve('sandbox', () => []);
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText(PAYMENT_METHOD_TEXT.cardNumber)).toBeInTheDocument();
    expect(within(dialog).getByText(PAYMENT_METHOD_TEXT.storedByProvider)).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
