import { describe, expect, it } from 'vitest';
import { autoCompleteAt, payoutDueAt, transferDeadlineAt, transferReminderTimes } from './timeline.js';

const at = (iso: string) => new Date(iso);
const HOUR_MS = 3_600_000;

/** A show on May 1, 2030 at a Los Angeles venue (PDT, UTC−7). */
const losAngeles = { eventDate: '2030-05-01', daysCount: 1, timeZone: 'America/Los_Angeles' };
/** A festival from Thursday May 1 to Sunday May 4, 2030 at a Los Angeles venue. */
const festival = { ...losAngeles, daysCount: 4 };

describe('escrow timeline (decisions 0017, 0056)', () => {
  it('pays three days after the event and completes automatically a day before that, at the venue’s midnight', () => {
    expect(payoutDueAt(losAngeles)).toEqual(at('2030-05-04T07:00:00Z'));
    expect(autoCompleteAt(losAngeles)).toEqual(at('2030-05-03T07:00:00Z'));
    const newYork = { ...losAngeles, timeZone: 'America/New_York' };
    expect(payoutDueAt(newYork)).toEqual(at('2030-05-04T04:00:00Z'));
    expect(autoCompleteAt(newYork)).toEqual(at('2030-05-03T04:00:00Z'));
  });

  it('gives the buyer of an 8 PM show in Los Angeles a full day after the event to report a problem', () => {
    const showEnds = at('2030-05-02T05:00:00Z'); // 10 PM PDT on May 1
    const window = autoCompleteAt(losAngeles).getTime() - showEnds.getTime();
    // Midnight PDT after the day after the show: 26 hours after it ends, never the 19 a UTC day left.
    expect(window).toBe(26 * HOUR_MS);
  });

  it('counts a multi-day event’s completion and payout from its last day, its transfer from its first', () => {
    // Sunday May 4 is the last day: the report window runs through Monday May 5 at the venue.
    expect(autoCompleteAt(festival)).toEqual(at('2030-05-06T07:00:00Z'));
    expect(payoutDueAt(festival)).toEqual(at('2030-05-07T07:00:00Z'));
    // The tickets are needed on the first day: the deadline is the venue's midnight before it.
    expect(transferDeadlineAt(festival, at('2030-03-01T12:00:00Z'))).toEqual(at('2030-04-30T07:00:00Z'));
  });

  it('sets the transfer deadline at the venue’s midnight before the event', () => {
    expect(transferDeadlineAt(losAngeles, at('2030-03-01T12:00:00Z'))).toEqual(at('2030-04-30T07:00:00Z'));
    // Exactly 12 hours before the usual deadline still gets the usual deadline.
    expect(transferDeadlineAt(losAngeles, at('2030-04-29T19:00:00Z'))).toEqual(at('2030-04-30T07:00:00Z'));
  });

  it('gives a late sale 12 hours, but never beyond the end of the event’s first day at the venue', () => {
    expect(transferDeadlineAt(losAngeles, at('2030-04-29T20:00:00Z'))).toEqual(at('2030-04-30T08:00:00Z'));
    expect(transferDeadlineAt(losAngeles, at('2030-05-01T09:00:00Z'))).toEqual(at('2030-05-01T21:00:00Z'));
    expect(transferDeadlineAt(losAngeles, at('2030-05-01T20:00:00Z'))).toEqual(at('2030-05-02T07:00:00Z'));
    expect(transferDeadlineAt(festival, at('2030-05-01T20:00:00Z'))).toEqual(at('2030-05-02T07:00:00Z'));
  });

  it('keeps each deadline at local midnight across a daylight saving change', () => {
    // Los Angeles springs forward on Sunday March 10, 2030: the day before is PST, the days after PDT.
    const springShow = { ...losAngeles, eventDate: '2030-03-10' };
    expect(transferDeadlineAt(springShow, at('2030-02-01T12:00:00Z'))).toEqual(at('2030-03-09T08:00:00Z'));
    expect(autoCompleteAt(springShow)).toEqual(at('2030-03-12T07:00:00Z'));
    expect(payoutDueAt(springShow)).toEqual(at('2030-03-13T07:00:00Z'));
    // A festival over the fall-back weekend (November 1-3, 2030) ends in PST.
    const fallFestival = { ...losAngeles, eventDate: '2030-11-01', daysCount: 3 };
    expect(transferDeadlineAt(fallFestival, at('2030-10-01T12:00:00Z'))).toEqual(at('2030-10-31T07:00:00Z'));
    expect(autoCompleteAt(fallFestival)).toEqual(at('2030-11-05T08:00:00Z'));
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
});
