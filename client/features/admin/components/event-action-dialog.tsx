import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminEvent } from '@common/schemas/admin-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, cancelEvent, postponeEvent } from '../api';
import { eventDay } from '../format';
import { useReturnFocus } from '../use-return-focus';
import { failureText } from './detail-dialog';
import { ReasonField, reasonReady } from './reason-field';

export type EventAction = 'cancel' | 'postpone';

/** Cancel an event (every sale not paid out is refunded) with a reason, or postpone it to a new date. */
export function EventActionDialog({
  event,
  action,
  onClose,
}: {
  event: AdminEvent;
  action: EventAction;
  onClose: () => void;
}) {
  useReturnFocus(`[data-event-action="${event.id}-${action}"]`);
  const [reason, setReason] = useState('');
  const [newDate, setNewDate] = useState('');
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () =>
      action === 'cancel' ? cancelEvent(event.id, reason.trim()) : postponeEvent(event.id, newDate),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      // The list shows the outcome first (a cancelled event loses its buttons), so that focus goes back to
      // what is on the page then, not to a button about to go.
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
    onError: (error) =>
      toast({
        title: action === 'cancel' ? ADMIN_TEXT.eventCancelFailed : ADMIN_TEXT.eventPostponeFailed,
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  const ready = action === 'cancel' ? reasonReady(reason) : newDate !== '';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{action === 'cancel' ? 'Cancel event' : 'Postpone event'}</DialogTitle>
          <DialogDescription>
            {event.name} · {eventDay(event.date)}.{' '}
            {action === 'cancel'
              ? `Every sale not yet paid out is refunded from escrow (${event.soldTickets} sold) and ${event.activeListings} listings are withdrawn.`
              : 'Buyers and sellers are told the new date; their tickets stay valid.'}
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(submit) => {
            submit.preventDefault();
            if (ready) run.mutate();
          }}
        >
          {action === 'cancel' ? (
            <ReasonField id="event-cancel-reason" value={reason} onChange={setReason} />
          ) : (
            <div className="space-y-1.5">
              <Label htmlFor="event-new-date">New date</Label>
              <Input
                id="event-new-date"
                type="date"
                value={newDate}
                onChange={(change) => setNewDate(change.target.value)}
              />
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Go Back
            </Button>
            <Button
              type="submit"
              variant={action === 'cancel' ? 'destructive' : 'default'}
              disabled={!ready || run.isPending}
            >
              {action === 'cancel' ? 'Cancel event' : 'Postpone event'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
