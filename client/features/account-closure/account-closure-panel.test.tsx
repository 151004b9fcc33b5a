import { AppProviders } from '@client/app/providers';
import { createQueryClient } from '@client/lib/query-client';
import { currentUserQueryOptions } from '@client/lib/session';
import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import { MEMBER_CACHE } from '@client/pwa/member-data';
import { fakeCaches } from '@client/pwa/test-caches';
import type { ClosureState } from '@common/schemas/account-closure';
import { ACCOUNT_CLOSURE_TEXT } from '@common/texts/account-closure';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountClosurePanel } from './account-closure-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in a module-level store; start every test without any.
  act(() => {
    sonner.dismiss();
  });
});

const T = ACCOUNT_CLOSURE_TEXT;
const open: ClosureState = { canClose: true, blockers: [], moreBlockers: 0 };
const inFlight: ClosureState = {
  canClose: false,
  blockers: [
    { kind: 'purchase_in_escrow', ticketId: 41, message: T.purchaseInEscrow('Luna Ray Live') },
    { kind: 'payout_pending', ticketId: 42, message: T.payoutPending('Harbor Lights') },
    { kind: 'hold', ticketId: 43, message: T.hold('Paper Moon Matinee') },
  ],
  moreBlockers: 2,
};

function show() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  queryClient.setQueryData(['my-tickets', 'pending'], { pages: [] });
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <AccountClosurePanel /> },
      { path: '/', element: <h1>Home</h1> },
      { path: '/my-tickets', element: <h1>My Tickets</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

/** GET /api/user/closure answers `state`; POST answers what `onClose` says. */
function api(state: ClosureState, onClose: (call: FetchCall) => Response = () => json(500, {})) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/user/closure') return json(200, state);
    if (call.method === 'POST' && call.url === '/api/user/closure') return onClose(call);
    return json(404, { message: 'unexpected' });
  });
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: T.startButton }));
  return screen.findByRole('dialog', { name: T.dialogTitle });
}

async function confirmWith(dialog: HTMLElement, password: string) {
  await userEvent.type(within(dialog).getByLabelText(T.passwordLabel), password);
  await userEvent.click(within(dialog).getByRole('button', { name: T.confirmButton }));
}

describe('AccountClosurePanel', () => {
  it('says what closing does and offers it when nothing is in flight', async () => {
    api(open);
    show();
    expect(screen.getByRole('region', { name: T.sectionTitle })).toHaveTextContent(T.intro);
    expect(screen.getByText(T.exportHint)).toBeInTheDocument();
    const dialog = await openDialog();
    expect(within(dialog).getByText(T.dialogDescription)).toBeInTheDocument();
    const field = within(dialog).getByLabelText(T.passwordLabel);
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: T.startButton })).toHaveFocus();
  });

  it('lists what must finish first, linked to My Tickets, instead of the button', async () => {
    api(inFlight);
    show();
    expect(await screen.findByText(T.mustFinishFirst)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: T.mustFinishFirst });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      T.purchaseInEscrow('Luna Ray Live'),
      T.payoutPending('Harbor Lights'),
      T.hold('Paper Moon Matinee'),
    ]);
    expect(within(list).getByRole('link', { name: T.purchaseInEscrow('Luna Ray Live') })).toHaveAttribute(
      'href',
      '/my-tickets',
    );
    expect(within(list).getByRole('link', { name: T.payoutPending('Harbor Lights') })).toHaveAttribute(
      'href',
      '/my-tickets?tab=sold',
    );
    // A hold is on someone else's listing: nothing of it is on My Tickets.
    expect(within(list).queryByRole('link', { name: T.hold('Paper Moon Matinee') })).not.toBeInTheDocument();
    expect(screen.getByText(T.moreBlockers(2))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.startButton })).not.toBeInTheDocument();
  });

  it('asks for the password before sending anything', async () => {
    const calls = api(open);
    show();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirmButton }));
    const field = within(dialog).getByLabelText(T.passwordLabel);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(T.passwordRequired);
    expect(field).toHaveAccessibleDescription(T.passwordRequired);
    expect(field).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's answer to a wrong password under the field, which keeps the focus", async () => {
    const calls = api(open, () => json(401, { message: T.wrongPassword }));
    const { router } = show();
    const dialog = await openDialog();
    await confirmWith(dialog, 'Not#MyPassword1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.wrongPassword);
    const field = within(dialog).getByLabelText(T.passwordLabel);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(T.wrongPassword);
    await waitFor(() => expect(field).toHaveFocus());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ password: 'Not#MyPassword1' });
    expect(router.state.location.pathname).toBe('/profile');
  });

  it("shows a locked account's answer as the server words it", async () => {
    api(open, () => json(423, { message: 'Account locked' }));
    show();
    const dialog = await openDialog();
    await confirmWith(dialog, 'Not#MyPassword1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Account locked');
  });

  it('shows what is in flight when the server refuses, and then in the section', async () => {
    api(open, () => json(409, { message: T.inFlight, blockers: inFlight.blockers, moreBlockers: 0 }));
    show();
    const dialog = await openDialog();
    await confirmWith(dialog, 'Encore#Fan2026!');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.inFlight);
    const inDialog = within(dialog).getByRole('list', { name: T.mustFinishFirst });
    expect(within(inDialog).getByText(T.purchaseInEscrow('Luna Ray Live'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The section now lists them too, instead of the button, and the focus is on its lead-in.
    const section = screen.getByRole('region', { name: T.sectionTitle });
    expect(within(section).getByText(T.payoutPending('Harbor Lights'))).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: T.startButton })).not.toBeInTheDocument();
    expect(within(section).getByText(T.mustFinishFirst)).toHaveFocus();
  });

  it('once closed, forgets the member as sign-out does, goes home and says so', async () => {
    const storage = fakeCaches();
    storage.seed(MEMBER_CACHE, { '/api/my-tickets': '{"tickets":[]}' });
    const calls = api(open, () => json(200, { message: T.closed }));
    const { router, queryClient } = show();
    const dialog = await openDialog();
    await confirmWith(dialog, 'Encore#Fan2026!');
    expect(await screen.findByText(T.closed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserQueryOptions.queryKey)).toBeNull();
    expect(queryClient.getQueryData(['my-tickets', 'pending'])).toBeUndefined();
    await waitFor(() => expect(storage.paths(MEMBER_CACHE)).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/user/closure', body: { password: 'Encore#Fan2026!' } },
    ]);
  });
});
