import { eventPath } from '../../../common/event-path.js';

/**
 * The show's event page (decision 0058) for a sale's e-mails: null for a listing outside the catalog.
 * Named by the event's own name, the page's canonical address whatever the seller named the listing.
 */
export function showPageUrl(appUrl: string, eventId: number | null, showName: string | null): string | null {
  return eventId === null || showName === null ? null : `${appUrl}${eventPath(eventId, showName)}`;
}

/** The paragraph of a sale's e-mail that links the show's page, when there is one. */
export function showPageParagraph(url: string | null): string[] {
  return url ? [`The show's page: ${url}`] : [];
}
