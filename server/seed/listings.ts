import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { eventDescription } from '../../common/event-description.js';
import { listingPriceCents } from '../../common/pricing.js';
import { PLATFORMS, type Platform, type TicketType } from '../../common/schemas/tickets.js';
import { DatabaseImageStore } from '../adapters/images/database-store.js';
import type { Db, DbOrTx } from '../db/client.js';
import { events, tickets, venues } from '../db/schema/index.js';
import type { DemoUsers } from './users.js';

/**
 * Demo listings: 66 tickets from maya, jordan and the ambassador spread over the upcoming catalog
 * events, with festival passes (multi-day), paper tickets and a real PNG image each. None is sold here:
 * sales go through the real checkout in sales.ts, so every sold ticket has its order and ledger.
 * Everything derives from the listing's index, so the data is the same on every machine.
 */

const LISTING_COUNT = 66;
const MARKUPS = [0, 10, -10, 5, 0, 20, 15, -25, 0, 8, 30, 35, 12, -50, 0, 25, 45, 3];
const SECTIONS = [
  '101',
  '102',
  '114',
  '203',
  '215',
  'Floor A',
  'Floor B',
  'GA',
  'Balcony 2',
  'Loge 12',
  '308',
];
const ROWS = 'ABCDEFGHJKLMNPQRST';
const FACE_VALUES = [49.5, 65, 79, 89.5, 99, 115, 129, 145, 175, 210, 249];
const COLOURS = ['#7c3aed', '#db2777', '#ea580c', '#16a34a', '#0891b2', '#2563eb', '#ca8a04', '#9333ea'];

interface UpcomingEvent {
  id: number;
  name: string;
  date: string;
  daysCount: number;
  venue: string;
  city: string;
  timeZone: string;
}

function pick<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A 600×300 ticket-like PNG: a coloured stub with the event, date, venue and seat printed on it. */
export function ticketPicture(
  lines: { title: string; date: string; place: string; seat: string },
  colour: string,
) {
  // About 28 characters fit left of the stub at this size.
  const title = lines.title.length > 28 ? `${lines.title.slice(0, 27).trimEnd()}…` : lines.title;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">
  <rect width="600" height="300" rx="24" fill="${colour}"/>
  <rect x="440" y="0" width="160" height="300" fill="#ffffff" fill-opacity="0.18"/>
  <line x1="440" y1="16" x2="440" y2="284" stroke="#ffffff" stroke-width="3" stroke-dasharray="10 8"/>
  <text x="32" y="64" font-family="sans-serif" font-size="16" font-weight="700" fill="#ffffff" fill-opacity="0.8" letter-spacing="4">ADMIT ONE</text>
  <text x="32" y="120" font-family="sans-serif" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
  <text x="32" y="170" font-family="sans-serif" font-size="20" fill="#ffffff">${escapeXml(lines.date)}</text>
  <text x="32" y="204" font-family="sans-serif" font-size="18" fill="#ffffff" fill-opacity="0.9">${escapeXml(lines.place)}</text>
  <text x="520" y="140" font-family="sans-serif" font-size="16" fill="#ffffff" text-anchor="middle">SEAT</text>
  <text x="520" y="176" font-family="sans-serif" font-size="22" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(lines.seat)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upcomingEvents(db: DbOrTx): Promise<UpcomingEvent[]> {
  const today = new Date().toISOString().slice(0, 10);
  return (
    db
      .select({
        id: events.id,
        name: events.name,
        date: events.date,
        daysCount: events.daysCount,
        venue: venues.name,
        city: venues.city,
        timeZone: venues.timeZone,
      })
      .from(events)
      .innerJoin(venues, eq(venues.id, events.venueId))
      // The demo's listings are for US shows; the shows abroad (decision 0084) are left for a seller to list.
      .where(and(gte(events.date, today), eq(venues.country, 'US')))
      .orderBy(asc(events.date), asc(events.id))
  );
}

/** 'GA', or consecutive seat numbers ('12, 13, 14'). */
function seatsFor(section: string, first: number, quantity: number): string {
  if (section === 'GA') return 'GA';
  return Array.from({ length: quantity }, (_, offset) => String(first + offset)).join(', ');
}

export async function seedListings(db: Db, users: DemoUsers): Promise<void> {
  const sellers = [users.maya, users.jordan];
  const [existing] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(inArray(tickets.sellerId, sellers))
    .limit(1);
  if (existing) return;
  const catalog = await upcomingEvents(db);
  if (catalog.length === 0) return;

  const listings = Array.from({ length: LISTING_COUNT }, (_, index) => {
    // Every 11th listing is the ambassador's; the rest alternate between maya and jordan.
    const sellerId = index % 11 === 10 ? users.ambassador : pick(sellers, index);
    // Spread over the catalog: 37 is coprime with most catalog sizes, so events rarely repeat early.
    const event = pick(catalog, index * 37);
    const multiDay = event.daysCount > 1;
    const quantity = pick([1, 2, 2, 4, 1, 3, 2], index);
    const section = pick(SECTIONS, index * 3);
    const seats = seatsFor(section, 1 + ((index * 7) % 24), quantity);
    const row = section === 'GA' ? 'GA' : pick(ROWS.split(''), index * 5);
    const faceValueCents = Math.round(pick(FACE_VALUES, index * 5) * 100) * (multiDay ? event.daysCount : 1);
    // Ticketing platforms charge roughly 12-18% in service fees.
    const serviceFeeCents = Math.round((faceValueCents * (12 + (index % 7))) / 100);
    const markup = pick(MARKUPS, index);
    const ticketType: TicketType = index % 6 === 5 ? 'paper' : 'digital';
    const platform: Platform | null = ticketType === 'digital' ? pick(PLATFORMS, index) : null;
    const picture = {
      title: event.name,
      date: multiDay ? `${event.date} · ${event.daysCount}-day pass` : event.date,
      place: `${event.venue}, ${event.city}`,
      seat: section === 'GA' ? 'GA' : `${row}-${seats.split(', ')[0]}`,
    };
    return {
      picture,
      colour: pick(COLOURS, index),
      ticket: {
        sellerId,
        eventId: event.id,
        eventName: event.name,
        eventDate: event.date,
        description: eventDescription(event.name, event.venue, event.city),
        venue: event.venue,
        daysCount: multiDay ? event.daysCount : 1,
        timeZone: event.timeZone,
        isMultiDay: multiDay,
        section,
        row,
        seats,
        quantity,
        faceValueCents,
        serviceFeeCents,
        markup,
        listingPriceCents: listingPriceCents(faceValueCents, serviceFeeCents, markup),
        ticketType,
        platform,
      },
    };
  });
  // sharp renders on its own thread pool: drawing every picture at once roughly halves the seed's time.
  const pictures = await Promise.all(
    listings.map((listing) => ticketPicture(listing.picture, listing.colour)),
  );

  // One transaction: the listings and their images appear together or not at all.
  await db.transaction(async (tx) => {
    const images = new DatabaseImageStore(tx);
    for (const [index, listing] of listings.entries()) {
      const picture = pictures[index];
      if (!picture) throw new Error('a seed picture is missing');
      const image = await images.save(picture, 'image/png', listing.ticket.sellerId);
      await tx
        .insert(tickets)
        .values({ ...listing.ticket, imageUrl: image.url, imagePublicId: image.publicId });
    }
  });
}
