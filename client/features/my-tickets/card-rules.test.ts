import { formatEventDate } from '@client/lib/format';
import { SALE_STATE_TEXT } from '@common/messages';
import { buyerDisplayName } from '@common/schemas/my-tickets';
import { describe, expect, it } from 'vitest';
import {
  canConfirmReceipt,
  canInitiate,
  canRequestRefund,
  cardBadge,
  cardKindOf,
  orNotAvailable,
  progressSteps,
} from './card-rules';
import { isMoreThanTenDaysAway } from './format';
import { myTicket, soldTo } from './test-fixtures';

describe('My Tickets card rules', () => {
  it('offers the refund of a postponed event until the new date begins at the venue, not in UTC', () => {
    // Los Angeles: June 15, 2099 begins at 07:00 UTC.
    const ticket = soldTo({
      role: 'buyer',
      eventDate: '2099-06-15',
      timeZone: 'America/Los_Angeles',
      refundRequestUntil: '2099-06-15T07:00:00.000Z',
    });
    expect(canRequestRefund(ticket, new Date('2099-06-15T06:59:00Z'))).toBe(true);
    expect(canRequestRefund(ticket, new Date('2099-06-15T07:00:00Z'))).toBe(false);
    expect(canRequestRefund(ticket, new Date('2099-06-15T12:00:00Z'))).toBe(false);
  });

  it('gives each card type its badge (spec 001 §2)', () => {
    const cases = [
      [myTicket(), 'listing', 'Active Listing'],
      [soldTo({ transferComplete: true, transferStatus: 'completed' }), 'sold', 'Sold'],
      [soldTo({ role: 'buyer', transferComplete: true, transferStatus: 'completed' }), 'bought', 'Purchased'],
      [soldTo(), 'pending-seller', 'Action Required'],
      [soldTo({ transferStatus: 'initiated' }), 'pending-seller', 'Awaiting Confirmation'],
      [soldTo({ role: 'buyer' }), 'pending-buyer', 'Awaiting Transfer'],
      [soldTo({ role: 'buyer', transferStatus: 'initiated' }), 'pending-buyer', 'Confirm Receipt'],
      [soldTo({ refunded: true }), 'refunded', SALE_STATE_TEXT.badgeRefunded],
      [soldTo({ role: 'buyer', refunded: true }), 'refunded', SALE_STATE_TEXT.badgeRefunded],
    ] as const;
    for (const [ticket, kind, badge] of cases) {
      expect(cardKindOf(ticket)).toBe(kind);
      expect(cardBadge(ticket).label).toBe(badge);
    }
  });

  it('offers Initiate Transfer to a seller before the transfer and Confirm Receipt to a buyer after it', () => {
    expect(canInitiate(soldTo())).toBe(true);
    expect(canInitiate(soldTo({ transferStatus: 'initiated' }))).toBe(false);
    expect(canInitiate(soldTo({ role: 'buyer' }))).toBe(false);
    expect(canConfirmReceipt(soldTo({ role: 'buyer', transferStatus: 'initiated' }))).toBe(true);
    expect(canConfirmReceipt(soldTo({ role: 'buyer' }))).toBe(false);
    expect(canConfirmReceipt(soldTo({ transferStatus: 'initiated' }))).toBe(false);
  });

  it('offers no transfer step on a sale refunded at the deadline', () => {
    expect(canInitiate(soldTo({ refunded: true }))).toBe(false);
    expect(canConfirmReceipt(soldTo({ role: 'buyer', refunded: true, transferStatus: 'initiated' }))).toBe(
      false,
    );
  });

  it('walks the progress steps of both sides (spec 001 §4)', () => {
    const states = (ticket: Parameters<typeof progressSteps>[0]) =>
      progressSteps(ticket).map((step) => `${step.label}:${step.state}`);
    expect(states(soldTo())).toEqual([
      'Payment Received:done',
      'Initiate Transfer:current',
      'Buyer Confirms:upcoming',
      'Complete:upcoming',
    ]);
    expect(states(soldTo({ role: 'buyer', transferStatus: 'initiated' }))).toEqual([
      'Payment Sent:done',
      'Awaiting Transfer:done',
      'Confirm Receipt:current',
      'Complete:upcoming',
    ]);
    expect(states(soldTo({ role: 'buyer', transferStatus: 'completed', transferComplete: true }))).toEqual([
      'Payment Sent:done',
      'Awaiting Transfer:done',
      'Confirm Receipt:done',
      'Complete:done',
    ]);
  });

  it('names the buyer by username, contact name, id, else Unknown', () => {
    expect(buyerDisplayName(soldTo())).toBe('jordan');
    expect(buyerDisplayName(soldTo({ buyer: null, buyerContactName: 'Jordan Reed' }))).toBe('Jordan Reed');
    expect(buyerDisplayName(soldTo({ buyer: null, buyerContactName: '  ' }))).toBe('User #5');
    expect(buyerDisplayName(soldTo({ buyer: null, buyerId: null }))).toBe('Unknown');
  });

  it('formats dates like Wed, Jan 8, 2025, shows N/A for empty details and finds far events', () => {
    expect(formatEventDate('2025-01-08')).toBe('Wed, Jan 8, 2025');
    expect(orNotAvailable(' ')).toBe('N/A');
    expect(orNotAvailable('GA')).toBe('GA');
    const today = new Date(2025, 0, 1);
    expect(isMoreThanTenDaysAway('2025-01-11', today)).toBe(false);
    expect(isMoreThanTenDaysAway('2025-01-12', today)).toBe(true);
  });
});
