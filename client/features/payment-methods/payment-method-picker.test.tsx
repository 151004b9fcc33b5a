import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import type { PaymentMethod } from '@common/schemas/payment-methods';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentMethodPicker } from './payment-method-picker';
import { radixInJsdom } from './test-setup';

radixInJsdom();

const visa: PaymentMethod = { id: 'sbx_pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 };
const amex: PaymentMethod = { id: 'sbx_pm_2', brand: 'Amex', last4: '0005', expMonth: 3, expYear: 2030 };
const setup = {
  clientSecret: 'seti_1_secret',
  setupIntentId: 'seti_1',
  provider: 'sandbox',
  publishableKey: null,
};

/** What the API answers at each step of adding a card, where a case differs from success. */
type Answers = Partial<Record<'setup' | 'confirm' | 'relist', Response>>;

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

let chosen = '';
function Harness() {
  const [value, setValue] = useState('');
  chosen = value;
  return <PaymentMethodPicker value={value} onChange={setValue} required />;
}

function renderPicker() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The saved cards the API answers with, changed by `after` once a setup is confirmed. */
function cardsApi(
  cards: PaymentMethod[],
  overrides: (call: FetchCall) => Response | undefined = () => undefined,
) {
  return fakeApi((call) => {
    const override = overrides(call);
    if (override) return override;
    if (call.url === '/api/payment-methods')
      return json(200, { ok: true, paymentMethods: cards, message: '' });
    if (call.url === '/api/payment-methods/setup-intent') return json(200, setup);
    return json(404, { message: 'Not found' });
  });
}

async function openDialogAndType(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await user.click(await screen.findByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
  const dialog = await screen.findByRole('dialog', { name: PAYMENT_METHOD_TEXT.dialogTitle });
  await user.type(await within(dialog).findByLabelText(PAYMENT_METHOD_TEXT.cardNumber), number);
  await user.type(within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.expiry), '12/31');
  await user.type(within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.cvc), '123');
  return dialog;
}

