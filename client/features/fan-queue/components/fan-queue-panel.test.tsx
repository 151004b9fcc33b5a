import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { FanQueueEntry, FanQueueShow } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fanQueueEntry, fanQueueOffer, fanQueueShow, SIGNED_IN } from '../test-fixtures';
import { FanQueuePanel } from './fan-queue-panel';

// jsdom lacks the layout API Radix's radio group measures with.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

const LINE = '/api/events/42/fan-queue';

interface Server {
  signedIn?: boolean;
  show?: Partial<FanQueueShow>;
  mine?: FanQueueEntry | null;
  /** The answer to PUT; by default the entry as asked, 14th in line. */
  put?: (body: { quantity: number; maxPrice: number }) => Response;
  del?: () => Response;
}

/** A fake API keeping the member's entry: PUT sets it, DELETE clears it, GET shows it. */
const CARD = { id: 'sbx_pm_4242_abc', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

function serve({ signedIn = true, show = {}, mine = null, put, del }: Server = {}) {
  let entry = mine;
  const calls = fakeApi((call) => {
    if (call.url === '/api/session') return json(200, signedIn ? SIGNED_IN : { user: null });
    if (call.url === '/api/payment-methods')
      return json(200, { ok: true, paymentMethods: [CARD], message: '' });
    if (call.url !== LINE) return json(404, { message: 'Not found' });
    if (call.method === 'GET') return json(200, fanQueueShow({ ...show, mine: signedIn ? entry : null }));
    if (call.method === 'PUT') {
      const body = call.body as { quantity: number; maxPrice: number; paymentMethodId: string | null };
      if (put) return put(body);
      const existed = entry !== null;
      entry = fanQueueEntry({
        ...(entry ?? {}),
        quantity: body.quantity,
        maxPriceCents: Math.round(body.maxPrice * 100),
        card: body.paymentMethodId ? { id: CARD.id, brand: CARD.brand, last4: CARD.last4 } : null,
      });
      return json(existed ? 200 : 201, entry);
    }
    if (call.method === 'DELETE') {
      if (del) return del();
      entry = null;
      return new Response(null, { status: 204 });
    }
    return json(405, { message: 'No' });
  });
  renderAt(<FanQueuePanel eventId={42} eventName="Aurora Skies" />, '/events/42-aurora-skies');
  return calls;
}

const writes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');
const region = () => screen.findByRole('region', { name: FAN_QUEUE_TEXT.title });

describe('FanQueuePanel', () => {
  it('shows a visitor the line and sign-in that comes back to the show, and no form', async () => {
    serve({ signedIn: false, show: { waiting: 1_204, throughQueueTickets: 37 } });
    const panel = await region();
    expect(panel).toHaveTextContent(FAN_QUEUE_TEXT.intro);
    expect(panel).toHaveTextContent(FAN_QUEUE_TEXT.waiting(1_204));
    expect(panel).toHaveTextContent('1,204 fans are in line.');
    expect(panel).toHaveTextContent(FAN_QUEUE_TEXT.throughQueue(37));
    const link = within(panel).getByRole('link', { name: FAN_QUEUE_TEXT.signInPrompt });
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent('/events/42-aurora-skies')}`);
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says nobody is in line yet, and not how many went through while none did', async () => {
    serve({ signedIn: false, show: { waiting: 0, throughQueueTickets: 0 } });
    const panel = await region();
    expect(panel).toHaveTextContent(FAN_QUEUE_TEXT.waiting(0));
    expect(panel).not.toHaveTextContent('gone through the Fan Queue');
  });

  it('is not shown for a show that takes no entries, unless the member has one', async () => {
    const calls = serve({ show: { open: false } });
    await waitFor(() => expect(calls.some((call) => call.url === LINE)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: FAN_QUEUE_TEXT.title })).not.toBeInTheDocument();
  });

  it('joins with the quantity and the dollars per ticket, then shows the place, keeping the focus', async () => {
    const calls = serve({ show: { referencePriceCents: 13_500 } });
    const user = userEvent.setup();
    const price = await screen.findByLabelText(FAN_QUEUE_TEXT.maxPriceLabel);
    expect(price).toHaveAccessibleDescription(FAN_QUEUE_TEXT.maxPriceHint('$135.00'));
    const quantity = screen.getByLabelText(FAN_QUEUE_TEXT.quantityLabel);
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
    await user.selectOptions(quantity, '3');
    await user.type(price, '$45.50');
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.joinedTitle)).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.joined('Aurora Skies'))).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PUT', url: LINE, body: { quantity: 3, maxPrice: 45.5, paymentMethodId: null } },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(FAN_QUEUE_TEXT.position(14, 3));
    expect(screen.getByText('You are 14th in line for 3 tickets')).toBeInTheDocument();
    // The button pressed is now Update my place, and still has the focus.
    const update = screen.getByRole('button', { name: FAN_QUEUE_TEXT.update });
    expect(update).toHaveFocus();
    expect(screen.getByRole('button', { name: FAN_QUEUE_TEXT.leave })).toBeInTheDocument();
  });

  it('shows what is wrong with the price beside the field, focused, and sends nothing', async () => {
    const calls = serve({ show: { referencePriceCents: 13_500 } });
    const user = userEvent.setup();
    const price = await screen.findByLabelText(FAN_QUEUE_TEXT.maxPriceLabel);
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    expect(price).toHaveAccessibleDescription(expect.stringContaining(FAN_QUEUE_TEXT.maxPriceRequired));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveFocus();
    for (const [typed, message] of [
      ['12.345', FAN_QUEUE_TEXT.maxPriceInvalid],
      ['abc', FAN_QUEUE_TEXT.maxPriceInvalid],
      ['0', FAN_QUEUE_TEXT.maxPricePositive],
      ['135.01', FAN_QUEUE_TEXT.aboveReference('$135.00')],
    ] as const) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
      expect(price).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(writes(calls)).toEqual([]);
  });

  it('shows the server’s refusals with their exact text: a field’s beside it, others above the form', async () => {
    let answer = () => json(403, { message: FAN_QUEUE_TEXT.emailNotVerified });
    serve({ show: { referencePriceCents: null }, put: () => answer() });
    const user = userEvent.setup();
    const price = await screen.findByLabelText(FAN_QUEUE_TEXT.maxPriceLabel);
    // No reference price known yet: no hint, and joining is still allowed.
    expect(price).not.toHaveAccessibleDescription();
    await user.type(price, '40');
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.emailNotVerified)).toBeInTheDocument();

    answer = () => json(409, { message: FAN_QUEUE_TEXT.notJoinable });
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.notJoinable)).toBeInTheDocument();
    expect(screen.queryByText(FAN_QUEUE_TEXT.emailNotVerified)).not.toBeInTheDocument();

    // The reference cap as the server words it, with or without fieldErrors, shows at the price.
    answer = () => json(400, { message: FAN_QUEUE_TEXT.aboveReference('$38.00') });
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(FAN_QUEUE_TEXT.aboveReference('$38.00')));
    expect(price).toHaveFocus();
    expect(screen.queryByText(FAN_QUEUE_TEXT.notJoinable)).not.toBeInTheDocument();

    answer = () =>
      json(400, { message: 'Invalid', fieldErrors: { quantity: FAN_QUEUE_TEXT.quantityInvalid } });
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    const quantity = screen.getByLabelText(FAN_QUEUE_TEXT.quantityLabel);
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(FAN_QUEUE_TEXT.quantityInvalid));
    expect(quantity).toHaveFocus();
    expect(screen.queryByText('Invalid')).not.toBeInTheDocument();
  });

  it('shows a member in line their place, read out politely, with the form filled to change it', async () => {
    const calls = serve({ mine: fanQueueEntry({ position: 2, quantity: 1, maxPriceCents: 6_000 }) });
    const user = userEvent.setup();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('You are 2nd in line for 1 ticket');
    expect(screen.getByLabelText(FAN_QUEUE_TEXT.quantityLabel)).toHaveValue('1');
    const price = screen.getByLabelText(FAN_QUEUE_TEXT.maxPriceLabel);
    expect(price).toHaveValue('60.00');
    expect(screen.queryByRole('button', { name: FAN_QUEUE_TEXT.join })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(FAN_QUEUE_TEXT.quantityLabel), '4');
    await user.clear(price);
    await user.type(price, '55');
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.update }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.updatedTitle)).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.updated)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PUT', url: LINE, body: { quantity: 4, maxPrice: 55, paymentMethodId: null } },
    ]);
    await waitFor(() => expect(status).toHaveTextContent('You are 2nd in line for 4 tickets'));
    expect(screen.getByRole('button', { name: FAN_QUEUE_TEXT.update })).toHaveFocus();
  });

  it('leaves the line, says so, and puts the focus on the panel’s heading', async () => {
    const calls = serve({ mine: fanQueueEntry() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: FAN_QUEUE_TEXT.leave }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.leftTitle)).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.left('Aurora Skies'))).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: LINE, body: null }]);
    expect(await screen.findByRole('button', { name: FAN_QUEUE_TEXT.join })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FAN_QUEUE_TEXT.leave })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: FAN_QUEUE_TEXT.title })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows why leaving failed above the form, and keeps the member in line', async () => {
    serve({
      mine: fanQueueEntry(),
      del: () => json(409, { message: FAN_QUEUE_TEXT.notInQueue }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: FAN_QUEUE_TEXT.leave }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.notInQueue)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: FAN_QUEUE_TEXT.leave })).toBeInTheDocument();
  });

  it('shows an open offer with the time left and a way to pay for the held ticket', async () => {
    const offer = fanQueueOffer({ ticketId: 555, quantity: 2, priceCents: 4_250 });
    serve({ mine: fanQueueEntry({ status: 'offered', position: null, offer }) });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: FAN_QUEUE_TEXT.offerTitle })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(FAN_QUEUE_TEXT.offerTitle);
    expect(screen.getByText(FAN_QUEUE_TEXT.offer(2, '$42.50', 10))).toBeInTheDocument();
    expect(screen.getByText('2 tickets at $42.50 each are held for you for 10 minutes.')).toBeInTheDocument();
    const pay = screen.getByRole('link', { name: FAN_QUEUE_TEXT.payOffer });
    expect(pay).toHaveAttribute('href', '/?ticket=555');
    // Leaving stays possible: the offer goes on to the next fan.
    expect(screen.getByRole('button', { name: FAN_QUEUE_TEXT.leave })).toBeInTheDocument();
    await user.click(pay);
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('joins with “buy for me” and the saved card, which the form then shows chosen', async () => {
    const calls = serve();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(FAN_QUEUE_TEXT.maxPriceLabel), '40');
    expect(screen.getByRole('radio', { name: FAN_QUEUE_TEXT.howOffer })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: FAN_QUEUE_TEXT.howBuyForMe }));
    // The only saved card is chosen for the member.
    const card = await screen.findByRole('combobox', { name: /Payment Method/ });
    await waitFor(() => expect(card).toHaveValue(CARD.id));
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.joinedTitle)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PUT', url: LINE, body: { quantity: 2, maxPrice: 40, paymentMethodId: CARD.id } },
    ]);
    expect(screen.getByRole('radio', { name: FAN_QUEUE_TEXT.howBuyForMe })).toBeChecked();
  });

  it('shows a card the server refuses beside the card, focused', async () => {
    serve({ put: () => json(409, { message: FAN_QUEUE_TEXT.cardInUse }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(FAN_QUEUE_TEXT.maxPriceLabel), '40');
    await user.click(screen.getByRole('radio', { name: FAN_QUEUE_TEXT.howBuyForMe }));
    const card = await screen.findByRole('combobox', { name: /Payment Method/ });
    await waitFor(() => expect(card).toHaveValue(CARD.id));
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.join }));
    await waitFor(() => expect(card).toHaveAccessibleDescription(FAN_QUEUE_TEXT.cardInUse));
    expect(card).toHaveFocus();
  });

  it('shows a “buy for me” purchase under way with the way to confirm it with the bank', async () => {
    const offer = fanQueueOffer({ purchaseId: 'fq_123' });
    serve({ mine: fanQueueEntry({ status: 'offered', position: null, offer }) });
    expect(await screen.findByRole('heading', { name: FAN_QUEUE_TEXT.buyingTitle })).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.buying)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FAN_QUEUE_TEXT.confirmPayment })).toHaveAttribute(
      'href',
      '/bids/authenticate/fq_123',
    );
    expect(screen.queryByRole('link', { name: FAN_QUEUE_TEXT.payOffer })).not.toBeInTheDocument();
  });

  it('keeps a member’s place on a show that closed, with Leave only, and the focus once left', async () => {
    serve({ show: { open: false }, mine: fanQueueEntry({ position: 3 }) });
    expect(await screen.findByRole('status')).toHaveTextContent('You are 3rd in line for 2 tickets');
    expect(screen.queryByLabelText(FAN_QUEUE_TEXT.maxPriceLabel)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FAN_QUEUE_TEXT.update })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.leave }));
    expect(await screen.findByText(FAN_QUEUE_TEXT.leftTitle)).toBeInTheDocument();
    // Nothing more to do here, but the panel stays for this visit: its heading holds the focus.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: FAN_QUEUE_TEXT.leave })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: FAN_QUEUE_TEXT.title })).toHaveFocus();
    expect(screen.queryByRole('button', { name: FAN_QUEUE_TEXT.join })).not.toBeInTheDocument();
  });

  it('says the line could not be loaded, and tries again', async () => {
    let fail = true;
    fakeApi((call) => {
      if (call.url === '/api/session') return json(200, SIGNED_IN);
      if (call.url === LINE) return fail ? json(500, { message: 'Down' }) : json(200, fanQueueShow());
      return json(404, {});
    });
    renderAt(<FanQueuePanel eventId={42} eventName="Aurora Skies" />, '/events/42-aurora-skies');
    const user = userEvent.setup();
    expect(await screen.findByText(FAN_QUEUE_TEXT.loadFailed, {}, { timeout: 5_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.retry }));
    expect(await screen.findByRole('button', { name: FAN_QUEUE_TEXT.join })).toBeInTheDocument();
  });
});
