import { dollarsToCents, formatCents } from '@common/money';
import { addDays } from '@common/venue-time';

/** '$1,234.50' from the API's dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

// An event date is a calendar day, the same in every zone: read and written at UTC midnight. Intl, not a
// date library, so that pages showing dates carry no date code of their own.
const EVENT_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Wed, Jan 5, 2025' from a yyyy-MM-dd event date (spec 001 §2). */
export function formatEventDate(date: string): string {
  return EVENT_DATE.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/**
 * An event's days: formatEventDate for one day, 'Fri, Jul 3, 2026 – Sun, Jul 5, 2026' for an event of
 * `daysCount` days starting on `date`.
 */
export function formatEventDays(date: string, daysCount: number): string {
  const first = formatEventDate(date);
  if (daysCount <= 1) return first;
  return `${first} – ${formatEventDate(addDays(date.slice(0, 10), daysCount - 1))}`;
}
