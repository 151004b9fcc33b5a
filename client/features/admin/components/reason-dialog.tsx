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
import { SUSPENSION_TEXT } from '@common/messages';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useReturnFocus } from '../use-return-focus';
import { failureText } from './detail-dialog';
import { ReasonField, reasonReady } from './reason-field';

/**
 * An admin decision about a member or their listing, confirmed with a reason (decisions 0077, 0078), as
 * cancelling a show is: suspending or reinstating a member, hiding or showing a review, changing a
 * listing's status. Nothing happens until the admin confirms; focus goes back to what opened it.
 */
export function ReasonDialog<Answer>({
  title,
  description,
  confirmLabel,
  destructive = false,
  failureTitle,
  send,
  onDone,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  failureTitle: string;
  send: (reason: string) => Promise<Answer>;
  onDone: (answer: Answer) => Promise<void> | void;
  onClose: () => void;
}) {
  useReturnFocus();
  const id = useId();
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: () => send(reason.trim()),
    onSuccess: async (answer) => {
      await onDone(answer);
      onClose();
    },
    onError: (error) =>
      toast({ title: failureTitle, description: failureText(error), variant: 'destructive' }),
  });
  const ready = reasonReady(reason);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(submit) => {
            submit.preventDefault();
            if (ready) run.mutate();
          }}
        >
          <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {SUSPENSION_TEXT.goBack}
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={!ready || run.isPending}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
