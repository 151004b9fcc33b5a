import type { EventPageListing } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EventListing } from './event-listing';

const listing = (overrides: Partial<EventPageListing>): EventPageListing => ({
  id: 7,
  section: '101',
  row: 'C',
  quantity: 4,
  splitRule: 'any',
  buyingQuantity: 2,
  ticketType: 'digital',
  pricePerTicket: 60,
  totalPrice: 120,
  originalPricePerTicket: 55,
  faceValuePerTicket: 50,
  originalFeePerTicket: 5,
  priceComparison: { kind: 'above', percent: 9 },
  held: false,
  seller: {
    id: 3,
    username: 'maya',
    averageRating: 4.8,
    totalReviews: 12,
    trust: { verified: true, completedSales: 7, professional: false },
  },
  ...overrides,
});

function shown(overrides: Partial<EventPageListing>) {
  render(
    <MemoryRouter>
      <EventListing listing={listing(overrides)} />
    </MemoryRouter>,
  );
  return screen.getByTestId('event-listing');
}

describe('EventListing: who is looking (issue 43)', () => {
  it('offers a listing nobody holds to view, for the quantity asked for', () => {
    const card = shown({});
    expect(within(card).getByRole('link', { name: /^View ticket: / })).toHaveAttribute(
      'href',
      '/?ticket=7&quantity=2',
    );
  });

  it("shows the viewer's own listing as theirs, with nothing to buy", () => {
    const card = shown({ yours: 'listing' });
    expect(card).toHaveTextContent(EVENT_SCREEN_TEXT.yourListing);
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('lets the viewer continue the purchase of their own hold', () => {
    const card = shown({ yours: 'hold', held: true });
    expect(card).toHaveTextContent(EVENT_SCREEN_TEXT.yourHold);
    expect(card).not.toHaveTextContent(EVENT_SCREEN_TEXT.reserved);
    expect(
      within(card).getByRole('link', {
        name: `${EVENT_SCREEN_TEXT.continuePurchase}: ${EVENT_SCREEN_TEXT.seats('101', 'C')}`,
      }),
    ).toHaveAttribute('href', '/?ticket=7&quantity=2');
  });

  it("shows someone else's hold as reserved, and not clickable", () => {
    const card = shown({ held: true });
    expect(card).toHaveTextContent(EVENT_SCREEN_TEXT.reserved);
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
