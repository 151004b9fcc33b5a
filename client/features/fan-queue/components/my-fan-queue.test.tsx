import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { FanQueueEntry } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fanQueueEntry, fanQueueOffer } from '../test-fixtures';
import { MyFanQueue } from './my-fan-queue';

afterEach(() => vi.unstubAllGlobals());

/** Serves GET /api/fan-queue page by page (10 a page), or fails it while `fail()`. */
function serve(
  pages: FanQueueEntry[][],
  { total = pages.flat().length, fail = (): boolean => false }: { total?: number; fail?: () => boolean } = {},
) {
  const calls = fakeApi((call) => {
    const listed = /^\/api\/fan-queue\?page=(\d+)&pageSize=10$/.exec(call.url);
    if (call.method !== 'GET' || !listed) return json(404, { message: 'Not found' });
    if (fail()) return json(500, { message: 'Down' });
    const page = Number(listed[1]);
    return json(200, { entries: pages[page - 1] ?? [], page, pageSize: 10, total });
  });
  renderAt(<MyFanQueue />, '/my-bids');
  return calls;
}

const section = () => screen.findByRole('region', { name: FAN_QUEUE_TEXT.myTitle });

describe('MyFanQueue', () => {
  it('lists the member’s places: the show, its status, the place in line, an open offer and the offers made', async () => {
    const waiting = fanQueueEntry({ id: 1, position: 3, quantity: 2, maxPriceCents: 4_550 });
    const offered = fanQueueEntry({
      id: 2,
      eventId: 43,
      eventName: 'Night Owls: Live!',
      eventDate: '2027-06-12',
      venue: 'Harbor Hall',
      status: 'offered',
      position: null,
      quantity: 1,
      offer: fanQueueOffer({ id: 40, ticketId: 777, quantity: 1, priceCents: 3_000 }),
      history: [
        fanQueueOffer({ id: 40, ticketId: 777, quantity: 1, priceCents: 3_000 }),
        fanQueueOffer({ id: 39, ticketId: 770, quantity: 1, priceCents: 2_900, status: 'lapsed' }),
      ],
    });
    const filled = fanQueueEntry({
      id: 3,
      eventName: 'Comet Parade',
      status: 'filled',
      position: null,
      history: [fanQueueOffer({ id: 20, quantity: 2, priceCents: 5_000, status: 'bought' })],
    });
    const left = fanQueueEntry({
      id: 4,
      eventName: 'Quiet Storm',
      status: 'left',
      position: null,
      history: [fanQueueOffer({ id: 21, status: 'withdrawn' })],
    });
    serve([[waiting, offered, filled, left]]);
    await screen.findByRole('link', { name: 'Aurora Skies' });
    const list = await section();
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === list);
    expect(cards).toHaveLength(4);
    const [first, second, third, fourth] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(first).getByRole('link', { name: 'Aurora Skies' })).toHaveAttribute(
      'href',
      '/events/42-aurora-skies',
    );
    expect(first).toHaveTextContent('Riverside Arena · Sat, May 1, 2027');
    expect(first).toHaveTextContent(FAN_QUEUE_TEXT.statusWaiting);
    expect(first).toHaveTextContent(FAN_QUEUE_TEXT.entrySummary(2, '$45.50'));
    expect(first).toHaveTextContent('You are 3rd in line for 2 tickets');
    expect(
      within(first).queryByRole('heading', { name: FAN_QUEUE_TEXT.historyTitle }),
    ).not.toBeInTheDocument();

    expect(within(second).getByRole('link', { name: 'Night Owls: Live!' })).toHaveAttribute(
      'href',
      '/events/43-night-owls-live',
    );
    expect(second).toHaveTextContent(FAN_QUEUE_TEXT.statusOffered);
    expect(second).not.toHaveTextContent('in line for');
    expect(within(second).getByRole('heading', { name: FAN_QUEUE_TEXT.offerTitle })).toBeInTheDocument();
    expect(second).toHaveTextContent('1 ticket at $30.00 is held for you for 10 minutes.');
    const pay = within(second).getByRole('link', { name: FAN_QUEUE_TEXT.payOfferLabel('Night Owls: Live!') });
    expect(pay).toHaveTextContent(FAN_QUEUE_TEXT.payOffer);
    expect(pay).toHaveAttribute('href', '/?ticket=777');
    const history = within(second).getByRole('list');
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${FAN_QUEUE_TEXT.offerSummary(1, '$30.00')}${FAN_QUEUE_TEXT.offerOpen}`,
      `${FAN_QUEUE_TEXT.offerSummary(1, '$29.00')}${FAN_QUEUE_TEXT.offerLapsed}`,
    ]);

    expect(third).toHaveTextContent(FAN_QUEUE_TEXT.statusFilled);
    expect(third).toHaveTextContent(FAN_QUEUE_TEXT.offerBought);
    expect(within(third).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(fourth).toHaveTextContent(FAN_QUEUE_TEXT.statusLeft);
    expect(fourth).toHaveTextContent(FAN_QUEUE_TEXT.offerWithdrawn);
  });

  it('pages through the places, 10 at a time', async () => {
    const first = Array.from({ length: 10 }, (_, index) =>
      fanQueueEntry({ id: index + 1, eventName: `Show ${index + 1}` }),
    );
    const calls = serve([first, [fanQueueEntry({ id: 11, eventName: 'Show 11' })]], { total: 11 });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Show 1' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: FAN_QUEUE_TEXT.pages });
    expect(pages).toHaveTextContent('1 / 2');
    await user.click(within(pages).getByRole('button', { name: FAN_QUEUE_TEXT.nextPage }));
    expect(await screen.findByRole('link', { name: 'Show 11' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show 1' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/fan-queue?page=1&pageSize=10',
      '/api/fan-queue?page=2&pageSize=10',
    ]);
  });

  it('says the member is in no line', async () => {
    serve([[]]);
    expect(await screen.findByText(FAN_QUEUE_TEXT.myEmpty)).toBeInTheDocument();
    expect(await section()).toHaveTextContent(FAN_QUEUE_TEXT.myEmpty);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says the places could not be loaded, and tries again', async () => {
    let fail = true;
    serve([[fanQueueEntry()]], { fail: () => fail });
    const user = userEvent.setup();
    expect(await screen.findByText(FAN_QUEUE_TEXT.myLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.retry }));
    expect(await screen.findByRole('link', { name: 'Aurora Skies' })).toBeInTheDocument();
    expect(screen.queryByText(FAN_QUEUE_TEXT.myLoadFailed)).not.toBeInTheDocument();
  });
});
