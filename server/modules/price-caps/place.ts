import { eq, sql } from 'drizzle-orm';
import { formatCents } from '../../../common/money.js';
import {
  highestMarkupWithin,
  maxAllInCents,
  type Place,
  priceCapRuleFor,
  withinCap,
} from '../../../common/price-caps/lookup.js';
import type { PriceCapRule } from '../../../common/price-caps/rules.js';
import { PRICE_CAP_TEXT } from '../../../common/texts/price-caps.js';
import { calendarDateAt } from '../../../common/venue-time.js';
import type { DbOrTx } from '../../db/client.js';
import { events, tickets, venues } from '../../db/schema/index.js';
import { Invalid } from '../../errors.js';
import { lockConflict } from '../holds/conflicts.js';

/**
 * The price cap a show's place sets (decision 0084), as the server enforces it on a listing's create and
 * edit, a bid, and a hold on a listing or a part of it. The rules are the repository's table unless a caller
 * (a test, the sweep) gives its own; the day a rule is in effect is the calendar day at the venue.
 */

export interface VenuePlace extends Place {
  timeZone: string;
}

/** The rule in effect for a place at `now`, read on the venue's calendar. */
export function ruleInEffect(
  place: VenuePlace,
  now: Date,
  rules?: readonly PriceCapRule[],
): PriceCapRule | null {
  return priceCapRuleFor(place, calendarDateAt(now, place.timeZone), rules);
}

/** Where a catalog event is; null for an unknown one. */
export async function placeOfEvent(db: DbOrTx, eventId: number): Promise<VenuePlace | null> {
  const [place] = await db
    .select({ country: venues.country, region: venues.region, timeZone: venues.timeZone })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(events.id, eventId));
  return place ?? null;
}

export interface ListingPrice {
  faceValueCents: number;
  serviceFeeCents: number;
  markup: number;
}

/** A listing's create or edit over its show's cap is refused (400), with the highest markup that keeps to it. */
export function assertListingWithinCap(rule: PriceCapRule | null, price: ListingPrice): void {
  if (withinCap(rule, price)) return;
  const highest = highestMarkupWithin(rule, price);
  const message = highest === null ? PRICE_CAP_TEXT.noMarkupFits : PRICE_CAP_TEXT.overCap(highest);
  throw new Invalid(message, { markup: message });
}

/**
 * What a hold's cap check reads of a listing, with its catalog event and venue left-joined: its price, and
 * its place (null for a listing without a catalog event, which has none).
 */
export const holdCapColumns = {
  faceValueCents: tickets.faceValueCents,
  serviceFeeCents: tickets.serviceFeeCents,
  markup: tickets.markup,
  eventId: tickets.eventId,
  eventName: tickets.eventName,
  country: venues.country,
  region: venues.region,
  venueTimeZone: venues.timeZone,
};

export interface HoldCapRow extends ListingPrice {
  eventId: number | null;
  eventName: string;
  country: string | null;
  region: string | null;
  venueTimeZone: string | null;
}

/**
 * A hold on a listing (whole, or a part carved from it) over its show's cap now is refused (409): a rule that
 * took effect since it was listed, before the sweep paused it.
 */
export function refuseHoldOverCap(row: HoldCapRow, now: Date): void {
  if (row.country === null || row.venueTimeZone === null) return;
  const place = { country: row.country, region: row.region, timeZone: row.venueTimeZone };
  // Told as a withdrawn listing is: the buyer's way forward is the show's page.
  if (!withinCap(ruleInEffect(place, now), row))
    throw lockConflict('withdrawn', PRICE_CAP_TEXT.holdOverCap, row);
}

/** refuseHoldOverCap for the listing `ticketId`, read in a statement of its own. */
export async function assertHoldWithinCap(tx: DbOrTx, ticketId: number, now: Date): Promise<void> {
  const [row] = await tx
    .select(holdCapColumns)
    .from(tickets)
    .leftJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(eq(tickets.id, ticketId));
  if (row) refuseHoldOverCap(row, now);
}

/**
 * A bid on a catalog show under a price cap may offer per ticket at most what the dearest ticket listed for
 * that show may sell for, all-in (its face value plus the original fee, at the cap's share). A show with no
 * listing yet has no price to cap a bid by: the bid is taken, and can only ever buy a listing within the cap.
 */
export async function assertBidWithinCap(
  tx: DbOrTx,
  bid: { eventId: number; maxPriceCents: number; quantity: number },
  now: Date,
): Promise<void> {
  const place = await placeOfEvent(tx, bid.eventId);
  const rule = place ? ruleInEffect(place, now) : null;
  if (rule?.maxPricePercent == null) return;
  const listed = await tx
    .select({ faceValueCents: tickets.faceValueCents, serviceFeeCents: tickets.serviceFeeCents })
    .from(tickets)
    .where(eq(tickets.eventId, bid.eventId))
    .orderBy(sql`${tickets.faceValueCents} + ${tickets.serviceFeeCents} desc`)
    .limit(1);
  const dearest = listed[0];
  if (!dearest) return;
  const perTicket = maxAllInCents(rule, dearest) ?? 0;
  if (bid.maxPriceCents > perTicket * bid.quantity)
    throw new Invalid(PRICE_CAP_TEXT.bidOverCap(formatCents(perTicket)), {
      maxPrice: PRICE_CAP_TEXT.bidOverCap(formatCents(perTicket)),
    });
}
