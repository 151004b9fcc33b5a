import { MY_TICKETS_TEXT } from '@common/messages';
import { centsToDollars, dollarsToCents } from '@common/money';
import type { MyTicket } from '@common/schemas/my-tickets';
import { formatDollars } from '../format';
import { DetailList } from './detail-list';

/** Listing, bought and sold cards: Face Value, Service Fee, Markup, Per Ticket and Total for the quantity. */
export function PriceDetails({ ticket }: { ticket: MyTicket }) {
  const totalCents = dollarsToCents(ticket.listingPrice) * ticket.quantity;
  return (
    <DetailList
      title={MY_TICKETS_TEXT.priceDetails}
      rows={[
        { label: MY_TICKETS_TEXT.faceValue, value: formatDollars(ticket.faceValue) },
        { label: MY_TICKETS_TEXT.serviceFee, value: formatDollars(ticket.serviceFee) },
        { label: MY_TICKETS_TEXT.markup, value: `${ticket.markup}%` },
        { label: MY_TICKETS_TEXT.perTicket, value: formatDollars(ticket.listingPrice) },
        {
          label: MY_TICKETS_TEXT.total,
          value: formatDollars(centsToDollars(totalCents)),
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
