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
import { Button, buttonVariants } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { MY_TICKETS_TEXT } from '@common/messages';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteListing } from '../api';

/** Edit (opens the listing form in place) and Delete (after the spec's confirm dialog). */
export function ListingActions({
  ticketId,
  eventName,
  onEdit,
}: {
  ticketId: number;
  eventName: string;
  onEdit?: (ticketId: number) => void;
}) {
  const [confirming, setConfirming] = useState(false);
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
      {onEdit ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEdit(ticketId)}
          aria-label={`${MY_TICKETS_TEXT.edit} ${eventName}`}
        >
          <Pencil aria-hidden />
          {MY_TICKETS_TEXT.edit}
        </Button>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive-hover"
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
          aria-label={`${MY_TICKETS_TEXT.delete} ${eventName}`}
        >
          <Trash2 aria-hidden />
          {MY_TICKETS_TEXT.delete}
        </Button>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{MY_TICKETS_TEXT.deleteTitle}</AlertDialogTitle>
            <AlertDialogDescription>{MY_TICKETS_TEXT.deleteDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{MY_TICKETS_TEXT.cancel}</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => remove.mutate(ticketId)}
            >
              {MY_TICKETS_TEXT.delete}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
