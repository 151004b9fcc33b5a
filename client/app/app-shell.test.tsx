import { notificationsQueryOptions } from '@client/features/notifications/api';
import { createQueryClient } from '@client/lib/query-client';
import { A11Y_TEXT, ADMIN_TEXT, SHELL_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { AMBASSADOR_TEXT } from '@common/texts/ambassador';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BETA_BANNER_DISMISSED_KEY } from './beta-banner';
import { AppProviders } from './providers';
import type { RouteHandle } from './route-title';
import { appRoutes } from './routes';

function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: 'maya',
    role: 'user',
    firstName: 'Maya',
    lastName: 'Lee',
    email: 'maya@encore.test',
    phoneNumber: null,
    verificationPreference: 'email',
    fullName: null,
    ticketmasterEmail: null,
    livenationEmail: null,
    axsEmail: null,
    averageRating: null,
    totalReviews: 0,
    pendingEmail: null,
    tourCompleted: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const NO_NOTIFICATIONS = {
  pendingReviewsCount: 0,
  pendingTransfers: [],
  unreadMessages: [],
  unreadAdminMessagesCount: 0,
  matchedPriceAlertsCount: 0,
};

interface ServerState {
  user: CurrentUser | null;
  notifications?: typeof NO_NOTIFICATIONS | ({ pendingTransfers: unknown[] } & Record<string, unknown>);
}

/** A fake of the few API answers the shell needs; records the calls made. */
function serve(state: ServerState) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/session') return Response.json({ user: state.user ?? null });
      if (url === '/api/notifications') {
        return state.user
          ? Response.json(state.notifications ?? NO_NOTIFICATIONS)
          : new Response('{"message":"Not authenticated"}', { status: 401, statusText: 'Unauthorized' });
      }
      if (url === '/api/logout' && method === 'POST') {
        state.user = null;
        return Response.json({ message: 'Logged out' });
      }
      return new Response('{"message":"Not found"}', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

beforeEach(() => {
  window.localStorage.clear();
  // jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
  vi.stubGlobal('scrollTo', () => {});
  // Nor ResizeObserver, which Radix uses to measure controls.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in a module-level store; start every test without any.
  act(() => {
    sonner.dismiss();
  });
});

describe('visitors', () => {
  it('see the coming-soon landing page at / with Sign In and Sign Up, and no beta banner', async () => {
    serve({ user: null });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: SHELL_TEXT.landingHeadline })).toBeInTheDocument();
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(account).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByText(SHELL_TEXT.betaBanner)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByText(SHELL_TEXT.copyright)).toBeInTheDocument();
  });

  it('see the public page at /home', async () => {
    serve({ user: null });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'How Encore works' })).toBeInTheDocument();
    expect(await screen.findByText('No listings available')).toBeInTheDocument();
  });

  it('are sent to /login from signed-in pages', async () => {
    serve({ user: null });
    const { router } = renderApp('/my-tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('see the static pages', async () => {
    serve({ user: null });
    renderApp('/giving-back');
    expect(
      await screen.findByRole('heading', { name: SHELL_TEXT.givingBackSmallVenues }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: SHELL_TEXT.givingBackArtists })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: SHELL_TEXT.givingBackMoreDetails })).toBeInTheDocument();
  });

  it('get a not-found page for unknown addresses', async () => {
    serve({ user: null });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('are redirected from /verify-email and /reset-password without a token', async () => {
    serve({ user: null });
    const verify = renderApp('/verify-email');
    await waitFor(() => expect(verify.router.state.location.pathname).toBe('/login'));
    verify.unmount();
    const reset = renderApp('/reset-password');
    await waitFor(() => expect(reset.router.state.location.pathname).toBe('/forgot-password'));
  });
});

describe('the session', () => {
  it('shows a spinner while it loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp('/');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your session');
  });
});

