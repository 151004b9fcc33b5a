import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { useCompleteTransfer, useInitiateTransfer } from '../api';
import { canConfirmReceipt, canInitiate } from '../card-rules';

function failure(error: unknown, fallback: string) {
  toast({
    title: MY_TICKETS_TEXT.errorTitle,
    description: (error instanceof ApiError && error.serverMessage) || fallback,
    variant: 'destructive',
  });
}

/** Seller: Initiate Transfer behind the 'Confirm Ticket Transfer' dialog. */
function InitiateTransferButton({ ticketId }: { ticketId: number }) {
  const [open, setOpen] = useState(false);
  const initiate = useInitiateTransfer({
    onSuccess: () => toast({ title: MY_TICKETS_TEXT.initiatedTitle, description: MY_TICKETS_TEXT.initiated }),
    onError: (error) => failure(error, MY_TICKETS_TEXT.initiateFailed),
  });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button size="sm" disabled={initiate.isPending} onClick={() => setOpen(true)}>
        <Send aria-hidden />
        {MY_TICKETS_TEXT.initiateTransfer}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MY_TICKETS_TEXT.initiateDialogTitle}</AlertDialogTitle>
          <AlertDialogDescription>{MY_TICKETS_TEXT.initiateDialogBody}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{MY_TICKETS_TEXT.goBack}</AlertDialogCancel>
          <AlertDialogAction onClick={() => initiate.mutate(ticketId)}>
            {MY_TICKETS_TEXT.proceed}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Buyer: Confirm Receipt once the seller initiated the transfer. */
function ConfirmReceiptButton({ ticketId }: { ticketId: number }) {
  const complete = useCompleteTransfer({
    onSuccess: (answer) =>
      answer.alreadyCompleted
        ? toast({ title: MY_TICKETS_TEXT.alreadyCompleteTitle, description: answer.message })
        : toast({ title: MY_TICKETS_TEXT.completedTitle, description: MY_TICKETS_TEXT.completed }),
    onError: (error) => failure(error, MY_TICKETS_TEXT.confirmFailed),
  });
  return (
    <Button size="sm" disabled={complete.isPending} onClick={() => complete.mutate(ticketId)}>
      <CheckCircle2 aria-hidden />
      {MY_TICKETS_TEXT.confirmReceipt}
    </Button>
  );
}

/** The transfer buttons a pending card offers its viewer (none once nothing is left to do). */
export function TransferActions({ ticket }: { ticket: MyTicket }) {
  if (canInitiate(ticket)) return <InitiateTransferButton ticketId={ticket.id} />;
  if (canConfirmReceipt(ticket)) return <ConfirmReceiptButton ticketId={ticket.id} />;
  return null;
}
