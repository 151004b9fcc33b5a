import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { ConcertSearchResult } from '@common/schemas/events';
import { CalendarDays, MapPin, Search, X } from 'lucide-react';
import { useId } from 'react';
import { BID_SEARCH_MIN_LENGTH, BID_SEARCH_PAUSE_MS, useBidConcertSearch } from '../api';
import { formatEventDay } from '../format';

interface EventSearchProps {
  query: string;
  onQueryChange(query: string): void;
  onSelect(concert: ConcertSearchResult): void;
  /** The form's message for the event (e.g. 'Event name is required'). */
  error?: string;
}

/**
 * The bid form's event search (spec 001 §2, §9): from 3 characters, after a 500 ms pause, a list of events
 * (name, venue, city, date or 'Date TBA'), each a button; 'Clear search' empties it.
 */
export function EventSearch({ query, onQueryChange, onSelect, error }: EventSearchProps) {
  const id = useId();
  const term = useDebouncedValue(query.trim(), BID_SEARCH_PAUSE_MS);
  const settled = term === query.trim() && term.length >= BID_SEARCH_MIN_LENGTH;
  const search = useBidConcertSearch(term);
  const results = settled ? (search.data ?? []) : [];
  const tooShort = query.trim().length > 0 && query.trim().length < BID_SEARCH_MIN_LENGTH;
  const describedBy = [error ? `${id}-error` : null, tooShort ? `${id}-short` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {BID_SCREEN_TEXT.searchLabel}
        <span aria-hidden> *</span>
      </Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={id}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={(event) => {
              // Enter in the search never submits the bid.
              if (event.key === 'Enter') event.preventDefault();
            }}
            placeholder={BID_TEXT.searchPlaceholder}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            className="pl-9"
          />
        </div>
        {query !== '' ? (
          <Button
            variant="outline"
            onClick={() => {
              onQueryChange('');
              document.getElementById(id)?.focus();
            }}
          >
            <X aria-hidden />
            {BID_TEXT.clearSearch}
          </Button>
        ) : null}
      </div>
      {tooShort ? (
        <p id={`${id}-short`} className="text-xs text-muted-foreground">
          {BID_SCREEN_TEXT.searchTooShort}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" className="grid gap-2">
        {settled && search.isFetching && results.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" label={BID_SCREEN_TEXT.searching} />
            {BID_SCREEN_TEXT.searching}
          </p>
        ) : null}
        {settled && search.isError ? (
          <p className="text-sm text-destructive">{BID_TEXT.searchFailed}</p>
        ) : null}
        {settled && search.isSuccess && results.length === 0 ? (
          <p className="text-sm text-muted-foreground">{BID_SCREEN_TEXT.noResults}</p>
        ) : null}
      </div>
      {results.length > 0 ? (
        <ul
          aria-label={BID_SCREEN_TEXT.resultsLabel}
          className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-border p-1"
        >
          {results.map((concert) => (
            <li key={concert.id}>
              <button
                type="button"
                onClick={() => onSelect(concert)}
                className="grid w-full cursor-pointer gap-0.5 rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="font-medium">{concert.name}</span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="size-3" aria-hidden />
                    {[concert.venue, concert.city].filter(Boolean).join(', ')}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="size-3" aria-hidden />
                    {formatEventDay(concert.date)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
