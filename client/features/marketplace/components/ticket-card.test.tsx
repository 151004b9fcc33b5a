import { BUYING_TEXT } from '@common/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { isReservedByOther } from '../card-rules';
import { marketTicket } from '../test-fixtures';
import { TicketCard } from './ticket-card';

const NOW = Date.parse('2027-01-01T12:00:00Z');
const BUYER = 5;

function renderCard(overrides: Parameters<typeof marketTicket>[0] = {}, viewerId: number | null = BUYER) {
  const onViewDetails = vi.fn();
  const ticket = marketTicket(overrides);
  render(
    <MemoryRouter>
      <TicketCard
        ticket={ticket}
        viewerId={viewerId}
        reserved={isReservedByOther(ticket, viewerId, NOW)}
        onViewDetails={onViewDetails}
      />
    </MemoryRouter>,
  );
  return { onViewDetails };
}

const viewDetails = () => screen.queryByRole('button', { name: BUYING_TEXT.viewDetails });

describe('TicketCard: View Details', () => {
  it('is offered to a signed-in buyer on an unsold ticket and opens it', async () => {
    const { onViewDetails } = renderCard();
    await userEvent.click(viewDetails() as HTMLElement);
    expect(onViewDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it("is hidden on the viewer's own ticket", () => {
    renderCard({ sellerId: BUYER });
    expect(viewDetails()).toBeNull();
  });

  it('is hidden on a sold ticket, which shows the SOLD banner', () => {
    renderCard({ sold: true });
    expect(viewDetails()).toBeNull();
    expect(screen.getByText(BUYING_TEXT.sold)).toBeVisible();
  });

  it('is hidden from someone who is not signed in', () => {
    renderCard({}, null);
    expect(viewDetails()).toBeNull();
  });
});

describe('TicketCard: reserved overlays', () => {
  // As the server tells it to anyone but the holder: reserved, by nobody named (decision 0032).
  const heldByOther = {
    isBeingEdited: true,
    lockExpiresAt: new Date(NOW + 60_000).toISOString(),
    currentViewerId: null,
  };

  it('shows both reserved texts and is not interactive while another viewer holds it', () => {
    renderCard(heldByOther);
    const card = screen.getByTestId('ticket-card-7');
    expect(within(card).getByText(BUYING_TEXT.reservedTitle)).toBeVisible();
    expect(within(card).getByText(BUYING_TEXT.reserved)).toBeVisible();
    expect(within(card).getByText(BUYING_TEXT.cardReservedTitle)).toBeInTheDocument();
    expect(within(card).getByText(BUYING_TEXT.cardReserved)).toBeInTheDocument();
    expect(viewDetails()).toBeNull();
    expect(card.querySelector('[inert]')).not.toBeNull();
  });

  it('is not reserved when the hold is the viewer’s own', () => {
    renderCard({ ...heldByOther, currentViewerId: BUYER });
    expect(screen.queryByText(BUYING_TEXT.reservedTitle)).toBeNull();
    expect(viewDetails()).not.toBeNull();
  });

  it('is not reserved once the hold has expired', () => {
    renderCard({ ...heldByOther, lockExpiresAt: new Date(NOW - 1_000).toISOString() });
    expect(screen.queryByTestId('reserved-overlay')).toBeNull();
    expect(viewDetails()).not.toBeNull();
  });
});

describe('TicketCard: content', () => {
  it.each([
    [{ kind: 'above', percent: 31 } as const, '31% above the original price', 'danger'],
    [{ kind: 'above', percent: 2 } as const, '2% above the original price', 'warning'],
    [{ kind: 'at', percent: 0 } as const, 'At the original price', 'success'],
    [{ kind: 'below', percent: 20 } as const, '20% below the original price', 'success'],
  ])('says how its all-in price reads against the original price: %o', (priceComparison, text, tone) => {
    renderCard({ markup: 0, priceComparison });
    expect(screen.getByText(text)).toHaveAttribute('data-tone', tone);
    expect(screen.queryByText(/markup/)).toBeNull();
  });

  it('shows no comparison for a ticket without an original price', () => {
    renderCard({ priceComparison: null });
    expect(screen.queryByText(/original price/)).toBeNull();
  });

  it("shows the all-in 'What You Pay', the seller, the artist block and N/A for missing seats", () => {
    renderCard({ seats: '', daysCount: 3 });
    expect(screen.getByText(BUYING_TEXT.whatYouPay)).toBeVisible();
    expect(screen.getByText('maya')).toBeVisible();
    expect(screen.getByText('indie pop')).toBeVisible();
    expect(screen.getByRole('link', { name: /Artist info/ })).toHaveAttribute(
      'href',
      'https://example.com/aurora',
    );
    expect(screen.getByText('N/A')).toBeVisible();
    expect(screen.getByText('3-Day')).toBeVisible();
  });

  it("leads 'What You Pay' with the all-in price of one ticket, the figure the price sort uses, then the total", () => {
    renderCard({ quantity: 2, buyingQuantity: 2, buyerPaysPerTicket: 103.73, buyerPays: 207.46 });
    const card = screen.getByTestId('ticket-card-7');
    expect(card).toHaveTextContent('$103.73 each');
    expect(within(card).getByTestId('card-total')).toHaveTextContent('$207.46 for 2 tickets');
  });

  it('with a "Number of tickets" filter, shows that many of the listing and their total (issue 43)', () => {
    renderCard({ quantity: 4, buyingQuantity: 2, buyerPaysPerTicket: 196.62, buyerPays: 393.24 });
    const card = screen.getByTestId('ticket-card-7');
    expect(within(card).getByTestId('card-total')).toHaveTextContent('$393.24 for 2 tickets');
    expect(card).toHaveTextContent('2 of 4 tickets');
    expect(card).not.toHaveTextContent('$786.48');
  });

  it('says a single ticket is one ticket instead of repeating its price as a total', () => {
    renderCard({ quantity: 1, buyingQuantity: 1, buyerPaysPerTicket: 51.1, buyerPays: 51.1 });
    expect(screen.getByTestId('ticket-card-7')).toHaveTextContent('$51.10 each');
    expect(screen.getByTestId('card-total')).toHaveTextContent('1 ticket');
  });

  it("names its show, a link to the event's page, in the card's name", () => {
    renderCard();
    expect(screen.getByRole('article', { name: 'Aurora Skies' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'Aurora Skies' });
    expect(within(heading).getByRole('link', { name: 'Aurora Skies' })).toHaveAttribute(
      'href',
      '/events/31-aurora-skies',
    );
  });

  it('names a show the catalog does not have without a link', () => {
    renderCard({ eventId: null, eventName: 'Garage Night' });
    expect(screen.getByRole('heading', { name: 'Garage Night' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Garage Night' })).toBeNull();
  });
});
