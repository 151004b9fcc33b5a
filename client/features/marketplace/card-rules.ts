import { markupTone } from '@common/pricing';
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

const BADGE_BY_TONE = { red: 'danger', yellow: 'warning', green: 'success' } as const;

/** Markup badge colour: above 30 red, above 0 yellow, otherwise green (spec 000 §9, common/pricing). */
export function markupBadgeVariant(markup: number): MarkupBadgeVariant {
  return BADGE_BY_TONE[markupTone(markup)];
}

/** 'N/A' when a seating field is missing (spec 000 §2). */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}

/** Tickets grouped under their event name, in the order the list gives them. */
export function groupByEvent(tickets: MarketTicket[]): { eventName: string; tickets: MarketTicket[] }[] {
  const groups = new Map<string, MarketTicket[]>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.eventName);
    if (group) group.push(ticket);
    else groups.set(ticket.eventName, [ticket]);
  }
  return [...groups].map(([eventName, grouped]) => ({ eventName, tickets: grouped }));
}

export function listingCount(count: number): string {
  return `${count} ${count === 1 ? 'listing' : 'listings'}`;
}
