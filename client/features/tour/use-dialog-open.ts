import { useEffect, useState } from 'react';

/** An open modal of the page (Radix marks its dialogs data-state="open"); the tour's own prompt has none. */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

const anyDialogOpen = () => document.querySelector(OPEN_DIALOG) !== null;

/**
 * Whether another dialog is open (a shared ticket's details, say), watched while `watching`: the welcome
 * prompt waits for it to close instead of showing behind it.
 */
export function useDialogOpen(watching: boolean): boolean {
  const [open, setOpen] = useState(anyDialogOpen);
  useEffect(() => {
    if (!watching) return;
    const check = () => setOpen(anyDialogOpen());
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    return () => observer.disconnect();
  }, [watching]);
  return open;
}
