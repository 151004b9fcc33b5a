import { createHash } from 'node:crypto';
import { dollarsToCents, formatCents } from '../../../common/money.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import { formatCalendarDate } from '../../../common/venue-time.js';

/**
 * What a show's link preview image says (decision 0092), and the version that names it: the image is
 * rendered again exactly when one of these lines changes (a rename, a new date, a new lowest price).
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** Raised when the image's design changes, so every cached copy is replaced. */
const DESIGN = 1;

export interface PreviewCard {
  name: string;
  dates: string;
  place: string;
  price: string;
}

export function previewCard(page: EventPage): PreviewCard {
  const { event, offers } = page;
  const first = formatCalendarDate(event.date);
  const days = event.daysCount > 1 ? `${first} – ${formatCalendarDate(event.lastDate)}` : first;
  const price = (() => {
    switch (event.state) {
      case 'cancelled':
        return 'Cancelled';
      case 'past':
        return 'This show has taken place';
      default:
        return offers.lowPrice === null
          ? 'No tickets listed right now'
          : `From ${formatCents(dollarsToCents(offers.lowPrice))} per ticket, all-in`;
    }
  })();
  return {
    name: event.name,
    dates: event.state === 'postponed' ? `Postponed to ${days}` : days,
    place: `${event.venue}, ${event.city}`,
    price,
  };
}

/** The card's version: a digest of its lines and the design. */
export function previewVersion(card: PreviewCard): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN, card]))
    .digest('base64url')
    .slice(0, 16);
}

/** The image's address for the show's current card: a new card, a new address (link previews keep old ones). */
export function previewImagePath(page: EventPage): string {
  return `/events/${page.event.id}/preview.png?v=${previewVersion(previewCard(page))}`;
}

/** What the image shows, for people who cannot see it (og:image:alt). */
export function previewAlt(card: PreviewCard): string {
  return `${card.name}: ${card.dates} at ${card.place}. ${card.price}.`;
}
