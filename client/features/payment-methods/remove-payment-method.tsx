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
import { Button, buttonVariants } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import type { PaymentMethod } from '@common/schemas/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messageOf, paymentMethodKeys, removePaymentMethod } from './api';

/**
 * Remove a saved card, after a confirm that names it. A card an active bid pays with is refused by the
 * server (decision 0044), whose message says which bid to cancel first.
 */
export function RemovePaymentMethod({
  card,
  name,
  onRemoved,
}: {
  card: PaymentMethod;
  name: string;
  /** After the list was read again: how many cards are left. */
  onRemoved(remaining: number): void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => removePaymentMethod(card.id),
    onSuccess: async () => {
      toast({ title: PAYMENT_METHOD_TEXT.removedTitle, description: PAYMENT_METHOD_TEXT.removed });
      await queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all });
      onRemoved(queryClient.getQueryData<PaymentMethod[]>(paymentMethodKeys.all)?.length ?? 0);
    },
    onError: (error) =>
      toast({
        title: PAYMENT_METHOD_SCREEN_TEXT.removeFailed,
        description: messageOf(error, PAYMENT_METHOD_SCREEN_TEXT.removeFailed),
        variant: 'destructive',
      }),
  });

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start text-destructive"
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden />
          {PAYMENT_METHOD_SCREEN_TEXT.remove}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{PAYMENT_METHOD_SCREEN_TEXT.removeTitle}</AlertDialogTitle>
          <AlertDialogDescription>{PAYMENT_METHOD_SCREEN_TEXT.removeBody(name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{PAYMENT_METHOD_SCREEN_TEXT.removeCancel}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => remove.mutate()}
          >
            {PAYMENT_METHOD_SCREEN_TEXT.removeConfirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
