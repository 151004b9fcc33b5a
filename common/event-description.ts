/**
 * A listing's description, 'event at venue, city' (spec 000 §3 Ticket). Some shows are named after their
 * venue ('… at Xcel Energy Center'): the venue is then not said twice.
 */
export function eventDescription(eventName: string, venue: string, city: string): string {
  const name = eventName.trim();
  const namesVenue = venue.trim() !== '' && name.toLowerCase().endsWith(` at ${venue.trim().toLowerCase()}`);
  return namesVenue ? `${name}, ${city}` : `${name} at ${venue}, ${city}`;
}
