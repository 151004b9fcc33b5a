import { listingPriceCents } from '../../../common/pricing.js';
import type { SplitRule } from '../../../common/splits.js';
import type { DbOrTx } from '../../db/client.js';
import { events, tickets, users, venues } from '../../db/schema/index.js';

/** Helpers for API tests of buying: listings and accounts inserted straight into the database. */

let sequence = 0;

/** A date `days` from `from`, yyyy-MM-dd (UTC). */
export function isoDay(days: number, from: Date = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface ListingOverrides {
  eventName?: string;
  eventDate?: string;
  description?: string;
  venue?: string;
  /** The zone the dates are read in (decision 0056): the column's default, the platform's, when not given. */
  timeZone?: string;
  daysCount?: number;
  eventId?: number | null;
  section?: string;
  row?: string;
  seats?: string;
  quantity?: number;
  faceValueCents?: number;
  serviceFeeCents?: number;
  markup?: number;
  sold?: boolean;
  status?: 'available' | 'sold' | 'cancelled' | 'pending';
  splitRule?: SplitRule;
}

/** One listing of `sellerId`, valid and priced by common/pricing.ts. */
export async function insertListing(db: DbOrTx, sellerId: number, overrides: ListingOverrides = {}) {
  sequence += 1;
  const faceValueCents = overrides.faceValueCents ?? 8_000;
  const serviceFeeCents = overrides.serviceFeeCents ?? 1_250;
  const markup = overrides.markup ?? 10;
  const sold = overrides.sold ?? false;
  const eventName = overrides.eventName ?? `Test Event ${sequence}`;
  const venue = overrides.venue ?? 'Riverside Arena';
  const [row] = await db
    .insert(tickets)
    .values({
      sellerId,
      eventId: overrides.eventId ?? null,
      eventName,
      eventDate: overrides.eventDate ?? isoDay(30),
      description: overrides.description ?? `${eventName} at ${venue}, Portland`,
      venue,
      ...(overrides.timeZone === undefined ? {} : { timeZone: overrides.timeZone }),
      daysCount: overrides.daysCount ?? 1,
      isMultiDay: (overrides.daysCount ?? 1) > 1,
      section: overrides.section ?? '101',
      row: overrides.row ?? 'C',
      seats: overrides.seats ?? '4, 5',
      quantity: overrides.quantity ?? 2,
      faceValueCents,
      serviceFeeCents,
      markup,
      listingPriceCents: listingPriceCents(faceValueCents, serviceFeeCents, markup),
      ticketType: 'digital',
      platform: 'ticketmaster',
      imageUrl: '/api/images/test.png',
      imagePublicId: `test-${sequence}`,
      sold,
      status: overrides.status ?? (sold ? 'sold' : 'available'),
      ...(overrides.splitRule === undefined ? {} : { splitRule: overrides.splitRule }),
    })
    .returning();
  if (!row) throw new Error('listing insert returned no row');
  return row;
}

/** Accounts without password hashing (fast enough for hundreds); sign them in with signedInClient. */
export async function insertUsers(db: DbOrTx, count: number, prefix = 'buyer') {
  sequence += 1;
  const batch = `${prefix}${Date.now().toString(36)}${sequence}`;
  return db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        username: `${batch}_${index}`,
        email: `${batch}_${index}@example.com`,
        passwordHash: 'not-a-real-hash',
        firstName: 'Buyer',
        lastName: `${index}`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email, username: users.username });
}

/** A catalog show named `name` on `date` (at a venue of its own) and one listing of it by `sellerId`. */
export async function insertShowListing(db: DbOrTx, sellerId: number, name: string, date = '2030-05-01') {
  sequence += 1;
  const [venue] = await db
    .insert(venues)
    .values({ name: `Show Venue ${sequence}`, city: 'Portland' })
    .returning();
  const [event] = await db
    .insert(events)
    .values({ name, date, venueId: venue?.id ?? 0 })
    .returning();
  if (!event) throw new Error('event insert returned no row');
  const ticket = await insertListing(db, sellerId, {
    eventId: event.id,
    eventName: event.name,
    eventDate: date,
  });
  return { event, ticket };
}
