import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { json } from '@client/lib/test-fetch';
import { LISTING_NOTICE_TEXT, LISTING_TEXT, PRICE_COMPARISON_TEXT, TICKET_TEXT } from '@common/messages';
import { formatCents } from '@common/money';
import { MARKUP_COMMENTARY, markupCommentary, priceBreakdown } from '@common/pricing';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingForm } from './listing-form';

// jsdom lacks the layout APIs Radix primitives call.
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

const concert = {
  id: 31,
  name: 'Aurora Skies',
  date: '2027-05-01',
  venue: 'Riverside Arena',
  city: 'Portland',
  minPrice: 83.9,
  minFaceValue: 80,
  listingCount: 3,
  artists: [{ name: 'Aurora Skies', image: null }],
  image: null,
};

const storedTicket = {
  id: 5,
  version: 3,
  eventId: 31,
  eventName: 'Aurora Skies',
  eventDate: '2027-05-01',
  description: 'Aurora Skies at Riverside Arena, Portland',
  venue: 'Riverside Arena',
  daysCount: 1,
  isMultiDay: false,
  section: '101',
  row: 'C',
  seats: '4, 5',
  quantity: 2,
  splitRule: 'all' as const,
  faceValue: 80,
  serviceFee: 12.5,
  markup: 10,
  listingPrice: 101.75,
  ticketType: 'digital',
  platform: 'axs',
  cloudinaryUrl: '/api/images/ticket-5',
  cloudinaryPublicId: 'ticket-5',
  ticketImage: '/api/images/ticket-5',
  sold: false,
  status: 'available',
  transferStatus: 'not_started',
  isBeingEdited: true,
  lockExpiresAt: '2027-01-01T00:05:00.000Z',
  currentViewerId: 1,
  sellerId: 1,
  seller: { username: 'maya', rating: null, totalReviews: 0, createdAt: '2026-01-01T00:00:00.000Z' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The signed-in user: the seller of storedTicket unless a test says otherwise. */
const seller = {
  id: 1,
  username: 'maya',
  role: 'user',
  firstName: 'Maya',
  lastName: 'Lee',
  email: 'maya@example.com',
  phoneNumber: null,
  verificationPreference: 'email',
};

interface Call {
  method: string;
  url: string;
  body: FormData | null;
}

let calls: Call[];

/** The API the form talks to, answered in memory. */
function fakeApi(
  overrides: { create?: () => Response; viewer?: typeof seller; ticket?: Partial<typeof storedTicket> } = {},
) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url: input, body: init.body instanceof FormData ? init.body : null });
      if (input === '/api/session') return json(200, { user: overrides.viewer ?? seller });
      if (input.startsWith('/api/concerts/search')) return json(200, [concert]);
      if (input === '/api/upload/direct')
        return json(200, {
          success: true,
          cloudinaryUrl: '/api/images/ticket-1',
          cloudinaryPublicId: 'ticket-1',
          message: 'Image uploaded successfully',
        });
      if (input === '/api/tickets/5' && method === 'GET')
        return json(200, { ...storedTicket, ...overrides.ticket });
      if (input === '/api/tickets/5' && method === 'POST')
        return json(200, { id: 5, version: 4, message: 'Ticket updated successfully' });
      if (/^\/api\/tickets\/5\/(start|end)-edit$/.test(input)) return json(200, { message: 'ok' });
      if (input === '/api/tickets' && method === 'POST')
        return overrides.create?.() ?? json(201, { id: 12, version: 1, message: 'Ticket created' });
      return json(404, { message: 'Not found' });
    }),
  );
}

beforeEach(() => fakeApi());
afterEach(() => {
  // Unmounted while the fake API still answers: closing the editor releases its lock through fetch.
  cleanup();
  vi.unstubAllGlobals();
  // Sonner keeps toasts in module state and replays them to the next Toaster: start each test clean.
  sonner.dismiss();
});

function renderForm(onCreated = vi.fn(), ticketId: number | null = null) {
  const user = userEvent.setup({ applyAccept: false });
  const onClose = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ListingForm ticketId={ticketId} onClose={onClose} onCreated={onCreated} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, onCreated, onClose, unmount: view.unmount };
}

/** A file whose bytes start like a PNG (the form checks the signature; the fake API does the rest). */
const pngFile = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'ticket.png', {
    type: 'image/png',
  });

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'List Ticket' });

