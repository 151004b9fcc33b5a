import { SALE_STATE_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { format, parseISO } from 'date-fns';
import { formatDollars } from '../format';

function Notice({ title, body }: { title?: string; body: string }) {
  return (
    <div
      className="rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm"
      data-testid="sale-notice"
    >
      {title ? <p className="font-semibold text-warning">{title}</p> : null}
      <p>{body}</p>
    </div>
  );
}

/**
 * What happened to a sale beyond the transfer steps (decision 0020): refunded at the transfer deadline, a
 * problem the buyer reported, which holds the payout, or a paper sale support reviews because the buyer
 * never downloaded the barcode (decision 0041). Nothing for any other sale.
 */
export function SaleNotice({ ticket }: { ticket: MyTicket }) {
  if (ticket.refunded) {
    const amount = formatDollars(ticket.totalPaid ?? 0);
    return (
      <Notice
        body={
          ticket.role === 'buyer'
            ? SALE_STATE_TEXT.buyerRefunded(amount)
            : SALE_STATE_TEXT.sellerRefunded(amount)
        }
      />
    );
  }
  if (!ticket.disputedAt) return null;
  if (ticket.disputeSource === 'barcode')
    return (
      <Notice
        title={SALE_STATE_TEXT.underReview}
        body={
          ticket.role === 'buyer' ? SALE_STATE_TEXT.buyerBarcodeReview : SALE_STATE_TEXT.sellerBarcodeReview
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
