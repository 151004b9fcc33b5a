import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import type { MyTicket } from '@common/schemas/my-tickets';
import type { ReactNode } from 'react';
import { TicketSummary } from './ticket-summary';

export interface CardConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opens the dialog; the dialog gives focus back to it when it closes. */
  trigger: ReactNode;
  ticket: MyTicket;
  title: string;
  body: string;
  cancel: string;
  confirm: string;
  confirmClassName?: string;
  onConfirm(): void;
}

/** A card's 'are you sure' step: the question, the ticket it is about, Go Back / Cancel and the action. */
export function CardConfirmDialog({
  open,
  onOpenChange,
  trigger,
  ticket,
  title,
  body,
  cancel,
  confirm,
  confirmClassName,
  onConfirm,
}: CardConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-3">
              <p>{body}</p>
              <TicketSummary ticket={ticket} />
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          <AlertDialogAction className={confirmClassName} onClick={onConfirm}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
