import { formatDollars } from '@client/lib/format';
import { MY_TICKETS_TEXT } from '@common/messages';
import { centsToDollars, dollarsToCents, formatCents } from '@common/money';
import type { MyTicket } from '@common/schemas/my-tickets';
import { DetailList } from './detail-list';

/**
 * Listing, bought and sold cards: Face Value, Service Fee, Markup, Per Ticket and Total for the quantity.
 * A buyer's Total is what the card was charged, all-in (decision 0003): the order's amount, with the card
 * processing fee on its own row so the rows add up.
 */
export function PriceDetails({ ticket }: { ticket: MyTicket }) {
  const listingTotalCents = dollarsToCents(ticket.listingPrice) * ticket.quantity;
  const paidCents =
    ticket.role === 'buyer' && ticket.totalPaid !== null ? dollarsToCents(ticket.totalPaid) : null;
  const processingFeeCents = paidCents === null ? 0 : paidCents - listingTotalCents;
  return (
    <DetailList
      title={MY_TICKETS_TEXT.priceDetails}
      rows={[
        { label: MY_TICKETS_TEXT.faceValue, value: formatDollars(ticket.faceValue) },
        { label: MY_TICKETS_TEXT.serviceFee, value: formatDollars(ticket.serviceFee) },
        { label: MY_TICKETS_TEXT.markup, value: `${ticket.markup}%` },
        { label: MY_TICKETS_TEXT.perTicket, value: formatDollars(ticket.listingPrice) },
        ...(processingFeeCents > 0
          ? [{ label: MY_TICKETS_TEXT.processingFee, value: formatCents(processingFeeCents) }]
          : []),
        {
          label: paidCents === null ? MY_TICKETS_TEXT.total : MY_TICKETS_TEXT.totalPaid,
          value: formatCents(paidCents ?? listingTotalCents),
          strong: true,
        },
      ]}
    />
  );
}

/** Pending cards: what the buyer paid for the whole sale. */
export function PurchasePrice({ ticket }: { ticket: MyTicket }) {
  const paid = ticket.totalPaid ?? centsToDollars(dollarsToCents(ticket.listingPrice) * ticket.quantity);
  return (
    <DetailList
      title={MY_TICKETS_TEXT.purchasePrice}
      rows={[
        { label: MY_TICKETS_TEXT.totalPaidFor(ticket.quantity), value: formatDollars(paid), strong: true },
      ]}
    />
  );
}
