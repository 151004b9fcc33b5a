import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { PriceAlert } from '@common/schemas/price-alerts';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceAlert, SIGNED_IN } from '../test-fixtures';
import { PriceAlertForm } from './price-alert-form';

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

const alertList = (alerts: PriceAlert[]) =>
  json(200, { alerts, page: 1, pageSize: 10, total: alerts.length, activeCount: alerts.length });

function renderForm(
  createAnswer: () => Response = () => json(200, { alert: priceAlert(), merged: false }),
  mine: () => PriceAlert[] = () => [],
) {
  const calls = fakeApi((call) => {
    if (call.url === '/api/session') return json(200, SIGNED_IN);
    if (call.method === 'POST' && call.url === '/api/price-alerts') return createAnswer();
    if (call.url === '/api/price-alerts?eventId=42&status=active&pageSize=10') return alertList(mine());
    if (call.method === 'DELETE' && call.url === '/api/price-alerts/5')
      return new Response(null, { status: 204 });
    return json(404, { message: 'Not found' });
  });
  renderAt(<PriceAlertForm eventId={42} eventName="Aurora Skies" />, '/events/42-aurora-skies');
  return calls;
}

describe('PriceAlertForm', () => {
  it('creates an alert from the quantity and the dollars per ticket, and says so in a toast', async () => {
    const calls = renderForm();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(PRICE_ALERT_TEXT.quantityLabel), '3');
    await user.type(screen.getByLabelText(PRICE_ALERT_TEXT.maxPriceLabel), '$45.50');
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
    expect(await screen.findByText(PRICE_ALERT_TEXT.createdTitle)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/price-alerts', body: { eventId: 42, quantity: 3, maxPrice: 45.5 } },
    ]);
    expect(screen.getByLabelText(PRICE_ALERT_TEXT.maxPriceLabel)).toHaveValue('');
    // The focus stays on the button pressed, not on the page's body.
    expect(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit })).toHaveFocus();
  });

  it('says an alert the member already had was given the new price', async () => {
    renderForm(() => json(200, { alert: priceAlert({ maxPrice: 40 }), merged: true }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(PRICE_ALERT_TEXT.maxPriceLabel), '40');
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
    expect(await screen.findByText(PRICE_ALERT_TEXT.mergedTitle)).toBeInTheDocument();
    expect(screen.getByText(PRICE_ALERT_TEXT.merged('Aurora Skies'))).toBeInTheDocument();
  });

  it('shows the member’s alerts for this show with Remove, which keeps the focus in the list', async () => {
    let mine = [
      priceAlert({ id: 5, quantity: 2, maxPrice: 35 }),
      priceAlert({ id: 6, quantity: 4, maxPrice: 30 }),
    ];
    const calls = renderForm(undefined, () => mine);
    const user = userEvent.setup();
    const list = await screen.findByRole('region', { name: PRICE_ALERT_TEXT.yoursTitle });
    expect(list).toHaveTextContent(PRICE_ALERT_TEXT.summary(2, '$35.00'));
    expect(list).toHaveTextContent(PRICE_ALERT_TEXT.summary(4, '$30.00'));
    mine = mine.slice(1);
    await user.click(
      screen.getByRole('button', {
        name: PRICE_ALERT_TEXT.removeOneLabel(PRICE_ALERT_TEXT.summary(2, '$35.00')),
      }),
    );
    await waitFor(() => expect(list).not.toHaveTextContent(PRICE_ALERT_TEXT.summary(2, '$35.00')));
    expect(screen.getByRole('heading', { name: PRICE_ALERT_TEXT.yoursTitle })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/price-alerts/5',
    ]);
  });

  it('shows what is wrong with the price beside the field, focused, and sends nothing', async () => {
    const calls = renderForm();
    const user = userEvent.setup();
    const price = await screen.findByLabelText(PRICE_ALERT_TEXT.maxPriceLabel);
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
    expect(price).toHaveAccessibleDescription(expect.stringContaining(PRICE_ALERT_TEXT.maxPriceRequired));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveFocus();
    for (const [typed, message] of [
      ['12.345', PRICE_ALERT_TEXT.maxPriceInvalid],
      ['abc', PRICE_ALERT_TEXT.maxPriceInvalid],
      ['0', PRICE_ALERT_TEXT.maxPricePositive],
      ['200000', PRICE_ALERT_TEXT.maxPriceTooHigh],
    ] as const) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
      expect(price).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server’s refusal: a field’s beside it, the quota above the form', async () => {
    let answer = () =>
      json(400, { message: 'x', fieldErrors: { eventId: PRICE_ALERT_TEXT.eventNotUpcoming } });
    renderForm(() => answer());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(PRICE_ALERT_TEXT.maxPriceLabel), '40');
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
    expect(await screen.findByText('x')).toBeInTheDocument();
    answer = () => json(409, { message: PRICE_ALERT_TEXT.limit });
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
    expect(await screen.findByText(PRICE_ALERT_TEXT.limit)).toBeInTheDocument();
    answer = () =>
      json(400, { message: 'Invalid', fieldErrors: { maxPrice: PRICE_ALERT_TEXT.maxPriceTooHigh } });
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.submit }));
    await waitFor(() =>
      expect(screen.getByLabelText(PRICE_ALERT_TEXT.maxPriceLabel)).toHaveAccessibleDescription(
        expect.stringContaining(PRICE_ALERT_TEXT.maxPriceTooHigh),
      ),
    );
    expect(screen.getByLabelText(PRICE_ALERT_TEXT.maxPriceLabel)).toHaveFocus();
    expect(screen.queryByText(PRICE_ALERT_TEXT.limit)).not.toBeInTheDocument();
  });
});
