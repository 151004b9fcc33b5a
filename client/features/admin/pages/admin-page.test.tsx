import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import { ADMIN_TEXT, LISTING_STATUS_TEXT, SUSPENSION_TEXT, WITHDRAW_TEXT } from '@common/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../reviews/test-fixtures';
import {
  adminEvent,
  adminTicket,
  adminTransaction,
  adminUser,
  page,
  renderWithClient,
  signedInAdmin,
  stats,
  supportMessage,
} from '../test-fixtures';
import { AdminPage } from './admin-page';

beforeAll(installDomShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

type Answer = (call: FetchCall) => Response | undefined;

/** A fake API: the first answer that handles a call wins; the dashboard's own calls answer by default. */
function api(...answers: Answer[]) {
  return fakeApi((call) => {
    for (const answer of answers) {
      const response = answer(call);
      if (response) return response;
    }
    if (call.url === '/api/admin/stats') return json(200, stats);
    if (call.url === '/api/session') return json(200, signedInAdmin);
    if (call.url === '/api/admin/support-messages/pending-count') return json(200, { pending: 57 });
    return json(404, { message: `unexpected ${call.method} ${call.url}` });
  });
}

const openTab = async (name: string) => {
  await userEvent.click(screen.getByRole('tab', { name }));
};

/** Shows the router's address, so a test reads what a reload would open. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

describe('AdminPage', () => {
  it('opens the tab named in the address and keeps the chosen tab there', async () => {
    api((call) => (call.url.startsWith('/api/admin/users?') ? json(200, page([adminUser()])) : undefined));
    renderWithClient(
      <>
        <AdminPage />
        <Address />
      </>,
      '/admin?tab=users',
    );
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    await openTab('Audit Log');
    expect(screen.getByLabelText('address')).toHaveTextContent('/admin?tab=audit-log');
    await openTab('Dashboard');
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/admin$/);
  });

  it('shows the dashboard cards from the stats and refreshes everything on Refresh Data', async () => {
    const calls = api();
    renderWithClient(<AdminPage />);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.totalUsers)).toBeInTheDocument();
    expect(screen.getByText('95 total tickets created')).toBeInTheDocument();
    // What buyers paid and what Encore kept are two labelled figures (issue 34).
    expect(screen.queryByText('Revenue')).toBeNull();
    expect(screen.getByText(ADMIN_TEXT.grossVolume)).toBeInTheDocument();
    expect(screen.getByText('$5,120.50')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.grossVolumeHint('$320.00'))).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.income)).toBeInTheDocument();
    expect(screen.getByText('$612.40')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.incomeHint('$512.05', '$100.35'))).toBeInTheDocument();
    expect(screen.getByText('4.6 / 5')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.platformRatingHint)).toBeInTheDocument();
    // The pending figure is the server's count, not a count of a capped page of messages.
    expect(await screen.findByText('57', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ADMIN_TEXT.viewSupportMessages })).toBeInTheDocument();
    const before = calls.filter((call) => call.url === '/api/admin/stats').length;
    await userEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.refresh }));
    expect(await screen.findByText(ADMIN_TEXT.refreshingTitle)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.refreshingDescription)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/admin/stats').length).toBe(before + 1),
    );
  });

  it("says 'Failed to load dashboard statistics' and offers Try Again", async () => {
    let fail = true;
    api((call) => (call.url === '/api/admin/stats' && fail ? json(500, {}) : undefined));
    renderWithClient(<AdminPage />);
    const retry = await screen.findByRole('button', { name: ADMIN_TEXT.tryAgain }, { timeout: 8_000 });
    expect(screen.getAllByText('Failed to load dashboard statistics').length).toBeGreaterThan(0);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('searches users on the server after a pause, and says what it found nothing for', async () => {
    const calls = api((call) => {
      if (!call.url.startsWith('/api/admin/users?')) return undefined;
      return call.url.includes('search=') ? json(200, page([])) : json(200, page([adminUser()]));
    });
    renderWithClient(<AdminPage />);
    await openTab('Users');
    const table = await screen.findByRole('table', { name: 'Users' });
    for (const header of ['ID', 'Username', 'Email', 'Role', 'Joined'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(await within(table).findByText('maya@encore.test')).toBeInTheDocument();
    expect(within(table).getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/admin/users?page=1&pageSize=25&sort=createdAt&order=desc');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zz top');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.emptySearchHint)).toBeInTheDocument();
    const searches = calls.filter((call) => call.url.includes('search='));
    expect(searches.map((call) => call.url)).toEqual([
      '/api/admin/users?page=1&pageSize=25&search=zz+top&sort=createdAt&order=desc',
    ]);
  });

  it("shows a bounded total as '1,000+' and keeps Next open past the pages it counts", async () => {
    let total = 1000;
    const calls = api((call) =>
      call.url.startsWith('/api/admin/users?') ? json(200, page([adminUser()], total, true)) : undefined,
    );
    renderWithClient(<AdminPage />);
    await openTab('Users');
    expect(await screen.findByText('Page 1 of 40+ · 1,000+ users')).toBeInTheDocument();
    total = 25;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'maya');
    expect(await screen.findByText('Page 1 of 1+ · 25+ users')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('page=2&'));
  });

  it("says 'Failed to load users' when the list fails", async () => {
    api((call) => (call.url.startsWith('/api/admin/users?') ? json(500, {}) : undefined));
    renderWithClient(<AdminPage />);
    await openTab('Users');
    expect(await screen.findByText('Failed to load users', {}, { timeout: 8_000 })).toBeInTheDocument();
  });

  it('shows each user as a card on a phone, its View button in sight rather than off to the side', async () => {
    api((call) => (call.url.startsWith('/api/admin/users?') ? json(200, page([adminUser()])) : undefined));
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: media.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderWithClient(<AdminPage />);
    await openTab('Users');
    const card = await screen.findByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('maya@encore.test')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: ADMIN_TEXT.view }));
    expect(await screen.findByRole('dialog', { name: ADMIN_TEXT.userDetails })).toBeInTheDocument();
  });

  it('appoints an ambassador from User Details', async () => {
    const calls = api(
      (call) => (call.url.startsWith('/api/admin/users?') ? json(200, page([adminUser()])) : undefined),
      (call) => (call.url === '/api/admin/users/7' ? json(200, adminUser()) : undefined),
      (call) =>
        call.url === '/api/admin/users/7/role'
          ? json(200, { message: 'User role updated to AMBSD', user: adminUser({ role: 'AMBSD' }) })
          : undefined,
    );
    renderWithClient(<AdminPage />);
    await openTab('Users');
    await userEvent.click(await screen.findByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.userDetails });
    expect(await within(dialog).findByText(ADMIN_TEXT.noRatings)).toBeInTheDocument();
    expect(within(dialog).getByText('maya@encore.test')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'AMBSD');
    expect(await screen.findByText('User role updated to AMBSD')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin/users/7/role',
      body: { role: 'AMBSD' },
    });
  });

  it('suspends a member with a reason in a confirm dialog, focus back on Suspend, then Escape back on View', async () => {
    let suspended = false;
    const calls = api(
      (call) =>
        call.url.startsWith('/api/admin/users?') ? json(200, page([adminUser({ suspended })])) : undefined,
      (call) => (call.url === '/api/admin/users/7' ? json(200, adminUser({ suspended })) : undefined),
      (call) => {
        if (call.url !== '/api/admin/users/7/suspension') return undefined;
        suspended = true;
        return json(200, {
          message: SUSPENSION_TEXT.userSuspended('maya', 1),
          user: adminUser({ suspended }),
        });
      },
    );
    renderWithClient(<AdminPage />, '/admin?tab=users');
    const view = await screen.findByRole('button', { name: ADMIN_TEXT.view });
    view.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.userDetails });
    await userEvent.click(await within(dialog).findByRole('button', { name: ADMIN_TEXT.suspend }));
    // Nothing happens before the admin confirms with a reason.
    const confirm = await screen.findByRole('dialog', { name: SUSPENSION_TEXT.suspendTitle });
    expect(within(confirm).getByText(SUSPENSION_TEXT.suspendDescription('maya'))).toBeInTheDocument();
    const submit = within(confirm).getByRole('button', { name: ADMIN_TEXT.suspend });
    expect(submit).toBeDisabled();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.type(within(confirm).getByLabelText(ADMIN_TEXT.reasonLabel), 'Sold fake tickets.');
    await userEvent.click(submit);
    expect(await screen.findByText(SUSPENSION_TEXT.userSuspended('maya', 1))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin/users/7/suspension',
      body: { suspended: true, reason: 'Sold fake tickets.' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: SUSPENSION_TEXT.suspendTitle })).not.toBeInTheDocument(),
    );
    const reinstate = await within(dialog).findByRole('button', { name: ADMIN_TEXT.reinstate });
    await waitFor(() => expect(reinstate).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText(ADMIN_TEXT.suspendedBadge)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('button', { name: ADMIN_TEXT.view })).toHaveFocus());
  });

  it('marks a closed member and offers neither a role nor a suspension for them', async () => {
    const closed = adminUser({
      username: 'former-member-7',
      email: null,
      closedAt: '2026-11-30T09:00:00.000Z',
    });
    api(
      (call) => (call.url.startsWith('/api/admin/users?') ? json(200, page([closed])) : undefined),
      (call) => (call.url === '/api/admin/users/7' ? json(200, closed) : undefined),
    );
    renderWithClient(<AdminPage />, '/admin?tab=users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (await within(table).findByText('former-member-7')).closest('tr') as HTMLElement;
    expect(within(row).getByText(ADMIN_TEXT.closedBadge)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.userDetails });
    expect(await within(dialog).findByText(ADMIN_TEXT.closedBadge)).toBeInTheDocument();
    expect(within(dialog).getByText(ADMIN_TEXT.notProvided)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Account closed on November 30, 2026/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: ADMIN_TEXT.suspend })).not.toBeInTheDocument();
  });

  it('Go Back leaves a member as they were', async () => {
    const calls = api(
      (call) => (call.url.startsWith('/api/admin/users?') ? json(200, page([adminUser()])) : undefined),
      (call) => (call.url === '/api/admin/users/7' ? json(200, adminUser()) : undefined),
    );
    renderWithClient(<AdminPage />, '/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.userDetails });
    const suspend = await within(dialog).findByRole('button', { name: ADMIN_TEXT.suspend });
    await userEvent.click(suspend);
    const confirm = await screen.findByRole('dialog', { name: SUSPENSION_TEXT.suspendTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: SUSPENSION_TEXT.goBack }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: SUSPENSION_TEXT.suspendTitle })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(suspend).toHaveFocus());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('hides a review from Review Details and marks it hidden', async () => {
    const review = {
      id: 31,
      eventName: 'Luna Ray Live',
      reviewType: 'buyer_to_seller',
      rating: 1,
      reviewerId: 8,
      reviewerName: 'jordan',
      targetId: 7,
      targetName: 'maya',
      comment: 'Something abusive',
      createdAt: '2026-02-05T10:00:00.000Z',
      hidden: false,
    };
    const calls = api(
      (call) => (call.url === '/api/admin/reviews/31' ? json(200, review) : undefined),
      (call) => {
        if (call.url !== '/api/admin/reviews/31/visibility') return undefined;
        review.hidden = true;
        return json(200, { message: ADMIN_TEXT.reviewHidden, review });
      },
    );
    const answer = vi.mocked(fetch).getMockImplementation();
    // The lists reload slowly once the review is hidden: the confirmation must not wait for them.
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (!String(url).startsWith('/api/admin/reviews?')) return (answer as typeof fetch)(url, init);
      if (review.hidden) await new Promise((resolve) => setTimeout(resolve, 1_000));
      return json(200, page([review]));
    });
    renderWithClient(<AdminPage />, '/admin?tab=reviews');
    await userEvent.click(await screen.findByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.reviewDetails });
    await userEvent.click(await within(dialog).findByRole('button', { name: ADMIN_TEXT.hideReview }));
    const confirm = await screen.findByRole('dialog', { name: ADMIN_TEXT.hideReview });
    expect(within(confirm).getByText(ADMIN_TEXT.hideReviewHint)).toBeInTheDocument();
    await userEvent.type(within(confirm).getByLabelText(ADMIN_TEXT.reasonLabel), 'Insults the seller.');
    await userEvent.click(within(confirm).getByRole('button', { name: ADMIN_TEXT.hideReview }));
    expect(await screen.findByText(ADMIN_TEXT.reviewHidden)).toBeInTheDocument();
    // The confirmation closes with the answer; it never turns into the opposite action while the lists reload.
    expect(screen.queryByRole('dialog', { name: ADMIN_TEXT.showReview })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: ADMIN_TEXT.hideReview })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      hidden: true,
      reason: 'Insults the seller.',
    });
    expect(await within(dialog).findByText(ADMIN_TEXT.hiddenHint)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: ADMIN_TEXT.showReview })).toBeInTheDocument();
  });

  it('resolves a dispute, names the outcome, and returns focus to the View that opened it', async () => {
    const dispute = {
      orderId: 12,
      ticketId: 41,
      eventName: 'Luna Ray Live',
      eventDate: '2030-05-01',
      section: '101',
      buyerId: 8,
      buyerName: 'jordan',
      sellerId: 7,
      sellerName: 'maya',
      amount: 207.47,
      source: 'report',
      status: 'open',
      reason: 'The tickets never arrived.',
      openedAt: '2026-02-05T10:00:00.000Z',
      resolvedAt: null,
      resolutionReason: null,
      transferStatus: 'initiated',
      barcode: { required: false, uploaded: false, downloaded: false },
      thread: [],
    };
    let open = true;
    const outcome = 'Dispute resolved: $207.47 refunded to the buyer';
    api(
      (call) =>
        call.url.startsWith('/api/admin/disputes?')
          ? json(200, { disputes: open ? [dispute] : [], page: 1, pageSize: 25, total: open ? 1 : 0 })
          : undefined,
      (call) => {
        if (call.url !== '/api/admin/disputes/12/resolve') return undefined;
        open = false;
        return json(200, { message: outcome, dispute: { ...dispute, status: 'refunded' } });
      },
    );
    renderWithClient(<AdminPage />, '/admin?tab=disputes');
    const view = await screen.findByRole('button', { name: ADMIN_TEXT.view });
    view.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Dispute on order #12' });
    expect(within(dialog).getByText('jordan')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(ADMIN_TEXT.reasonLabel), 'Never delivered');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByText(outcome)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The resolved dispute left the open list with its View button: focus goes to the tab's panel.
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Disputes' })).toHaveFocus());
  });

  it("says 'Failed to update user role' with the server's reason", async () => {
    api(
      (call) =>
        call.url.startsWith('/api/admin/users?')
          ? json(200, page([adminUser({ role: 'admin' })]))
          : undefined,
      (call) => (call.url === '/api/admin/users/7' ? json(200, adminUser({ role: 'admin' })) : undefined),
      (call) => (call.method === 'PUT' ? json(409, { message: ADMIN_TEXT.lastAdmin }) : undefined),
    );
    renderWithClient(<AdminPage />);
    await openTab('Users');
    await userEvent.click(await screen.findByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.userDetails });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Role' }), 'user');
    expect(await screen.findByText(ADMIN_TEXT.roleUpdateFailed)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.lastAdmin)).toBeInTheDocument();
  });

  it('withdraws a listing only once confirmed with a reason, in the member’s words, and explains a refusal', async () => {
    const calls = api(
      (call) => (call.url.startsWith('/api/admin/tickets?') ? json(200, page([adminTicket()])) : undefined),
      (call) =>
        call.url === '/api/admin/tickets/41' && call.method === 'GET' ? json(200, adminTicket()) : undefined,
      (call) =>
        call.method === 'PUT' && (call.body as { status: string }).status === 'pending'
          ? json(200, {
              message: ADMIN_TEXT.statusUpdated(LISTING_STATUS_TEXT.pending),
              ticket: adminTicket({ status: 'pending', version: 4 }),
            })
          : undefined,
      (call) =>
        call.method === 'PUT' ? json(409, { message: ADMIN_TEXT.cancelledEventListing }) : undefined,
    );
    renderWithClient(<AdminPage />);
    await openTab('Tickets');
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(await within(table).findByText('$101.75')).toBeInTheDocument();
    expect(within(table).getByText(LISTING_STATUS_TEXT.available)).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.ticketDetails });
    expect(await within(dialog).findByText('Riverside Arena')).toBeInTheDocument();
    expect(within(dialog).getByText('maya (ID: 7)')).toBeInTheDocument();
    expect(within(dialog).getByText('10%')).toBeInTheDocument();
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    // The member's words, and no 'sold': only a payment sells a ticket.
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([LISTING_STATUS_TEXT.available, LISTING_STATUS_TEXT.pending, LISTING_STATUS_TEXT.cancelled]);
    await userEvent.selectOptions(status, 'pending');
    const confirm = await screen.findByRole('dialog', {
      name: WITHDRAW_TEXT.dialogTitle(LISTING_STATUS_TEXT.pending),
    });
    expect(within(confirm).getByText(WITHDRAW_TEXT.dialogDescription.pending)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.type(within(confirm).getByLabelText(ADMIN_TEXT.reasonLabel), 'Checking the seats.');
    await userEvent.click(within(confirm).getByRole('button', { name: WITHDRAW_TEXT.confirm }));
    expect(
      await screen.findByText(ADMIN_TEXT.statusUpdated(LISTING_STATUS_TEXT.pending)),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      status: 'pending',
      version: 3,
      reason: 'Checking the seats.',
    });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'cancelled');
    const second = await screen.findByRole('dialog', {
      name: WITHDRAW_TEXT.dialogTitle(LISTING_STATUS_TEXT.cancelled),
    });
    await userEvent.type(within(second).getByLabelText(ADMIN_TEXT.reasonLabel), 'Counterfeit.');
    await userEvent.click(within(second).getByRole('button', { name: WITHDRAW_TEXT.confirm }));
    expect(await screen.findByText(ADMIN_TEXT.statusUpdateFailed)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXT.cancelledEventListing)).toBeInTheDocument();
  });

  it('shows a sold ticket’s status without offering a change', async () => {
    api(
      (call) =>
        call.url.startsWith('/api/admin/tickets?')
          ? json(200, page([adminTicket({ status: 'sold' })]))
          : undefined,
      (call) =>
        call.url === '/api/admin/tickets/41' ? json(200, adminTicket({ status: 'sold' })) : undefined,
    );
    renderWithClient(<AdminPage />);
    await openTab('Tickets');
    await userEvent.click(await screen.findByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.ticketDetails });
    expect(await within(dialog).findByText(LISTING_STATUS_TEXT.sold)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('refunds a transaction in escrow with a reason', async () => {
    const calls = api(
      (call) =>
        call.url.startsWith('/api/admin/transactions?') ? json(200, page([adminTransaction()])) : undefined,
      (call) => (call.url === '/api/admin/transactions/12' ? json(200, adminTransaction()) : undefined),
      (call) =>
        call.url === '/api/admin/transactions/12/refund'
          ? json(200, {
              message: 'Refunded $207.47 to the buyer',
              orderId: 12,
              refundedAmount: 207.47,
              status: 'refunded',
            })
          : undefined,
    );
    renderWithClient(<AdminPage />);
    await openTab('Transactions');
    await userEvent.click(await screen.findByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.transactionDetails });
    expect(await within(dialog).findByText('sbx_123')).toBeInTheDocument();
    const refund = within(dialog).getByRole('button', { name: 'Refund $207.47' });
    expect(refund).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(ADMIN_TEXT.reasonLabel), 'Seller never sent it');
    await userEvent.click(refund);
    expect(await screen.findByText('Refunded $207.47 to the buyer')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/transactions/12/refund',
      body: { reason: 'Seller never sent it' },
    });
  });

  it('pages and searches support messages on the server, replies with the admin id and resolves', async () => {
    const messages = [
      supportMessage(),
      supportMessage({ id: 6, username: 'maya', topic: 'account', message: 'Cannot change my e-mail' }),
    ];
    const calls = api(
      (call) =>
        call.url.startsWith('/api/admin/support-messages?')
          ? json(200, page(call.url.includes('search=') ? messages.slice(1) : messages, 130))
          : undefined,
      (call) =>
        call.method === 'POST' ? json(201, supportMessage({ id: 9, isFromAdmin: true })) : undefined,
      (call) => (call.method === 'PUT' ? json(200, {}) : undefined),
    );
    renderWithClient(<AdminPage />);
    await openTab('Messages');
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(await within(table).findByText('Payment Questions')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/support-messages?page=1&pageSize=25');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'E-MAIL');
    await waitFor(() => expect(within(table).queryByText('jordan')).not.toBeInTheDocument());
    expect(within(table).getByText('maya')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(
      '/api/admin/support-messages?page=1&pageSize=25&search=E-MAIL',
    );

    await userEvent.click(within(table).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Message marked as resolved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin-messages/6/status',
      body: { resolved: true },
    });

    await userEvent.click(within(table).getByRole('button', { name: ADMIN_TEXT.view }));
    const dialog = await screen.findByRole('dialog', { name: ADMIN_TEXT.messageDetails });
    const send = within(dialog).getByRole('button', { name: ADMIN_TEXT.sendReply });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reply'), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reply'), 'We have updated it for you.');
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(await screen.findByText(ADMIN_TEXT.replySent)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin-messages/6/reply',
      body: { message: 'We have updated it for you.', adminId: 1 },
    });
  });

  it("shows an event's refund progress and cancels another with a reason", async () => {
    const calls = api(
      (call) =>
        call.url.startsWith('/api/admin/events?')
          ? json(200, {
              events: [
                adminEvent(),
                adminEvent({
                  id: 4,
                  name: 'Gone Tour',
                  status: 'cancelled',
                  refunds: { refunded: 2, total: 5 },
                }),
              ],
              page: 1,
              pageSize: 25,
              total: 2,
            })
          : undefined,
      (call) =>
        call.url === '/api/admin/events/3/cancel'
          ? json(200, { message: 'Event cancelled', event: adminEvent({ status: 'cancelled' }) })
          : undefined,
    );
    renderWithClient(<AdminPage />);
    await openTab('Events');
    expect(await screen.findByText('refunded 2 of 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel event' });
    await userEvent.type(within(dialog).getByLabelText(ADMIN_TEXT.reasonLabel), 'Venue flooded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' }));
    expect(await screen.findByText('Event cancelled')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Venue flooded' });
  });
});
