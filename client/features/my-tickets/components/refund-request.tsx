import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { formatDollars } from '@client/lib/format';
import { MY_TICKETS_TEXT, SALE_STATE_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useRequestRefund } from '../api';
import { canRequestRefund } from '../card-rules';
import { CardConfirmDialog } from './confirm-dialog';
import { myTicketsFocusReturn } from './focus-return';

/**
 * Buyer of a ticket to a postponed event: 'Request a refund' behind a confirm step, until the new date
 * (decision 0042). The list is refreshed after the answer, so the refunded card replaces the button.
 */
export function RefundRequestButton({ ticket }: { ticket: MyTicket }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const request = useRequestRefund({
    onSuccess: (answer) =>
      toast({ title: SALE_STATE_TEXT.refundRequestedTitle, description: answer.message }),
    onError: (error) =>
      toast({
        title: MY_TICKETS_TEXT.errorTitle,
        description: (error instanceof ApiError && error.serverMessage) || SALE_STATE_TEXT.refundFailed,
        variant: 'destructive',
      }),
  });
  if (!canRequestRefund(ticket)) return null;
  return (
    <CardConfirmDialog
      open={open}
      onOpenChange={setOpen}
      ticket={ticket}
      title={SALE_STATE_TEXT.refundDialogTitle}
      body={SALE_STATE_TEXT.refundDialogBody(formatDollars(ticket.totalPaid ?? 0))}
      cancel={MY_TICKETS_TEXT.goBack}
      confirm={SALE_STATE_TEXT.refundConfirm}
      onConfirm={() => {
        const restore = rememberFocusPlace(triggerRef.current, myTicketsFocusReturn);
        request.mutate({ ticketId: ticket.id, afterRefresh: () => restoreFocusSoon(restore) });
      }}
      trigger={
        <Button
          size="sm"
          variant="outline"
          disabled={request.isPending}
          onClick={(event) => {
            triggerRef.current = event.currentTarget;
          }}
        >
          <Undo2 aria-hidden />
          {SALE_STATE_TEXT.requestRefund}
        </Button>
      }
    />
  );
}
