import { formatUpdatedAt } from '@client/features/my-tickets/components/kept-copy-note';
import { currentUser, page, soldTo } from '@client/features/my-tickets/test-fixtures';
import { createQueryClient } from '@client/lib/query-client';
import { KEPT_COPY_HEADER } from '@client/pwa/kept-copy';
import { MEMBER_CACHE } from '@client/pwa/member-data';
import { type FakeCacheStorage, fakeCaches, setOnline } from '@client/pwa/test-caches';
import { KEPT_TICKETS_TEXT } from '@common/texts/kept-tickets';
import { OFFLINE_TEXT } from '@common/texts/offline';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';

const OWNER = '/__encore/kept-data-owner';
const KEPT_AT = 'Mon, 30 Nov 2026 05:12:00 GMT';
const NO_NOTIFICATIONS = {
  pendingReviewsCount: 0,
  pendingTransfers: [],
  unreadMessages: [],
  unreadAdminMessagesCount: 0,
  matchedPriceAlertsCount: 0,
};

interface Call {
  method: string;
  url: string;
}

/**
 * The network as the page meets it through the service worker: `answer` gives an answer, or null where the
 * request fails as it does without a connection (fetch's TypeError).
 */
function network(answer: (call: Call) => Response | null): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(input) };
      calls.push(call);
      const response = answer(call);
      if (!response) throw new TypeError('Failed to fetch');
      return response;
    }),
  );
  return calls;
}

/** The app as main.tsx starts it, over the browser's history, at `path`. */
function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

const member = currentUser({ id: 5, tourCompleted: true });
const boughtTicket = soldTo({ id: 21, role: 'buyer', buyerId: 5, eventName: 'Aurora Skies' });
let storage: FakeCacheStorage;

beforeEach(() => {
  window.localStorage.clear();
  storage = fakeCaches();
  vi.stubGlobal('scrollTo', () => {});
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
  setOnline(true);
  vi.unstubAllGlobals();
  act(() => {
    sonner.dismiss();
  });
});

describe('My Tickets without a connection (decision 0098)', () => {
  it('shows the tickets the device kept, with when they were last brought up to date', async () => {
    setOnline(false);
    network(({ url }) => {
      if (url === '/api/session')
        return Response.json({ user: member }, { headers: { [KEPT_COPY_HEADER]: KEPT_AT } });
      if (url.startsWith('/api/my-tickets'))
        return Response.json(page('pending', [boughtTicket]), { headers: { [KEPT_COPY_HEADER]: KEPT_AT } });
      return null;
    });
    renderApp('/my-tickets');
    const note = await screen.findByTestId('kept-copy-note');
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent(KEPT_TICKETS_TEXT.keptCopy(formatUpdatedAt('2026-11-30T05:12:00.000Z')));
    expect(note).toHaveTextContent(KEPT_TICKETS_TEXT.keptCopyDetail);
    expect(await screen.findByTestId('my-ticket-21')).toBeInTheDocument();
    // My Tickets opens offline: no "You are offline" page or banner in its place.
    expect(screen.queryByRole('heading', { name: OFFLINE_TEXT.title })).not.toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TEXT.banner)).not.toBeInTheDocument();
  });

  it('says a tab the device did not keep loads once back online, and reads it again then', async () => {
    setOnline(false);
    let connected = false;
    network(({ url }) => {
      if (url === '/api/session') return Response.json({ user: member });
      if (url.startsWith('/api/my-tickets') && connected)
        return Response.json(page('pending', [boughtTicket]));
      if (url === '/api/notifications' && connected) return Response.json(NO_NOTIFICATIONS);
      return null;
    });
    renderApp('/my-tickets');
    expect(await screen.findByText(KEPT_TICKETS_TEXT.tabNotKept)).toBeInTheDocument();
    connected = true;
    act(() => setOnline(true));
    expect(await screen.findByTestId('my-ticket-21')).toBeInTheDocument();
    expect(screen.queryByTestId('kept-copy-note')).not.toBeInTheDocument();
  });

  it('shows no note when the tickets come from the network', async () => {
    network(({ url }) => {
      if (url === '/api/session') return Response.json({ user: member });
      if (url.startsWith('/api/my-tickets')) return Response.json(page('pending', [boughtTicket]));
      if (url === '/api/notifications') return Response.json(NO_NOTIFICATIONS);
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp('/my-tickets');
    expect(await screen.findByTestId('my-ticket-21')).toBeInTheDocument();
    expect(screen.queryByTestId('kept-copy-note')).not.toBeInTheDocument();
  });
});

