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
import { ApiError } from '@client/lib/api';
import { ADMIN_REASON_MAX_LENGTH } from '@common/schemas/admin-money';
import { type AdminFanQueueEntry, removeFanQueueEntrySchema } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminKeys } from '../api';
import { failureText } from '../components/detail-dialog';
import { useReturnFocus } from '../use-return-focus';
import { removeFanQueueEntry } from './api';

/** The reason's first problem as the server would word it, or null when it may be sent. */
function reasonProblem(reason: string): string | null {
  const checked = removeFanQueueEntrySchema.safeParse({ reason });
  return checked.success ? null : (checked.error.issues[0]?.message ?? FAN_QUEUE_TEXT.removeReasonRequired);
}

/**
 * Removing a fan from a show's line, confirmed with a one-line reason that the member is e-mailed
 * (decision 0100). A reason the server would refuse is said under the field; focus goes back to the line.
 */
export function RemoveEntryDialog({
  entry,
  eventName,
  returnTo,
  onClose,
}: {
  entry: AdminFanQueueEntry;
  eventName: string;
  /** A selector for what takes the focus once the row is gone (the line's table). */
  returnTo: string;
  onClose: () => void;
}) {
  useReturnFocus(returnTo);
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => removeFanQueueEntry(entry.id, reason.trim()),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
    onError: (failure) => {
      // The server's word on the reason goes under the field; anything else is a failure to say so.
      if (failure instanceof ApiError && failure.status === 400) setError(failureText(failure) ?? null);
      else
        toast({
          title: FAN_QUEUE_TEXT.removeFailed,
          description: failureText(failure),
          variant: 'destructive',
        });
    },
  });
  const errorId = `${id}-error`;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{FAN_QUEUE_TEXT.removeTitle}</DialogTitle>
          <DialogDescription>{FAN_QUEUE_TEXT.removeDescription(entry.username, eventName)}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(submit) => {
            submit.preventDefault();
            const problem = reasonProblem(reason);
            setError(problem);
            if (problem === null) run.mutate();
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-reason`}>{FAN_QUEUE_TEXT.removeReasonLabel}</Label>
            <Input
              id={`${id}-reason`}
              value={reason}
              maxLength={ADMIN_REASON_MAX_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(change) => setReason(change.target.value)}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {FAN_QUEUE_TEXT.removeCancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={run.isPending}>
              {run.isPending ? FAN_QUEUE_TEXT.removing : FAN_QUEUE_TEXT.removeConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
