import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  formatCalendarDate,
  formatShowTimes,
  formatVenueClock,
  formatVenueDateTime,
  formatVenueDay,
  formatVenueShortDay,
  isoWithOffset,
  lastDayOf,
  localMidnight,
  venueInstant,
  wallTime,
  wallTimeAt,
} from './venue-time.js';

const at = (iso: string) => new Date(iso);

describe('venue time', () => {
  it('finds the local midnight of a calendar day in the venue’s zone', () => {
    expect(localMidnight('2030-05-01', 'America/Los_Angeles')).toEqual(at('2030-05-01T07:00:00Z'));
    expect(localMidnight('2030-05-01', 'America/New_York')).toEqual(at('2030-05-01T04:00:00Z'));
    expect(localMidnight('2030-12-01', 'America/New_York')).toEqual(at('2030-12-01T05:00:00Z'));
    expect(localMidnight('2030-05-01', 'America/Phoenix')).toEqual(at('2030-05-01T07:00:00Z'));
    expect(localMidnight('2030-05-01', 'Pacific/Honolulu')).toEqual(at('2030-05-01T10:00:00Z'));
    expect(localMidnight('2030-05-01', 'UTC')).toEqual(at('2030-05-01T00:00:00Z'));
    // East of UTC the day begins on the UTC day before.
    expect(localMidnight('2030-05-01', 'Asia/Tokyo')).toEqual(at('2030-04-30T15:00:00Z'));
    expect(localMidnight('2030-10-06', 'Australia/Lord_Howe')).toEqual(at('2030-10-05T13:30:00Z'));
  });

  it('keeps to the offset of each side of a daylight saving change', () => {
    // Los Angeles springs forward at 2 AM on March 10, 2030 and falls back at 2 AM on November 3.
    expect(localMidnight('2030-03-10', 'America/Los_Angeles')).toEqual(at('2030-03-10T08:00:00Z'));
    expect(localMidnight('2030-03-11', 'America/Los_Angeles')).toEqual(at('2030-03-11T07:00:00Z'));
    expect(localMidnight('2030-11-03', 'America/Los_Angeles')).toEqual(at('2030-11-03T07:00:00Z'));
    expect(localMidnight('2030-11-04', 'America/Los_Angeles')).toEqual(at('2030-11-04T08:00:00Z'));
  });

  it('begins a day whose midnight is skipped at the jump, and one whose midnight comes twice at the first', () => {
    // Havana moves from 00:00 straight to 01:00 on March 10, 2030, and from 01:00 back to 00:00 on November 3.
    expect(localMidnight('2030-03-10', 'America/Havana')).toEqual(at('2030-03-10T05:00:00Z'));
    expect(localMidnight('2030-11-03', 'America/Havana')).toEqual(at('2030-11-03T04:00:00Z'));
    // Santiago skips midnight on September 8, 2030, and repeats the hour before it on April 6-7.
    expect(localMidnight('2030-09-08', 'America/Santiago')).toEqual(at('2030-09-08T04:00:00Z'));
    expect(localMidnight('2030-04-07', 'America/Santiago')).toEqual(at('2030-04-07T04:00:00Z'));
  });

  it('answers a day asked again the same, whatever was done to the instant it gave before', () => {
    const first = localMidnight('2031-07-04', 'Europe/Paris');
    first.setTime(0);
    expect(localMidnight('2031-07-04', 'Europe/Paris')).toEqual(at('2031-07-03T22:00:00Z'));
    expect(localMidnight('2031-07-04', 'Asia/Kolkata')).toEqual(at('2031-07-03T18:30:00Z'));
  });

  it('counts calendar days across months, leap days and years', () => {
    expect(addDays('2030-04-30', 1)).toBe('2030-05-01');
    expect(addDays('2030-05-01', -1)).toBe('2030-04-30');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2030-12-31', 3)).toBe('2031-01-03');
    expect(lastDayOf('2030-05-01', 1)).toBe('2030-05-01');
    expect(lastDayOf('2030-05-01', 4)).toBe('2030-05-04');
    expect(lastDayOf('2030-05-30', 4)).toBe('2030-06-02');
    expect(lastDayOf('2030-05-01', 0)).toBe('2030-05-01');
    expect(() => addDays('2030-5-1', 1)).toThrow('not a calendar date: 2030-5-1');
  });

  it('words an instant in the venue’s time with the zone’s name', () => {
    expect(formatVenueDateTime(at('2030-04-30T07:00:00Z'), 'America/Los_Angeles')).toBe(
      'Tuesday, April 30, 2030 at 12:00 AM PDT',
    );
    expect(formatVenueDateTime(at('2030-12-01T18:05:00Z'), 'America/New_York')).toBe(
      'Sunday, December 1, 2030 at 1:05 PM EST',
    );
    expect(formatVenueDateTime(at('2030-05-02T17:30:00Z'), 'America/Chicago')).toBe(
      'Thursday, May 2, 2030 at 12:30 PM CDT',
    );
    expect(formatVenueDateTime(at('2030-05-01T00:00:00Z'), 'UTC')).toBe(
      'Wednesday, May 1, 2030 at 12:00 AM UTC',
    );
    expect(formatVenueDay(at('2030-05-04T07:00:00Z'), 'America/Los_Angeles')).toBe('Saturday, May 4, 2030');
    // The same instant is still May 3 in Honolulu.
    expect(formatVenueDay(at('2030-05-04T07:00:00Z'), 'Pacific/Honolulu')).toBe('Friday, May 3, 2030');
    expect(formatVenueShortDay(at('2030-05-04T07:00:00Z'), 'America/Los_Angeles')).toBe('May 4, 2030');
    expect(formatVenueShortDay(at('2030-05-04T07:00:00Z'), 'Pacific/Honolulu')).toBe('May 3, 2030');
    expect(formatCalendarDate('2030-05-01')).toBe('Wednesday, May 1, 2030');
  });

  it('accepts IANA zone names only, under the name ICU gives them', () => {
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('america/los_angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+03:00')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone(`America/${'x'.repeat(100)}`)).toBeNull();
  });

  it('reads a show’s wall-clock time in its venue’s zone, with the offset of that day', () => {
    expect(venueInstant('2030-05-01', '20:00', 'America/New_York')).toEqual(at('2030-05-02T00:00:00Z'));
    expect(venueInstant('2030-12-01', '20:00:00', 'America/New_York')).toEqual(at('2030-12-02T01:00:00Z'));
    expect(venueInstant('2030-05-01', '19:30', 'Asia/Tokyo')).toEqual(at('2030-05-01T10:30:00Z'));
    expect(isoWithOffset('2030-05-01', '20:00', 'America/New_York')).toBe('2030-05-01T20:00:00-04:00');
    expect(isoWithOffset('2030-12-01', '20:00', 'America/New_York')).toBe('2030-12-01T20:00:00-05:00');
    expect(isoWithOffset('2030-05-01', '19:30', 'Asia/Kolkata')).toBe('2030-05-01T19:30:00+05:30');
    expect(isoWithOffset('2030-05-01', '21:00', 'UTC')).toBe('2030-05-01T21:00:00+00:00');
  });

  it('moves a time the clocks skip past the jump, and takes the first of a time they show twice', () => {
    // New York springs forward from 2:00 to 3:00 AM on March 10, 2030: 2:30 AM is read as 3:30 AM EDT.
    const skipped = venueInstant('2030-03-10', '02:30', 'America/New_York');
    expect(skipped).toEqual(at('2030-03-10T07:30:00Z'));
    expect(wallTimeAt(skipped, 'America/New_York')).toBe('03:30');
    expect(isoWithOffset('2030-03-10', '02:30', 'America/New_York')).toBe('2030-03-10T03:30:00-04:00');
    // It falls back from 2:00 to 1:00 AM on November 3, 2030: 1:30 AM comes twice, first in EDT.
    expect(venueInstant('2030-11-03', '01:30', 'America/New_York')).toEqual(at('2030-11-03T05:30:00Z'));
    expect(isoWithOffset('2030-11-03', '01:30', 'America/New_York')).toBe('2030-11-03T01:30:00-04:00');
    // Santiago skips its midnight: 00:15 on that day is 01:15.
    expect(wallTimeAt(venueInstant('2030-09-08', '00:15', 'America/Santiago'), 'America/Santiago')).toBe(
      '01:15',
    );
  });

  it('says a show’s time as a fan reads it', () => {
    expect(formatVenueClock('2030-05-01', '20:00', 'America/New_York')).toBe('8:00 PM EDT');
    expect(formatVenueClock('2030-12-01', '19:30', 'America/Los_Angeles', false)).toBe('7:30 PM');
    const zone = 'America/New_York';
    expect(formatShowTimes('2030-05-01', { startTime: '20:00', doorsTime: '19:00' }, zone)).toBe(
      '8:00 PM EDT (doors 7:00 PM)',
    );
    expect(formatShowTimes('2030-05-01', { startTime: '12:30', doorsTime: null }, zone)).toBe('12:30 PM EDT');
    expect(formatShowTimes('2030-05-01', { startTime: null, doorsTime: null }, zone)).toBeNull();
    expect(wallTime('20:00:00')).toBe('20:00');
    expect(wallTime('24:00')).toBeNull();
    expect(() => venueInstant('2030-05-01', '8 PM', zone)).toThrow('not a time of day');
  });
});
