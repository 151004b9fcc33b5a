import { eventPath } from '../../../common/event-path.js';
import { formatCalendarDate, formatShowTimes, wallTime } from '../../../common/venue-time.js';

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

/** The catalog show's times, when the ticket belongs to one, and the zone its listing carries. */
export interface ShowTimeFacts {
  startTime: string | null;
  doorsTime: string | null;
  timeZone: string;
}

/**
 * '8:00 PM EDT (doors 7:00 PM)' in the venue's zone, or null when the start is not known (decision 0093):
 * said after the show's date on My Tickets, the ticket's dialog and a sale's e-mails.
 */
export function showTimeOf(eventDate: string, times: ShowTimeFacts | null | undefined): string | null {
  if (!times?.startTime) return null;
  return formatShowTimes(
    eventDate,
    {
      startTime: wallTime(times.startTime),
      doorsTime: times.doorsTime ? wallTime(times.doorsTime) : null,
    },
    times.timeZone,
  );
}

/**
 * 'Wednesday, May 1, 2030 at 8:00 PM EDT (doors 7:00 PM)', or the date alone when the start is not known:
 * how a sale's e-mails name the show's day.
 */
export function showDayOf(eventDate: string, times: ShowTimeFacts | null | undefined): string {
  const day = formatCalendarDate(eventDate);
  const time = showTimeOf(eventDate, times);
  return time ? `${day} at ${time}` : day;
}
