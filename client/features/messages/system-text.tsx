import { format } from 'date-fns';
import type { ReactNode } from 'react';

/**
 * A time as the server stored it in a system note before decision 0056 ('2030-04-30 00:00 UTC', decision
 * 0017); threads keep those notes. Newer notes word the deadline in the venue's time with its zone, and show
 * as written. Fixed widths and no nested repetition: linear on any input.
 */
const STORED_TIME = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}) UTC/g;

function zoneName(date: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(date)
    .find((piece) => piece.type === 'timeZoneName');
  return part?.value ?? '';
}

/** 'Tue, Apr 30, 2030, 2:00 AM GMT+2': a stored time in the viewer's own zone. */
export function formatNoteTime(date: Date): string {
  return `${format(date, 'EEE, MMM d, yyyy, h:mm a')} ${zoneName(date)}`.trim();
}

/** A system note's text with every stored time shown for people, in the viewer's zone. */
export function SystemText({ content }: { content: string }): ReactNode[] {
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(STORED_TIME)) {
    const [text, year, month, day, hour, minute] = match;
    const iso = `${year}-${month}-${day}T${hour}:${minute}:00Z`;
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) continue;
    pieces.push(content.slice(last, match.index));
    pieces.push(
      <time key={match.index} dateTime={iso}>
        {formatNoteTime(date)}
      </time>,
    );
    last = match.index + text.length;
  }
  pieces.push(content.slice(last));
  return pieces;
}
