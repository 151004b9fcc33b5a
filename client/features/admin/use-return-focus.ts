import { useEffect, useState } from 'react';

/**
 * Gives focus back to the control that opened an admin dialog once the dialog is gone (closed with Escape,
 * Cancel or after its action), so a keyboard user goes on from there instead of from <body>. A control that
 * left the page meanwhile (a resolved dispute's row) hands focus to its tab panel. Read at the dialog's first
 * render, before the dialog moves focus into itself. `sameControl` is a selector for the opener as the list
 * renders it again.
 */
export function useReturnFocus(sameControl?: string): void {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(() => {
    const panel = opener?.closest<HTMLElement>('[role="tabpanel"]') ?? null;
    return () => {
      // After the dialog's own focus handling and the list's re-render, which run on this same turn.
      setTimeout(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        // A list that re-rendered its rows has a new copy of the opener: `sameControl` finds it.
        const copy = sameControl ? document.querySelector<HTMLElement>(sameControl) : null;
        (opener?.isConnected ? opener : (copy ?? panel))?.focus();
      }, 0);
    };
  }, [opener, sameControl]);
}
