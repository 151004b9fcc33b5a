import { Input } from '@client/components/ui/input';
import { formatDollars } from '@client/lib/format';
import { CONCERT_SEARCH_MIN_LENGTH } from '@common/constants';
import { eventPath } from '@common/event-path';
import { SHOW_FINDER_TEXT } from '@common/texts/show-finder';
import { formatCalendarDate } from '@common/venue-time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { showSearchQueryOptions } from './api';
import { UpcomingShows } from './upcoming-shows';

/** TEXT_LIMITS.searchQuery (common/schemas/text.ts, a zod module this page does not load). */
const SEARCH_QUERY_MAX_LENGTH = 100;
/** A pause in typing this long sends the search: one request per word typed, not per key. */
const TYPING_PAUSE_MS = 250;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function SearchResults({ query }: { query: string }) {
  const { data, isError, isFetching } = useQuery({
    ...showSearchQueryOptions(query),
    enabled: query.length >= CONCERT_SEARCH_MIN_LENGTH,
  });
  const status =
    query.length < CONCERT_SEARCH_MIN_LENGTH
      ? query
        ? SHOW_FINDER_TEXT.tooShort
        : ''
      : isError
        ? SHOW_FINDER_TEXT.failed
        : !data
          ? SHOW_FINDER_TEXT.searching
          : data.length === 0
            ? SHOW_FINDER_TEXT.noMatch(query)
            : SHOW_FINDER_TEXT.found(data.length);
  return (
    <>
      <p role="status" className="min-h-5 text-sm text-muted-foreground" aria-busy={isFetching}>
        {status}
      </p>
      {data && data.length > 0 && query.length >= CONCERT_SEARCH_MIN_LENGTH && (
        <ul aria-label={SHOW_FINDER_TEXT.resultsLabel} className="flex flex-col gap-2">
          {data.map((show) => (
            <li
              key={show.id}
              className="flex flex-col gap-0.5 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div>
                <Link
                  to={eventPath(show.id, show.name)}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {show.name}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {formatCalendarDate(show.date)} · {show.venue}, {show.city}
                </p>
              </div>
              <p className="shrink-0 text-sm font-medium">
                {show.minPrice === null
                  ? SHOW_FINDER_TEXT.noTickets
                  : SHOW_FINDER_TEXT.from(formatDollars(show.minPrice))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A visitor's way to a show's page from / and /home (decision 0092): search as on the marketplace, each
 * result a link to the show's page, and the soonest shows listed as links.
 */
export function ShowFinder() {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const query = useSettled(typed.trim());
  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-6">
      <h2 id={`${inputId}-title`} className="text-2xl font-bold">
        {SHOW_FINDER_TEXT.title}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom, which the client tests run in */}
      <div role="search" className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {SHOW_FINDER_TEXT.searchLabel}
        </label>
        <Input
          id={inputId}
          type="search"
          name="query"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={SHOW_FINDER_TEXT.searchPlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="max-w-xl"
        />
        <SearchResults query={query} />
      </div>
      <UpcomingShows />
    </section>
  );
}
