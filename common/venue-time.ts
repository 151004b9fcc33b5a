/**
 * Event days in the venue's own time (decision 0056). An event date is a calendar day at its venue, so every
 * deadline counted from it starts at the venue's local midnight, and people read it in the venue's time with
 * the zone's name. Plain Intl (full ICU in Node 20 and every browser), no time zone library.
 */

/** The zone of a venue whose own is unknown, unless PLATFORM_TIME_ZONE says otherwise. */
export const DEFAULT_PLATFORM_TIME_ZONE = 'America/New_York';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A time zone's name (an IANA name, never a bare offset), and a calendar date. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The IANA name of a time zone as ICU knows it ('US/Pacific' and 'america/los_angeles' are
 * 'America/Los_Angeles'), or null when `name` is not one.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return ZONE_NAME.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

function dayNumber(date: string): number {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new Error(`not a calendar date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** yyyy-MM-dd `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(dayNumber(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last day of an event that lasts `daysCount` days from `firstDay` (a one-day event's is its date). */
export function lastDayOf(firstDay: string, daysCount: number): string {
  return addDays(firstDay, Math.max(1, Math.trunc(daysCount)) - 1);
}

// Building a DateTimeFormat costs far more than using one: one per zone and purpose, reused.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: 'wall' | 'moment' | 'day' | 'short day', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'wall'
        ? {
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          }
        : kind === 'moment'
          ? {
              weekday: 'long',
              year: 'numeric',
              month: 'long',
              day: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              hourCycle: 'h12',
              timeZoneName: 'short',
            }
          : kind === 'day'
            ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
            : { year: 'numeric', month: 'short', day: 'numeric' };
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(formatter: Intl.DateTimeFormat, instant: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return parts;
}

/** The wall clock in `timeZone` at `instant`, written as if it were a UTC time (milliseconds dropped). */
function wallClock(instant: number, timeZone: string): number {
  const parts = partsOf(formatterFor('wall', timeZone), instant);
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/** The calendar day (yyyy-MM-dd) it is in `timeZone` at `instant`: the day a rule dated there is in effect. */
export function calendarDateAt(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

// A day's midnight in a zone never changes, and finding it formats the clock up to six times: the on-sale
// check of every listing on a marketplace page asks for it, from a few hundred distinct days.
const MIDNIGHTS_HELD = 10_000;
const midnights = new Map<string, number>();

/**
 * The instant the calendar day `date` begins in `timeZone`: its local midnight. Where midnight is skipped
 * (clocks jump from 00:00 to 01:00, as in Havana or Santiago), the day begins at the jump; where it comes
 * twice (clocks go back to 00:00), at the first.
 */
export function localMidnight(date: string, timeZone: string): Date {
  const key = `${date} ${timeZone}`;
  let instant = midnights.get(key);
  if (instant === undefined) {
    instant = firstInstantOf(date, timeZone);
    if (midnights.size >= MIDNIGHTS_HELD) midnights.delete(midnights.keys().next().value as string);
    midnights.set(key, instant);
  }
  return new Date(instant);
}

function firstInstantOf(date: string, timeZone: string): number {
  const midnight = dayNumber(date);
  // The offsets in force around that midnight: a day either side sees both sides of any change near it.
  const offsets = new Set([midnight - DAY_MS, midnight, midnight + DAY_MS].map((t) => offsetAt(t, timeZone)));
  const exact = [...offsets]
    .map((offset) => midnight - offset)
    .filter((instant) => wallClock(instant, timeZone) === midnight)
    .sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // Skipped: the day begins at the first minute whose wall clock is past midnight, between the two offsets.
  const [high, low] = [Math.max(...offsets), Math.min(...offsets)];
  let before = Math.floor((midnight - high) / MINUTE_MS);
  let after = Math.ceil((midnight - low) / MINUTE_MS);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (wallClock(middle * MINUTE_MS, timeZone) >= midnight) after = middle;
    else before = middle;
  }
  return after * MINUTE_MS;
}

/** 'Tuesday, April 30, 2030 at 12:00 AM PDT': an instant in the venue's time, with the zone's name. */
export function formatVenueDateTime(instant: Date, timeZone: string): string {
  const parts = partsOf(formatterFor('moment', timeZone), instant.getTime());
  return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}

/** 'Saturday, May 4, 2030': the venue's calendar day at `instant` (a payout day, say). */
export function formatVenueDay(instant: Date, timeZone: string): string {
  const parts = partsOf(formatterFor('day', timeZone), instant.getTime());
  return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`;
}

/** 'May 4, 2030': the venue's calendar day at `instant`, short (a payout line). */
export function formatVenueShortDay(instant: Date, timeZone: string): string {
  const parts = partsOf(formatterFor('short day', timeZone), instant.getTime());
  return `${parts.month} ${parts.day}, ${parts.year}`;
}

/** 'Wednesday, May 1, 2030': an event date (a calendar day, the same in every zone) as people read it. */
export function formatCalendarDate(date: string): string {
  return formatVenueDay(new Date(dayNumber(date)), 'UTC');
}

/** A wall-clock time of day, 'HH:mm' or 'HH:mm:ss' (as PostgreSQL's `time` reads). */
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Minutes after midnight of a wall-clock time, or null when `time` is not one. */
function minutesOf(time: string): number | null {
  const match = WALL_TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:mm' of a wall-clock time ('20:00:00' → '20:00'), or null when `time` is not one. */
export function wallTime(time: string): string | null {
  return minutesOf(time) === null ? null : time.slice(0, 5);
}

/**
 * The instant the wall-clock `time` on `date` happens in `timeZone` (decision 0093). A time the clocks skip
 * (02:30 when they jump from 02:00 to 03:00) is read with the offset before the jump, so it lands as long
 * after the jump (03:30); a time they show twice (01:30 when they go back from 02:00 to 01:00) is the first.
 * The same choice as JavaScript's Temporal ('compatible') and PostgreSQL's `at time zone` for a skipped time.
 */
export function venueInstant(date: string, time: string, timeZone: string): Date {
  const minutes = minutesOf(time);
  if (minutes === null) throw new Error(`not a time of day: ${time}`);
  const wall = dayNumber(date) + minutes * MINUTE_MS;
  const offsets = new Set([wall - DAY_MS, wall, wall + DAY_MS].map((t) => offsetAt(t, timeZone)));
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.find((instant) => wallClock(instant, timeZone) === wall);
  // Skipped: the offset before the jump is the smaller one, so its reading is the later candidate.
  return new Date(exact ?? (candidates.at(-1) as number));
}

/** The wall-clock 'HH:mm' in `timeZone` at `instant`: what a skipped time is stored as once resolved. */
export function wallTimeAt(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(11, 16);
}

/** '2030-05-01T20:00:00-04:00': the start of a show as schema.org reads it, in the venue's offset then. */
export function isoWithOffset(date: string, time: string, timeZone: string): string {
  const instant = venueInstant(date, time, timeZone).getTime();
  const offsetMinutes = Math.round(offsetAt(instant, timeZone) / MINUTE_MS);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  const local = new Date(instant + offsetMinutes * MINUTE_MS).toISOString().slice(0, 19);
  return `${local}${sign}${hours}:${minutes}`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** '8:00 PM EDT' (or '8:00 PM' without the zone): a show's time on its day, in the venue's time. */
export function formatVenueClock(date: string, time: string, timeZone: string, withZone = true): string {
  const key = `${timeZone} ${withZone}`;
  let formatter = clockFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZone,
      ...(withZone ? { timeZoneName: 'short' } : {}),
    });
    clockFormatters.set(key, formatter);
  }
  const parts = partsOf(formatter, venueInstant(date, time, timeZone).getTime());
  const clock = `${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
  return withZone ? `${clock} ${parts.timeZoneName}` : clock;
}

/** A show's times as its day names them: when it starts, and when doors open if that is known. */
export interface ShowTimes {
  /** 'HH:mm' at the venue on the first day; null when unknown. */
  startTime: string | null;
  doorsTime: string | null;
}

/**
 * '8:00 PM EDT (doors 7:00 PM)', '8:00 PM EDT', or null when the start is unknown: said after the show's
 * date wherever a date names the show.
 */
export function formatShowTimes(date: string, times: ShowTimes, timeZone: string): string | null {
  if (!times.startTime) return null;
  const start = formatVenueClock(date, times.startTime, timeZone);
  return times.doorsTime
    ? `${start} (doors ${formatVenueClock(date, times.doorsTime, timeZone, false)})`
    : start;
}
