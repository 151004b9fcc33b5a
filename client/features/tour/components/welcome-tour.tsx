import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { TOUR_TEXT } from '@common/messages';
import { Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ACTIONS, EVENTS, type EventData, Joyride, ORIGIN, STATUS, type Step } from 'react-joyride';
import { disableTour, markTourCompleted, shouldOfferTour } from '../tour-flags';
import { presentSteps, TOUR_STEPS } from '../tour-steps';
import { useDialogOpen } from '../use-dialog-open';

/** Spec 000 §4, §9: the welcome prompt appears 1000 ms after the page loads. */
export const TOUR_PROMPT_DELAY_MS = 1_000;
const SCROLL_OFFSET = 80;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * When the tour ends its tooltip goes and focus would fall to <body>: it goes to the control the last
 * step showed (or the first control inside it, for the navigation), else to the page's heading.
 */
function focusAfterTour(target: Step['target'] | undefined): void {
  const shown = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : null;
  const control = shown?.matches(FOCUSABLE) ? shown : shown?.querySelector<HTMLElement>(FOCUSABLE);
  if (control && control.getClientRects().length > 0) {
    control.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * The welcome prompt and the 4-step tour (spec 000 §2, §4 'Tour'). The prompt is a non-modal panel at
 * the bottom of the page so it never blocks the marketplace; the tour is react-joyride, continuous, with
 * progress, a skip button, overlay clicks ignored and Escape closing it. A tour the member finished on
 * any browser (`completedOnServer`) is not offered; `onCompleted` remembers a new finish on the server.
 */
export function WelcomeTour({
  userId,
  completedOnServer = false,
  onCompleted,
}: {
  userId: number;
  completedOnServer?: boolean;
  onCompleted?: () => void;
}) {
  const [due, setDue] = useState(false);
  const [dontShow, setDontShow] = useState(false);
  const [steps, setSteps] = useState<Step[] | null>(null);
  const stepIndex = useRef(0);
  const titleId = useId();
  const checkboxId = useId();
  // The prompt waits while another dialog (a shared ticket's details) is open, and shows once it closes.
  const dialogOpen = useDialogOpen(due);
  const prompt = due && !dialogOpen;

  useEffect(() => {
    if (completedOnServer || !shouldOfferTour(userId)) return;
    const timer = setTimeout(() => setDue(true), TOUR_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, completedOnServer]);

  // 'Don't show this tour again' is the member's choice, kept on the server as a finish is, so no other
  // browser offers it again; this browser's flag covers the moment before the session says so.
  const optOut = () => {
    if (!dontShow) return;
    disableTour(userId);
    onCompleted?.();
  };
  const skip = () => {
    optOut();
    setDue(false);
  };
  const start = () => {
    optOut();
    setDue(false);
    stepIndex.current = 0;
    const present = presentSteps(TOUR_STEPS);
    setSteps(
      present.map((step, index) => ({
        ...step,
        title: `${String(step.title)} (${index + 1} of ${present.length})`,
      })),
    );
  };
  const end = () => {
    // Joyride may report the end more than once (the finish, then the tour's end).
    if (!steps) return;
    markTourCompleted(userId);
    onCompleted?.();
    const lastShown = steps?.[stepIndex.current]?.target;
    setSteps(null);
    setTimeout(() => focusAfterTour(lastShown), 0);
  };

  const onEvent = (data: EventData) => {
    if (typeof data.index === 'number') stepIndex.current = data.index;
    if (data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      end();
      return;
    }
    if (data.action === ACTIONS.CLOSE && data.origin === ORIGIN.KEYBOARD) end();
  };

  return (
    <>
      {prompt ? (
        <div
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          className="fixed inset-x-4 bottom-4 z-30 mx-auto max-w-md rounded-xl border border-border bg-surface p-5 shadow-[var(--shadow-pop)] sm:left-auto sm:right-6 sm:mx-0"
        >
          <button
            type="button"
            onClick={skip}
            className="absolute right-3 top-3 cursor-pointer rounded-sm p-1 text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden className="size-4" />
            <span className="sr-only">Close</span>
          </button>
          <div className="flex items-start gap-3 pr-6">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
              <Sparkles aria-hidden className="size-5" />
            </span>
            <div className="space-y-1">
              <h2 id={titleId} className="text-lg font-semibold">
                {TOUR_TEXT.welcomeTitle}
              </h2>
              <p className="text-sm text-muted-foreground">
                Take a quick tour of searching, sorting and listing tickets.
              </p>
            </div>
          </div>
          <div className="mt-4 flex items-center gap-2">
            <Checkbox
              id={checkboxId}
              checked={dontShow}
              onCheckedChange={(checked) => setDontShow(checked === true)}
            />
            <Label htmlFor={checkboxId} className="text-sm font-normal">
              {TOUR_TEXT.dontShowAgain}
            </Label>
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" onClick={skip}>
              {TOUR_TEXT.skipTour}
            </Button>
            <Button onClick={start}>{TOUR_TEXT.startTour}</Button>
          </div>
        </div>
      ) : null}
      {steps ? (
        <Joyride
          run
          continuous
          steps={steps}
          onEvent={onEvent}
          locale={{
            back: TOUR_TEXT.previous,
            next: TOUR_TEXT.next,
            last: TOUR_TEXT.finish,
            skip: TOUR_TEXT.skipTour,
            close: 'Close',
          }}
          options={{
            buttons: ['back', 'skip', 'primary'],
            overlayClickAction: false,
            dismissKeyAction: 'close',
            skipBeacon: true,
            skipScroll: true,
            scrollOffset: SCROLL_OFFSET,
            primaryColor: '#6d28d9',
            textColor: '#17132b',
            zIndex: 60,
          }}
        />
      ) : null}
    </>
  );
}
