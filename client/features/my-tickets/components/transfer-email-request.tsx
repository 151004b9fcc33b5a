import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/session';
import { MY_TICKETS_TEXT, REGISTRATION_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { isEmailAddress, TEXT_LIMITS } from '@common/schemas/text';
import { PLATFORM_EMAIL_FIELDS, PLATFORM_LABELS, type Platform } from '@common/schemas/tickets';
import { Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSaveTransferEmail } from '../api';

/**
 * The buyer's pending card, while the seller has not sent a digital ticket and the buyer has no e-mail on
 * its platform: asks for it (issue 34), saved to their profile. Gone once saved, as the seller's card then
 * shows the address.
 */
export function TransferEmailRequest({ ticket }: { ticket: MyTicket }) {
  const { data: user } = useCurrentUser();
  const waiting =
    ticket.role === 'buyer' &&
    !ticket.refunded &&
    !ticket.transferComplete &&
    ticket.transferStatus === 'not_started';
  if (!waiting || ticket.platform === null || !user) return null;
  if (user[PLATFORM_EMAIL_FIELDS[ticket.platform]]?.trim()) return null;
  return <TransferEmailForm platform={ticket.platform} />;
}

function TransferEmailForm({ platform }: { platform: Platform }) {
  const id = useId();
  const label = PLATFORM_LABELS[platform];
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTransferEmail(platform, {
    onSuccess: () =>
      toast({
        title: MY_TICKETS_TEXT.transferEmailSaved,
        description: MY_TICKETS_TEXT.transferEmailSavedBody(label),
      }),
    onError: (failure) =>
      toast({
        title: MY_TICKETS_TEXT.transferEmailFailed,
        description: failure instanceof ApiError ? failure.serverMessage : undefined,
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = address.trim();
    if (!isEmailAddress(value)) {
      setError(REGISTRATION_TEXT.emailInvalid);
      return;
    }
    setError(null);
    save.mutate(value);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm"
      data-testid="transfer-email-request"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <p id={`${id}-title`} className="flex items-center gap-2 font-semibold text-warning">
          <Mail aria-hidden className="size-4" />
          {MY_TICKETS_TEXT.transferEmailTitle(label)}
        </p>
        <p id={`${id}-body`}>{MY_TICKETS_TEXT.transferEmailBody(label)}</p>
        <Label htmlFor={`${id}-email`}>{MY_TICKETS_TEXT.transferEmailLabel(label)}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={TEXT_LIMITS.email}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-body ${id}-error` : `${id}-body`}
            className="min-w-0 flex-1 bg-background"
          />
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? MY_TICKETS_TEXT.transferEmailSaving : MY_TICKETS_TEXT.transferEmailSave}
          </Button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
