import { formatDollars, formatEventDate } from '@client/lib/format';
import { SALE_STATE_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { FIND_OTHER_TICKETS_TEXT } from '@common/texts/promise';
import { formatVenueDateTime } from '@common/venue-time';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canRequestRefund, listingNotice } from '../card-rules';

function Notice({ title, body, children }: { title?: string; body: string; children?: ReactNode }) {
  return (
    <div
      className="rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm"
      data-testid="sale-notice"
    >
      {title ? <p className="font-semibold text-warning">{title}</p> : null}
      <p>{body}</p>
      {children}
    </div>
  );
}

/**
 * What happened to a sale beyond the transfer steps (decision 0020): refunded, and why (decision 0042), a
 * problem the buyer reported, which holds the payout, a paper sale support reviews because the buyer never
 * downloaded the barcode (decision 0041), or a postponed event whose buyer may still take a refund; and why
 * a listing is not for sale (issue 34). Nothing for any other ticket.
 */
export function SaleNotice({ ticket }: { ticket: MyTicket }) {
  const withdrawn = listingNotice(ticket);
  if (withdrawn) return <Notice body={withdrawn} />;
  if (ticket.refunded) {
    const amount = formatDollars(ticket.totalPaid ?? 0);
    // A refund recorded before its cause was kept was the transfer deadline's (decision 0042).
    const cause = ticket.refundCause ?? 'transfer_deadline';
    return (
      <Notice
        body={
          ticket.role === 'buyer'
            ? SALE_STATE_TEXT.buyerRefunded[cause](amount)
            : SALE_STATE_TEXT.sellerRefunded[cause](amount)
        }
      >
        {ticket.role === 'buyer' && ticket.findOtherTickets ? (
          // The show's other listings at the same or a lower price per ticket (decision 0087).
          <Link
            to={ticket.findOtherTickets}
            className="mt-1 inline-block font-medium underline underline-offset-4 hover:no-underline"
          >
            {FIND_OTHER_TICKETS_TEXT.link}
          </Link>
        ) : null}
      </Notice>
    );
  }
  if (!ticket.disputedAt) {
    if (!canRequestRefund(ticket) || !ticket.refundRequestUntil) return null;
    return (
      <Notice
        title={SALE_STATE_TEXT.eventPostponed}
        body={SALE_STATE_TEXT.refundUntil(
          formatEventDate(ticket.eventDate),
          formatVenueDateTime(parseISO(ticket.refundRequestUntil), ticket.timeZone),
        )}
      />
    );
  }
  if (ticket.disputeSource === 'barcode')
    return (
      <Notice
        title={SALE_STATE_TEXT.underReview}
        body={
          ticket.role === 'buyer' ? SALE_STATE_TEXT.buyerBarcodeReview : SALE_STATE_TEXT.sellerBarcodeReview
        }
      />
    );
  if (ticket.disputeSource === 'partial_refund')
    return (
      <Notice
        title={SALE_STATE_TEXT.underReview}
        body={
          ticket.role === 'buyer'
            ? SALE_STATE_TEXT.buyerPartialRefundReview
            : SALE_STATE_TEXT.sellerPartialRefundReview
        }
      />
    );
  // 'May 2, 2030 at 9:30 AM' in the viewer's zone.
  const when = format(parseISO(ticket.disputedAt), "MMM d, yyyy 'at' h:mm a");
  return ticket.role === 'buyer' ? (
    <Notice title={SALE_STATE_TEXT.problemReported} body={SALE_STATE_TEXT.buyerReportedOn(when)} />
  ) : (
    <Notice title={SALE_STATE_TEXT.payoutOnHold} body={SALE_STATE_TEXT.sellerReportedOn(when)} />
  );
}
