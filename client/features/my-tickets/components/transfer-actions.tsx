import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { CheckCircle2, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useCompleteTransfer, useInitiateTransfer } from '../api';
import { canConfirmReceipt, canInitiate } from '../card-rules';
import { CardConfirmDialog } from './confirm-dialog';
import { myTicketsFocusReturn } from './focus-return';

function failure(error: unknown, fallback: string) {
  toast({
    title: MY_TICKETS_TEXT.errorTitle,
    description: (error instanceof ApiError && error.serverMessage) || fallback,
    variant: 'destructive',
  });
}

/**
 * A paper ticket is transferred by its barcode: until one is uploaded the server refuses the transfer, so
 * the button is disabled and says why (decision 0041).
 */
function NeedsBarcodeButton({ ticketId }: { ticketId: number }) {
  const hintId = `initiate-${ticketId}-needs-barcode`;
  return (
    <div className="grid gap-1">
      <Button size="sm" disabled aria-describedby={hintId}>
        <Send aria-hidden />
        {MY_TICKETS_TEXT.initiateTransfer}
      </Button>
      <p id={hintId} className="text-sm text-muted-foreground">
        {MY_TICKETS_TEXT.barcodeRequired}
      </p>
    </div>
  );
}

/** Seller: Initiate Transfer behind the 'Confirm Ticket Transfer' dialog, which names the ticket. */
function InitiateTransferButton({ ticket }: { ticket: MyTicket }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const initiate = useInitiateTransfer({
    onSuccess: () => toast({ title: MY_TICKETS_TEXT.initiatedTitle, description: MY_TICKETS_TEXT.initiated }),
    onError: (error) => failure(error, MY_TICKETS_TEXT.initiateFailed),
  });
  return (
    <CardConfirmDialog
      open={open}
      onOpenChange={setOpen}
      ticket={ticket}
      title={MY_TICKETS_TEXT.initiateDialogTitle}
      body={
        ticket.ticketType === 'paper'
          ? MY_TICKETS_TEXT.initiateDialogBodyPaper
          : MY_TICKETS_TEXT.initiateDialogBody
      }
      cancel={MY_TICKETS_TEXT.goBack}
      confirm={MY_TICKETS_TEXT.proceed}
      onConfirm={() => {
        const restore = rememberFocusPlace(triggerRef.current, myTicketsFocusReturn);
        initiate.mutate({ ticketId: ticket.id, afterRefresh: () => restoreFocusSoon(restore) });
      }}
      trigger={
        <Button
          size="sm"
          disabled={initiate.isPending}
          onClick={(event) => {
            triggerRef.current = event.currentTarget;
          }}
        >
          <Send aria-hidden />
          {MY_TICKETS_TEXT.initiateTransfer}
        </Button>
      }
    />
  );
}

/** Buyer: Confirm Receipt once the seller initiated the transfer; it releases escrow, so it asks first. */
function ConfirmReceiptButton({ ticket }: { ticket: MyTicket }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const complete = useCompleteTransfer({
    onSuccess: (answer) =>
      answer.alreadyCompleted
        ? toast({ title: MY_TICKETS_TEXT.alreadyCompleteTitle, description: answer.message })
        : toast({ title: MY_TICKETS_TEXT.completedTitle, description: MY_TICKETS_TEXT.completed }),
    onError: (error) => failure(error, MY_TICKETS_TEXT.confirmFailed),
  });
  return (
    <CardConfirmDialog
      open={open}
      onOpenChange={setOpen}
      ticket={ticket}
      title={MY_TICKETS_TEXT.confirmDialogTitle}
      body={MY_TICKETS_TEXT.confirmDialogBody}
      cancel={MY_TICKETS_TEXT.goBack}
      confirm={MY_TICKETS_TEXT.confirmReceipt}
      onConfirm={() => {
        const restore = rememberFocusPlace(triggerRef.current, myTicketsFocusReturn);
        complete.mutate({ ticketId: ticket.id, afterRefresh: () => restoreFocusSoon(restore) });
      }}
      trigger={
        <Button
          size="sm"
          disabled={complete.isPending}
          onClick={(event) => {
            triggerRef.current = event.currentTarget;
          }}
        >
          <CheckCircle2 aria-hidden />
          {MY_TICKETS_TEXT.confirmReceipt}
        </Button>
      }
    />
  );
}

/** The transfer buttons a pending card offers its viewer (none once nothing is left to do). */
export function TransferActions({ ticket }: { ticket: MyTicket }) {
  if (canInitiate(ticket))
    return ticket.ticketType === 'paper' && ticket.barcodeCloudinaryUrl === null ? (
      <NeedsBarcodeButton ticketId={ticket.id} />
    ) : (
      <InitiateTransferButton ticket={ticket} />
    );
  if (canConfirmReceipt(ticket)) return <ConfirmReceiptButton ticket={ticket} />;
  return null;
}
