import { type RefObject, useCallback, useEffect, useRef } from 'react';

interface FocusTarget {
  id: number;
  /** The cards beside it when it was opened, in page order: where focus goes if the card itself is gone. */
  neighbours: number[];
}

const cardOf = (id: number) => document.querySelector<HTMLElement>(`[data-ticket-card="${id}"]`);

/** True when focus is nowhere (on <body>), as after the focused element was removed or made inert. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Pointer presses outside the dialogs and toasts choose their own focus: the remembered card is dropped. */
const OVERLAYS = '[role="dialog"],[role="alertdialog"],[data-sonner-toaster]';

/**
 * Keeps keyboard focus on the marketplace when what held it goes away: the ticket details dialog closing
 * (by hand, at hold expiry or on a lost hold), the 'Ticket Unavailable' toast, or the card re-rendering as
 * reserved or leaving the list. Focus goes back to the card's 'View Details', else to the card, else to a
 * neighbouring card, else to `fallback` (the list). Returns the function that remembers the opened card.
 */
export function useFocusReturn(fallback: RefObject<HTMLElement | null>): (ticketId: number) => void {
  const target = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const restore = () => {
      const current = target.current;
      if (!current || !focusIsLost()) return;
      for (const id of [current.id, ...current.neighbours]) {
        const card = cardOf(id);
        if (!card) continue;
        const button = card.querySelector<HTMLElement>('[data-view-details]');
        (button ?? card).focus();
        if (!focusIsLost()) return;
      }
      fallback.current?.focus();
    };
    const observer = new MutationObserver(restore);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['inert', 'disabled', 'hidden'],
    });
    const forget = (event: PointerEvent) => {
      if (!(event.target instanceof Element && event.target.closest(OVERLAYS))) target.current = null;
    };
    document.addEventListener('pointerdown', forget, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', forget, true);
    };
  }, [fallback]);

  return useCallback((ticketId: number) => {
    const ids = [...document.querySelectorAll<HTMLElement>('[data-ticket-card]')].map((card) =>
      Number(card.dataset.ticketCard),
    );
    const index = ids.indexOf(ticketId);
    const after = index === -1 ? [] : ids.slice(index + 1, index + 3);
    const before = index === -1 ? [] : ids.slice(Math.max(0, index - 2), index).reverse();
    target.current = { id: ticketId, neighbours: [...after, ...before] };
  }, []);
}
