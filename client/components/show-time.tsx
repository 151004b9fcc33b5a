import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { Clock } from 'lucide-react';

/** When the show starts (and doors open), as the API words it in the venue's zone; nothing when unknown. */
export function ShowTime({ showTime, className }: { showTime: string | null; className?: string }) {
  if (!showTime) return null;
  return (
    <p className={className}>
      <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="sr-only">{EVENT_SCREEN_TEXT.showTime}: </span>
      <span data-testid="show-time">{showTime}</span>
    </p>
  );
}
