/**
 * How an answer the service worker took from the member's kept copy is marked (decision 0098): shared by
 * the worker's plugin and My Tickets, which says "Offline — last updated …". Apart from member-data.ts,
 * which every page's code carries, so that only My Tickets' code carries this.
 */

/**
 * Set by the worker on an answer it took from the member's cache because the network failed or was too
 * slow: the `Date` the server sent the answer with, i.e. when it was last brought up to date.
 */
export const KEPT_COPY_HEADER = 'x-encore-kept-copy';

/** An answer the worker took from the kept copy: when the server last brought it up to date (ISO), if known. */
export interface KeptCopy {
  updatedAt: string | null;
}

/** The kept copy an answer came from, or null for an answer straight from the network. */
export function keptCopyOf(headers: Headers): KeptCopy | null {
  const kept = headers.get(KEPT_COPY_HEADER);
  if (kept === null) return null;
  const time = new Date(kept);
  // A kept answer without a usable Date is still a kept answer: its age is unknown, not "now".
  return { updatedAt: kept === '' || Number.isNaN(time.getTime()) ? null : time.toISOString() };
}
