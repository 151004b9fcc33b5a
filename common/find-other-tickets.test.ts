import { describe, expect, it } from 'vitest';
import { findOtherTicketsPath, type RefundedSale } from './find-other-tickets.js';

const sale: RefundedSale = {
  eventId: 42,
  eventName: 'Luna Ray: Live',
  eventDate: '2030-05-01',
  daysCount: 1,
  timeZone: 'America/New_York',
  buyerPaysPerTicketCents: 10_450,
  refundCause: 'transfer_deadline',
};
const before = new Date('2030-04-30T12:00:00Z');

describe('findOtherTicketsPath', () => {
  it('names the show page with the refunded all-in price per ticket as its limit', () => {
    expect(findOtherTicketsPath(sale, before)).toBe('/events/42-luna-ray-live?maxPrice=104.50');
    expect(findOtherTicketsPath({ ...sale, refundCause: 'dispute' }, before)).toBe(
      '/events/42-luna-ray-live?maxPrice=104.50',
    );
  });

  it('offers nothing after a cancelled show, a refund asked for, a chargeback, or without a show page', () => {
    for (const refundCause of ['event_cancelled', 'event_postponed', 'chargeback'] as const)
      expect(findOtherTicketsPath({ ...sale, refundCause }, before)).toBeNull();
    expect(findOtherTicketsPath({ ...sale, refundCause: null }, before)).toBeNull();
    expect(findOtherTicketsPath({ ...sale, eventId: null }, before)).toBeNull();
  });

  it('offers nothing once the show is over at the venue', () => {
    expect(findOtherTicketsPath(sale, new Date('2030-05-02T03:59:00Z'))).not.toBeNull();
    expect(findOtherTicketsPath(sale, new Date('2030-05-02T04:00:00Z'))).toBeNull();
  });
});
