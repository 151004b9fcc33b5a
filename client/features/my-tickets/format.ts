import { differenceInCalendarDays, parseISO } from 'date-fns';

/** Spec 001 §9: the notice threshold on My Tickets. */
export const FAR_EVENT_DAYS = 10;

/** Whether the event is more than 10 days after `today` (calendar days in the viewer's zone). */
export function isMoreThanTenDaysAway(eventDate: string, today: Date): boolean {
  return differenceInCalendarDays(parseISO(eventDate.slice(0, 10)), today) > FAR_EVENT_DAYS;
}