describe('signed-in users', () => {
  it('see the home with their name, a List Ticket button and the beta banner', async () => {
    serve({ user: user() });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'List Ticket' })).toHaveAttribute('href', '/listing');
    expect(within(main).getByRole('search', { name: 'Filter listings' })).toBeInTheDocument();
    expect(screen.getByText(SHELL_TEXT.betaBanner)).toBeInTheDocument();
  });

  it('see every link but Admin and Ambassador as an ordinary user', async () => {
    serve({ user: user() });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(labels).toEqual([
      ['Home', '/'],
      ['Giving Back', '/giving-back'],
      ['List Ticket', '/listing'],
      ['Profile', '/profile'],
      ['My Tickets', '/my-tickets'],
      ['My Bids', '/my-bids'],
      ['Reviews', '/pending-reviews'],
      ['Support', '/messages'],
    ]);
  });

  it.each([
    ['admin', ['Admin', 'Ambassador']],
    ['AMBSD', ['Ambassador']],
  ] as const)('see the role links as %s', async (role, expected) => {
    serve({ user: user({ role }) });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const roleLinks = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((label) => label === 'Admin' || label === 'Ambassador');
    expect(roleLinks).toEqual(expected);
  });

  it('see the current route highlighted', async () => {
    serve({ user: user() });
    renderApp('/giving-back');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Giving Back' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('see notification badges on My Tickets (transfers and unread messages), Reviews and Support, and their sum on the menu button', async () => {
    serve({
      user: user(),
      notifications: {
        pendingTransfers: [
          { ticketId: 1, role: 'seller' },
          { ticketId: 2, role: 'buyer' },
        ],
        pendingReviewsCount: 1,
        unreadMessages: [
          { ticketId: 2, count: 3 },
          { ticketId: 5, count: 1 },
        ],
        unreadAdminMessagesCount: 3,
        matchedPriceAlertsCount: 0,
      },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      await within(nav).findByRole('link', { name: 'My Tickets 6 pending transfers and unread messages' }),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reviews 1 pending reviews' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Support 3 unread support messages' })).toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Open menu, 10 notifications' });
    expect(within(menuButton).getByTestId('menu-badge')).toHaveTextContent('10');
  });

  it('open the slide-out menu with the links and navigate from it', async () => {
    serve({ user: user() });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByRole('link', { name: 'My Bids' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-bids'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bids' })).toBeInTheDocument();
  });

  it('opens the slide-out menu by keyboard with focus on its first link, not on Sign Out', async () => {
    serve({ user: user() });
    renderApp('/');
    (await screen.findByRole('button', { name: 'Open menu' })).focus();
    await userEvent.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'maya' });
    const links = within(sheet).getAllByRole('link');
    await waitFor(() => expect(links[0]).toHaveFocus());
    expect(within(sheet).getByRole('button', { name: 'Sign Out' })).not.toHaveFocus();
  });

  it('can dismiss the beta banner for good', async () => {
    serve({ user: user() });
    const first = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss beta notice' }));
    expect(screen.queryByText(SHELL_TEXT.betaBanner)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(BETA_BANNER_DISMISSED_KEY)).toBe('true');
    first.unmount();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    expect(screen.queryByText(SHELL_TEXT.betaBanner)).not.toBeInTheDocument();
  });

  it('sign out through POST /api/logout and land on the visitor home', async () => {
    const calls = serve({ user: user() });
    const { router } = renderApp('/giving-back');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: SHELL_TEXT.landingHeadline })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toContainEqual({ method: 'POST', url: '/api/logout' });
    expect(screen.queryByText(SHELL_TEXT.betaBanner)).not.toBeInTheDocument();
  });

  it('poll notifications every 30 s and treat a 401 as signed out', async () => {
    const state: ServerState = { user: user() };
    serve(state);
    const { queryClient } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    // Every 30 s while no live stream is open (decision 0066).
    const interval = notificationsQueryOptions.refetchInterval as (query: unknown) => unknown;
    expect(interval(queryClient.getQueryCache().find({ queryKey: notificationsQueryOptions.queryKey }))).toBe(
      30_000,
    );
    state.user = null;
    await act(() => queryClient.refetchQueries({ queryKey: notificationsQueryOptions.queryKey }));
    expect(await screen.findByRole('heading', { name: SHELL_TEXT.landingHeadline })).toBeInTheDocument();
  });
});

