import { format } from 'date-fns';

/** Spec 001 §9: dates in admin tables read 'MMM d, yyyy'; elsewhere the long date. */
export const tableDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
export const longDate = (iso: string) => format(new Date(iso), 'MMMM d, yyyy h:mm a');
/** An event's day (yyyy-MM-dd, no time zone) as the long date. */
export const eventDay = (day: string) => format(new Date(`${day}T12:00:00`), 'MMMM d, yyyy');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Spec 001 §9: USD, en-US, two decimals. */
export const dollars = (amount: number) => usd.format(amount);
