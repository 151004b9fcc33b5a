import { useForgetSignedInMember } from '@client/app/use-sign-out';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ACCOUNT_CLOSURE_TEXT } from '@common/texts/account-closure';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { closeAccountMutationKey, closureQueryOptions } from './api';
import { CloseAccountDialog } from './close-account-dialog';
import { ClosureBlockers } from './closure-blockers';

/**
 * The profile's "Close your account" section (issue 47 item 5, decision 0099): what closing does, what must
 * finish first when something is in flight, and the button that asks for the password. Once closed, the
 * member is forgotten on this device as at sign-out and lands home with the notice.
 */
export function AccountClosurePanel() {
  const state = useQuery(closureQueryOptions);
  const forgetMember = useForgetSignedInMember();
  const closing = useIsMutating({ mutationKey: closeAccountMutationKey }) > 0;
  const [open, setOpen] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const blockersRef = useRef<HTMLParagraphElement>(null);
  const blocked = state.data?.canClose === false ? state.data : null;
  // Offered once the check allows it, and when the check failed: the server refuses then with the list.
  const offered = state.data?.canClose === true || state.isError;

  async function closed() {
    await forgetMember();
    toast({ title: ACCOUNT_CLOSURE_TEXT.closed });
  }

  return (
    <Card className="border-destructive/30">
      <section aria-labelledby="close-account-title">
        <CardHeader>
          <CardTitle id="close-account-title">{ACCOUNT_CLOSURE_TEXT.sectionTitle}</CardTitle>
          <CardDescription>{ACCOUNT_CLOSURE_TEXT.intro}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">{ACCOUNT_CLOSURE_TEXT.exportHint}</p>
          {state.isPending ? <Spinner /> : null}
          {state.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {ACCOUNT_CLOSURE_TEXT.loadFailed}
            </p>
          ) : null}
          {blocked ? <ClosureBlockers state={blocked} headingRef={blockersRef} /> : null}
          {offered ? (
            <Button ref={startRef} variant="destructive" className="self-start" onClick={() => setOpen(true)}>
              {ACCOUNT_CLOSURE_TEXT.startButton}
            </Button>
          ) : null}
          <CloseAccountDialog
            open={open}
            blocked={blocked}
            onOpenChange={(next) => {
              if (next || !closing) setOpen(next);
            }}
            onCloseAutoFocus={(event) => {
              // Back to the button; a refusal in flight takes it away, then to the list that replaced it.
              event.preventDefault();
              (startRef.current ?? blockersRef.current)?.focus();
            }}
            onClosed={closed}
          />
        </CardContent>
      </section>
    </Card>
  );
}
