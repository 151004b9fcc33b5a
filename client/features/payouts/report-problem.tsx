import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { PAYOUT_TEXT } from '@common/messages';
import { REPORT_REASON_MAX_LENGTH } from '@common/schemas/payouts';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useReportProblem } from './api';

/**
 * On the buyer's pending card: tell Encore the transfer went wrong; the payout and auto-completion wait.
 * `ticket` names the ticket in the dialog, as the card's other confirm dialogs do. `onReported` lets the
 * page refetch the card, which then shows the reported state instead of this button.
 */
export function ReportProblemButton({
  ticketId,
  ticket,
  onReported,
}: {
  ticketId: number;
  ticket?: ReactNode;
  onReported?: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reported, setReported] = useState(false);
  const report = useReportProblem(ticketId);
  const fieldId = useId();
  const errorId = useId();

  if (reported) return <Badge variant="warning">{PAYOUT_TEXT.reportedBadge}</Badge>;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(PAYOUT_TEXT.reportRequired);
      return;
    }
    setError(null);
    report.mutate(trimmed, {
      onSuccess: ({ message }) => {
        // The button gives way to the 'Problem reported' badge: focus goes to its card, not to <body>.
        const restore = rememberFocusPlace(triggerRef.current, { fallback: () => null });
        setOpen(false);
        setReported(true);
        toast({ title: message });
        // After the card has refetched (it may be drawn anew), so focus lands on what is on the page then.
        void Promise.resolve(onReported?.())
          .catch(() => undefined)
          .finally(() => restoreFocusSoon(restore));
      },
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.serverMessage : undefined;
        setError(message ?? failure.message);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button ref={triggerRef} variant="outline" size="sm">
          {PAYOUT_TEXT.reportButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{PAYOUT_TEXT.reportTitle}</DialogTitle>
            <DialogDescription asChild>
              <div className="space-y-3">
                <p>{PAYOUT_TEXT.reportDescription}</p>
                {ticket}
              </div>
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fieldId}>{PAYOUT_TEXT.reportLabel}</Label>
            <Textarea
              id={fieldId}
              value={reason}
              maxLength={REPORT_REASON_MAX_LENGTH}
              placeholder={PAYOUT_TEXT.reportPlaceholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setReason(event.target.value)}
              rows={4}
            />
            <p className="text-right text-xs text-muted-foreground">
              {reason.length}/{REPORT_REASON_MAX_LENGTH}
            </p>
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {PAYOUT_TEXT.reportCancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              {report.isPending ? PAYOUT_TEXT.reportSubmitting : PAYOUT_TEXT.reportSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
