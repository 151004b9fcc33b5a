import { describe, expect, it } from 'vitest';
import { formatVenueAddress, venueMapUrl } from './venue-address.js';

const garden = {
  streetAddress: '4 Pennsylvania Plaza',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
};

describe('venue address', () => {
  it('writes the parts the catalog knows, the country only abroad', () => {
    expect(formatVenueAddress(garden)).toBe('4 Pennsylvania Plaza, New York, NY 10001');
    expect(
      formatVenueAddress({
        streetAddress: '45 Queen Caroline St',
        city: 'London',
        region: null,
        postalCode: 'W6 9QH',
        country: 'GB',
      }),
    ).toBe('45 Queen Caroline St, London, W6 9QH, GB');
    expect(
      formatVenueAddress({
        streetAddress: null,
        city: 'Reno',
        region: null,
        postalCode: null,
        country: 'US',
      }),
    ).toBe('Reno');
  });

  it('links an OpenStreetMap search for the venue at its address', () => {
    expect(venueMapUrl('Madison Square Garden', garden)).toBe(
      'https://www.openstreetmap.org/search?query=Madison%20Square%20Garden%2C%204%20Pennsylvania%20Plaza%2C%20New%20York%2C%20NY%2010001%2C%20US',
    );
  });
});
