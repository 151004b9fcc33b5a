import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import {
  addDays,
  calendarDateAt,
  formatShowTimes,
  lastDayOf,
  venueInstant,
  wallTimeAt,
} from '../../../common/venue-time.js';
import type { MailAttachment } from '../../adapters/mail/mailer.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import { type BoughtTicket, boughtTicket, ticketUrl } from './bought-ticket.js';

/**
 * A bought ticket's show as an iCalendar file (RFC 5545, decision 0096). Written here rather than with a
 * calendar library: the one maintained generator (ical-generator) needs Node 22 from its version 11 on, and
 * without a date library it writes a zoned DTSTART in UTC's wall clock. The zone's VTIMEZONE comes from
 * @touch4it/ical-timezones (the IANA rules as iCalendar components).
 */

/** How long a show with a start time is put in the calendar: no source says when it ends. */
export const SHOW_LENGTH_MS = 3 * 60 * 60 * 1000;
const CRLF = '\r\n';
/** How the file is served and attached. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';
const MAX_LINE_OCTETS = 75;

export type CalendarTicket = Pick<
  BoughtTicket,
  | 'id'
  | 'eventName'
  | 'date'
  | 'daysCount'
  | 'timeZone'
  | 'startTime'
  | 'doorsTime'
  | 'cancelled'
  | 'venueName'
  | 'address'
  | 'section'
  | 'row'
  | 'seats'
  | 'quantity'
  | 'soldAt'
>;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n')
    .replace(/\p{Cc}/gu, (character) => (character === '\t' ? character : ''));
}

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space, which counts
 * in its 75, and a UTF-8 character is never cut in two.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const compactDate = (date: string) => date.replaceAll('-', '');
const utcStamp = (instant: Date) =>
  `${instant.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;

/** The venue's wall clock at `instant` as a DATE-TIME without zone: 20300501T200000. */
function localStamp(instant: Date, timeZone: string): string {
  return `${compactDate(calendarDateAt(instant, timeZone))}T${wallTimeAt(instant, timeZone).replace(':', '')}00`;
}

/** The zone's VTIMEZONE lines, or null when the zone is not one the component library knows. */
function vtimezone(timeZone: string): string[] | null {
  const component = getVtimezoneComponent(timeZone);
  if (!component) return null;
  return component.split(/\r?\n/).filter((line) => line.length > 0);
}

/** The UID every copy of this ticket's event shares, so a second import updates the first. */
export function calendarUid(ticketId: number, appUrl: string): string {
  return `ticket-${ticketId}@${new URL(appUrl).host}`;
}

export function calendarFileName(ticketId: number): string {
  return `encore-ticket-${ticketId}.ics`;
}

/** Where the venue is: its name and full address, as one line. */
export function locationOf(ticket: Pick<CalendarTicket, 'venueName' | 'address'>): string {
  return [ticket.venueName, ...ticket.address].filter((part) => part.trim().length > 0).join(', ');
}

function descriptionOf(ticket: CalendarTicket, url: string): string {
  const count = ticket.quantity === 1 ? '1 ticket' : `${ticket.quantity} tickets`;
  const times = ticket.startTime
    ? formatShowTimes(
        ticket.date,
        { startTime: ticket.startTime, doorsTime: ticket.doorsTime },
        ticket.timeZone,
      )
    : null;
  return [
    `${count}: section ${ticket.section}, row ${ticket.row}, seats ${ticket.seats}`,
    ...(times ? [`Starts ${times}`] : []),
    `${WALLET_TEXT.calendarDescription}: ${url}`,
  ].join('\n');
}

/**
 * The .ics of a bought ticket: one VEVENT in the venue's zone. A one-day show with a start time runs from
 * it for SHOW_LENGTH_MS, its DTSTART/DTEND carrying the venue's TZID and the VTIMEZONE beside it (in UTC
 * when the zone has no component); a show without a time, or one over several days, is an all-day event
 * over its days. `url` is the link back to the ticket.
 */
export function ticketCalendar(ticket: CalendarTicket, options: { appUrl: string; url: string }): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Encore//Tickets//EN', 'CALSCALE:GREGORIAN'];
  lines.push('METHOD:PUBLISH');
  const event: string[] = [
    'BEGIN:VEVENT',
    `UID:${calendarUid(ticket.id, options.appUrl)}`,
    `DTSTAMP:${utcStamp(ticket.soldAt)}`,
  ];
  if (ticket.startTime && ticket.daysCount <= 1) {
    const start = venueInstant(ticket.date, ticket.startTime, ticket.timeZone);
    const end = new Date(start.getTime() + SHOW_LENGTH_MS);
    const zone = vtimezone(ticket.timeZone);
    if (zone) {
      lines.push(...zone);
      event.push(`DTSTART;TZID=${ticket.timeZone}:${localStamp(start, ticket.timeZone)}`);
      event.push(`DTEND;TZID=${ticket.timeZone}:${localStamp(end, ticket.timeZone)}`);
    } else {
      event.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`);
    }
  } else {
    const after = addDays(lastDayOf(ticket.date, Math.max(1, ticket.daysCount)), 1);
    event.push(`DTSTART;VALUE=DATE:${compactDate(ticket.date)}`, `DTEND;VALUE=DATE:${compactDate(after)}`);
  }
  event.push(`SUMMARY:${escapeText(ticket.eventName)}`);
  const location = locationOf(ticket);
  if (location) event.push(`LOCATION:${escapeText(location)}`);
  event.push(
    `DESCRIPTION:${escapeText(descriptionOf(ticket, options.url))}`,
    `URL;VALUE=URI:${options.url}`,
    `STATUS:${ticket.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  );
  lines.push(...event, 'END:VCALENDAR');
  return `${lines.map(foldLine).join(CRLF)}${CRLF}`;
}

/**
 * The purchase e-mail's attachment (issue 47 item 3): the show's .ics, as the buyer downloads it from My
 * Tickets. The ticket is read as its buyer holds it; null when it cannot be (the sale is not theirs).
 */
export async function calendarAttachment(
  db: DbOrTx,
  ticketId: number,
  buyerId: number,
  appUrl: string,
): Promise<MailAttachment | null> {
  let ticket: BoughtTicket;
  try {
    ticket = await boughtTicket(db, ticketId, buyerId);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  return {
    filename: calendarFileName(ticket.id),
    contentType: CALENDAR_CONTENT_TYPE,
    content: ticketCalendar(ticket, { appUrl, url: ticketUrl(appUrl, ticket) }),
  };
}
