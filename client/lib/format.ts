import { dollarsToCents, formatCents } from '@common/money';
import { addDays, format, parseISO } from 'date-fns';

/** '$1,234.50' from the API's dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** 'Wed, Jan 5, 2025' from a yyyy-MM-dd event date (spec 001 §2). */
export function formatEventDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'EEE, MMM d, yyyy');
}

/**
 * An event's days: formatEventDate for one day, 'Fri, Jul 3, 2026 – Sun, Jul 5, 2026' for an event of
 * `daysCount` days starting on `date`.
 */
export function formatEventDays(date: string, daysCount: number): string {
  const first = formatEventDate(date);
  if (daysCount <= 1) return first;
  const last = addDays(parseISO(date.slice(0, 10)), daysCount - 1);
  return `${first} – ${format(last, 'EEE, MMM d, yyyy')}`;
}
