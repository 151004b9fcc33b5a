import { dollarsToCents, formatCents } from '../../../common/money.js';
import { priceAgainstFaceValue } from '../../../common/price-comparison.js';
import type { EventPage, EventPageListing } from '../../../common/schemas/event-page.js';
import { PRICE_COMPARISON_TEXT } from '../../../common/texts/price-comparison.js';
import { ticketPath } from '../../../common/ticket-path.js';
import { formatCalendarDate, formatShowTimes, isoWithOffset } from '../../../common/venue-time.js';
import { webAddress } from '../events/catalog-values.js';
import {
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  previewAlt,
  previewCard,
  previewImagePath,
} from '../findable/preview-card.js';

/** An artist's picture as an absolute http(s) address, or null (a stored javascript: address never shows). */
function pictureOf(image: string | null, origin: string): string | null {
  const address = webAddress(image);
  return address ? new URL(address, origin).href : null;
}

/**
 * What an event page's HTML says about the show before any script runs (decision 0058): the title and
 * description people and search engines read, the canonical address, the Open Graph and Twitter card tags
 * link previews use, and schema.org MusicEvent JSON-LD with an AggregateOffer of what the page lists.
 */

const SCHEMA_STATUS = {
  on_sale: 'https://schema.org/EventScheduled',
  sold_out: 'https://schema.org/EventScheduled',
  past: 'https://schema.org/EventScheduled',
  postponed: 'https://schema.org/EventRescheduled',
  cancelled: 'https://schema.org/EventCancelled',
} as const;

export const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** JSON inside a <script> element: '<' escaped, so no '</script>' or '<!--' can end or bend it. */
export const scriptJson = (value: unknown) => escapeScriptJson(JSON.stringify(value));

/** Serialised JSON made safe inside a <script> element, as scriptJson does. */
export const escapeScriptJson = (json: string) =>
  json.replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/** 'Wednesday, May 1, 2030' or 'Friday, June 5, 2026 – Sunday, June 7, 2026' for a festival. */
export function showDates(event: EventPage['event']): string {
  const first = formatCalendarDate(event.date);
  return event.daysCount > 1 ? `${first} – ${formatCalendarDate(event.lastDate)}` : first;
}

export function pageTitle(page: EventPage): string {
  return `${page.event.name} tickets · ${page.event.venue}, ${page.event.city} · Encore`;
}

export function pageDescription(page: EventPage): string {
  const { event, offers } = page;
  const time = formatShowTimes(event.date, event, event.timeZone);
  const where = `${showDates(event)}${time ? `, ${time},` : ''} at ${event.venue}, ${event.city}.`;
  switch (event.state) {
    case 'cancelled':
      return `${event.name} was cancelled. ${where}`;
    case 'past':
      return `${event.name} has taken place. ${where}`;
    default: {
      const onSale =
        offers.count === 0 || offers.lowPrice === null
          ? 'No tickets listed right now: set a price alert on Encore.'
          : `${offers.count} ${offers.count === 1 ? 'listing' : 'listings'} from fans, from ${formatCents(dollarsToCents(offers.lowPrice))} per ticket all-in.`;
      const postponed = event.state === 'postponed' ? 'Postponed to the new date. ' : '';
      return `${postponed}${where} ${onSale}`;
    }
  }
}

/**
 * A listing the page shows as a schema.org Offer: its all-in price per ticket, with the comparison every
 * screen shows and what it compares with, face value plus the original fee (decision 0083).
 */
function listingOffer(listing: EventPageListing, origin: string): Record<string, unknown> {
  return {
    '@type': 'Offer',
    url: `${origin}${ticketPath(listing.id)}`,
    price: listing.pricePerTicket.toFixed(2),
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    description: priceAgainstFaceValue(
      dollarsToCents(listing.pricePerTicket),
      dollarsToCents(listing.faceValuePerTicket),
      dollarsToCents(listing.originalFeePerTicket),
    ),
    priceSpecification: {
      '@type': 'PriceSpecification',
      name: PRICE_COMPARISON_TEXT.originalPriceName,
      price: listing.originalPricePerTicket.toFixed(2),
      priceCurrency: 'USD',
    },
  };
}

