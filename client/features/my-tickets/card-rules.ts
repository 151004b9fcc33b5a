import { MY_TICKETS_TEXT, SALE_STATE_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { IDENTITY_TEXT } from '@common/texts/verified-sellers';

/** The five card types of spec 001 §2, and a sale refunded at the transfer deadline (decision 0020). */
export type CardKind = 'listing' | 'bought' | 'sold' | 'pending-buyer' | 'pending-seller' | 'refunded';

export function cardKindOf(ticket: MyTicket): CardKind {
  if (!ticket.sold) return 'listing';
  if (ticket.refunded) return 'refunded';
  if (ticket.transferComplete) return ticket.role === 'seller' ? 'sold' : 'bought';
  return ticket.role === 'seller' ? 'pending-seller' : 'pending-buyer';
}

export type BadgeTone = 'danger' | 'warning' | 'info' | 'success' | 'secondary';

/** An unsold listing's badge: listed, or why it is not for sale (issue 34). */
function listingBadge(ticket: MyTicket): { label: string; tone: BadgeTone } {
  switch (ticket.listingState) {
    case 'under_review':
      return { label: MY_TICKETS_TEXT.badgeUnderReview, tone: 'warning' };
    case 'withdrawn':
      return { label: MY_TICKETS_TEXT.badgeWithdrawn, tone: 'secondary' };
    case 'event_cancelled':
      return { label: MY_TICKETS_TEXT.badgeEventCancelled, tone: 'secondary' };
    case 'awaiting_verification':
      return { label: IDENTITY_TEXT.awaiting, tone: 'warning' };
    default:
      return { label: MY_TICKETS_TEXT.badgeActiveListing, tone: 'info' };
  }
}

/** Why a listing is not for sale, for its card; null while it is listed. */
export function listingNotice(ticket: MyTicket): string | null {
  if (ticket.sold) return null;
  switch (ticket.listingState) {
    case 'under_review':
      return MY_TICKETS_TEXT.underReviewNotice;
    case 'withdrawn':
      return MY_TICKETS_TEXT.withdrawnNotice;
    case 'event_cancelled':
      return MY_TICKETS_TEXT.eventCancelledNotice;
    case 'awaiting_verification':
      return IDENTITY_TEXT.thresholdNote;
    default:
      return null;
  }
}

/**
 * Edit only while listed: saving does not relist a withdrawn listing, and a cancelled event's is refused
 * (decision 0042). Delete stays: it removes the listing from the seller's list whatever its state.
 */
export function canEditListing(ticket: MyTicket): boolean {
  // While buyers take part of it the editor stays closed, so it never blocks their hold (issue 43).
  // A listing waiting for its seller's verification may be edited (a lower price puts it on sale).
  const listed = ticket.listingState === 'active' || ticket.listingState === 'awaiting_verification';
  return !ticket.sold && listed && !ticket.heldByBuyers;
}

/** The card's status badge (spec 001 §2 'Card badges'). */
export function cardBadge(ticket: MyTicket): { label: string; tone: BadgeTone } {
  switch (cardKindOf(ticket)) {
    case 'listing':
      return listingBadge(ticket);
    case 'bought':
      return { label: MY_TICKETS_TEXT.badgePurchased, tone: 'success' };
    case 'sold':
      return { label: MY_TICKETS_TEXT.badgeSold, tone: 'success' };
    case 'refunded':
      return { label: SALE_STATE_TEXT.badgeRefunded, tone: 'secondary' };
    case 'pending-seller':
      return ticket.transferStatus === 'not_started'
        ? { label: MY_TICKETS_TEXT.badgeActionRequired, tone: 'danger' }
        : { label: MY_TICKETS_TEXT.badgeAwaitingConfirmation, tone: 'warning' };
    case 'pending-buyer':
      return ticket.transferStatus === 'not_started'
        ? { label: MY_TICKETS_TEXT.badgeAwaitingTransfer, tone: 'warning' }
        : { label: MY_TICKETS_TEXT.badgeConfirmReceipt, tone: 'danger' };
  }
}

export type StepState = 'done' | 'current' | 'upcoming';
export interface ProgressStep {
  label: string;
  state: StepState;
}

/** Transfer Progress (spec 001 §4 'Seller progress steps', 'Buyer progress steps'). */
export function progressSteps(ticket: MyTicket): ProgressStep[] {
  const status = ticket.transferComplete ? 'completed' : ticket.transferStatus;
  const completed = status === 'completed';
  if (ticket.role === 'seller')
    return [
      { label: MY_TICKETS_TEXT.stepPaymentReceived, state: 'done' },
      { label: MY_TICKETS_TEXT.stepInitiateTransfer, state: status === 'not_started' ? 'current' : 'done' },
      {
        label: MY_TICKETS_TEXT.stepBuyerConfirms,
        state: completed ? 'done' : status === 'initiated' ? 'current' : 'upcoming',
      },
      { label: MY_TICKETS_TEXT.stepComplete, state: completed ? 'done' : 'upcoming' },
    ];
  return [
    { label: MY_TICKETS_TEXT.stepPaymentSent, state: 'done' },
    { label: MY_TICKETS_TEXT.stepAwaitingTransfer, state: status === 'not_started' ? 'current' : 'done' },
    {
      label: MY_TICKETS_TEXT.stepConfirmReceipt,
      state: completed ? 'done' : status === 'initiated' ? 'current' : 'upcoming',
    },
    { label: MY_TICKETS_TEXT.stepComplete, state: completed ? 'done' : 'upcoming' },
  ];
}

/** Buttons a card offers (spec 001 §2 'Card buttons'). */
export function canInitiate(ticket: MyTicket): boolean {
  return (
    ticket.role === 'seller' &&
    ticket.sold &&
    !ticket.refunded &&
    !ticket.transferComplete &&
    ticket.transferStatus === 'not_started'
  );
}
export function canConfirmReceipt(ticket: MyTicket): boolean {
  return (
    ticket.role === 'buyer' &&
    !ticket.refunded &&
    !ticket.transferComplete &&
    ticket.transferStatus === 'initiated'
  );
}

/** 'N/A' for an empty ticket detail (spec 001 §2 'Ticket Details'). */
export function orNotAvailable(value: string): string {
  return value.trim() === '' ? MY_TICKETS_TEXT.notAvailable : value;
}

/**
 * Buyer of a ticket to a postponed event: a full refund may be asked for until the new date begins at the
 * venue (as the server decides it; decisions 0042, 0056). Gone once refunded, or once that time comes while
 * the page is open.
 */
export function canRequestRefund(ticket: MyTicket, now: Date = new Date()): boolean {
  return (
    ticket.role === 'buyer' &&
    !ticket.refunded &&
    ticket.refundRequestUntil !== null &&
    now.getTime() < Date.parse(ticket.refundRequestUntil)
  );
}
