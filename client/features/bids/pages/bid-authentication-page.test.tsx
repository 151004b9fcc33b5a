import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import { BID_PAYMENT_TEXT, QUEUE_PAYMENT_TEXT } from '@common/messages';
import type { BidPayment } from '@common/schemas/bids';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { radixInJsdom } from '../test-fixtures';
import { BidAuthenticationPage } from './bid-authentication-page';

radixInJsdom();

const { confirmCardPayment } = vi.hoisted(() => ({ confirmCardPayment: vi.fn() }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({ confirmCardPayment })) }));

afterEach(() => {
  vi.unstubAllGlobals();
  confirmCardPayment.mockReset();
});

function payment(overrides: Partial<BidPayment> = {}): BidPayment {
  return {
    sessionId: 'bidpay_1',
    purchase: 'bid',
    bidId: 4,
    ticketId: 88,
    eventName: 'Aurora Skies',
    eventDate: '2027-05-01',
    section: 'Floor',
    quantity: 2,
    amount: 203.9,
    status: 'requires_action',
    holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    provider: 'sandbox',
    clientSecret: null,
    publishableKey: null,
    ...overrides,
  };
}

const answer = (value: BidPayment) => json(200, { ok: true, payment: value, message: '' });

function renderPage() {
  return renderAt(<BidAuthenticationPage />, '/bids/authenticate/bidpay_1', '/bids/authenticate/:sessionId');
}

describe('the bid payment page', () => {
  it('shows the ticket, the amount and the time left, and Approve buys it in the sandbox', async () => {
    const calls = fakeApi((call) => {
      if (call.url === '/api/sandbox/bid-payments/bidpay_1/authenticate')
        return answer(payment({ status: 'succeeded', holdExpiresAt: null }));
      if (call.url === '/api/bids/payments/bidpay_1') return answer(payment());
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Aurora Skies')).toBeInTheDocument();
    expect(screen.getByText(/Ticket #88/)).toBeInTheDocument();
    expect(screen.getByText('$203.90')).toBeInTheDocument();
    expect(screen.getByText(/Time left to confirm: (9:5\d|10:00)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: BID_PAYMENT_TEXT.approve }));
    expect(await screen.findByText(BID_PAYMENT_TEXT.succeededTitle)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(BID_PAYMENT_TEXT.title);
    expect(screen.getByRole('link', { name: BID_PAYMENT_TEXT.goToMyTickets })).toHaveAttribute(
      'href',
      '/my-tickets?tab=pending',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ approve: true });
  });

  it('Decline in the sandbox says the ticket was released', async () => {
    const calls = fakeApi((call) => {
      if (call.url === '/api/sandbox/bid-payments/bidpay_1/authenticate')
        return answer(payment({ status: 'failed', holdExpiresAt: null }));
      return answer(payment());
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: BID_PAYMENT_TEXT.decline }));
    expect(await screen.findByText(BID_PAYMENT_TEXT.failed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BID_PAYMENT_TEXT.backToBids })).toHaveAttribute(
      'href',
      '/my-bids',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ approve: false });
  });

  it('speaks of a Fan Queue place’s purchase in its own words, and of the next fan in line', async () => {
    const queued = { purchase: 'fan-queue' as const, bidId: null };
    fakeApi((call) => {
      if (call.url === '/api/sandbox/bid-payments/bidpay_1/authenticate')
        return answer(payment({ ...queued, status: 'failed', holdExpiresAt: null }));
      return answer(payment(queued));
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(QUEUE_PAYMENT_TEXT.intro)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(QUEUE_PAYMENT_TEXT.title);
    await user.click(screen.getByRole('button', { name: BID_PAYMENT_TEXT.decline }));
    expect(await screen.findByText(QUEUE_PAYMENT_TEXT.failed)).toBeInTheDocument();
  });

  it('says an expired purchase released the ticket and offers no confirm', async () => {
    fakeApi(() => answer(payment({ status: 'expired', holdExpiresAt: null })));
    renderPage();
    expect(await screen.findByText(BID_PAYMENT_TEXT.expired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BID_PAYMENT_TEXT.approve })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the purchase cannot be read", async () => {
    fakeApi(() => json(404, { ok: false, message: 'Payment not found' }));
    renderPage();
    expect(await screen.findByText(BID_PAYMENT_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Payment not found')).toBeInTheDocument();
  });

  it('Stripe: confirms with Stripe.js, then asks the server to complete', async () => {
    const stripe = payment({ provider: 'stripe', clientSecret: 'pi_1_secret', publishableKey: 'pk_test_1' });
    const calls = fakeApi((call) => {
      if (call.url === '/api/bids/payments/bidpay_1/complete')
        return answer({ ...stripe, status: 'succeeded', clientSecret: null });
      return answer(stripe);
    });
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: BID_PAYMENT_TEXT.confirm }));
    expect(within(await screen.findByRole('alert')).getByText('Your card was declined.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: BID_PAYMENT_TEXT.confirm }));
    expect(await screen.findByText(BID_PAYMENT_TEXT.succeededTitle)).toBeInTheDocument();
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/bids/payments/bidpay_1/complete',
    ]);
  });
});
