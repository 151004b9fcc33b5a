import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { EventPage as EventPageData } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventPage } from './event-page';

afterEach(() => vi.unstubAllGlobals());

const pageIn = (state: EventPageData['event']['state']): EventPageData => ({
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
    state,
    lineup: [],
  },
  offers: { count: 0, lowPrice: null, highPrice: null, atOrBelowOriginal: 0 },
  sections: [],
  listings: [],
  matching: 0,
  nextCursor: null,
  moreShows: { headliner: null, tour: [], venue: [] },
});

function renderPage(state: EventPageData['event']['state']) {
  fakeApi(({ url }) => (url.startsWith('/api/events/42') ? json(200, pageIn(state)) : json(404, {})));
  const router = createMemoryRouter([{ path: '/events/:segment', element: <EventPage /> }], {
    initialEntries: ['/events/42-aurora-skies'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the event page of a show that is not on sale', () => {
  it.each([
    ['cancelled', EVENT_SCREEN_TEXT.cancelledNote],
    ['past', EVENT_SCREEN_TEXT.pastNote],
  ] as const)('a %s show says why, with no pickers and no empty list', async (state, note) => {
    renderPage(state);
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: EVENT_SCREEN_TEXT.listingsHeading })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a show on sale with nothing listed keeps its filters and says nothing is listed', async () => {
    renderPage('on_sale');
    expect(await screen.findByRole('heading', { name: EVENT_SCREEN_TEXT.listingsHeading })).toBeVisible();
    expect(screen.getAllByRole('combobox').length).toBeGreaterThan(0);
  });
});