describe('PaymentMethodPicker', () => {
  it('lists saved cards by brand, four dots, last four and expiry in a labelled select', async () => {
    cardsApi([visa, amex]);
    const user = userEvent.setup();
    renderPicker();
    const select = await screen.findByRole('combobox', { name: PAYMENT_METHOD_TEXT.label });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getByRole('option', { name: 'Visa •••• 4242 · Exp 12/2031' })).toBeInTheDocument();
    await user.selectOptions(select, 'sbx_pm_2');
    expect(chosen).toBe('sbx_pm_2');
  });

  it('shows the empty hint when there are no saved cards', async () => {
    cardsApi([]);
    renderPicker();
    expect(await screen.findByText(PAYMENT_METHOD_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toBeDisabled();
  });

  it('shows a load failure inline and as a toast', async () => {
    fakeApi(() => json(500, { message: 'boom' }));
    renderPicker();
    expect(await screen.findByText(PAYMENT_METHOD_TEXT.loadFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(PAYMENT_METHOD_TEXT.loadFailed)).toHaveLength(2));
  });

  it('adds a sandbox card, says where it is stored, refetches and selects it', async () => {
    let saved: PaymentMethod[] = [];
    const calls = fakeApi((call) => {
      if (call.url === '/api/payment-methods')
        return json(200, { ok: true, paymentMethods: saved, message: '' });
      if (call.url === '/api/payment-methods/setup-intent') return json(200, setup);
      if (call.url === '/api/sandbox/setup-intents/seti_1/confirm') {
        saved = [amex, visa];
        return json(200, { paymentMethodId: 'sbx_pm_1' });
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderPicker();
    const dialog = await openDialogAndType(user);
    expect(within(dialog).getByText(PAYMENT_METHOD_TEXT.storedByProvider)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    expect(await screen.findByText(PAYMENT_METHOD_TEXT.addedTitle)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chosen).toBe('sbx_pm_1');
    expect(screen.getByRole('combobox')).toHaveValue('sbx_pm_1');
    expect(calls.find((call) => call.url.endsWith('/confirm'))?.body).toEqual({
      clientSecret: 'seti_1_secret',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 31,
      cvc: '123',
    });
    // Focus goes back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton })).toHaveFocus();
  });

  it('checks the card form before sending and Clear empties it', async () => {
    const calls = cardsApi([]);
    const user = userEvent.setup();
    renderPicker();
    await user.click(await screen.findByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText(PAYMENT_METHOD_TEXT.expiry), '13/31');
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    expect(within(dialog).getByText(PAYMENT_METHOD_TEXT.cardNumberInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(PAYMENT_METHOD_TEXT.expiryInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(PAYMENT_METHOD_TEXT.cvcInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.cardNumber)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.clear }));
    expect(within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.expiry)).toHaveValue('');
    expect(within(dialog).queryByText(PAYMENT_METHOD_TEXT.cvcInvalid)).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/confirm'))).toBe(false);
  });

  it("puts the server's field message under its field", async () => {
    cardsApi([], (call) =>
      call.url.endsWith('/confirm') ? json(400, { message: PAYMENT_METHOD_TEXT.expiryPast }) : undefined,
    );
    const user = userEvent.setup();
    renderPicker();
    const dialog = await openDialogAndType(user);
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    const expiry = within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.expiry);
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(PAYMENT_METHOD_TEXT.expiryPast));
    expect(expiry).toHaveFocus();
  });

  it.each<[string, Answers, string]>([
    ['the setup intent is refused', { setup: json(500, {}) }, PAYMENT_METHOD_TEXT.setupIntentFailed],
    [
      'the member keeps ten cards already',
      { setup: json(409, { message: PAYMENT_METHOD_TEXT.tooManyCards(10) }) },
      PAYMENT_METHOD_TEXT.tooManyCards(10),
    ],
    [
      'no client secret comes back',
      { setup: json(200, { ...setup, clientSecret: '' }) },
      PAYMENT_METHOD_TEXT.noClientSecret,
    ],
    [
      'the card is declined',
      { confirm: json(402, { message: PAYMENT_METHOD_TEXT.cardDeclined }) },
      PAYMENT_METHOD_TEXT.cardDeclined,
    ],
    ['the confirm fails without a message', { confirm: json(500, {}) }, PAYMENT_METHOD_TEXT.setupFailed],
    ['no payment method id comes back', { confirm: json(200, {}) }, PAYMENT_METHOD_TEXT.noPaymentMethodId],
    [
      'the list cannot be read again',
      { confirm: json(200, { paymentMethodId: 'sbx_pm_9' }), relist: json(500, {}) },
      PAYMENT_METHOD_TEXT.detailsFailed,
    ],
    [
      'the new card is not in the list',
      { confirm: json(200, { paymentMethodId: 'sbx_pm_9' }) },
      PAYMENT_METHOD_TEXT.notFoundAfterAdd,
    ],
  ])('says so inline and in a toast when %s', async (_case, answers, message) => {
    let confirmed = false;
    fakeApi((call) => {
      if (call.url === '/api/payment-methods')
        return confirmed && answers.relist
          ? answers.relist
          : json(200, { ok: true, paymentMethods: [], message: '' });
      if (call.url === '/api/payment-methods/setup-intent') return answers.setup ?? json(200, setup);
      if (call.url.endsWith('/confirm')) {
        confirmed = true;
        return answers.confirm ?? json(404, {});
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderPicker();
    await user.click(await screen.findByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    const dialog = await screen.findByRole('dialog');
    if (!answers.setup) {
      await user.type(
        await within(dialog).findByLabelText(PAYMENT_METHOD_TEXT.cardNumber),
        '4242424242424242',
      );
      await user.type(within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.expiry), '12/31');
      await user.type(within(dialog).getByLabelText(PAYMENT_METHOD_TEXT.cvc), '123');
      await user.click(within(dialog).getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }));
    }
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("removes a card after a confirm that names it, and shows the server's refusal", async () => {
    let cards = [visa];
    let refuse = true;
    fakeApi((call) => {
      if (call.url === '/api/payment-methods')
        return json(200, { ok: true, paymentMethods: cards, message: '' });
      if (call.method === 'DELETE' && call.url === '/api/payment-methods/sbx_pm_1') {
        if (refuse) return json(409, { message: PAYMENT_METHOD_TEXT.usedByActiveBid('Aurora Skies') });
        cards = [];
        return json(200, { ok: true, message: PAYMENT_METHOD_TEXT.removed });
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderPicker();
    await waitFor(() => expect(chosen).toBe('sbx_pm_1'));
    await user.click(screen.getByRole('button', { name: PAYMENT_METHOD_SCREEN_TEXT.remove }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Visa •••• 4242 · Exp 12/2031');
    await user.click(within(confirm).getByRole('button', { name: PAYMENT_METHOD_SCREEN_TEXT.removeConfirm }));
    expect(await screen.findByText(PAYMENT_METHOD_TEXT.usedByActiveBid('Aurora Skies'))).toBeInTheDocument();
    expect(chosen).toBe('sbx_pm_1');

    refuse = false;
    await user.click(screen.getByRole('button', { name: PAYMENT_METHOD_SCREEN_TEXT.remove }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: PAYMENT_METHOD_SCREEN_TEXT.removeConfirm,
      }),
    );
    expect(await screen.findByText(PAYMENT_METHOD_TEXT.empty)).toBeInTheDocument();
    expect(chosen).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton })).toHaveFocus(),
    );
  });
});
