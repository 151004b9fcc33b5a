import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { PriceStory as PriceStoryData } from '@common/schemas/price-story';
import { FAN_QUEUE_LINE_TEXT } from '@common/texts/fan-queue-line';
import { PRICE_STORY_TEXT } from '@common/texts/price-story';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceStory } from './price-story';

const EVENT_ID = 42;

function renderStory() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PriceStory eventId={EVENT_ID} />
    </QueryClientProvider>,
  );
}

function story(overrides: Partial<PriceStoryData> = {}): PriceStoryData {
  return {
    eventId: EVENT_ID,
    timeZone: 'America/Los_Angeles',
    listingCount: 0,
    points: [],
    soldDays: [],
    sentence: PRICE_STORY_TEXT.noListings,
    throughFanQueueTickets: 0,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('PriceStory', () => {
  it('says it is loading until the story comes, from the event’s own address', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = fakeApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderStory();
    expect(screen.getByRole('status')).toHaveTextContent(PRICE_STORY_TEXT.loading);
    expect(calls.map((call) => call.url)).toEqual([`/api/events/${EVENT_ID}/price-story`]);
    answer(json(200, story()));
    expect(await screen.findByText(PRICE_STORY_TEXT.noListings)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the sentence alone, with no chart or table, when nothing is listed or sold', async () => {
    fakeApi(() => json(200, story()));
    renderStory();
    expect(await screen.findByText(PRICE_STORY_TEXT.noListings)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells how many tickets went through the Fan Queue, once any have', async () => {
    fakeApi(() => json(200, story({ throughFanQueueTickets: 2 })));
    renderStory();
    expect(await screen.findByText(FAN_QUEUE_LINE_TEXT.throughQueue(2))).toBeInTheDocument();
    expect(FAN_QUEUE_LINE_TEXT.throughQueue(2)).toBe(
      '2 tickets have gone through the Fan Queue at or below face value.',
    );
  });

  it('says nothing of the Fan Queue while no ticket has gone through it', async () => {
    fakeApi(() => json(200, story()));
    renderStory();
    expect(await screen.findByText(PRICE_STORY_TEXT.noListings)).toBeInTheDocument();
    expect(screen.queryByText(/Fan Queue/)).not.toBeInTheDocument();
  });

  it('says so when the story cannot be read', async () => {
    fakeApi(() => json(404, { message: PRICE_STORY_TEXT.eventNotFound }));
    renderStory();
    expect(await screen.findByText(PRICE_STORY_TEXT.loadFailed)).toBeInTheDocument();
  });

  it('charts the listings and sales, and lists every point in a table a button shows', async () => {
    const sentence = 'Most listings are 5–20% above the original price; 1 is at or below it.';
    const points = [
      { listingId: 7, perTicketAllIn: 95, originalPricePerTicket: 100 },
      { listingId: 3, perTicketAllIn: 100.4, originalPricePerTicket: 100 },
      { listingId: 9, perTicketAllIn: 120, originalPricePerTicket: 100 },
      { listingId: 4, perTicketAllIn: 130.49, originalPricePerTicket: 0 },
    ];
    const soldDays = [
      { day: '2030-03-01', medianPerTicketAllIn: 110, sales: 3 },
      { day: '2030-03-03', medianPerTicketAllIn: 118.5, sales: 1 },
    ];
    fakeApi(() => json(200, story({ listingCount: 6, points, soldDays, sentence })));
    renderStory();
    expect(await screen.findByText(sentence)).toBeInTheDocument();

    const charts = await screen.findAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      PRICE_STORY_TEXT.chartLabel(4, sentence),
      PRICE_STORY_TEXT.soldChartLabel(2, 'Fri, Mar 1, 2030', 'Sun, Mar 3, 2030'),
    ]);
    expect(charts[0]?.querySelectorAll('circle')).toHaveLength(4);
    // Within half a percent reads "at the original price" (decision 0073): green, as the filter counts it.
    expect(
      [...(charts[0]?.querySelectorAll('circle') ?? [])].map((dot) => dot.getAttribute('class')),
    ).toEqual(['fill-success', 'fill-success', 'fill-primary', 'fill-primary']);
    expect(charts[1]?.querySelectorAll('circle')).toHaveLength(2);
    expect(screen.getByText(PRICE_STORY_TEXT.capped(4, 6))).toBeInTheDocument();

    // The tables are there for screen readers, and shown on request.
    const toggle = screen.getByRole('button', { name: PRICE_STORY_TEXT.showTable });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const [listings, sold] = screen.getAllByRole('table');
    expect(listings?.parentElement?.parentElement).toHaveClass('sr-only');
    const rows = within(listings as HTMLElement)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['$95.00', '$100.00', '−5%'],
      ['$100.40', '$100.00', '0%'],
      ['$120.00', '$100.00', '+20%'],
      ['$130.49', '$0.00', '—'],
    ]);
    const soldRows = within(sold as HTMLElement)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(soldRows).toEqual(['Fri, Mar 1, 2030$110.003', 'Sun, Mar 3, 2030$118.501']);

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: PRICE_STORY_TEXT.hideTable })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(listings?.parentElement?.parentElement).not.toHaveClass('sr-only');
  });
});