describe('role pages', () => {
  it("send others away from /ambsd with 'Access Denied'", async () => {
    serve({ user: user() });
    const { router } = renderApp('/ambsd');
    expect(await screen.findByText(SHELL_TEXT.accessDeniedTitle)).toBeInTheDocument();
    expect(screen.getByText(SHELL_TEXT.accessDenied)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('let ambassadors into /ambsd', async () => {
    serve({ user: user({ role: 'AMBSD' }) });
    renderApp('/ambsd');
    expect(await screen.findByRole('heading', { name: AMBASSADOR_TEXT.title })).toBeInTheDocument();
  });

  it("send others away from /admin with the same 'Access Denied', loading nothing, and let admins in", async () => {
    const memberCalls = serve({ user: user() });
    const ordinary = renderApp('/admin');
    expect(await screen.findByText(SHELL_TEXT.accessDeniedTitle)).toBeInTheDocument();
    expect(screen.getByText(SHELL_TEXT.accessDenied)).toBeInTheDocument();
    await waitFor(() => expect(ordinary.router.state.location.pathname).toBe('/'));
    expect(memberCalls.filter((call) => call.url.startsWith('/api/admin'))).toEqual([]);
    ordinary.unmount();
    serve({ user: user({ role: 'admin' }) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: ADMIN_TEXT.title })).toBeInTheDocument();
  });
});

describe('support for admins', () => {
  it('sends an admin from /messages to the admin Messages tab, never showing others’ messages as theirs', async () => {
    const calls = serve({ user: user({ role: 'admin' }) });
    const { router } = renderApp('/messages');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin?tab=messages'),
    );
    expect(await screen.findByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    expect(calls.filter((call) => call.url.startsWith('/api/admin-messages'))).toEqual([]);
  });
});

describe('titles, announcements and the skip link', () => {
  it('gives each route its own document title, the not-found page included', async () => {
    serve({ user: null });
    const visitor = renderApp('/giving-back');
    await waitFor(() => expect(document.title).toBe('Giving Back · Encore'));
    visitor.unmount();
    renderApp('/no-such-page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(document.title).toBe('Page not found · Encore');
  });

  it('names every page route, the buying result pages and the sandbox checkout included', () => {
    const untitled: string[] = [];
    const visit = (routes: RouteObject[]) => {
      for (const route of routes) {
        const isPage = route.path !== undefined || route.index === true;
        const redirects =
          route.element !== undefined && (route.element as { type?: unknown }).type === Navigate;
        const handle = route.handle as RouteHandle | undefined;
        if (isPage && !redirects && !handle?.title && !handle?.titledByPage)
          untitled.push(route.path ?? '(index)');
        if (route.children) visit(route.children);
      }
    };
    visit(appRoutes);
    expect(untitled).toEqual([]);
  });

  it('names the listing form by its mode', async () => {
    serve({ user: user() });
    const create = renderApp('/listing');
    await waitFor(() => expect(document.title).toBe('List a Ticket · Encore'));
    create.unmount();
    renderApp('/listing?edit=5');
    await waitFor(() => expect(document.title).toBe('Edit Ticket · Encore'));
  });

  it('announces a route change politely, not the first page', async () => {
    serve({ user: null });
    const { router } = renderApp('/terms');
    await waitFor(() => expect(document.title).toBe('Terms of Service · Encore'));
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toBeEmptyDOMElement();
    await act(() => router.navigate('/privacy'));
    await waitFor(() => expect(announcer).toHaveTextContent('Privacy Policy · Encore'));
    expect(document.title).toBe('Privacy Policy · Encore');
  });

  it('offers a skip link to the main content as the first stop of the tab order', async () => {
    serve({ user: null });
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1 });
    const keyboard = userEvent.setup();
    await keyboard.tab();
    const skip = screen.getByRole('link', { name: A11Y_TEXT.skipToContent });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });
});
