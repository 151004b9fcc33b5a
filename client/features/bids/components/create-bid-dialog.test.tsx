import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { Bid } from '@common/schemas/bids';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bid, concert, fakePicker, radixInJsdom } from '../test-fixtures';
import { CreateBidDialog } from './create-bid-dialog';

radixInJsdom();

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

const created = bid({ id: 9, maxPrice: 120.5 });
let createdBids: Bid[] = [];

function serve(answers: Record<string, () => Response> = {}) {
  return fakeApi((call) => {
    const path = call.url.split('?')[0] ?? '';
    const answer = answers[`${call.method} ${path}`];
    if (answer) return answer();
    if (path === '/api/concerts/search')
      return json(200, [concert, { ...concert, id: 32, name: 'Aurora Nights', date: '' }]);
    if (path === '/api/tickets/average-price')
      return json(200, { found: true, source: 'historical', averagePrice: 104.5, count: 3, message: '' });
    if (call.method === 'POST' && path === '/api/bids')
      return json(201, { ok: true, bid: created, message: '' });
    if (path === '/api/bids') return json(200, { ok: true, bids: [], message: '' });
    return json(404, { message: 'Not found' });
  });
}

function renderDialog() {
  createdBids = [];
  renderAt(
    <CreateBidDialog
      open
      onOpenChange={() => {}}
      onCreated={(bid) => createdBids.push(bid)}
      returnFocusTo={() => null}
      renderPaymentMethodPicker={fakePicker}
    />,
    '/my-bids',
  );
  return screen.findByRole('dialog', { name: BID_SCREEN_TEXT.createTitle });
}

async function pickEvent(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByPlaceholderText(BID_TEXT.searchPlaceholder), 'auro');
  await user.click(await within(dialog).findByRole('button', { name: /Aurora Skies/ }));
}

