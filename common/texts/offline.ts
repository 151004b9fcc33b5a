/**
 * Tickets that open offline (issue 47 item 1, decision 0098): what the app shell says when the network is
 * off. Every page's code carries these (the layout's offline state), so they are few and this module
 * imports nothing; My Tickets' own are in ./kept-tickets.ts.
 */
export const OFFLINE_TEXT = {
  /** A page that needs the network, opened without it. */
  title: 'You are offline',
  pageNeedsNetwork: 'This page needs a connection. It opens by itself once you are back online.',
  /** Where a member's tickets still open. */
  ticketsKept: 'The tickets you opened on this device still open, even without signal.',
  openMyTickets: 'Open My Tickets',
  /** A page already open when the connection went away. */
  banner: 'You are offline: this page may be out of date.',
  /** Signing out without a connection. */
  signedOutOfflineTitle: 'Signed out on this device',
  signedOutOffline: 'Tickets kept on this device were removed. The server is told once you are back online.',
} as const;
