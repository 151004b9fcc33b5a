import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { formatEventDays } from '@client/lib/format';
import { eventPath } from '@common/event-path';
import { BUYING_TEXT, MARKET_FILTER_TEXT } from '@common/messages';
import { useQuery } from '@tanstack/react-query';
import { ArrowUpDown, Plus, Search, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUGGESTIONS_MIN_LENGTH, suggestionsQueryOptions } from '../api';
import { DEFAULT_FILTERS } from '../filter-params';
import {
  MAX_SORT_CRITERIA,
  type SearchSuggestion,
  SORT_FIELDS,
  type SortBy,
  type SortCriterion,
  type SortField,
  type TicketFilters,
} from '../types';
import { RangeFiltersPopover } from './range-filters';

export const SORT_LABELS: Record<SortBy, string> = {
  date: BUYING_TEXT.sortDate,
  price_asc: BUYING_TEXT.sortPriceAsc,
  price_desc: BUYING_TEXT.sortPriceDesc,
  section: BUYING_TEXT.sortSection,
  vs_original: BUYING_TEXT.sortVsOriginal,
};

const FIELD_LABELS: Record<SortField, string> = {
  eventDate: BUYING_TEXT.fieldEventDate,
  price: BUYING_TEXT.fieldPrice,
  section: BUYING_TEXT.fieldSection,
  markup: BUYING_TEXT.fieldMarkup,
  vsOriginal: BUYING_TEXT.fieldVsOriginal,
};

