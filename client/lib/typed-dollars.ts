/** Dollars as typed: digits with at most two decimals ('45', '45.5', '45.50'), a leading '$' allowed. */
const DOLLARS = /^\$?\s*(\d{1,7}(\.\d{0,2})?|\.\d{1,2})$/;

/** A typed price in dollars (the price alert's and the Fan Queue's): undefined when blank, null when not an amount. */
export function typedDollars(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return DOLLARS.test(trimmed) ? Number(trimmed.replace('$', '').trim()) : null;
}
