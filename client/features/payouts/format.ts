import { formatDollars } from '@client/lib/format';
import { PAYOUT_TEXT } from '@common/messages';
import type { PayoutItem, PayoutStatus } from '@common/schemas/payouts';
import { formatVenueShortDay } from '@common/venue-time';
import { format, parseISO } from 'date-fns';

/** 'May 4, 2030' in the viewer's zone: when something happened (a payout made). */
export const formatDay = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

/** 'May 4, 2030' at the venue: a payout day is the venue's calendar day (decision 0056). */
export const formatVenueDayOf = (iso: string, timeZone: string) =>
  formatVenueShortDay(parseISO(iso), timeZone);

export const statusText = (status: PayoutStatus) => PAYOUT_TEXT.status[status];

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'secondary';

export function statusTone(status: PayoutStatus): StatusTone {
  switch (status) {
    case 'paid':
      return 'success';
    case 'on_hold':
    case 'needs_account':
      return 'warning';
    case 'refunded':
      return 'danger';
    case 'processing':
    case 'scheduled':
      return 'info';
    default:
      return 'secondary';
  }
}

/** 'Paid $183.30 on May 4, 2030', 'Payout $183.30 on May 4, 2030', or the amount (its badge says the rest). */
export function payoutLine(payout: PayoutItem): string {
  const amount = formatDollars(payout.amount);
  if (payout.status === 'paid' && payout.paidAt)
    return PAYOUT_TEXT.salePaid(amount, formatDay(payout.paidAt));
  if ((payout.status === 'scheduled' || payout.status === 'processing') && payout.dueAt)
    return PAYOUT_TEXT.saleDue(amount, formatVenueDayOf(payout.dueAt, payout.timeZone));
  return amount;
}
