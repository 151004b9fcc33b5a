import type { Bid } from '@common/schemas/bids';
import type { ConcertSearchResult } from '@common/schemas/events';
import { beforeAll } from 'vitest';
import type { PaymentMethodPickerSlot } from './slots';

/** jsdom lacks the layout APIs Radix primitives call. */
export function radixInJsdom() {
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
}

export function bid(overrides: Partial<Bid> = {}): Bid {
  return {
    id: 1,
    eventId: 31,
    eventName: 'Aurora Skies',
    venue: 'Riverside Arena',
    eventDate: '2027-05-01',
    maxPrice: 250,
    quantity: 2,
    section: null,
    priority: 0,
    minSellerRating: null,
    isActive: true,
    matched: false,
    matchedTicketId: null,
    matchedAt: null,
    expiresAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    endedReason: null,
    paymentMethod: { id: 'sbx_pm_1', brand: 'visa', last4: '4242' },
    ...overrides,
  };
}

export const concert: ConcertSearchResult = {
  id: 31,
  name: 'Aurora Skies',
  date: '2027-05-01',
  daysCount: 1,
  venue: 'Riverside Arena',
  city: 'Portland',
  minPrice: 83.9,
  minFaceValue: 80,
  listingCount: 3,
  image: null,
  artists: [{ name: 'Aurora Skies', image: null }],
};

/** A stand-in for the payment-methods feature's picker, which the route brings in. */
export const fakePicker: PaymentMethodPickerSlot = ({ value, onChange, error }) => (
  <label>
    Payment Method
    <select value={value} onChange={(event) => onChange(event.target.value)} aria-description={error}>
      <option value="">Choose</option>
      <option value="sbx_pm_1">Visa 4242</option>
    </select>
    {error ? <span>{error}</span> : null}
  </label>
);
