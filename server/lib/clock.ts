/** Where services read the time, so tests can move it (past a hold's expiry, an event date) instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date): void {
    this.current = date.getTime();
  }
}

/** yyyy-MM-dd of an instant in UTC (event dates are calendar dates; the marketplace compares in UTC). */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
