import type { MyTicket } from '@common/schemas/my-tickets';
import type { ReactNode } from 'react';

/**
 * What other features put into My Tickets; client/app fills them (features never import each other). A slot
 * left empty shows nothing of its own.
 */
export interface MyTicketsSlots {
  /** The message thread of a sold ticket (messages feature). */
  renderThread?: (ticket: MyTicket, viewerId: number) => ReactNode;
  /** A paper ticket's barcode upload (seller) or download (buyer) (barcodes feature). */
  renderBarcode?: (ticket: MyTicket, role: 'seller' | 'buyer') => ReactNode;
  /** Payout status on sold and pending-seller cards, report-a-problem on buyer pending cards (payouts). */
  renderSaleExtras?: (ticket: MyTicket, role: 'seller' | 'buyer') => ReactNode;
  /** A bought ticket's calendar and wallet links, on the buyer's pending and bought cards (wallet feature). */
  renderShowLinks?: (ticket: MyTicket) => ReactNode;
  /** The listing form editing a ticket in place (listing feature); `close` returns to the list. */
  renderEditor?: (ticketId: number, close: () => void) => ReactNode;
}