async function chooseConcert(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(LISTING_TEXT.searchLabel), 'Aurora');
  await user.click(await screen.findByRole('option', { name: /Aurora Skies/ }));
}

async function fillSeatsAndPrices(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Section'), '101');
  await user.type(field('Row'), 'C');
  await user.type(field('Seats'), '4, 5');
  await user.clear(field('Service fee ($)'));
  await user.type(field('Service fee ($)'), '10');
}

async function choosePlatform(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Platform' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('ListingForm', () => {
  it('keeps the submit button disabled until the terms are ticked', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('heading', { name: 'List a Ticket' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    const terms = screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await user.click(terms);
    expect(submitButton()).toBeEnabled();
    await user.click(terms);
    expect(submitButton()).toBeDisabled();
  });

  it('fills Row and Seats with GA when GA is typed in Section, in any case', async () => {
    const { user } = renderForm();
    await user.type(field('Section'), 'g');
    expect(field('Row').value).toBe('');
    await user.type(field('Section'), 'a');
    expect(field('Row').value).toBe('GA');
    expect(field('Seats').value).toBe('GA');
  });

  it('takes the GA shortcut back when Section stops being GA, keeping a row or seats typed since', async () => {
    const { user } = renderForm();
    await user.type(field('Section'), 'ga');
    await user.type(field('Section'), 'llery');
    expect(field('Row').value).toBe('');
    expect(field('Seats').value).toBe('');

    await user.clear(field('Section'));
    await user.type(field('Section'), 'GA');
    await user.clear(field('Seats'));
    await user.type(field('Seats'), '12');
    await user.type(field('Section'), '{Backspace}');
    expect(field('Row').value).toBe('');
    expect(field('Seats').value).toBe('12');
  });

  it('wants a whole number of tickets from 1 to 100, and says which rule a quantity breaks', async () => {
    const { user } = renderForm();
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '1.5');
    expect(await screen.findByText(TICKET_TEXT.quantityWhole)).toBeInTheDocument();
    expect(screen.queryByText(LISTING_TEXT.quantityMin)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Total for/)).not.toBeInTheDocument();
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '99999');
    expect(await screen.findByText(TICKET_TEXT.quantityMax)).toBeInTheDocument();
    expect(field('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/^Total for/)).not.toBeInTheDocument();
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '100');
    await waitFor(() => expect(screen.queryByText(TICKET_TEXT.quantityMax)).not.toBeInTheDocument());
  });

  it('fills the event from a search result, and applies the multi-day rules to the face value', async () => {
    const { user } = renderForm();
    await chooseConcert(user);
    expect(field('Event name').value).toBe('Aurora Skies');
    expect(field('Event date').value).toBe('2027-05-01');
    expect(field('Venue').value).toBe('Riverside Arena');
    expect(field('Description').value).toBe('Aurora Skies at Riverside Arena, Portland');
    expect(field('Face value ($)').value).toBe('80.00');

    await user.click(screen.getByRole('switch', { name: 'Multi-day event' }));
    await user.type(field('Number of days'), '3');
    expect(field('Face value ($)').value).toBe('240.00');

    await user.click(screen.getByRole('switch', { name: 'Multi-day event' }));
    expect(screen.queryByLabelText('Number of days')).not.toBeInTheDocument();
    expect(field('Face value ($)').value).toBe('80.00');
    await user.click(screen.getByRole('switch', { name: 'Multi-day event' }));
    expect(field('Number of days').value).toBe('');
  });

  it('requires at least 2 days when multi-day is on', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('switch', { name: 'Multi-day event' }));
    await user.type(field('Number of days'), '1');
    await user.click(screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms }));
    await user.click(submitButton());
    expect(await screen.findByText(LISTING_TEXT.daysCountMin)).toBeInTheDocument();
    await user.clear(field('Number of days'));
    await user.type(field('Number of days'), '2');
    await waitFor(() => expect(screen.queryByText(LISTING_TEXT.daysCountMin)).not.toBeInTheDocument());
  });

  it('shows the required-field messages', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms }));
    await user.click(submitButton());
    for (const message of [
      LISTING_TEXT.eventNameRequired,
      LISTING_TEXT.eventDateRequired,
      LISTING_TEXT.descriptionRequired,
      LISTING_TEXT.sectionRequired,
      LISTING_TEXT.rowRequired,
      LISTING_TEXT.seatsRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('cuts amounts to two decimals as they are typed', async () => {
    const { user } = renderForm();
    await user.type(field('Face value ($)'), '12.345');
    expect(field('Face value ($)').value).toBe('12.34');
    await user.type(field('Service fee ($)'), '3.999');
    expect(field('Service fee ($)').value).toBe('3.99');
  });

  it('clears the platform when the ticket type switches to paper', async () => {
    const { user } = renderForm();
    await choosePlatform(user, 'AXS');
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveTextContent('AXS');
    await user.click(screen.getByRole('radio', { name: /Paper/ }));
    expect(screen.queryByRole('combobox', { name: 'Platform' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Digital/ }));
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveTextContent('Select a platform');
  });

  it('recomputes the breakdown from priceBreakdown() as the markup slider moves', async () => {
    const { user } = renderForm();
    await user.type(field('Face value ($)'), '100');
    await user.type(field('Service fee ($)'), '20');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '2');
    const breakdown = within(screen.getByTestId('price-breakdown'));
    const at = (markupPercent: number) =>
      priceBreakdown({ faceValueCents: 10_000, serviceFeeCents: 2_000, markupPercent, quantity: 2 });

    expect(breakdown.getByText('Total for 2 tickets').nextSibling).toHaveTextContent(
      formatCents(at(0).totalCents),
    );
    expect(breakdown.getByText('You receive').nextSibling).toHaveTextContent(
      formatCents(at(0).sellerReceivesCents),
    );
    expect(screen.getByTestId('markup-badge')).toHaveTextContent('0%');

    // jsdom does not step a range input by key; the browser journey moves it with the arrow keys.
    fireEvent.input(screen.getByRole('slider', { name: 'Markup' }), { target: { value: '12' } });

    expect(screen.getByTestId('markup-badge')).toHaveTextContent('+12%');
    expect(screen.getByTestId('markup-badge')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText(markupCommentary(12))).toBeInTheDocument();
    expect(breakdown.getByText('Price per ticket').nextSibling).toHaveTextContent(
      formatCents(at(12).perTicketCents),
    );
    expect(
      breakdown.getByText(`Platform fee (${Number(at(12).platformFeePercent.toFixed(2))}%)`),
    ).toBeInTheDocument();
    expect(breakdown.getByText('You receive').nextSibling).toHaveTextContent(
      formatCents(at(12).sellerReceivesCents),
    );
    expect(screen.getByText('Buyer pays (all-in)').nextSibling).toHaveTextContent(
      formatCents(at(12).buyerPaysCents),
    );
    expect(at(12).sellerReceivesCents).not.toBe(at(0).sellerReceivesCents);

    fireEvent.input(screen.getByRole('slider', { name: 'Markup' }), { target: { value: '50' } });
    expect(screen.getByTestId('markup-badge')).toHaveTextContent('+50%');
    expect(screen.getByTestId('markup-badge')).toHaveAttribute('data-tone', 'red');
  });

  it('tells the seller how the price will read to buyers, all-in against the original price (issue 43)', async () => {
    const { user } = renderForm();
    await user.type(field('Face value ($)'), '120');
    await user.type(field('Service fee ($)'), '15');
    // 0% markup: $135.00 a ticket, $137.63 all-in with the card processing fee.
    expect(screen.getByText(MARKUP_COMMENTARY.zero)).toBeInTheDocument();
    expect(screen.getByTestId('buyers-will-see')).toHaveTextContent(
      'Buyers will see: 2% above the original price',
    );
    expect(
      screen.getByText(`${PRICE_COMPARISON_TEXT.originalPrice} ${PRICE_COMPARISON_TEXT.cardFeeIncluded}`),
    ).toBeInTheDocument();
    fireEvent.input(screen.getByRole('slider', { name: 'Markup' }), { target: { value: '-2' } });
    expect(screen.getByTestId('buyers-will-see')).toHaveTextContent('Buyers will see: At the original price');
    fireEvent.input(screen.getByRole('slider', { name: 'Markup' }), { target: { value: '-10' } });
    expect(screen.getByTestId('buyers-will-see')).toHaveTextContent(
      'Buyers will see: 8% below the original price',
    );
    expect(screen.getByText(MARKUP_COMMENTARY.below)).toBeInTheDocument();
  });

  it('blocks submission with the Platform Required and then the Image Required toasts', async () => {
    const { user, onCreated } = renderForm();
    await chooseConcert(user);
    await fillSeatsAndPrices(user);
    await user.click(screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms }));

    await user.click(submitButton());
    expect(await screen.findByText(LISTING_TEXT.platformRequiredTitle)).toBeInTheDocument();
    expect(screen.getAllByText(LISTING_TEXT.platformRequired).length).toBeGreaterThan(0);

    await choosePlatform(user, 'Ticketmaster');
    await user.click(submitButton());
    expect(await screen.findByText(LISTING_TEXT.imageRequiredTitle)).toBeInTheDocument();
    expect(screen.getByText(LISTING_TEXT.imageRequired)).toBeInTheDocument();
    expect(screen.getByText(LISTING_TEXT.imageFieldRequired)).toBeInTheDocument();

    expect(calls.some((call) => call.url === '/api/tickets')).toBe(false);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('rejects non-image files and files over 5MB before uploading', async () => {
    const { user } = renderForm();
    await user.upload(field('Ticket image'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(LISTING_TEXT.invalidFileTypeTitle)).toBeInTheDocument();
    expect(screen.getAllByText(LISTING_TEXT.invalidFileType).length).toBeGreaterThan(0);
    sonner.dismiss();
    await waitFor(() => expect(screen.queryByText(LISTING_TEXT.invalidFileTypeTitle)).toBeNull());

    // A browser types a file by its name: a text file renamed .png claims to be a PNG.
    const renamed = new File(['hello, not a picture'], 'notes.png', { type: 'image/png' });
    await user.upload(field('Ticket image'), renamed);
    expect(await screen.findByText(LISTING_TEXT.invalidFileTypeTitle)).toBeInTheDocument();

    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(field('Ticket image'), large);
    expect(await screen.findByText(LISTING_TEXT.fileTooLargeTitle)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/upload/direct')).toBe(false);
  });

  it('uploads the image, lists the ticket and reports success', async () => {
    const { user, onCreated } = renderForm();
    await chooseConcert(user);
    await fillSeatsAndPrices(user);
    await choosePlatform(user, 'Live Nation');
    await user.upload(field('Ticket image'), pngFile());
    expect(await screen.findByText(LISTING_TEXT.imageUploaded)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ticket preview' })).toHaveAttribute(
      'src',
      '/api/images/ticket-1',
    );

    await user.click(screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms }));
    await user.click(submitButton());

    expect(await screen.findByText(LISTING_TEXT.listedTitle)).toBeInTheDocument();
    expect(screen.getByText(LISTING_TEXT.listedWithImage)).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledOnce();
    const created = calls.find((call) => call.url === '/api/tickets');
    expect(created?.body?.get('eventName')).toBe('Aurora Skies');
    expect(created?.body?.get('faceValue')).toBe('80.00');
    expect(created?.body?.get('platform')).toBe('livenation');
    expect(created?.body?.get('cloudinaryPublicId')).toBe('ticket-1');
    expect(screen.getByRole('heading', { name: 'Edit Ticket' })).toBeInTheDocument();
  });

  it('shows the server message when creating fails', async () => {
    fakeApi({ create: () => json(400, { message: 'Event date must be in the future' }) });
    const { user, onCreated } = renderForm();
    await chooseConcert(user);
    await fillSeatsAndPrices(user);
    await choosePlatform(user, 'AXS');
    await user.upload(field('Ticket image'), pngFile());
    await screen.findByRole('img', { name: 'Ticket preview' });
    await user.click(screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms }));
    await user.click(submitButton());
    expect(await screen.findByText(LISTING_TEXT.saveFailedTitle)).toBeInTheDocument();
    expect(screen.getByText('Event date must be in the future')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('removes an uploaded image', async () => {
    const { user } = renderForm();
    await user.upload(field('Ticket image'), pngFile());
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(LISTING_TEXT.imageRemoved)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Ticket preview' })).not.toBeInTheDocument();
  });

  it('offers manual entry when the search finds nothing, and Clear all fields resets everything', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => json(200, input === '/api/session' ? { user: seller } : [])),
    );
    const { user } = renderForm();
    expect(screen.queryByLabelText('Event name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(LISTING_TEXT.searchLabel), 'Nobody');
    expect(await screen.findByText(LISTING_TEXT.noEventsFound)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LISTING_TEXT.enterManually }));
    await waitFor(() => expect(field('Event name')).toHaveFocus());
    await user.type(field('Event name'), 'Garage Show');
    await user.type(field('Section'), 'A');

    await user.click(screen.getByRole('button', { name: LISTING_TEXT.clearAll }));
    expect(screen.queryByLabelText('Event name')).not.toBeInTheDocument();
    expect((screen.getByLabelText(LISTING_TEXT.searchLabel) as HTMLInputElement).value).toBe('');
    expect(field('Section').value).toBe('');
  });

  it('edits a stored ticket: loads it, holds the edit lock, saves at its version and releases the lock', async () => {
    const { user, onClose, unmount } = renderForm(vi.fn(), 5);
    expect(await screen.findByRole('heading', { name: 'Edit Ticket' })).toBeInTheDocument();
    expect(field('Section').value).toBe('101');
    expect(field('Face value ($)').value).toBe('80.00');
    expect(field('Service fee ($)').value).toBe('12.50');
    expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveTextContent('AXS');
    expect(screen.getByTestId('markup-badge')).toHaveTextContent('+10%');
    expect(screen.getByRole('img', { name: 'Ticket preview' })).toHaveAttribute(
      'src',
      '/api/images/ticket-5',
    );
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/tickets/5/start-edit' && call.method === 'POST')).toBe(
        true,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();

    await user.clear(field('Face value ($)'));
    await user.type(field('Face value ($)'), '95');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(LISTING_TEXT.updatedTitle)).toBeInTheDocument();
    const update = calls.find((call) => call.url === '/api/tickets/5' && call.method === 'POST');
    expect(update?.body?.get('version')).toBe('3');
    expect(update?.body?.get('id')).toBe('5');
    expect(update?.body?.get('faceValue')).toBe('95.00');
    // The listing's split rule is sent back as stored (decision 0062).
    expect(update?.body?.get('splitRule')).toBe('all');

    expect(calls.some((call) => call.url === '/api/tickets/5/end-edit')).toBe(false);
    unmount();
    expect(calls.some((call) => call.url === '/api/tickets/5/end-edit' && call.method === 'POST')).toBe(true);
  });

  it("does not open another seller's listing for editing, nor take its edit lock", async () => {
    fakeApi({ viewer: { ...seller, id: 2, username: 'sam' } });
    const { user, onClose } = renderForm(vi.fn(), 5);
    expect(await screen.findByText(/belongs to another seller/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Section')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/tickets/5/start-edit')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('loads the existing image without touching the unsaved edits', async () => {
    // jsdom loads no images: this one loads at once.
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        set src(_url: string) {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    const { user } = renderForm(vi.fn(), 5);
    await screen.findByRole('heading', { name: 'Edit Ticket' });
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '3');
    await user.clear(field('Row'));
    await user.type(field('Row'), 'Z');
    await user.clear(field('Face value ($)'));
    await user.type(field('Face value ($)'), '99');
    fireEvent.input(screen.getByRole('slider', { name: 'Markup' }), { target: { value: '12' } });
    expect(screen.getByTestId('markup-badge')).toHaveTextContent('+12%');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'Load existing image' }));
    expect(await screen.findByRole('img', { name: 'Ticket preview' })).toHaveAttribute(
      'src',
      '/api/images/ticket-5',
    );
    expect(calls.filter((call) => call.url === '/api/tickets/5' && call.method === 'GET')).toHaveLength(2);
    expect(field('Quantity').value).toBe('3');
    expect(field('Row').value).toBe('Z');
    expect(field('Face value ($)').value).toBe('99');
    expect(screen.getByTestId('markup-badge')).toHaveTextContent('+12%');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(LISTING_TEXT.updatedTitle)).toBeInTheDocument();
    const update = calls.find((call) => call.url === '/api/tickets/5' && call.method === 'POST');
    expect(update?.body?.get('quantity')).toBe('3');
    expect(update?.body?.get('row')).toBe('Z');
    expect(update?.body?.get('faceValue')).toBe('99.00');
    expect(update?.body?.get('markup')).toBe('12');
    expect(update?.body?.get('cloudinaryPublicId')).toBe('ticket-5');
  });

  it('tells the seller who changed the form that it has unsaved changes, and not after saving', async () => {
    const onDirtyChange = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ListingForm ticketId={5} onClose={vi.fn()} onCreated={vi.fn()} onDirtyChange={onDirtyChange} />
        <Toaster />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Edit Ticket' });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await user.type(field('Row'), 'X');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(LISTING_TEXT.updatedTitle)).toBeInTheDocument();
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });

  it('opens a sold listing as a read-only notice, without taking the edit lock', async () => {
    fakeApi({ ticket: { sold: true, status: 'sold' } });
    const { user, onClose } = renderForm(vi.fn(), 5);
    expect(await screen.findByText(LISTING_NOTICE_TEXT.soldTitle)).toBeInTheDocument();
    expect(screen.getByText(TICKET_TEXT.sold)).toBeInTheDocument();
    expect(screen.queryByLabelText('Section')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/tickets/5/start-edit')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the agreement ticked in edit mode and says why; unticked, the button says what it needs', async () => {
    const { user } = renderForm(vi.fn(), 5);
    await screen.findByRole('heading', { name: 'Edit Ticket' });
    const terms = screen.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(terms).toBeChecked();
    expect(save).toBeEnabled();
    expect(terms).toHaveAccessibleDescription(LISTING_NOTICE_TEXT.agreementKept);
    await user.click(terms);
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(LISTING_TEXT.termsRequired);
  });

  it('explains the disabled List Ticket button while the terms are unticked', () => {
    renderForm();
    expect(submitButton()).toHaveAccessibleDescription(LISTING_TEXT.termsRequired);
  });

  it("shows the spec's field text for an image over 5MB, and the toast's own text", async () => {
    const { user } = renderForm();
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(field('Ticket image'), large);
    const toast = (await screen.findByText(LISTING_TEXT.fileTooLargeTitle)).closest('[data-sonner-toast]');
    expect(toast).toHaveTextContent(LISTING_TEXT.fileTooLarge);
    expect(screen.getByRole('alert')).toHaveTextContent(LISTING_NOTICE_TEXT.fileTooLargeField);
    expect(field('Ticket image')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the field errors and no total for a quantity of 0 or a negative face value', async () => {
    const { user } = renderForm();
    const breakdown = () =>
      screen.getByRole('heading', { name: 'Price breakdown' }).closest('[aria-labelledby]');
    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '0');
    expect(await screen.findByText(LISTING_TEXT.quantityMin)).toBeInTheDocument();
    expect(field('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/^Total for/)).not.toBeInTheDocument();
    expect(breakdown()).toHaveTextContent(LISTING_NOTICE_TEXT.fixFieldsForBreakdown);

    await user.clear(field('Quantity'));
    await user.type(field('Quantity'), '2');
    await waitFor(() => expect(screen.queryByText(LISTING_TEXT.quantityMin)).not.toBeInTheDocument());
    expect(screen.getByText('Total for 2 tickets')).toBeInTheDocument();

    await user.type(field('Face value ($)'), '-5');
    expect(await screen.findByText(TICKET_TEXT.faceValueInvalid)).toBeInTheDocument();
    expect(field('Face value ($)').value).toBe('-5');
    expect(screen.queryByText(/^Total for/)).not.toBeInTheDocument();
    await user.clear(field('Face value ($)'));
    await user.type(field('Face value ($)'), '5');
    await waitFor(() => expect(screen.queryByText(TICKET_TEXT.faceValueInvalid)).not.toBeInTheDocument());
    expect(screen.getByText('Total for 2 tickets')).toBeInTheDocument();
  });

  it('works the concert search as a combobox: arrows, Enter, Escape, then on to the event name', async () => {
    const { user } = renderForm();
    const search = screen.getByRole('combobox', { name: LISTING_TEXT.searchLabel });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.type(search, 'Aurora');
    const listbox = await screen.findByRole('listbox', { name: 'Concerts found' });
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(search).toHaveAttribute('aria-controls', listbox.id);
    const option = within(listbox).getByRole('option', { name: /Aurora Skies/ });
    expect(option).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{ArrowDown}');
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Escape}');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(search).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', option.id);

    await user.keyboard('{Enter}');
    expect(field('Event name').value).toBe('Aurora Skies');
    await waitFor(() => expect(field('Event name')).toHaveFocus());
    expect(calls.some((call) => call.url === '/api/tickets')).toBe(false);
  });
});
