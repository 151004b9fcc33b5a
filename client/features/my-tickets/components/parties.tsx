import { MY_TICKETS_TEXT } from '@common/messages';
import { buyerDisplayName, type MyTicket } from '@common/schemas/my-tickets';
import { BuyerTransferInfo } from './buyer-transfer-info';
import { TransferEmailRequest } from './transfer-email-request';

/** Who is on the other side of a pending sale, and what each side needs to know to transfer it. */
export function Parties({ ticket }: { ticket: MyTicket }) {
  if (ticket.role === 'seller')
    return (
      <div className="space-y-2">
        <p className="text-sm">
          <span className="text-muted-foreground">{MY_TICKETS_TEXT.buyer}: </span>
          <span className="font-medium">{buyerDisplayName(ticket)}</span>
        </p>
        {ticket.buyerId !== null ? (
          <BuyerTransferInfo ticketId={ticket.id} initiated={ticket.transferStatus !== 'not_started'} />
        ) : null}
      </div>
    );
  return (
    <div className="space-y-2">
      <p className="text-sm">
        <span className="text-muted-foreground">{MY_TICKETS_TEXT.seller}: </span>
        <span className="font-medium">{ticket.seller.username}</span>
      </p>
      {ticket.transferStatus === 'initiated' ? (
        <p className="text-sm font-medium text-info">{MY_TICKETS_TEXT.checkEmail}</p>
      ) : null}
      <TransferEmailRequest ticket={ticket} />
    </div>
  );
}
