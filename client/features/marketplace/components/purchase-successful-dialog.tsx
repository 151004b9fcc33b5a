import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { formatDollars } from '@client/lib/format';
import { BUYING_TEXT } from '@common/messages';
import { CircleCheck } from 'lucide-react';
import type { PurchaseVerifyResponse } from '../types';

const NEXT_STEPS = [
  'Your payment is held safely in escrow.',
  'The seller has been asked to transfer your ticket; you will get an e-mail when it is on its way.',
  'Follow the transfer in My Tickets.',
  'Once the ticket is yours, confirm receipt there and leave a review for the seller.',
] as const;

/** Shown on return from a paid checkout (spec 000 §2 'Purchase Successful dialog', §4 step 6). */
export function PurchaseSuccessfulDialog({
  open,
  message,
  purchase,
  onOpenChange,
  onViewMyTickets,
}: {
  open: boolean;
  message: string;
  /** The verified purchase: the dialog names the show and what was paid, so the buyer knows which one. */
  purchase: Pick<PurchaseVerifyResponse, 'eventName' | 'quantity' | 'amount'> | null;
  onOpenChange: (open: boolean) => void;
  onViewMyTickets: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <span className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
            <CircleCheck aria-hidden className="size-7" />
          </span>
          <DialogTitle>{BUYING_TEXT.purchaseSuccessfulTitle}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
          {purchase ? (
            <p className="font-medium">
              {BUYING_TEXT.purchasedSummary(
                purchase.eventName,
                purchase.quantity,
                formatDollars(purchase.amount),
              )}
            </p>
          ) : null}
        </DialogHeader>
        <div className="text-sm">
          <h3 className="mb-2 font-semibold">Next steps</h3>
          <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <DialogFooter>
          <Button onClick={onViewMyTickets}>{BUYING_TEXT.viewMyTickets}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
