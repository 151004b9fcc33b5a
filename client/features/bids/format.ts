import { formatEventDate } from '@client/lib/format';
import { BID_TEXT } from '@common/messages';
import { format, parseISO } from 'date-fns';

/** An event's calendar date ('Sat, May 1, 2027'), or 'Date TBA'. */
export function formatEventDay(date: string | null | undefined): string {
  return date ? formatEventDate(date) : BID_TEXT.dateTba;
}

/** A moment in the viewer's zone ('May 1, 2027, 7:30 PM'). */
export function formatMoment(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy, h:mm a');
}

/** When a bid stops looking: the last minute of its event's day (expiresAt is the instant that day ends). */
export function formatBidExpiry(expiresAt: string): string {
  return format(new Date(parseISO(expiresAt).getTime() - 60_000), 'MMM d, yyyy, h:mm a');
}
