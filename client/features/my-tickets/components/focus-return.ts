import type { FocusReturnOptions } from '@client/lib/focus-return';

/**
 * My Tickets' cards are the focus items (tabIndex -1); with none left in the tab, focus goes to the open
 * tab's panel, which says what is (not) there.
 */
export const myTicketsFocusReturn: FocusReturnOptions = {
  fallback: () => document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]'),
};
