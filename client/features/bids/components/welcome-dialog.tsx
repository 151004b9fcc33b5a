import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** About 0.5 s after My Bids loads (spec 001 §9). */
export const WELCOME_DELAY_MS = 500;

/** The 'hide' flag of spec 001 §4, kept per user so a shared browser asks each of them. */
export const welcomeHiddenKey = (userId: number) => `encore.myBids.welcome.hide.${userId}`;

function hidden(userId: number): boolean {
  try {
    return window.localStorage.getItem(welcomeHiddenKey(userId)) === 'true';
  } catch {
    return false;
  }
}

/**
 * 'Welcome to My Bids!' (spec 001 §2): what bids do, and that their purchases are automatic, unless the user
 * ticked 'Don't show this again'. Closing it gives focus back to where it was, else to `returnFocusTo` (the
 * page's heading), never to <body>.
 */
export function WelcomeDialog({
  userId,
  returnFocusTo,
}: {
  userId: number;
  returnFocusTo(): HTMLElement | null;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [dontShow, setDontShow] = useState(false);
  const focusedBefore = useRef<Element | null>(null);

  useEffect(() => {
    if (hidden(userId)) return;
    const timer = window.setTimeout(() => {
      focusedBefore.current = document.activeElement;
      setOpen(true);
    }, WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [userId]);

  function onOpenChange(next: boolean) {
    if (!next && dontShow) {
      try {
        window.localStorage.setItem(welcomeHiddenKey(userId), 'true');
      } catch {
        // Storage refused (private mode): the dialog simply shows again next time.
      }
    }
    setOpen(next);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const before = focusedBefore.current;
          if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
          else returnFocusTo()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{BID_TEXT.welcomeTitle}</DialogTitle>
          <DialogDescription>{BID_SCREEN_TEXT.welcomeIntro}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 text-sm">
          {BID_SCREEN_TEXT.welcomePoints.map((point) => (
            <li key={point.title}>
              <p className="font-semibold">{point.title}</p>
              <p className="text-muted-foreground">{point.body}</p>
            </li>
          ))}
        </ul>
        <Alert variant="warning" role="note">
          <TriangleAlert aria-hidden />
          <AlertTitle>{BID_SCREEN_TEXT.welcomeWarningTitle}</AlertTitle>
          <AlertDescription>{BID_SCREEN_TEXT.welcomeWarning}</AlertDescription>
        </Alert>
        <div className="flex items-center gap-3">
          <Checkbox id={id} checked={dontShow} onCheckedChange={(checked) => setDontShow(checked === true)} />
          <Label htmlFor={id} className="font-normal">
            {BID_TEXT.dontShowAgain}
          </Label>
        </div>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{BID_SCREEN_TEXT.welcomeClose}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
