import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDiscoveryEvents, pickArtistImage, showTimesAt } from './import.js';

const fixture: unknown = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/discovery-events.json'), 'utf8'),
);

describe('pickArtistImage', () => {
  it('picks the widest 16:9 image', () => {
    expect(
      pickArtistImage([
        { url: 'a-3x2', ratio: '3_2', width: 3000 },
        { url: 'b-16x9-small', ratio: '16_9', width: 640 },
        { url: 'c-16x9-large', ratio: '16_9', width: 2048 },
      ]),
    ).toBe('c-16x9-large');
  });

  it('falls back to the first image without a 16:9 one, and to null without images', () => {
    expect(pickArtistImage([{ url: 'first', ratio: '4_3' }, { url: 'second' }])).toBe('first');
    expect(pickArtistImage([])).toBeNull();
    expect(pickArtistImage(undefined)).toBeNull();
  });
});

describe('parseDiscoveryEvents', () => {
  const parsed = parseDiscoveryEvents(fixture);

  it('maps the recorded Discovery API answer to catalog events, skipping an event without a date', () => {
    expect(parsed.events).toHaveLength(6);
    expect(parsed.skipped).toEqual([{ id: 'vvG1IZ9pZz0Xe', reason: 'no start date yet' }]);
    expect(parsed.events[0]).toMatchObject({
      externalId: 'vvG1IZ9pKx3Lb7',
      name: 'The Paper Lanterns: Night Swim Tour',
      date: '2027-03-12',
      daysCount: 1,
      venue: {
        externalId: 'KovZpZA7AAEA',
        name: 'Madison Square Garden',
        city: 'New York',
        timeZone: 'America/New_York',
      },
    });
    expect(parsed.events[0]?.artists.map((artist) => artist.name)).toEqual([
      'The Paper Lanterns',
      'Wren & the Wildflowers',
    ]);
  });

  it('reads each venue’s IANA time zone', () => {
    expect(parsed.events.map((event) => [event.venue.name, event.venue.timeZone])).toEqual([
      ['Madison Square Garden', 'America/New_York'],
      ['Red Rocks Amphitheatre', 'America/Denver'],
      ['Greek Theatre', 'America/Los_Angeles'],
      ['Ryman Auditorium', 'America/Chicago'],
      ['Zilker Park', 'America/Chicago'],
      ['Madison Square Garden', 'America/New_York'],
    ]);
  });

  it('reads each venue’s country and state, and leaves out a code that is not one (decision 0084)', () => {
    expect(parsed.events[0]?.venue).toMatchObject({ country: 'US', region: 'NY' });
    expect(parsed.events[1]?.venue).toMatchObject({ country: 'US', region: 'CO' });
    const venueOf = (venue: Record<string, unknown>) =>
      parseDiscoveryEvents({
        _embedded: {
          events: [
            {
              id: 'e1',
              name: 'Show',
              dates: { start: { localDate: '2030-01-01' } },
              _embedded: { venues: [{ id: 'v1', name: 'Hall', city: { name: 'Dublin' }, ...venue }] },
            },
          ],
        },
      }).events[0]?.venue;
    expect(venueOf({ country: { countryCode: 'ie' } })).toMatchObject({ country: 'IE', region: null });
    expect(venueOf({ country: { countryCode: 'Ireland' } })?.country).toBeUndefined();
  });

  it('takes the event’s zone when the venue has none, and none when neither is an IANA zone', () => {
    const answer = (venueZone: string | undefined, eventZone: string | undefined) => ({
      _embedded: {
        events: [
          {
            id: 'e1',
            name: 'Late Show',
            dates: { start: { localDate: '2027-03-12' }, timezone: eventZone },
            _embedded: { venues: [{ id: 'v1', name: 'Hall', city: { name: 'Reno' }, timezone: venueZone }] },
          },
        ],
      },
    });
    const zoneOf = (venueZone?: string, eventZone?: string) =>
      parseDiscoveryEvents(answer(venueZone, eventZone)).events[0]?.venue.timeZone;
    expect(zoneOf('America/Los_Angeles', 'America/New_York')).toBe('America/Los_Angeles');
    expect(zoneOf(undefined, 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(zoneOf('Pacific Time', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(zoneOf('US/Pacific')).toBe('America/Los_Angeles');
    expect(zoneOf()).toBeNull();
    expect(zoneOf('Pacific/Atlantis')).toBeNull();
  });

  it('reads each show’s local start time and doors, and the venue’s street and postal code (decision 0093)', () => {
    expect(
      parsed.events.map((event) => [event.name, event.startTime, event.doorsTime, event.venue.postalCode]),
    ).toEqual([
      ['The Paper Lanterns: Night Swim Tour', '19:30', '18:30', '10001'],
      ['The Paper Lanterns: Night Swim Tour', '20:00', null, '80465'],
      ['Juniper Vale - The Glasshouse Tour', '19:00', '18:00', '90027'],
      ['Copper Creek Revival with Wren & the Wildflowers', '19:30', null, '37219'],
      ['Riverbend Music Festival 2027', '12:00', null, '78746'],
      ['Mira Sol at Madison Square Garden', '20:00', null, '10001'],
    ]);
    expect(parsed.events[0]?.venue.streetAddress).toBe('7th Ave & 32nd Street');
  });

  it('leaves out a start the source has not fixed, and doors on another day or after the start', () => {
    const answer = (start: Record<string, unknown>, doors?: Record<string, unknown>) => ({
      _embedded: {
        events: [
          {
            id: 'e1',
            name: 'Late Show',
            dates: { start: { localDate: '2027-03-12', ...start } },
            ...(doors ? { doorsTimes: doors } : {}),
            _embedded: { venues: [{ id: 'v1', name: 'Hall', city: { name: 'Reno' }, postalCode: '<b>' }] },
          },
        ],
      },
    });
    const timesOf = (start: Record<string, unknown>, doors?: Record<string, unknown>) => {
      const [event] = parseDiscoveryEvents(answer(start, doors)).events;
      return [event?.startTime, event?.doorsTime];
    };
    expect(timesOf({ localTime: '21:00:00', timeTBA: true })).toEqual([null, null]);
    expect(timesOf({ localTime: '21:00:00', noSpecificTime: true })).toEqual([null, null]);
    expect(timesOf({ localTime: '9 PM' })).toEqual([null, null]);
    expect(timesOf({ localTime: '21:00:00' }, { localDate: '2027-03-11', localTime: '20:00:00' })).toEqual([
      '21:00',
      null,
    ]);
    expect(timesOf({ localTime: '21:00:00' }, { localDate: '2027-03-12', localTime: '22:00:00' })).toEqual([
      '21:00',
      null,
    ]);
    expect(parseDiscoveryEvents(answer({})).events[0]?.venue).toMatchObject({
      streetAddress: null,
      postalCode: null,
    });
  });

  it('reads a local time in the venue’s zone: a skipped time moves past the jump, a repeated one stays', () => {
    const zone = 'America/New_York';
    // Clocks jump from 2:00 to 3:00 AM on March 14, 2027 and go back from 2:00 to 1:00 AM on November 7.
    expect(showTimesAt({ date: '2027-03-14', startTime: '02:30', doorsTime: '02:00' }, zone)).toEqual({
      startTime: '03:30',
      doorsTime: '03:00',
    });
    expect(showTimesAt({ date: '2027-11-07', startTime: '01:30', doorsTime: '01:00' }, zone)).toEqual({
      startTime: '01:30',
      doorsTime: '01:00',
    });
    expect(showTimesAt({ date: '2027-03-14', startTime: '20:00', doorsTime: '21:00' }, zone)).toEqual({
      startTime: '20:00',
      doorsTime: null,
    });
    expect(showTimesAt({ date: '2027-03-14', startTime: null, doorsTime: '19:00' }, zone)).toEqual({
      startTime: null,
      doorsTime: null,
    });
  });

  it('counts the days of a festival from its end date', () => {
    const festival = parsed.events.find((event) => event.name === 'Riverbend Music Festival 2027');
    expect(festival?.daysCount).toBe(3);
    expect(festival?.artists).toHaveLength(4);
  });

  it('reads genres from the first classification, without Undefined', () => {
    const all = parsed.events.flatMap((event) => event.artists);
    expect(all.find((artist) => artist.name === 'The Paper Lanterns')?.genres).toEqual([
      'Alternative',
      'Indie Rock',
    ]);
    expect(all.find((artist) => artist.name === 'Mira Sol')?.genres).toEqual(['R&B']);
  });

  it('answers no events for an empty search answer and rejects other documents', () => {
    expect(parseDiscoveryEvents({ page: { size: 20, totalElements: 0, totalPages: 0, number: 0 } })).toEqual({
      events: [],
      skipped: [],
    });
    expect(() => parseDiscoveryEvents({ _embedded: { events: [{ name: 'no id' }] } })).toThrow();
  });
});
