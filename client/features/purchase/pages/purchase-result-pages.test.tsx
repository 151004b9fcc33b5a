import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, json, fakeApi as stubFetch } from '@client/lib/test-fetch';
import { PURCHASE_RESULT_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAFARI_PURCHASE_KEY } from '../safari-state';
import { PurchaseCancelPage } from './purchase-cancel-page';
import { PurchaseStatusPage } from './purchase-status-page';
import { SafariPurchaseSuccessPage } from './safari-purchase-success-page';

let calls: FetchCall[];

function fakeApi(answer: (call: FetchCall) => Response) {
  calls = stubFetch(answer);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sonner.dismiss();
  localStorage.clear();
});

function renderAt(path: string, element: ReactNode, routePath: string) {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/my-tickets', element: <h1>My Tickets page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const toastText = async (title: string, description?: string) => {
  const toast = await screen.findByText(title, { selector: '[data-title]' });
  const item = toast.closest('[data-sonner-toast]') as HTMLElement;
  if (description) expect(item).toHaveTextContent(description);
  return item;
};

describe('/purchase/cancel', () => {
  it('releases the ticket, says so, and goes home after 3 seconds', async () => {
    fakeApi(() => json(200, { message: 'Ticket released' }));
    const onCancelled = vi.fn();
    const router = renderAt(
      '/purchase/cancel?ticket_id=12',
      <PurchaseCancelPage onCancelled={onCancelled} />,
      '/purchase/cancel',
    );
    expect(screen.getByRole('heading', { name: PURCHASE_RESULT_TEXT.releasing })).toBeVisible();
    await toastText(PURCHASE_RESULT_TEXT.cancelToastTitle, PURCHASE_RESULT_TEXT.cancelReleased);
    expect(calls).toEqual([{ method: 'POST', url: '/api/tickets/12/unlock', body: null }]);
    expect(onCancelled).toHaveBeenCalledWith(12);
    expect(screen.getByText(PURCHASE_RESULT_TEXT.cancelled)).toBeVisible();
    expect(screen.getByRole('link', { name: PURCHASE_RESULT_TEXT.returnToHome })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says the ticket should be available again shortly when the release fails', async () => {
    fakeApi(() => json(409, { message: 'Your hold on this ticket has ended.' }));
    renderAt('/purchase/cancel?ticket_id=12', <PurchaseCancelPage />, '/purchase/cancel');
    await toastText(PURCHASE_RESULT_TEXT.cancelToastTitle, PURCHASE_RESULT_TEXT.cancelUnlockFailed);
  });

  it('without a ticket id only says the purchase was cancelled', async () => {
    fakeApi(() => json(500, {}));
    renderAt('/purchase/cancel', <PurchaseCancelPage />, '/purchase/cancel');
    await toastText(PURCHASE_RESULT_TEXT.cancelToastTitle, PURCHASE_RESULT_TEXT.cancelNoTicket);
    expect(calls).toEqual([]);
  });
});

describe('/purchase-status', () => {
  it('completes the purchase by session and shows Purchase Successful!', async () => {
    fakeApi(() =>
      json(200, {
        success: true,
        message: 'Ticket purchased successfully',
        status: 'paid',
        ticketId: 12,
        eventName: 'Aurora Skies',
        quantity: 1,
        amount: 100,
      }),
    );
    renderAt('/purchase-status?session_id=cs_1&ticket_id=12', <PurchaseStatusPage />, '/purchase-status');
    expect(
      await screen.findByRole('heading', { name: PURCHASE_RESULT_TEXT.statusSuccessTitle }),
    ).toBeVisible();
    expect(screen.getByText(PURCHASE_RESULT_TEXT.statusSuccess)).toBeVisible();
    expect(screen.getByRole('link', { name: PURCHASE_RESULT_TEXT.viewMyTickets })).toHaveAttribute(
      'href',
      '/my-tickets',
    );
    expect(screen.getByRole('link', { name: PURCHASE_RESULT_TEXT.backToHome })).toHaveAttribute('href', '/');
    expect(calls).toEqual([
      { method: 'POST', url: '/api/purchase/complete', body: { sessionId: 'cs_1', ticketId: 12 } },
    ]);
  });

  it("shows 'No payment session found' without a session id", async () => {
    fakeApi(() => json(500, {}));
    renderAt('/purchase-status', <PurchaseStatusPage />, '/purchase-status');
    expect(
      await screen.findByRole('heading', { name: PURCHASE_RESULT_TEXT.statusFailedTitle }),
    ).toBeVisible();
    expect(screen.getByText(PURCHASE_RESULT_TEXT.statusFailed)).toBeVisible();
    await toastText(PURCHASE_RESULT_TEXT.statusFailedTitle, PURCHASE_RESULT_TEXT.noPaymentSession);
    expect(calls).toEqual([]);
  });

  it("shows the server's message for someone else's session, and Retry asks again", async () => {
    fakeApi(() => json(404, { message: 'No payment session found' }));
    renderAt('/purchase-status?session_id=cs_other', <PurchaseStatusPage />, '/purchase-status');
    await toastText(PURCHASE_RESULT_TEXT.statusFailedTitle, PURCHASE_RESULT_TEXT.noPaymentSession);
    act(() => screen.getByRole('button', { name: PURCHASE_RESULT_TEXT.retry }).click());
    await waitFor(() => expect(calls).toHaveLength(2));
    // The second answer renders the failed view again only after its fetch resolves.
    expect(await screen.findByRole('link', { name: PURCHASE_RESULT_TEXT.tryAgain })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it("falls back to 'Failed to process purchase' when the call fails without a message", async () => {
    fakeApi(() => json(500, {}));
    renderAt('/purchase-status?session_id=cs_1', <PurchaseStatusPage />, '/purchase-status');
    await toastText(PURCHASE_RESULT_TEXT.statusFailedTitle, PURCHASE_RESULT_TEXT.processFailed);
  });
});

describe('/safari-purchase-success', () => {
  const page = (signedIn = true, rememberForLogin = vi.fn()) => (
    <SafariPurchaseSuccessPage signedIn={signedIn} rememberForLogin={rememberForLogin} />
  );

  it('completes the purchase, counts 5 s down to My Tickets and clears the stored session', async () => {
    fakeApi(() =>
      json(200, {
        success: true,
        message: 'Ticket purchased successfully',
        status: 'paid',
        ticketId: 3,
        eventName: 'Aurora Skies',
        quantity: 1,
        amount: 100,
      }),
    );
    const router = renderAt('/safari-purchase-success?session_id=cs_9', page(), '/safari-purchase-success');
    expect(screen.getByRole('heading', { name: PURCHASE_RESULT_TEXT.safariProcessing })).toBeVisible();
    await toastText(PURCHASE_RESULT_TEXT.successToastTitle, 'Ticket purchased successfully');
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/complete-purchase-safari?session_id=cs_9',
      body: null,
    });
    expect(JSON.parse(localStorage.getItem(SAFARI_PURCHASE_KEY) ?? '{}')).toMatchObject({
      sessionId: 'cs_9',
      ticketId: 3,
    });
    expect(screen.getByRole('button', { name: PURCHASE_RESULT_TEXT.goToMyTickets })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-tickets'));
    expect(localStorage.getItem(SAFARI_PURCHASE_KEY)).toBeNull();
  }, 10_000);

  it('shows the error view and a Purchase Processing Error toast without a session', async () => {
    fakeApi(() => json(500, {}));
    renderAt('/safari-purchase-success', page(), '/safari-purchase-success');
    expect(await screen.findByRole('heading', { name: PURCHASE_RESULT_TEXT.safariErrorTitle })).toBeVisible();
    await toastText(PURCHASE_RESULT_TEXT.processingErrorTitle, PURCHASE_RESULT_TEXT.missingSession);
    expect(screen.getByRole('button', { name: PURCHASE_RESULT_TEXT.tryAgain })).toBeVisible();
    expect(screen.getByRole('link', { name: PURCHASE_RESULT_TEXT.goToHome })).toHaveAttribute('href', '/');
    expect(calls).toEqual([]);
  });

  it("shows the server's reason when completion is refused", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi(() => json(404, { message: 'No payment session found' }));
    renderAt('/safari-purchase-success?session_id=cs_x', page(), '/safari-purchase-success');
    await toastText(PURCHASE_RESULT_TEXT.processingErrorTitle, 'No payment session found');
    expect(warn).toHaveBeenCalledWith(PURCHASE_RESULT_TEXT.safariFailedPrefix, 'No payment session found');
    warn.mockRestore();
  });

  it('sends a signed-out buyer to log in with the success message waiting there', async () => {
    fakeApi(() =>
      json(200, {
        success: true,
        message: 'Ticket purchased successfully',
        status: 'paid',
        ticketId: 3,
        eventName: 'Aurora Skies',
        quantity: 1,
        amount: 100,
      }),
    );
    const rememberForLogin = vi.fn();
    const router = renderAt(
      '/safari-purchase-success?session_id=cs_9',
      page(false, rememberForLogin),
      '/safari-purchase-success',
    );
    (await screen.findByRole('button', { name: PURCHASE_RESULT_TEXT.goToMyTickets })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(rememberForLogin).toHaveBeenCalledWith(PURCHASE_RESULT_TEXT.signInToSee);
  });
});
