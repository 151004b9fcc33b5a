import { dollarsToCents, formatCents } from '@common/money';
import { format, parseISO } from 'date-fns';

/** '$1,234.50' from the API's dollars. */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** 'Sat, May 1, 2027' from a yyyy-MM-dd event date. */
export function formatEventDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'EEE, MMM d, yyyy');
}
