import { describe, expect, it } from 'vitest';
import {
  autoCompleteAt,
  formatUtc,
  formatUtcDay,
  formatUtcForPeople,
  payoutDueAt,
  transferDeadlineAt,
  transferReminderTimes,
} from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('escrow timeline (decision 0017)', () => {
  it('pays three days after the event day begins and completes automatically a day before that', () => {
    expect(payoutDueAt('2030-05-01')).toEqual(at('2030-05-04T00:00:00Z'));
    expect(autoCompleteAt('2030-05-01')).toEqual(at('2030-05-03T00:00:00Z'));
  });

  it('sets the transfer deadline at the start of the day before the event', () => {
    expect(transferDeadlineAt('2030-05-01', at('2030-03-01T12:00:00Z'))).toEqual(at('2030-04-30T00:00:00Z'));
    // Exactly 12 hours before the usual deadline still gets the usual deadline.
    expect(transferDeadlineAt('2030-05-01', at('2030-04-29T12:00:00Z'))).toEqual(at('2030-04-30T00:00:00Z'));
  });

  it('gives a late sale 12 hours, but never beyond the end of the event day', () => {
    expect(transferDeadlineAt('2030-05-01', at('2030-04-29T20:00:00Z'))).toEqual(at('2030-04-30T08:00:00Z'));
    expect(transferDeadlineAt('2030-05-01', at('2030-05-01T09:00:00Z'))).toEqual(at('2030-05-01T21:00:00Z'));
    expect(transferDeadlineAt('2030-05-01', at('2030-05-01T20:00:00Z'))).toEqual(at('2030-05-02T00:00:00Z'));
  });

  it('reminds a day after the sale and a day before the deadline, once when they would nearly coincide', () => {
    expect(transferReminderTimes(at('2030-03-01T12:00:00Z'), at('2030-04-30T00:00:00Z'))).toEqual([
      at('2030-03-02T12:00:00Z'),
      at('2030-04-29T00:00:00Z'),
    ]);
    expect(transferReminderTimes(at('2030-04-27T20:00:00Z'), at('2030-04-30T00:00:00Z'))).toEqual([
      at('2030-04-29T00:00:00Z'),
    ]);
    // Sold 30 hours before the deadline: the day-before reminder would come 6 hours after the sale.
    expect(transferReminderTimes(at('2030-04-28T18:00:00Z'), at('2030-04-30T00:00:00Z'))).toEqual([
      at('2030-04-29T00:00:00Z'),
    ]);
    // A 12-hour late sale: no room for a reminder a day later or a day before.
    expect(transferReminderTimes(at('2030-04-29T20:00:00Z'), at('2030-04-30T08:00:00Z'))).toEqual([]);
  });

  it('writes a deadline as a UTC minute', () => {
    expect(formatUtc(at('2030-04-30T00:00:00Z'))).toBe('2030-04-30 00:00 UTC');
  });

  it('words times for e-mails as people read them, in UTC', () => {
    expect(formatUtcForPeople(at('2030-04-30T00:00:00Z'))).toBe('Tuesday, April 30, 2030 at 12:00 AM UTC');
    expect(formatUtcForPeople(at('2030-12-01T13:05:00Z'))).toBe('Sunday, December 1, 2030 at 1:05 PM UTC');
    expect(formatUtcForPeople(at('2030-12-01T12:30:00Z'))).toBe('Sunday, December 1, 2030 at 12:30 PM UTC');
    expect(formatUtcDay(at('2030-05-04T00:00:00Z'))).toBe('Saturday, May 4, 2030');
  });
});
