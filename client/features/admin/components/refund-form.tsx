import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH } from '@common/schemas/admin-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminKeys, refundTransaction } from '../api';
import { dollars } from '../format';
import { failureText } from './detail-dialog';

/** The Refund action of a sale still in escrow: the reason is required and sent to both parties. */
export function RefundForm({ orderId, amount }: { orderId: number; amount: number }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: () => refundTransaction(orderId, reason.trim()),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      setReason('');
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) =>
      toast({ title: ADMIN_TEXT.refundFailed, description: failureText(error), variant: 'destructive' }),
  });
  const ready = reason.trim().length >= ADMIN_REASON_MIN_LENGTH;
  return (
    <form
      className="space-y-2 rounded-lg border border-destructive/40 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) refund.mutate();
      }}
    >
      <h3 className="text-sm font-semibold">{ADMIN_TEXT.refundHeading}</h3>
      <p className="text-xs text-muted-foreground">{ADMIN_TEXT.refundHint}</p>
      <Label htmlFor={`${id}-reason`}>{ADMIN_TEXT.reasonLabel}</Label>
      <Textarea
        id={`${id}-reason`}
        value={reason}
        maxLength={ADMIN_REASON_MAX_LENGTH}
        rows={2}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="destructive" disabled={!ready || refund.isPending}>
          {ADMIN_TEXT.refundAction(dollars(amount))}
        </Button>
      </div>
    </form>
  );
}
