import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import type { Dispute } from '@common/schemas/admin-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, resolveDispute } from '../api';
import { dollars, eventDay, longDate } from '../format';
import { useReturnFocus } from '../use-return-focus';
import { DetailItem, DetailList, FieldSelect, failureText } from './detail-dialog';
import { ReasonField, reasonReady } from './reason-field';

const RESOLUTIONS = [
  { value: 'refund', label: 'Refund the buyer' },
  { value: 'release', label: 'Release to the seller' },
] as const;

function Evidence({ dispute }: { dispute: Dispute }) {
  return (
    <section aria-labelledby="dispute-thread" className="space-y-2">
      <h3 id="dispute-thread" className="text-sm font-semibold">
        Messages
      </h3>
      {dispute.thread.length === 0 ? (
        <p className="text-sm text-muted-foreground">No messages yet.</p>
      ) : (
        <ol
          aria-labelledby="dispute-thread"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          className="max-h-[200px] space-y-2 overflow-y-auto rounded-lg border border-border p-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {dispute.thread.map((entry) => (
            <li key={`${entry.createdAt}-${entry.senderName}`}>
              <span className="font-medium">{entry.isSystem ? 'System Message' : entry.senderName}</span>{' '}
              <span className="text-xs text-muted-foreground">{longDate(entry.createdAt)}</span>
              <p className="whitespace-pre-wrap">{entry.message}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A dispute's facts, its evidence and, while open, the resolution (refund or release) with a reason. */
export function DisputeDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  useReturnFocus();
  const [resolution, setResolution] = useState<'refund' | 'release'>('refund');
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: () => resolveDispute(dispute.orderId, resolution, reason.trim()),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      // The list first, then the dialog closes: a resolved dispute's row is gone by then, so the focus goes
      // to the tab's panel rather than to a View button about to leave the page.
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
    onError: (error) =>
      toast({ title: ADMIN_TEXT.resolveFailed, description: failureText(error), variant: 'destructive' }),
  });
  const barcode = dispute.barcode.required
    ? `${dispute.barcode.uploaded ? 'uploaded' : 'not uploaded'}, ${dispute.barcode.downloaded ? 'downloaded' : 'not downloaded'}`
    : 'not needed (digital ticket)';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Dispute on order #{dispute.orderId}</DialogTitle>
          <DialogDescription>{dispute.reason}</DialogDescription>
        </DialogHeader>
        <DetailList>
          <DetailItem label="Event">
            {dispute.eventName} · {eventDay(dispute.eventDate)}
          </DetailItem>
          <DetailItem label="Amount">{dollars(dispute.amount)}</DetailItem>
          <DetailItem label="Buyer">{dispute.buyerName}</DetailItem>
          <DetailItem label="Seller">{dispute.sellerName}</DetailItem>
          <DetailItem label="Opened">{longDate(dispute.openedAt)}</DetailItem>
          <DetailItem label="Status">
            <Badge variant={dispute.status === 'open' ? 'warning' : 'secondary'}>{dispute.status}</Badge>
          </DetailItem>
          <DetailItem label="Transfer">{dispute.transferStatus.replace('_', ' ')}</DetailItem>
          <DetailItem label="Barcode">{barcode}</DetailItem>
          {dispute.resolutionReason ? (
            <DetailItem label="Resolution" wide>
              {dispute.resolutionReason}
            </DetailItem>
          ) : null}
        </DetailList>
        <Evidence dispute={dispute} />
        {dispute.status === 'open' ? (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (reasonReady(reason)) resolve.mutate();
            }}
          >
            <FieldSelect
              id="dispute-resolution"
              label="Resolution"
              value={resolution}
              options={RESOLUTIONS}
              onChange={setResolution}
            />
            <ReasonField id="dispute-reason" value={reason} onChange={setReason} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {ADMIN_TEXT.cancel}
              </Button>
              <Button type="submit" disabled={!reasonReady(reason) || resolve.isPending}>
                Resolve dispute
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