const SEARCH_PAUSE_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const typed = useDebounced(text, SEARCH_PAUSE_MS);
  const suggestions = useQuery(suggestionsQueryOptions(typed.trim()));
  const items = typed.trim().length >= SUGGESTIONS_MIN_LENGTH ? (suggestions.data ?? []).slice(0, 5) : [];
  const expanded = open && items.length > 0;

  const navigate = useNavigate();
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };

  /** The search this box sent last, until the address brings it back. */
  const sent = useRef<string | null>(null);
  // A search from outside (Back, a Clear, a shared link) shows in the box; the box's own search coming back
  // leaves it alone, or letters typed while the address changed would be lost.
  useEffect(() => {
    const own = value === sent.current;
    sent.current = null;
    if (!own) setText(value);
  }, [value]);
  // Only a change of the typed text searches: a Clear from outside must not bring the old text back.
  useEffect(() => {
    if (typed === latest.current.value) return;
    sent.current = typed;
    latest.current.onSearch(typed);
  }, [typed]);

  /** A catalog event's suggestion leads to its page; any other name becomes the search. */
  const choose = (item: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    if (item.event) {
      void navigate(eventPath(item.event.id, item.text));
      return;
    }
    setText(item.text);
    onSearch(item.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      const item = expanded && active >= 0 ? items[active] : undefined;
      event.preventDefault();
      if (item) choose(item);
      else {
        onSearch(text);
        setOpen(false);
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative min-w-0 flex-1" data-tour="search">
      <label htmlFor={`${listId}-input`} className="sr-only">
        {BUYING_TEXT.searchLabel}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        maxLength={100}
        placeholder="Search events, artists, venues"
        className="pl-9"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border border-border bg-surface py-1 shadow-[var(--shadow-pop)]"
      >
        {items.map((item, index) => (
          <div
            key={item.event ? `event-${item.event.id}` : `${item.kind}-${item.text}`}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm aria-selected:bg-muted"
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
          >
            <span className="flex min-w-0 flex-col">
              <span className="truncate">{item.text}</span>
              {item.event ? (
                <span className="truncate text-xs text-muted-foreground">
                  {formatEventDays(item.event.date, item.event.daysCount)} · {item.event.venue}
                </span>
              ) : null}
            </span>
            <span className="text-xs capitalize text-muted-foreground">{item.kind}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

function AdvancedSort({
  criteria,
  onChange,
}: {
  criteria: SortCriterion[];
  onChange: (criteria: SortCriterion[]) => void;
}) {
  const id = useId();
  const atLimit = criteria.length >= MAX_SORT_CRITERIA;
  const update = (index: number, change: Partial<SortCriterion>) =>
    onChange(criteria.map((criterion, i) => (i === index ? { ...criterion, ...change } : criterion)));
  const nextField = SORT_FIELDS.find((field) => !criteria.some((c) => c.field === field)) ?? 'eventDate';

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" className="shrink-0">
          <ArrowUpDown aria-hidden />
          {BUYING_TEXT.advancedSort}
          {criteria.length > 0 ? <span className="text-primary">({criteria.length})</span> : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label={BUYING_TEXT.advancedSort}
        className="w-[min(22rem,calc(100vw-2rem))]"
      >
        <div className="flex flex-col gap-3">
          <h2 className="font-semibold">{BUYING_TEXT.advancedSort}</h2>
          {criteria.length === 0 ? (
            <p className="text-sm text-muted-foreground">Add up to 4 sort criteria, applied in order.</p>
          ) : null}
          <ol className="flex flex-col gap-2">
            {criteria.map((criterion, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: criteria are positional
              <li key={index} className="flex items-center gap-2">
                <span className="w-4 text-sm text-muted-foreground">{index + 1}.</span>
                <label className="sr-only" htmlFor={`${id}-field-${index}`}>
                  Sort field {index + 1}
                </label>
                <select
                  id={`${id}-field-${index}`}
                  className="h-9 min-w-0 flex-1 rounded-md border border-input bg-surface px-2 text-sm"
                  value={criterion.field}
                  onChange={(event) => update(index, { field: event.target.value as SortField })}
                >
                  {SORT_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {FIELD_LABELS[field]}
                    </option>
                  ))}
                </select>
                <label className="sr-only" htmlFor={`${id}-direction-${index}`}>
                  Sort direction {index + 1}
                </label>
                <select
                  id={`${id}-direction-${index}`}
                  className="h-9 rounded-md border border-input bg-surface px-2 text-sm"
                  value={criterion.direction}
                  onChange={(event) => update(index, { direction: event.target.value as 'asc' | 'desc' })}
                >
                  <option value="asc">{BUYING_TEXT.ascending}</option>
                  <option value="desc">{BUYING_TEXT.descending}</option>
                </select>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={`Remove sort criterion ${index + 1}`}
                  onClick={() => onChange(criteria.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            disabled={atLimit}
            onClick={() => onChange([...criteria, { field: nextField, direction: 'asc' }])}
          >
            <Plus aria-hidden />
            {BUYING_TEXT.addCriterion}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** The sort select's value while Advanced Sort's criteria decide the order. */
const ADVANCED_SORT = 'advanced';

/** The sticky search and sort bar of the signed-in home (spec 000 §2 'Filter bar'). */
export function FilterBar({
  filters,
  onChange,
}: {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}) {
  const sortId = useId();
  const advanced = filters.sortCriteria.length > 0;
  const onSearch = (search: string) => onChange({ ...filters, search });
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every browser and test DOM
    <div
      role="search"
      aria-label="Filter listings"
      className="sticky top-16 z-20 -mx-4 border-b border-border bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
    >
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <SearchBox value={filters.search} onSearch={onSearch} />
        <div className="flex flex-wrap items-center gap-2" data-tour="sort">
          <label htmlFor={sortId} className="sr-only">
            {BUYING_TEXT.sortLabel}
          </label>
          <Select
            value={advanced ? ADVANCED_SORT : filters.sortBy}
            onValueChange={(sortBy) => {
              // Choosing a plain sort replaces the advanced one, so the select always names what applies.
              if (sortBy !== ADVANCED_SORT)
                onChange({ ...filters, sortBy: sortBy as SortBy, sortCriteria: [] });
            }}
          >
            <SelectTrigger id={sortId} className="w-full sm:w-48" aria-label={BUYING_TEXT.sortLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(SORT_LABELS) as SortBy[]).map((value) => (
                <SelectItem key={value} value={value}>
                  {SORT_LABELS[value]}
                </SelectItem>
              ))}
              {advanced ? (
                <SelectItem value={ADVANCED_SORT} disabled>
                  {MARKET_FILTER_TEXT.advancedSortActive}
                </SelectItem>
              ) : null}
            </SelectContent>
          </Select>
          {/* One row of buttons on a phone, under the full-width select, so the sticky bar stays short. */}
          <div className="flex w-full gap-2 sm:w-auto">
            <AdvancedSort
              criteria={filters.sortCriteria}
              onChange={(sortCriteria) => onChange({ ...filters, sortCriteria })}
            />
            <RangeFiltersPopover filters={filters} onApply={(range) => onChange({ ...filters, ...range })} />
            <Button variant="ghost" className="px-3" onClick={() => onChange(DEFAULT_FILTERS)}>
              <X aria-hidden />
              {BUYING_TEXT.clear}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
