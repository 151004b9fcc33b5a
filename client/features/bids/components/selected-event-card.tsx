import { Button } from '@client/components/ui/button';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { ConcertSearchResult } from '@common/schemas/events';
import { CalendarDays, MapPin, Music, X } from 'lucide-react';
import { formatEventDay } from '../format';

/** The event the bid is for (spec 001 §2): image or placeholder, name, date or 'Date TBA', venue. */
export function SelectedEventCard({ event, onClear }: { event: ConcertSearchResult; onClear(): void }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border bg-muted/40 p-3">
      {event.image ? (
        <img src={event.image} alt="" className="size-16 shrink-0 rounded-md object-cover" />
      ) : (
        <div className="flex size-16 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
          <Music className="size-6" aria-hidden />
        </div>
      )}
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="font-semibold break-words">{event.name}</p>
        <p className="inline-flex items-center gap-1 text-muted-foreground">
          <CalendarDays className="size-3.5" aria-hidden />
          {formatEventDay(event.date)}
        </p>
        <p className="inline-flex items-center gap-1 text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden />
          {event.venue || BID_TEXT.venueMissing}
        </p>
      </div>
      <Button variant="ghost" size="icon" onClick={onClear} aria-label={BID_SCREEN_TEXT.clearSelection}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
