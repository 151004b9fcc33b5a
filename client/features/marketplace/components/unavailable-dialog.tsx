import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button, buttonVariants } from '@client/components/ui/button';
import { BUYING_TEXT } from '@common/messages';
import { Link } from 'react-router';
import type { Unavailable } from '../use-purchase-flow';

interface UnavailableDialogProps {
  unavailable: Unavailable;
  onChooseQuantity: (quantity: number) => void;
  onClose: () => void;
}

/**
 * Why a ticket could not be opened, as the server says it (issue 43): sold, withdrawn, the show is over, the
 * seller is editing, or a quantity the listing no longer sells, with the quantities it still does, and the
 * way back to the show's page.
 */
export function UnavailableDialog({ unavailable, onChooseQuantity, onClose }: UnavailableDialogProps) {
  const quantities = unavailable.quantities ?? [];
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent data-testid="ticket-unavailable">
        <AlertDialogHeader>
          <AlertDialogTitle>{BUYING_TEXT.ticketUnavailableTitle}</AlertDialogTitle>
          <AlertDialogDescription>{unavailable.message}</AlertDialogDescription>
        </AlertDialogHeader>
        {quantities.length > 0 ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{BUYING_TEXT.stillOffered}</p>
            <div className="flex flex-wrap gap-2">
              {quantities.map((quantity) => (
                <Button
                  key={quantity}
                  type="button"
                  variant="outline"
                  onClick={() => onChooseQuantity(quantity)}
                >
                  {BUYING_TEXT.chooseQuantity(quantity)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>{BUYING_TEXT.closeUnavailable}</AlertDialogCancel>
          {unavailable.eventPath ? (
            <Link to={unavailable.eventPath} className={buttonVariants()} onClick={onClose}>
              {BUYING_TEXT.backToShow}
            </Link>
          ) : null}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
