import { createQueryClient } from '@client/lib/query-client';
import { json } from '@client/lib/test-fetch';
import { BUYING_TEXT, MARKET_FILTER_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '../filter-params';
import type { TicketFilters } from '../types';
import { FilterBar } from './filter-bar';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

let suggestionCalls: string[];
beforeEach(() => {
  suggestionCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.startsWith('/api/search/suggestions')) {
        suggestionCalls.push(new URL(input, 'http://x').searchParams.get('q') ?? '');
        return json(200, [
          { text: 'Aurora Skies', kind: 'artist', match: 'prefix', event: null },
          { text: 'Aurora Skies Live', kind: 'event', match: 'prefix', event: null },
          {
            text: 'Aurora Skies Live',
            kind: 'event',
            match: 'prefix',
            event: { id: 42, date: '2027-07-03', daysCount: 2, venue: 'Fenway Park' },
          },
        ]);
      }
      return json(404, { message: 'Not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ seen }: { seen: TicketFilters[] }) {
  const [filters, setFilters] = useState<TicketFilters>(DEFAULT_FILTERS);
  seen.push(filters);
  return <FilterBar filters={filters} onChange={setFilters} />;
}

function renderBar() {
  const seen: TicketFilters[] = [];
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness seen={seen} /> },
      { path: '/events/:idAndSlug', element: <h1>Event page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { latest: () => seen[seen.length - 1] as TicketFilters, router };
}

/** A page whose address takes its time: each search reaches the filters only when the test lets it. */
function SlowAddress({ held }: { held: TicketFilters[] }) {
  const [filters, setFilters] = useState<TicketFilters>(DEFAULT_FILTERS);
  return (
    <>
      <FilterBar filters={filters} onChange={(next) => held.push(next)} />
      <button type="button" onClick={() => setFilters(held.shift() ?? filters)}>
        arrive
      </button>
    </>
  );
}

describe('FilterBar', () => {
  it('keeps letters typed while the address catches up with the search before them', async () => {
    const user = userEvent.setup();
    const held: TicketFilters[] = [];
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <SlowAddress held={held} /> }])} />
      </QueryClientProvider>,
    );
    const search = screen.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
    await user.type(search, 'Aur');
    await waitFor(() => expect(held.map((filters) => filters.search)).toEqual(['Aur']));
    await user.type(search, 'o');
    await user.click(screen.getByRole('button', { name: 'arrive' }));
    expect(search).toHaveValue('Auro');
    await waitFor(() => expect(held.map((filters) => filters.search)).toEqual(['Auro']));
    // A search from outside (Back) still shows in the box.
    held.splice(0, 1, { ...DEFAULT_FILTERS, search: 'Back' });
    await user.click(screen.getByRole('button', { name: 'arrive' }));
    expect(search).toHaveValue('Back');
  });

  it('disables the Advanced Sort add button at 4 criteria, and removing one enables it again', async () => {
    const user = userEvent.setup();
    const { latest } = renderBar();
    await user.click(screen.getByRole('button', { name: BUYING_TEXT.advancedSort }));
    const add = await screen.findByRole('button', { name: BUYING_TEXT.addCriterion });
    for (let i = 0; i < 4; i += 1) {
      expect(add).toBeEnabled();
      await user.click(add);
    }
    expect(add).toBeDisabled();
    expect(latest().sortCriteria).toEqual([
      { field: 'eventDate', direction: 'asc' },
      { field: 'price', direction: 'asc' },
      { field: 'section', direction: 'asc' },
      { field: 'markup', direction: 'asc' },
    ]);
    await user.selectOptions(screen.getByLabelText('Sort direction 2'), 'desc');
    expect(latest().sortCriteria[1]).toEqual({ field: 'price', direction: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Remove sort criterion 4' }));
    expect(add).toBeEnabled();
    expect(latest().sortCriteria).toHaveLength(3);
  });

  it('offers suggestions from 2 characters and a chosen one becomes the search', async () => {
    const user = userEvent.setup();
    const { latest } = renderBar();
    const search = screen.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
    await user.type(search, 'a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(suggestionCalls).toEqual([]);
    await user.type(search, 'u');
    const option = (await screen.findAllByRole('option', { name: /Aurora Skies Live/ }))[0] as HTMLElement;
    expect(suggestionCalls).toEqual(['au']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(search).toHaveValue('Aurora Skies Live');
    await waitFor(() => expect(latest().search).toBe('Aurora Skies Live'));
    expect(option).not.toBeVisible();
  });

  it("shows a catalog event's suggestion with its days and venue, and choosing it opens the event page", async () => {
    const user = userEvent.setup();
    const { latest, router } = renderBar();
    const search = screen.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
    await user.type(search, 'au');
    const show = await screen.findByRole('option', {
      name: /Aurora Skies Live.*Sat, Jul 3, 2027 – Sun, Jul 4, 2027 · Fenway Park/,
    });
    await user.click(show);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/42-aurora-skies-live'));
    expect(latest().search).not.toBe('Aurora Skies Live');
  });

  it('Clear resets the search and every sort', async () => {
    const user = userEvent.setup();
    const { latest } = renderBar();
    const search = screen.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
    await user.type(search, 'Riverside');
    await waitFor(() => expect(latest().search).toBe('Riverside'));
    await user.click(screen.getByRole('button', { name: BUYING_TEXT.clear }));
    expect(latest()).toEqual(DEFAULT_FILTERS);
    expect(search).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(latest().search).toBe('');
  });

  it("says 'Advanced Sort' in the sort select while advanced criteria decide, and a plain sort replaces them", async () => {
    const user = userEvent.setup();
    const { latest } = renderBar();
    const select = screen.getByRole('combobox', { name: BUYING_TEXT.sortLabel });
    expect(select).toHaveTextContent(BUYING_TEXT.sortDate);
    await user.click(screen.getByRole('button', { name: BUYING_TEXT.advancedSort }));
    await user.click(await screen.findByRole('button', { name: BUYING_TEXT.addCriterion }));
    await user.keyboard('{Escape}');
    expect(select).toHaveTextContent(MARKET_FILTER_TEXT.advancedSortActive);
    expect(select).not.toHaveTextContent(BUYING_TEXT.sortDate);

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: BUYING_TEXT.sortPriceAsc }));
    expect(latest()).toMatchObject({ sortBy: 'price_asc', sortCriteria: [] });
    expect(select).toHaveTextContent(BUYING_TEXT.sortPriceAsc);
  });
});
