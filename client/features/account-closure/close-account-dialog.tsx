import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { PasswordInput } from '@client/components/ui/password-input';
import { ApiError } from '@client/lib/api';
import type { ClosureState } from '@common/schemas/account-closure';
import { TEXT_LIMITS } from '@common/schemas/text';
import { ACCOUNT_CLOSURE_TEXT } from '@common/texts/account-closure';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useCloseAccount } from './api';
import { ClosureBlockers } from './closure-blockers';

/**
 * The confirmation of "Close my account" (decision 0099): the member's password, as at sign-in. A refusal
 * shows in the server's words under the field, which keeps the focus; `onClosed` runs once the account is.
 */
export function CloseAccountDialog({
  open,
  blocked,
  onOpenChange,
  onCloseAutoFocus,
  onClosed,
}: {
  open: boolean;
  /** What the section lists as in flight, null when nothing is. */
  blocked: ClosureState | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  onClosed: () => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {open ? (
          <CloseAccountForm blocked={blocked} onCancel={() => onOpenChange(false)} onClosed={onClosed} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The server's own words for a refusal it explains (empty or wrong password, locked, in flight); else ours. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return ACCOUNT_CLOSURE_TEXT.closeFailed;
}

function CloseAccountForm({
  blocked,
  onCancel,
  onClosed,
}: {
  blocked: ClosureState | null;
  onCancel: () => void;
  onClosed: () => Promise<void>;
}) {
  const id = useId();
  const fieldId = `${id}-password`;
  const errorId = `${id}-error`;
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [emptyTried, setEmptyTried] = useState(false);
  const close = useCloseAccount(onClosed);
  // After a 409 the section's state holds the refusal's list: shown here too, where the member is reading.
  // The password was not at fault then, so the field is not marked invalid.
  const refused = close.error instanceof ApiError && close.error.status === 409;
  const error = emptyTried
    ? ACCOUNT_CLOSURE_TEXT.passwordRequired
    : close.isError
      ? refusalText(close.error)
      : null;

  // The field takes the focus back after a refusal, its text selected so that a retype replaces it.
  const refocus = () => {
    passwordRef.current?.focus();
    passwordRef.current?.select();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (close.isPending) return;
    if (password === '') {
      setEmptyTried(true);
      refocus();
      return;
    }
    setEmptyTried(false);
    close.mutate(password, { onError: refocus });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ACCOUNT_CLOSURE_TEXT.dialogTitle}</DialogTitle>
        <DialogDescription>{ACCOUNT_CLOSURE_TEXT.dialogDescription}</DialogDescription>
      </DialogHeader>
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId}>{ACCOUNT_CLOSURE_TEXT.passwordLabel}</Label>
          <PasswordInput
            ref={passwordRef}
            id={fieldId}
            name="password"
            autoComplete="current-password"
            maxLength={TEXT_LIMITS.password}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (event.target.value !== '') setEmptyTried(false);
            }}
            aria-invalid={error && !refused ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <p id={errorId} role="alert" className="text-sm text-destructive empty:hidden">
            {error}
          </p>
        </div>
        {refused && blocked ? <ClosureBlockers state={blocked} /> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            {ACCOUNT_CLOSURE_TEXT.cancel}
          </Button>
          <Button type="submit" variant="destructive" disabled={close.isPending}>
            {close.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
            {close.isPending ? ACCOUNT_CLOSURE_TEXT.closing : ACCOUNT_CLOSURE_TEXT.confirmButton}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
