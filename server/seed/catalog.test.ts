import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '../../common/venue-time.js';
import { buildSeedCatalog } from './catalog.js';

const DAY_MS = 86_400_000;
const zones = (catalog: ReturnType<typeof buildSeedCatalog>) =>
  new Map(catalog.map((event) => [event.venue.name, event.venue.timeZone]));

describe('buildSeedCatalog', () => {
  const today = '2026-11-23';
  const catalog = buildSeedCatalog(today);

  it('builds at least 150 upcoming events over about six months', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(150);
    const days = catalog.map((event) => (Date.parse(event.date) - Date.parse(today)) / DAY_MS);
    expect(Math.min(...days)).toBeGreaterThan(0);
    expect(Math.max(...days)).toBeLessThanOrEqual(186);
  });

  it('has multi-day festivals of 2 to 3 days with several artists', () => {
    const festivals = catalog.filter((event) => event.daysCount > 1);
    expect(festivals.length).toBeGreaterThanOrEqual(5);
    for (const festival of festivals) {
      expect(festival.daysCount).toBeGreaterThanOrEqual(2);
      expect(festival.daysCount).toBeLessThanOrEqual(3);
      expect(festival.artists.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses about 40 artists and 34 venues, with unique external ids and no network images', () => {
    const artistIds = new Set(catalog.flatMap((event) => event.artists.map((artist) => artist.externalId)));
    const venueIds = new Set(catalog.map((event) => event.venue.externalId));
    expect(artistIds.size).toBe(40);
    expect(venueIds.size).toBe(34);
    expect(new Set(catalog.map((event) => event.externalId)).size).toBe(catalog.length);
    for (const artist of catalog.flatMap((event) => event.artists)) {
      expect(artist.imageUrl).toMatch(/^data:image\/svg\+xml,/);
      expect(artist.genres.length).toBeGreaterThan(0);
    }
  });

  it('places every venue in its own IANA time zone', () => {
    const zones = new Map(catalog.map((event) => [event.venue.name, event.venue.timeZone]));
    expect(zones.size).toBe(34);
    for (const zone of zones.values()) expect(canonicalTimeZone(zone ?? '')).toBe(zone);
    expect(zones.get('Hollywood Bowl')).toBe('America/Los_Angeles');
    expect(zones.get('Red Rocks Amphitheatre')).toBe('America/Denver');
    expect(zones.get('Ryman Auditorium')).toBe('America/Chicago');
    expect(zones.get('Madison Square Garden')).toBe('America/New_York');
    expect(zones.get('The Gorge Amphitheatre')).toBe('America/Los_Angeles');
  });

  it('places US venues in their state, and has upcoming shows in Ireland, Belgium and the UK', () => {
    const places = new Map(
      catalog.map((event) => [event.venue.name, [event.venue.country, event.venue.region]]),
    );
    expect(places.get('Madison Square Garden')).toEqual(['US', 'NY']);
    expect(places.get('Ryman Auditorium')).toEqual(['US', 'TN']);
    expect(places.get('3Arena')).toEqual(['IE', null]);
    expect(places.get('Forest National')).toEqual(['BE', null]);
    expect(places.get('Eventim Apollo')).toEqual(['GB', null]);
    const abroad = catalog.filter((event) => event.venue.country !== 'US');
    expect(new Set(abroad.map((event) => event.venue.country))).toEqual(new Set(['IE', 'BE', 'GB']));
    expect(abroad.every((event) => event.date > today)).toBe(true);
    expect(zones(catalog).get('3Arena')).toBe('Europe/Dublin');
  });

  it('gives shows evening start times with doors before them for most, and every venue a street address', () => {
    const timed = catalog.filter((event) => event.startTime);
    expect(timed.length).toBeGreaterThan(catalog.length * 0.9);
    expect(timed.filter((event) => event.doorsTime).length).toBeGreaterThan(timed.length * 0.7);
    for (const event of timed) {
      expect(event.startTime).toMatch(/^(1[2-9]|20):[03]0$/);
      if (event.doorsTime) expect(event.doorsTime < (event.startTime ?? '')).toBe(true);
    }
    for (const event of catalog) {
      expect(event.venue.streetAddress).toBeTruthy();
      expect(event.venue.postalCode).toBeTruthy();
    }
  });

  it('is the same for the same day', () => {
    expect(buildSeedCatalog(today)).toEqual(catalog);
  });
});