describe('pages that need the network, without one', () => {
  it('say so in place of the page, point a member to their tickets, and open by themselves once back online', async () => {
    setOnline(false);
    let connected = false;
    network(({ url }) => {
      if (url === '/api/session') return Response.json({ user: member });
      if (!connected) return null;
      if (url === '/api/notifications') return Response.json(NO_NOTIFICATIONS);
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp('/giving-back');
    expect(await screen.findByRole('heading', { name: OFFLINE_TEXT.title })).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_TEXT.pageNeedsNetwork)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OFFLINE_TEXT.openMyTickets })).toHaveAttribute(
      'href',
      '/my-tickets',
    );
    connected = true;
    act(() => setOnline(true));
    expect(await screen.findByRole('heading', { name: 'Small Venue Support' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: OFFLINE_TEXT.title })).not.toBeInTheDocument();
  });

  it('keep a page already open when the connection goes, under a notice', async () => {
    network(({ url }) => {
      if (url === '/api/session') return Response.json({ user: member });
      if (url === '/api/notifications') return Response.json(NO_NOTIFICATIONS);
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp('/giving-back');
    expect(await screen.findByRole('heading', { name: 'Small Venue Support' })).toBeInTheDocument();
    act(() => setOnline(false));
    expect(await screen.findByText(OFFLINE_TEXT.banner)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Small Venue Support' })).toBeInTheDocument();
  });

  it('say "You are offline", not "We couldn’t reach Encore", when not even the session was kept', async () => {
    setOnline(false);
    network(() => null);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: OFFLINE_TEXT.title })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't reach Encore")).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: OFFLINE_TEXT.openMyTickets })).not.toBeInTheDocument();
  });
});

describe('what the device kept, at sign-out and sign-in', () => {
  it('signing out without a connection deletes it at once, says so, and ends the session on the server once back', async () => {
    storage.seed(MEMBER_CACHE, { [OWNER]: '5', '/api/session': '{}', '/api/my-tickets': '{}' });
    setOnline(false);
    network(({ url }) => {
      if (url === '/api/session') return Response.json({ user: member });
      if (url.startsWith('/api/my-tickets'))
        return Response.json(page('pending', [boughtTicket]), { headers: { [KEPT_COPY_HEADER]: KEPT_AT } });
      return null;
    });
    const first = renderApp('/my-tickets');
    await screen.findByTestId('my-ticket-21');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    const toast = await screen.findByText(OFFLINE_TEXT.signedOutOfflineTitle);
    expect(toast.closest('[data-sonner-toast]')).toHaveTextContent(OFFLINE_TEXT.signedOutOffline);
    expect(await storage.keys()).toEqual([]);
    expect(window.location.pathname).toBe('/');
    // Home needs the network: the offline state, for a visitor now.
    expect(await screen.findByRole('heading', { name: OFFLINE_TEXT.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: OFFLINE_TEXT.openMyTickets })).not.toBeInTheDocument();
    first.unmount();

    // Still offline, the next visit shows nobody signed in, whatever the worker kept of the session.
    const second = renderApp('/my-tickets');
    expect(await screen.findByRole('heading', { name: OFFLINE_TEXT.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    second.unmount();

    // Back online: the server is told before the session is read, and nobody is signed in.
    setOnline(true);
    let signedIn = true;
    const calls = network(({ url, method }) => {
      if (url === '/api/logout' && method === 'POST') {
        signedIn = false;
        return Response.json({ message: 'Logged out successfully' });
      }
      if (url === '/api/session') return Response.json({ user: signedIn ? member : null });
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls.slice(0, 2)).toEqual([
      { method: 'POST', url: '/api/logout' },
      { method: 'GET', url: '/api/session' },
    ]);
  });

  it('signing out online deletes it too', async () => {
    storage.seed(MEMBER_CACHE, { [OWNER]: '5', '/api/my-tickets': '{}' });
    network(({ url, method }) => {
      if (url === '/api/logout' && method === 'POST')
        return Response.json({ message: 'Logged out successfully' });
      if (url === '/api/session') return Response.json({ user: member });
      if (url === '/api/notifications') return Response.json(NO_NOTIFICATIONS);
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp('/giving-back');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(async () => expect(await storage.keys()).toEqual([]));
    expect(window.localStorage.length).toBe(0);
  });

  it('a different member signing in never sees the previous member’s: theirs is deleted when the session says so', async () => {
    storage.seed(MEMBER_CACHE, { [OWNER]: '9', '/api/my-tickets': '{"theirs":true}' });
    network(({ url }) => {
      if (url === '/api/session') return Response.json({ user: member });
      if (url === '/api/notifications') return Response.json(NO_NOTIFICATIONS);
      return Response.json({ message: 'Not found' }, { status: 404 });
    });
    renderApp('/giving-back');
    await waitFor(() => expect(storage.paths(MEMBER_CACHE)).toEqual([OWNER]));
    const owner = await storage.match(OWNER, { cacheName: MEMBER_CACHE });
    expect(await owner?.text()).toBe('5');
  });
});
