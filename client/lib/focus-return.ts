/**
 * Where focus goes after an action whose control may re-render, be disabled or disappear (a dialog's
 * trigger on a card that leaves the list). Without this the browser leaves focus on <body>, and a keyboard
 * or screen-reader user starts again from the top of the page.
 */

/** Marks one item of a list (a card) that focus may return to. */
export const FOCUS_ITEM_ATTRIBUTE = 'data-focus-item';
const ITEM_SELECTOR = `[${FOCUS_ITEM_ATTRIBUTE}]`;

export interface FocusReturnOptions {
  /** Inside an item, what receives focus; the item itself (tabIndex -1) when absent or not found. */
  target?: string;
  /** What receives focus when no item is left (the list's heading, say). */
  fallback: () => HTMLElement | null;
}

function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function tryFocus(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  element.focus();
  return document.activeElement === element;
}

/**
 * Remembers where an action starts and returns `restore`, which — only if focus was lost meanwhile — focuses
 * the control again, else its item (card), else the item now in its place, else the one before it, else
 * the fallback. Call `restore` once the screen shows the action's outcome (`restoreFocusSoon`).
 */
export function rememberFocusPlace(trigger: HTMLElement | null, options: FocusReturnOptions): () => void {
  const item = trigger?.closest<HTMLElement>(ITEM_SELECTOR) ?? null;
  const index = item ? [...document.querySelectorAll(ITEM_SELECTOR)].indexOf(item) : -1;
  const focusItem = (candidate: Element | undefined) => {
    if (!(candidate instanceof HTMLElement)) return false;
    const inner = options.target ? candidate.querySelector<HTMLElement>(options.target) : null;
    return tryFocus(inner) || tryFocus(candidate);
  };
  return () => {
    if (!focusLost()) return;
    if (tryFocus(trigger) || (item && focusItem(item))) return;
    const items = [...document.querySelectorAll(ITEM_SELECTOR)];
    if (index >= 0 && (focusItem(items[index]) || focusItem(items[index - 1]))) return;
    const fallback = options.fallback();
    if (fallback && !fallback.hasAttribute('tabindex')) fallback.tabIndex = -1;
    tryFocus(fallback);
  };
}

/**
 * Runs `restore` after the screen has caught up: query results reach components on a zero-delay timer, so
 * a later timer runs once the list shows them.
 */
export function restoreFocusSoon(restore: () => void): void {
  setTimeout(restore, 0);
}
