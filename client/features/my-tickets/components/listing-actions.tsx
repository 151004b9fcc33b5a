import { Button, buttonVariants } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useDeleteListing } from '../api';
import { canEditListing } from '../card-rules';
import { CardConfirmDialog } from './confirm-dialog';
import { myTicketsFocusReturn } from './focus-return';

/** Edit (opens the listing form in place, while it is listed) and Delete (after the spec's confirm dialog, naming the ticket). */
export function ListingActions({
  ticket,
  onEdit,
}: {
  ticket: MyTicket;
  onEdit?: (ticketId: number) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const remove = useDeleteListing({
    onSuccess: () => toast({ title: MY_TICKETS_TEXT.successTitle, description: MY_TICKETS_TEXT.deleted }),
    onError: (error) =>
      toast({
        title: MY_TICKETS_TEXT.errorTitle,
        description: (error instanceof ApiError && error.serverMessage) || MY_TICKETS_TEXT.deleteFailed,
        variant: 'destructive',
      }),
  });

  return (
    <div className="flex gap-2">
      {onEdit && canEditListing(ticket) ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEdit(ticket.id)}
          aria-label={`${MY_TICKETS_TEXT.edit} ${ticket.eventName}`}
        >
          <Pencil aria-hidden />
          {MY_TICKETS_TEXT.edit}
        </Button>
      ) : null}
      <CardConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        ticket={ticket}
        title={MY_TICKETS_TEXT.deleteTitle}
        body={MY_TICKETS_TEXT.deleteDescription}
        cancel={MY_TICKETS_TEXT.cancel}
        confirm={MY_TICKETS_TEXT.delete}
        confirmClassName={buttonVariants({ variant: 'destructive' })}
        onConfirm={() => {
          const restore = rememberFocusPlace(triggerRef.current, myTicketsFocusReturn);
          remove.mutate({ ticketId: ticket.id, afterRefresh: () => restoreFocusSoon(restore) });
        }}
        trigger={
          <Button
            variant="outline"
            size="sm"
            className="text-destructive-hover"
            disabled={remove.isPending}
            onClick={(event) => {
              triggerRef.current = event.currentTarget;
            }}
            aria-label={`${MY_TICKETS_TEXT.delete} ${ticket.eventName}`}
          >
            <Trash2 aria-hidden />
            {MY_TICKETS_TEXT.delete}
          </Button>
        }
      />
    </div>
  );
}
