import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { LISTING_TEXT } from '@common/messages';
import { dollarsToCents, formatCents } from '@common/money';
import type { ConcertSearchResult } from '@common/schemas/events';
import { format, parseISO } from 'date-fns';
import { CalendarDays, MapPin, Music, PencilLine, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { CONCERT_SEARCH_MIN_LENGTH, useConcertSearch } from '../api';

export const CONCERT_SEARCH_DEBOUNCE_MS = 300;
/** About this many results fit in the list's 320 px before it scrolls. */
const VISIBLE_RESULTS = 4;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function formatEventDate(isoDate: string): string {
  return format(parseISO(isoDate.slice(0, 10)), 'EEE, MMM d, yyyy');
}

interface ConcertSearchProps {
  query: string;
  onQueryChange(query: string): void;
  onSelect(concert: ConcertSearchResult): void;
  onManualEntry(): void;
}

/** Finds the event to list (at least 3 characters, debounced); offers manual entry when nothing matches. */
export function ConcertSearch({ query, onQueryChange, onSelect, onManualEntry }: ConcertSearchProps) {
  const inputId = useId();
  const term = useDebouncedValue(query.trim(), CONCERT_SEARCH_DEBOUNCE_MS);
  const search = useConcertSearch(term);
  const searching = term.length >= CONCERT_SEARCH_MIN_LENGTH && query.trim() === term;
  const results = searching ? (search.data ?? []) : [];

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{LISTING_TEXT.searchLabel}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Artist, event or venue"
          autoComplete="off"
          className="pl-9"
        />
      </div>
      {query.trim().length > 0 && query.trim().length < CONCERT_SEARCH_MIN_LENGTH ? (
        <p className="text-xs text-muted-foreground">Type at least 3 characters to search.</p>
      ) : null}
      {searching && search.isFetching && results.length === 0 ? (
        <div className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="Searching" />
          Searching…
        </div>
      ) : null}
      {results.length > 0 ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {results.length === 1 ? '1 concert found' : `${results.length} concerts found`}
          {results.length > VISIBLE_RESULTS ? ': scroll the list for more' : ''}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul
          aria-label="Concerts found"
          className="grid max-h-[320px] gap-1 overflow-y-auto rounded-lg border border-border bg-surface p-1"
        >
          {results.map((concert) => (
            <li key={concert.id}>
              <ConcertResult concert={concert} onSelect={() => onSelect(concert)} />
            </li>
          ))}
        </ul>
      ) : null}
      {searching && search.isSuccess && !search.isFetching && results.length === 0 ? (
        <div className="grid justify-items-start gap-2 rounded-lg border border-dashed border-border p-3">
          <p className="text-sm text-muted-foreground">{LISTING_TEXT.noEventsFound}</p>
          <Button variant="secondary" size="sm" onClick={onManualEntry}>
            <PencilLine />
            {LISTING_TEXT.enterManually}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ConcertResult({ concert, onSelect }: { concert: ConcertSearchResult; onSelect(): void }) {
  const image = concert.image ?? concert.artists[0]?.image ?? null;
  const listingCount = `${concert.listingCount} ${concert.listingCount === 1 ? 'listing' : 'listings'}`;
  const from = concert.minPrice !== null ? `from ${formatCents(dollarsToCents(concert.minPrice))}` : null;
  const listings = from ? `${listingCount} · ${from}` : listingCount;
  return (
    <button
      type="button"
      onClick={onSelect}
      className="flex w-full cursor-pointer items-center gap-3 rounded-md p-2 text-left transition-colors hover:bg-muted focus-visible:bg-muted"
    >
      {image ? (
        <img src={image} alt="" className="size-12 shrink-0 rounded-md object-cover" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
          <Music className="size-5" aria-hidden />
        </span>
      )}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="line-clamp-2 text-sm font-semibold">{concert.name}</span>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <CalendarDays className="size-3.5 shrink-0" aria-hidden />
          {formatEventDate(concert.date)}
        </span>
        <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
          <MapPin className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">
            {concert.venue}, {concert.city}
          </span>
        </span>
        {/* Narrow screens give the venue the full width and show the listings on their own line. */}
        <span className="text-xs font-medium sm:hidden">{listings}</span>
      </span>
      <span className="hidden shrink-0 justify-items-end gap-0.5 text-xs sm:grid">
        <span className="font-medium">{listingCount}</span>
        {from ? <span className="text-muted-foreground">{from}</span> : null}
      </span>
    </button>
  );
}
