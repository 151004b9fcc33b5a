/**
 * A venue's address as people read it, and the map link a show's page gives (decision 0093): an
 * OpenStreetMap search for the venue at its address, opened in a new tab. No map script or frame is loaded.
 */
import type { VenueAddress } from './schemas/event-page.js';

/** '4 Pennsylvania Plaza, New York, NY 10001' ('…, IE' for a venue abroad): the parts the catalog knows. */
export function formatVenueAddress(address: VenueAddress): string {
  const regionAndCode = [address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.streetAddress, address.city, regionAndCode, address.country === 'US' ? '' : address.country]
    .filter(Boolean)
    .join(', ');
}

/** The OpenStreetMap search for the venue by name at its address. */
export function venueMapUrl(venue: string, address: VenueAddress): string {
  const query = `${venue}, ${formatVenueAddress(address)}${address.country === 'US' ? ', US' : ''}`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