/** The venue's PostalAddress: every part of its address the catalog knows (decision 0093). */
function postalAddress(event: EventPage['event']): Record<string, string> {
  const { address } = event;
  return {
    '@type': 'PostalAddress',
    ...(address.streetAddress ? { streetAddress: address.streetAddress } : {}),
    addressLocality: address.city,
    ...(address.region ? { addressRegion: address.region } : {}),
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    addressCountry: address.country,
  };
}

/** What the show is: where and when, in the venue's time when that is known, and who plays. */
function showDescription(event: EventPage['event']): string {
  const time = formatShowTimes(event.date, event, event.timeZone);
  const when = time ? `${showDates(event)} at ${time}` : showDates(event);
  const lineup = event.lineup.map((artist) => artist.name).join(', ');
  return `${event.name} at ${event.venue}, ${event.city}, on ${when}.${lineup ? ` Lineup: ${lineup}.` : ''}`;
}

/**
 * schema.org MusicEvent for the show, its AggregateOffer exactly what the page lists as on sale, with an
 * Offer for each listing on the page; a cancelled show offers nothing. `startDate` and `doorTime` carry the
 * venue's offset when the time is known (decision 0093).
 */
export function musicEventJsonLd(page: EventPage, origin: string): Record<string, unknown> {
  const { event, offers } = page;
  const canonicalUrl = `${origin}${event.path}`;
  // The show's preview card first (decision 0092), then the artists' own pictures.
  const images = [
    `${origin}${previewImagePath(page)}`,
    ...event.lineup.flatMap((artist) => pictureOf(artist.image, origin) ?? []),
  ];
  const at = (time: string | null) => (time ? isoWithOffset(event.date, time, event.timeZone) : null);
  const doorTime = at(event.doorsTime);
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: event.name,
    url: canonicalUrl,
    description: showDescription(event),
    startDate: at(event.startTime) ?? event.date,
    endDate: event.lastDate,
    ...(doorTime ? { doorTime } : {}),
    ...(event.originalDate ? { previousStartDate: event.originalDate } : {}),
    eventStatus: SCHEMA_STATUS[event.state],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.venue, address: postalAddress(event) },
    ...(event.lineup.length > 0
      ? { performer: event.lineup.map((artist) => ({ '@type': 'MusicGroup', name: artist.name })) }
      : {}),
    image: images,
    ...(event.state === 'cancelled'
      ? {}
      : {
          offers: {
            '@type': 'AggregateOffer',
            url: canonicalUrl,
            priceCurrency: 'USD',
            offerCount: offers.count,
            ...(offers.lowPrice === null ? {} : { lowPrice: offers.lowPrice.toFixed(2) }),
            ...(offers.highPrice === null ? {} : { highPrice: offers.highPrice.toFixed(2) }),
            availability:
              offers.count > 0 && event.state !== 'past'
                ? 'https://schema.org/InStock'
                : 'https://schema.org/SoldOut',
            ...(page.listings.length > 0
              ? { offers: page.listings.map((listing) => listingOffer(listing, origin)) }
              : {}),
          },
        }),
  };
}

/**
 * The <head> tags of the page at `origin`, its <title> and description included, for `shell`'s own title
 * and description. Images are made absolute.
 */
export function withHeadTags(shell: string, page: EventPage, origin: string): string {
  return shell
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => headTags(page, origin));
}

/** The <head> tags of the page at `origin`, its <title> included. Images are made absolute. */
export function headTags(page: EventPage, origin: string): string {
  const canonical = `${origin}${page.event.path}`;
  const title = pageTitle(page);
  const description = pageDescription(page);
  // The show's card as a 1200×630 PNG (decision 0092): what link previews show large.
  const card = previewCard(page);
  const image = `${origin}${previewImagePath(page)}`;
  const imageAlt = previewAlt(card);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
  return [
    `<title>${escapeAttribute(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Encore'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    `<script type="application/ld+json">${scriptJson(musicEventJsonLd(page, origin))}</script>`,
  ].join('\n    ');
}