describe('Create Bid', () => {
  it('shows every §5 message inline and sends nothing', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const dialog = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: BID_TEXT.createBid }));
    expect(within(dialog).getByText(BID_TEXT.eventNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(BID_TEXT.maxPriceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(BID_TEXT.paymentMethodRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(BID_TEXT.acknowledgeRequired)).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText(BID_TEXT.searchPlaceholder)).toHaveFocus();

    await user.type(within(dialog).getByLabelText(/Maximum Amount/), '0');
    await user.click(within(dialog).getByRole('button', { name: BID_TEXT.createBid }));
    expect(within(dialog).getByText(BID_TEXT.maxPricePositive)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Maximum Amount/));
    await user.type(within(dialog).getByLabelText(/Maximum Amount/), '10.005');
    await user.click(within(dialog).getByRole('button', { name: BID_TEXT.createBid }));
    expect(within(dialog).getByText(BID_TEXT.maxPriceNumber)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('has the amount field, quantities 1 to 8, the notice and the all-in cost example', async () => {
    serve();
    const user = userEvent.setup();
    const dialog = await renderDialog();
    const amount = within(dialog).getByLabelText(/Maximum Amount/);
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('placeholder', '0.00');
    const quantity = within(dialog).getByLabelText(BID_SCREEN_TEXT.quantityLabel);
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(within(dialog).getByLabelText(BID_TEXT.sectionOptional)).toBeInTheDocument();
    expect(within(dialog).getByText(BID_TEXT.importantNotice)).toBeInTheDocument();

    const cost = within(dialog).getByTestId('bid-cost-example');
    expect(cost).toHaveTextContent(BID_SCREEN_TEXT.costIntro('$100.00'));
    expect(cost).toHaveTextContent(`${BID_SCREEN_TEXT.costTickets}$98.09`);
    expect(cost).toHaveTextContent(`${BID_SCREEN_TEXT.costFee(1.95)}$1.91`);
    expect(cost).toHaveTextContent(`${BID_SCREEN_TEXT.costTotal}$100.00`);
    expect(cost).toHaveTextContent(BID_SCREEN_TEXT.costExampleNote);

    await user.type(amount, '250');
    expect(cost).toHaveTextContent(BID_SCREEN_TEXT.costIntro('$250.00'));
    expect(cost).toHaveTextContent(`${BID_SCREEN_TEXT.costTickets}$245.22`);
    expect(cost).toHaveTextContent(`${BID_SCREEN_TEXT.costFee(1.95)}$4.78`);
    expect(cost).toHaveTextContent(`${BID_SCREEN_TEXT.costTotal}$250.00`);
    expect(cost).not.toHaveTextContent(BID_SCREEN_TEXT.costExampleNote);
  });

  it('searches from 3 characters, shows Date TBA, picks an event and clears it again', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const dialog = await renderDialog();
    const search = within(dialog).getByPlaceholderText(BID_TEXT.searchPlaceholder);
    await user.type(search, 'au');
    expect(within(dialog).getByText(BID_SCREEN_TEXT.searchTooShort)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.some((call) => call.url.startsWith('/api/concerts/search'))).toBe(false);
    await user.type(search, 'r');
    const results = await within(dialog).findByRole('list', { name: BID_SCREEN_TEXT.resultsLabel });
    expect(within(results).getByRole('button', { name: /Aurora Nights.*Date TBA/ })).toBeInTheDocument();
    expect(
      within(results).getByRole('button', {
        name: /Aurora Skies.*Riverside Arena, Portland.*Sat, May 1, 2027/,
      }),
    ).toBeInTheDocument();
    expect(
      calls.filter((call) => call.url.startsWith('/api/concerts/search')).map((call) => call.url),
    ).toEqual(['/api/concerts/search?query=aur']);

    await user.click(within(results).getByRole('button', { name: /Aurora Skies/ }));
    const clear = within(dialog).getByRole('button', { name: BID_SCREEN_TEXT.clearSelection });
    await waitFor(() => expect(clear).toHaveFocus());
    expect(within(dialog).getByText('Riverside Arena')).toBeInTheDocument();
    // The hint reads the average for the chosen event (by its id, not every event of its name) and quantity.
    expect(
      await within(dialog).findByText(BID_SCREEN_TEXT.averageHistorical('$104.50', 3)),
    ).toBeInTheDocument();
    expect(
      calls.filter((call) => call.url.startsWith('/api/tickets/average-price')).map((call) => call.url),
    ).toEqual(['/api/tickets/average-price?eventName=Aurora+Skies&eventId=31&quantity=1']);

    await user.click(clear);
    await waitFor(() =>
      expect(within(dialog).getByPlaceholderText(BID_TEXT.searchPlaceholder)).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: BID_TEXT.clearSearch }));
    expect(within(dialog).getByPlaceholderText(BID_TEXT.searchPlaceholder)).toHaveValue('');
  });

  it.each([
    [
      json(200, { found: false, source: null, averagePrice: null, count: 0, message: '' }),
      BID_TEXT.averagePriceNone,
    ],
    [json(500, {}), BID_TEXT.averagePriceError],
  ])('says when the average price is not there', async (answer, text) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({ 'GET /api/tickets/average-price': () => answer });
    const user = userEvent.setup();
    const dialog = await renderDialog();
    await pickEvent(user, dialog);
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    warn.mockRestore();
  });

  it("shows 'Failed to search for concerts' inline when the search fails", async () => {
    serve({ 'GET /api/concerts/search': () => json(500, {}) });
    const user = userEvent.setup();
    const dialog = await renderDialog();
    await user.type(within(dialog).getByPlaceholderText(BID_TEXT.searchPlaceholder), 'aurora');
    expect(await within(dialog).findByText(BID_TEXT.searchFailed)).toBeInTheDocument();
  });

  async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await pickEvent(user, dialog);
    await user.type(within(dialog).getByLabelText(/Maximum Amount/), '120.50');
    await user.selectOptions(within(dialog).getByLabelText(BID_SCREEN_TEXT.quantityLabel), '2');
    await user.type(within(dialog).getByLabelText(BID_TEXT.sectionOptional), ' Floor ');
    await user.selectOptions(within(dialog).getByLabelText(/Payment Method/), 'sbx_pm_1');
    await user.click(within(dialog).getByRole('checkbox', { name: BID_SCREEN_TEXT.acknowledge }));
    await user.click(within(dialog).getByRole('button', { name: BID_TEXT.createBid }));
  }

  it('sends the bid as the contract has it and says it was created', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const dialog = await renderDialog();
    await fillAndSubmit(user, dialog);
    expect(await screen.findByText(BID_TEXT.createdTitle)).toBeInTheDocument();
    expect(screen.getByText(BID_TEXT.createSucceeded)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      eventId: 31,
      eventName: 'Aurora Skies',
      venue: 'Riverside Arena',
      eventDate: '2027-05-01',
      maxPrice: 120.5,
      quantity: 2,
      section: 'Floor',
      stripePaymentMethodId: 'sbx_pm_1',
    });
    expect(createdBids).toEqual([created]);
  });

  it.each([
    [
      json(409, { message: `${BID_TEXT.limitTitle}: ${BID_TEXT.limit}` }),
      BID_TEXT.limitTitle,
      BID_TEXT.limit,
    ],
    [json(400, { message: BID_TEXT.eventDatePast }), BID_TEXT.createFailedFallback, BID_TEXT.eventDatePast],
    [json(500, {}), BID_TEXT.createFailedFallback, BID_TEXT.createFailed],
  ])("shows the server's message or the fallback when creating fails", async (answer, title, text) => {
    serve({ 'POST /api/bids': () => answer });
    const user = userEvent.setup();
    const dialog = await renderDialog();
    await fillAndSubmit(user, dialog);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(createdBids).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("puts the server's field messages under their fields", async () => {
    serve({
      'POST /api/bids': () =>
        json(400, {
          message: BID_TEXT.maxPricePositive,
          fieldErrors: { maxPrice: BID_TEXT.maxPricePositive },
        }),
    });
    const user = userEvent.setup();
    const dialog = await renderDialog();
    await fillAndSubmit(user, dialog);
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Maximum Amount/)).toHaveAccessibleDescription(
        expect.stringContaining(BID_TEXT.maxPricePositive),
      ),
    );
  });
});
