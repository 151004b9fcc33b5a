import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PROFILE_TEXT, RATING_TEXT, REGISTRATION_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from './profile-page';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const user: CurrentUser = {
  id: 5,
  username: 'jordan',
  role: 'user',
  firstName: 'Jordan',
  lastName: 'Fan',
  email: 'jordan@example.com',
  phoneNumber: null,
  verificationPreference: 'email',
  fullName: null,
  ticketmasterEmail: 'tm@example.com',
  livenationEmail: null,
  axsEmail: null,
  averageRating: null,
  totalReviews: 0,
  pendingEmail: null,
  tourCompleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function show(shown: CurrentUser = user, path = '/profile') {
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <ProfilePage user={shown} reviewsPanel={<p>the reviews list</p>} payoutsPanel={<p>payouts</p>} />
        ),
      },
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

describe('ProfilePage', () => {
  it("opens on Profile Settings with the user's values, the platform links, the payouts panel and an honest rating", () => {
    fakeApi(() => json(500, {}));
    show();
    expect(screen.getByRole('tab', { name: PROFILE_TEXT.settingsTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { level: 2, name: PROFILE_TEXT.settingsTab })).toBeInTheDocument();
    expect(screen.getByLabelText(PROFILE_TEXT.firstName)).toHaveValue('Jordan');
    expect(screen.getByLabelText(PROFILE_TEXT.ticketmasterEmail)).toHaveValue('tm@example.com');
    expect(screen.getByLabelText(PROFILE_TEXT.axsEmail)).toHaveValue('');
    expect(screen.getByText(RATING_TEXT.noReviews)).toBeInTheDocument();
    expect(screen.queryByText(/4\.5/)).not.toBeInTheDocument();
    const links = within(screen.getByRole('region', { name: PROFILE_TEXT.quickLinksTitle })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.ticketmaster.com/',
      'https://www.livenation.com/',
      'https://www.axs.com/',
    ]);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('payouts')).toBeInTheDocument();
  });

  it('shows a real rating when the user has reviews', () => {
    fakeApi(() => json(500, {}));
    show({ ...user, averageRating: 4.3, totalReviews: 3 });
    expect(screen.getByText('4.3 out of 5 from 3 reviews')).toBeInTheDocument();
  });

  it("saves names and transfer e-mails and says 'Profile updated successfully'", async () => {
    const calls = fakeApi((call) => json(200, { ...user, ...(call.body as object) }));
    show();
    await userEvent.type(screen.getByLabelText(PROFILE_TEXT.livenationEmail), 'ln@example.com');
    await userEvent.clear(screen.getByLabelText(PROFILE_TEXT.ticketmasterEmail));
    await userEvent.type(screen.getByLabelText(PROFILE_TEXT.fullName), 'Jordan A. Fan');
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    expect(await screen.findByText(PROFILE_TEXT.saved)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/user',
        body: {
          firstName: 'Jordan',
          lastName: 'Fan',
          fullName: 'Jordan A. Fan',
          ticketmasterEmail: '',
          livenationEmail: 'ln@example.com',
          axsEmail: '',
        },
      },
    ]);
  });

  it('checks e-mails and names before sending, and reports a refused update', async () => {
    const calls = fakeApi(() =>
      json(400, { message: 'Invalid email address', fieldErrors: { axsEmail: 'Invalid email address' } }),
    );
    show();
    await userEvent.type(screen.getByLabelText(PROFILE_TEXT.axsEmail), 'not-an-address');
    await userEvent.clear(screen.getByLabelText(PROFILE_TEXT.firstName));
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    expect(await screen.findByText(REGISTRATION_TEXT.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_TEXT.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(PROFILE_TEXT.axsEmail)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText(PROFILE_TEXT.axsEmail));
    await userEvent.type(screen.getByLabelText(PROFILE_TEXT.axsEmail), 'a@b.co');
    await userEvent.type(screen.getByLabelText(PROFILE_TEXT.firstName), 'Jo');
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    expect(await screen.findByText(PROFILE_TEXT.saveFailed)).toBeInTheDocument();
    expect(screen.getAllByText('Invalid email address').length).toBeGreaterThan(0);
  });

  it('changes the e-mail through the dialog: nothing for the same address, then Email Change Initiated', async () => {
    const calls = fakeApi(() => json(200, { ...user, pendingEmail: 'new@example.com' }));
    show();
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.changeEmail }));
    const dialog = await screen.findByRole('dialog', { name: PROFILE_TEXT.changeEmailTitle });
    const input = within(dialog).getByLabelText(PROFILE_TEXT.newEmail);
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXT.sendConfirmation }));
    await userEvent.type(input, 'JORDAN@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXT.sendConfirmation }));
    expect(calls).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, 'new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXT.sendConfirmation }));
    expect(
      await within(dialog).findByRole('heading', { name: PROFILE_TEXT.emailChangeInitiated }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(PROFILE_TEXT.emailChangeSentTo('jordan@example.com')),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PATCH', url: '/api/user', body: { email: 'new@example.com' } }]);
  });

  it("says 'Failed to update email' when the change is refused", async () => {
    fakeApi(() => json(409, { message: 'Email already registered' }));
    show();
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.changeEmail }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(PROFILE_TEXT.newEmail), 'taken@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXT.sendConfirmation }));
    expect(await screen.findByText(PROFILE_TEXT.emailChangeFailed)).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
  });

  it('switches to My Reviews and keeps the tab in the address', async () => {
    fakeApi(() => json(500, {}));
    const router = show();
    await userEvent.click(screen.getByRole('tab', { name: PROFILE_TEXT.reviewsTab }));
    expect(screen.getByRole('heading', { level: 2, name: PROFILE_TEXT.reviewsTab })).toBeInTheDocument();
    expect(screen.getByText('the reviews list')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=reviews'));
  });

  it('opens on My Reviews from ?tab=reviews', () => {
    fakeApi(() => json(500, {}));
    show(user, '/profile?tab=reviews');
    expect(screen.getByRole('tab', { name: PROFILE_TEXT.reviewsTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
