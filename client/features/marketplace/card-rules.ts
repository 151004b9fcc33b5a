import type { PriceComparison } from '@common/price-comparison';
import type { MarketTicket } from './types';

/** 'View Details' only for a signed-in viewer, on an unsold ticket they do not sell (spec 000 §2, §5). */
export function canViewDetails(ticket: MarketTicket, viewerId: number | null): boolean {
  return viewerId !== null && !ticket.sold && ticket.sellerId !== viewerId;
}

/**
 * Another viewer holds the ticket: isBeingEdited, a lock expiry still in the future and a current
 * viewer who is not this user (spec 000 §2).
 */
export function isReservedByOther(ticket: MarketTicket, viewerId: number | null, now: number): boolean {
  if (!ticket.isBeingEdited || !ticket.lockExpiresAt) return false;
  if (Date.parse(ticket.lockExpiresAt) <= now) return false;
  return ticket.currentViewerId !== viewerId;
}

export type MarkupBadgeVariant = 'danger' | 'warning' | 'success';

/**
 * The card's badge colour for how its all-in price reads against the original price (decision 0073): at or
 * below it green, up to 30% above it yellow, more red (the markup badge's thresholds, spec 000 §9).
 */
export function comparisonBadgeVariant(comparison: PriceComparison): MarkupBadgeVariant {
  if (comparison.kind !== 'above') return 'success';
  return comparison.percent > 30 ? 'danger' : 'warning';
}

/** 'N/A' when a seating field is missing (spec 000 §2). */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}

/** One show's listings: a catalog event, or a hand-entered name, date and venue when there is none. */
export interface ShowGroup {
  key: string;
  eventId: number | null;
  eventName: string;
  eventDate: string;
  daysCount: number;
  venue: string;
  tickets: MarketTicket[];
}

/**
 * The show a listing is for: its catalog event's id, or (for a listing without one) its name, date and
 * venue together. Never the name alone: a tour plays under one name at many venues and dates.
 */
export function showKey(ticket: MarketTicket): string {
  return ticket.eventId !== null
    ? `event:${ticket.eventId}`
    : `manual:${JSON.stringify([ticket.eventName, ticket.eventDate.slice(0, 10), ticket.venue])}`;
}

/** Tickets grouped by show (showKey), in the order the list gives them. */
export function groupByEvent(tickets: MarketTicket[]): ShowGroup[] {
  const groups = new Map<string, ShowGroup>();
  for (const ticket of tickets) {
    const key = showKey(ticket);
    const group = groups.get(key);
    if (group) group.tickets.push(ticket);
    else
      groups.set(key, {
        key,
        eventId: ticket.eventId,
        eventName: ticket.eventName,
        eventDate: ticket.eventDate,
        daysCount: ticket.daysCount,
        venue: ticket.venue,
        tickets: [ticket],
      });
  }
  return [...groups.values()];
}

export function listingCount(count: number): string {
  return `${count} ${count === 1 ? 'listing' : 'listings'}`;
}
