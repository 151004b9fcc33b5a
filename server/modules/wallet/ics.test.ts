import { describe, expect, it } from 'vitest';
import { type CalendarTicket, escapeText, foldLine, ticketCalendar } from './ics.js';

const APP_URL = 'https://encore.example';
const URL_BACK = `${APP_URL}/my-tickets?tab=pending`;

const ticket: CalendarTicket = {
  id: 42,
  eventName: 'Ellie Hart; Live, at last',
  date: '2030-05-01',
  daysCount: 1,
  timeZone: 'America/New_York',
  startTime: '20:00',
  doorsTime: '19:00',
  cancelled: false,
  venueName: 'Harbor Hall',
  address: ['12 Pier Street', 'Brooklyn', 'NY 11201', 'US'],
  section: 'Floor',
  row: 'C',
  seats: '4-5',
  quantity: 2,
  soldAt: new Date('2030-03-01T12:34:56Z'),
};

/** The unfolded content lines (RFC 5545 §3.1: CRLF followed by a space continues the line). */
function unfolded(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
}

function property(ics: string, name: string): string | undefined {
  const lines = unfolded(ics);
  const vevent = lines.slice(lines.indexOf('BEGIN:VEVENT'));
  return vevent.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

describe('ticketCalendar', () => {
  it('puts a timed show in the venue zone with its VTIMEZONE, three hours long', () => {
    const ics = ticketCalendar(ticket, { appUrl: APP_URL, url: URL_BACK });
    expect(property(ics, 'DTSTART')).toBe('DTSTART;TZID=America/New_York:20300501T200000');
    expect(property(ics, 'DTEND')).toBe('DTEND;TZID=America/New_York:20300501T230000');
    const lines = unfolded(ics);
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:America/New_York');
    // The zone's summer offset, in which 8 PM on May 1 is read.
    expect(lines).toContain('TZOFFSETTO:-0400');
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
  });

  it('says what, where, the link back and a stable UID, escaped', () => {
    const ics = ticketCalendar(ticket, { appUrl: APP_URL, url: URL_BACK });
    expect(property(ics, 'SUMMARY')).toBe('SUMMARY:Ellie Hart\\; Live\\, at last');
    expect(property(ics, 'LOCATION')).toBe(
      'LOCATION:Harbor Hall\\, 12 Pier Street\\, Brooklyn\\, NY 11201\\, US',
    );
    expect(property(ics, 'URL')).toBe(`URL;VALUE=URI:${URL_BACK}`);
    const description = property(ics, 'DESCRIPTION') ?? '';
    expect(description).toContain('2 tickets: section Floor\\, row C\\, seats 4-5');
    expect(description).toContain('\\nStarts 8:00 PM EDT (doors 7:00 PM)');
    expect(description).toContain(`Your ticket on Encore: ${URL_BACK}`);
    expect(property(ics, 'UID')).toBe('UID:ticket-42@encore.example');
    expect(property(ics, 'DTSTAMP')).toBe('DTSTAMP:20300301T123456Z');
    expect(property(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
    // The same ticket gives the same file: a second import updates the first.
    expect(ticketCalendar(ticket, { appUrl: APP_URL, url: URL_BACK })).toBe(ics);
  });

  it('reads a winter show in standard time and another zone by its own rules', () => {
    const winter = ticketCalendar(
      { ...ticket, date: '2030-12-05', timeZone: 'Europe/Dublin', startTime: '19:30' },
      { appUrl: APP_URL, url: URL_BACK },
    );
    expect(property(winter, 'DTSTART')).toBe('DTSTART;TZID=Europe/Dublin:20301205T193000');
    expect(property(winter, 'DTEND')).toBe('DTEND;TZID=Europe/Dublin:20301205T223000');
    expect(unfolded(winter)).toContain('TZID:Europe/Dublin');
  });

  it('runs a late show past midnight into the next day', () => {
    const late = ticketCalendar({ ...ticket, startTime: '23:00' }, { appUrl: APP_URL, url: URL_BACK });
    expect(property(late, 'DTEND')).toBe('DTEND;TZID=America/New_York:20300502T020000');
  });

  it('makes a show without a time an all-day event on its date, and a festival one over its days', () => {
    const untimed = ticketCalendar(
      { ...ticket, startTime: null, doorsTime: null },
      { appUrl: APP_URL, url: URL_BACK },
    );
    expect(property(untimed, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20300501');
    expect(property(untimed, 'DTEND')).toBe('DTEND;VALUE=DATE:20300502');
    expect(unfolded(untimed)).not.toContain('BEGIN:VTIMEZONE');
    expect(property(untimed, 'DESCRIPTION')).not.toContain('Starts');

    const festival = ticketCalendar(
      { ...ticket, daysCount: 3, date: '2030-06-28', startTime: '12:00', doorsTime: '11:00' },
      { appUrl: APP_URL, url: URL_BACK },
    );
    expect(property(festival, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20300628');
    expect(property(festival, 'DTEND')).toBe('DTEND;VALUE=DATE:20300701');
    expect(property(festival, 'DESCRIPTION')).toContain('Starts 12:00 PM EDT (doors 11:00 AM)');
  });

  it('leaves LOCATION out when nothing is known, and marks a cancelled show', () => {
    const ics = ticketCalendar(
      { ...ticket, venueName: '', address: [], cancelled: true },
      { appUrl: APP_URL, url: URL_BACK },
    );
    expect(property(ics, 'LOCATION')).toBeUndefined();
    expect(property(ics, 'STATUS')).toBe('STATUS:CANCELLED');
  });

  it('ends every line with CRLF and folds none longer than 75 octets', () => {
    const long = ticketCalendar(
      {
        ...ticket,
        eventName: `Ünïcödé Fëstïvål ${'ñ'.repeat(60)} and the 🎸 guitars ${'x'.repeat(50)}`,
        venueName: 'Théâtre de la Ville, Grande Salle',
      },
      { appUrl: APP_URL, url: URL_BACK },
    );
    expect(long.endsWith('\r\n')).toBe(true);
    expect(long.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = long.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    // Unfolding gives back the exact summary: no character was cut.
    expect(property(long, 'SUMMARY')).toBe(
      `SUMMARY:Ünïcödé Fëstïvål ${'ñ'.repeat(60)} and the 🎸 guitars ${'x'.repeat(50)}`,
    );
  });
});

describe('foldLine and escapeText', () => {
  it('folds at exactly 75 octets, continuation lines starting with one space', () => {
    const folded = foldLine('A'.repeat(160));
    const parts = folded.split('\r\n');
    expect(parts.map((part) => part.length)).toEqual([75, 75, 12]);
    expect(parts[1]?.startsWith(' ')).toBe(true);
    expect(foldLine('short')).toBe('short');
  });

  it('never splits a multi-byte character', () => {
    const folded = foldLine(`${'a'.repeat(74)}é`);
    expect(folded.split('\r\n')).toEqual(['a'.repeat(74), ' é']);
  });

  it('escapes backslashes, separators and line breaks, and drops control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});
