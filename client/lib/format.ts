import { dollarsToCents, formatCents } from '@common/money';
import { format, parseISO } from 'date-fns';

/** '$1,234.50' from the API's dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** 'Wed, Jan 5, 2025' from a yyyy-MM-dd event date (spec 001 §2). */
export function formatEventDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'EEE, MMM d, yyyy');
}
