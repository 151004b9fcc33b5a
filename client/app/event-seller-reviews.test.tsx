import { Toaster } from '@client/components/ui/toaster';
import { EventPage } from '@client/features/event-page/pages/event-page';
import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { BUYING_TEXT } from '@common/messages';
import type { EventPage as EventPageData, EventPageListing } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSellerReviews } from './event-seller-reviews';

afterEach(() => vi.unstubAllGlobals());

const listing = (id: number, seller: EventPageListing['seller']): EventPageListing => ({
  id,
  section: '101',
  row: 'C',
  quantity: 2,
  splitRule: 'no_single',
  buyingQuantity: 2,
  ticketType: 'digital',
  pricePerTicket: 60,
  totalPrice: 120,
  originalPricePerTicket: 55,
  faceValuePerTicket: 50,
  originalFeePerTicket: 5,
  priceComparison: { kind: 'above', percent: 9 },
  held: false,
  seller,
});

const page: EventPageData = {
  event: {
    id: 42,
    name: 'Aurora Skies',
    path: '/events/42-aurora-skies',
    date: '2027-05-01',
    lastDate: '2027-05-01',
    daysCount: 1,
    originalDate: null,
    startTime: '20:00',
    doorsTime: null,
    venue: 'Riverside Arena',
    city: 'Boston',
    address: { streetAddress: null, city: 'Boston', region: 'MA', postalCode: null, country: 'US' },
    timeZone: 'America/New_York',
    state: 'on_sale',
    lineup: [],
  },
  offers: { count: 2, lowPrice: 60, highPrice: 60, atOrBelowOriginal: 0 },
  sections: ['101'],
  listings: [
    listing(7, {
      id: 3,
      username: 'maya',
      averageRating: 4.8,
      totalReviews: 12,
      trust: { verified: false, completedSales: 0, professional: false },
    }),
    listing(8, {
      id: 4,
      username: 'newbie',
      averageRating: null,
      totalReviews: 0,
      trust: { verified: false, completedSales: 0, professional: false },
    }),
  ],
  matching: 2,
  nextCursor: null,
  moreShows: { headliner: null, tour: [], venue: [] },
};

const member = {
  user: { id: 9, username: 'fan', email: 'fan@example.com', firstName: 'Ana', lastName: 'Fan', role: 'user' },
};

function renderEventPage(signedIn: boolean) {
  const calls = fakeApi(({ url }) => {
    if (url.startsWith('/api/events/42')) return json(200, page);
    if (url === '/api/session') return json(200, signedIn ? member : { user: null });
    if (url === '/api/users/3/reviews')
      return json(200, [
        {
          id: 1,
          rating: 5,
          reviewerName: 'jordan',
          ticketDate: '2026-09-01',
          ticketEvent: 'Night Drive',
          reviewType: 'buyer_to_seller',
          comment: 'Smooth transfer',
        },
      ]);
    return json(404, { message: 'Not found' });
  });
  const router = createMemoryRouter(
    [
      { path: '/events/:segment', element: <EventPage renderSeller={renderSellerReviews} /> },
      { path: '/login', element: <h1>Sign in page</h1> },
    ],
    { initialEntries: ['/events/42-aurora-skies?quantity=2'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls, router, user: userEvent.setup() };
}

/** The rating '4.8 out of 5 (12)' then `suffix` (jsdom joins '4.8' and the hidden ' out of 5' without the space). */
const ratingNamed = (suffix: string) => (name: string) =>
  /^4\.8 ?out of 5 \(12\)/.test(name) && name.endsWith(suffix);

async function listings() {
  const cards = await screen.findAllByTestId('event-listing');
  return { rated: cards[0] as HTMLElement, newSeller: cards[1] as HTMLElement };
}

describe('event page seller ratings', () => {
  it("opens a rated seller's reviews for a member, keeping the rating's text, and gives focus back", async () => {
    const { calls, user } = renderEventPage(true);
    const { rated } = await listings();
    const rating = await within(rated).findByRole('button', {
      name: ratingNamed(EVENT_SCREEN_TEXT.sellerReviews('maya')),
    });
    expect(rated).toHaveTextContent('Sold by maya·4.8 out of 5 (12)');
    await user.click(rating);
    const dialog = await screen.findByRole('dialog', { name: 'maya' });
    expect(await within(dialog).findByText('Smooth transfer')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Rated 4.8 out of 5 from 12 reviews');
    expect(calls.some((call) => call.url === '/api/users/3/reviews')).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rating).toHaveFocus());
  });

  it("offers a visitor sign-in that comes back to the event page, and asks for no one's reviews", async () => {
    const { calls, router, user } = renderEventPage(false);
    const { rated } = await listings();
    const link = await within(rated).findByRole('link', {
      name: ratingNamed(EVENT_SCREEN_TEXT.signInForSellerReviews('maya')),
    });
    expect(link).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/events/42-aurora-skies?quantity=2')}`,
    );
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/events/42-aurora-skies?quantity=2')}`,
    );
    expect(calls.some((call) => call.url.includes('/reviews'))).toBe(false);
  });

  it("leaves 'New seller' as plain text: there are no reviews to read", async () => {
    renderEventPage(true);
    const { rated, newSeller } = await listings();
    await within(rated).findByRole('button', { name: /reviews of maya/ });
    expect(newSeller).toHaveTextContent(`Sold by newbie·${BUYING_TEXT.newSeller}`);
    expect(within(newSeller).queryByRole('button', { name: /newbie|New seller/ })).toBeNull();
    expect(
      within(newSeller)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([EVENT_SCREEN_TEXT.viewTicket]);
  });
});
