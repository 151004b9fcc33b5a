/** The SQLSTATE of a database error, looking through Drizzle's wrapper to the driver's error. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A deadlock (40P01) or a serialization failure (40001): the database chose this transaction to give way to
 * another one. Nothing it did is kept, so running it again is safe and usually succeeds.
 */
export function isTransactionConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '40P01' || state === '40001';
}
