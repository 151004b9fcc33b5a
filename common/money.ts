/**
 * Money is integer cents everywhere inside Encore. The API speaks dollars with two
 * decimals (the spec's field names), so conversion happens only at the boundary.
 */
export type Cents = number;

/** Dollars (number or numeric string, at most two decimals) to integer cents. */
export function dollarsToCents(dollars: number | string): Cents {
  const text = typeof dollars === 'number' ? dollars.toFixed(2) : dollars.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new RangeError(`Not a dollar amount: ${dollars}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$1,234.50' — the spec's currency format (USD, en-US, two decimals). */
export function formatCents(cents: Cents): string {
  return usd.format(centsToDollars(cents));
}

/** Cuts (never rounds) a typed amount to two decimals, as the listing form does. */
export function cutToTwoDecimals(text: string): string {
  const match = /^(\d*)(\.\d{0,2})?/.exec(text.trim());
  return match ? `${match[1] ?? ''}${match[2] ?? ''}` : '';
}
