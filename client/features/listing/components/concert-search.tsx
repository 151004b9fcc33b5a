import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { formatDollars, formatEventDate } from '@client/lib/format';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { LISTING_NOTICE_TEXT, LISTING_TEXT } from '@common/messages';
import type { ConcertSearchResult } from '@common/schemas/events';
import { CalendarDays, MapPin, Music, PencilLine, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { CONCERT_SEARCH_MIN_LENGTH, useConcertSearch } from '../api';

export const CONCERT_SEARCH_DEBOUNCE_MS = 300;
/** About this many results fit in the list's 320 px before it scrolls. */
const VISIBLE_RESULTS = 4;

interface ConcertSearchProps {
  query: string;
  onQueryChange(query: string): void;
  onSelect(concert: ConcertSearchResult): void;
  onManualEntry(): void;
}

/**
 * Finds the event to list (at least 3 characters, debounced); offers manual entry when nothing matches.
 * An ARIA combobox: ArrowDown/ArrowUp move through the concerts found (aria-activedescendant),
 * Enter chooses one, Escape closes the list and then clears the search.
 */
export function ConcertSearch({ query, onQueryChange, onSelect, onManualEntry }: ConcertSearchProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const hintId = `${inputId}-hint`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const term = useDebouncedValue(query.trim(), CONCERT_SEARCH_DEBOUNCE_MS);
  const search = useConcertSearch(term);
  const searching = term.length >= CONCERT_SEARCH_MIN_LENGTH && query.trim() === term;
  const results = searching ? (search.data ?? []) : [];
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const open = results.length > 0 && !closed;

  // A new list starts with nothing highlighted and open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's identity is what resets it.
  useEffect(() => {
    setActive(-1);
    setClosed(false);
  }, [search.data, term]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: optionId is derived from the stable inputId.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function choose(concert: ConcertSearchResult) {
    setActive(-1);
    onSelect(concert);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        setClosed(false);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count));
        return;
      }
      case 'Enter': {
        // Enter in the search never submits the listing form.
        event.preventDefault();
        const concert = open && active >= 0 ? results[active] : undefined;
        if (concert) choose(concert);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setClosed(true);
          setActive(-1);
        } else if (query !== '') {
          event.preventDefault();
          onQueryChange('');
        }
        return;
    }
  }

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
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-describedby={results.length > 0 ? hintId : undefined}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={onKeyDown}
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
      <p id={hintId} className="text-xs text-muted-foreground" aria-live="polite">
        {results.length > 0
          ? `${LISTING_NOTICE_TEXT.concertsFound(results.length)}${results.length > VISIBLE_RESULTS ? ': scroll the list for more' : ''}. ${LISTING_NOTICE_TEXT.concertsHint}`
          : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Concerts found"
        hidden={!open}
        className={cn(
          'grid max-h-[320px] gap-1 overflow-y-auto rounded-lg border border-border bg-surface p-1',
          !open && 'hidden',
        )}
      >
        {open
          ? results.map((concert, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant).
              <div
                key={concert.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                // Keeps focus in the input, where the keyboard works the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(concert)}
                className={cn(
                  'cursor-pointer rounded-md transition-colors hover:bg-muted',
                  index === active && 'bg-muted ring-2 ring-ring',
                )}
              >
                <ConcertResult concert={concert} />
              </div>
            ))
          : null}
      </div>
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

function ConcertResult({ concert }: { concert: ConcertSearchResult }) {
  const image = concert.image ?? concert.artists[0]?.image ?? null;
  const listingCount = `${concert.listingCount} ${concert.listingCount === 1 ? 'listing' : 'listings'}`;
  const from = concert.minPrice !== null ? `from ${formatDollars(concert.minPrice)}` : null;
  const listings = from ? `${listingCount} · ${from}` : listingCount;
  return (
    <div className="flex w-full items-center gap-3 p-2 text-left">
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
    </div>
  );
}
