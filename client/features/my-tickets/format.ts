import { dollarsToCents, formatCents } from '@common/money';
import { differenceInCalendarDays, format, parseISO } from 'date-fns';

/** '$1,234.50' from the API's dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** 'Wed, Jan 5, 2025' from a yyyy-MM-dd event date (spec 001 §2). */
export function formatEventDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'EEE, MMM d, yyyy');
}

/** Spec 001 §9: the notice threshold on My Tickets. */
export const FAR_EVENT_DAYS = 10;

/** Whether the event is more than 10 days after `today` (calendar days in the viewer's zone). */
export function isMoreThanTenDaysAway(eventDate: string, today: Date): boolean {
  return differenceInCalendarDays(parseISO(eventDate.slice(0, 10)), today) > FAR_EVENT_DAYS;
}
