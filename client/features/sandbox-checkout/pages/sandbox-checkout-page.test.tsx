import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import { CHECKOUT_TEXT, SANDBOX_CHECKOUT_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { browser } from '../api';
import { SandboxCheckoutPage } from './sandbox-checkout-page';

const SESSION = 'sbx_cs_test';
const order = {
  sessionId: SESSION,
  status: 'open',
  eventName: 'Aurora Skies',
  eventDate: '2027-05-01',
  quantity: 2,
  amount: 207.47,
  ticketId: 7,
  cancelUrl: 'http://localhost/purchase-cancel?ticket=7',
};

afterEach(() => vi.unstubAllGlobals());

function renderPage(answer: (call: FetchCall) => Response) {
  const calls = fakeApi(answer);
  const router = createMemoryRouter(
    [{ path: '/sandbox/checkout/:sessionId', element: <SandboxCheckoutPage /> }],
    {
      initialEntries: [`/sandbox/checkout/${SESSION}`],
    },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

async function payWith(user: ReturnType<typeof userEvent.setup>, cardNumber: string) {
  await user.type(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.cardNumber), cardNumber);
  await user.clear(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.expMonth));
  await user.type(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.expMonth), '12');
  await user.clear(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.expYear));
  await user.type(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.expYear), '2031');
  await user.type(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.cvc), '123');
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
}

it('keeps the checkout open after a declined card, ready for another card, and keeps the hold', async () => {
  const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  const { calls, user } = renderPage(({ method, url, body }) => {
    if (method === 'GET' && url === `/api/sandbox/checkout/${SESSION}`) return json(200, order);
    if (url === `/api/sandbox/checkout/${SESSION}/pay`)
      return (body as { cardNumber: string }).cardNumber.startsWith('4000')
        ? json(402, { message: CHECKOUT_TEXT.cardDeclined })
        : json(200, { redirectUrl: `http://localhost/?session_id=${SESSION}` });
    return json(404, { message: 'Not found' });
  });
  await screen.findByRole('heading', { name: 'Aurora Skies' });

  await payWith(user, '4000000000000002');
  expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TEXT.cardDeclined);
  // Like a real checkout it keeps the number and expiry; only the security code is typed again.
  expect(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.cardNumber)).toHaveValue('4000 0000 0000 0002');
  expect(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.expMonth)).toHaveValue('12');
  expect(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.expYear)).toHaveValue('2031');
  expect(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.cvc)).toHaveValue('');
  expect(screen.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  expect(screen.getByRole('button', { name: SANDBOX_CHECKOUT_TEXT.cancel })).toBeEnabled();
  expect(calls.some((call) => call.url.endsWith('/unlock'))).toBe(false);

  // A retry without the security code asks for it, in words that say it is missing, and sends nothing.
  const paid = calls.length;
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TEXT.cvcMissing);
  expect(screen.getByRole('alert')).not.toHaveTextContent(CHECKOUT_TEXT.cvcInvalid);
  const cvc = screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.cvc);
  await vi.waitFor(() => expect(cvc).toHaveFocus());
  expect(cvc).toHaveAttribute('aria-invalid', 'true');
  expect(cvc).toHaveAccessibleDescription(CHECKOUT_TEXT.cvcMissing);
  expect(calls).toHaveLength(paid);

  await user.clear(screen.getByLabelText(SANDBOX_CHECKOUT_TEXT.cardNumber));
  await payWith(user, '4242424242424242');
  await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`http://localhost/?session_id=${SESSION}`));
  assign.mockRestore();
});
