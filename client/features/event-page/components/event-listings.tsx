import { Button } from '@client/components/ui/button';
import type { EventPageFilters } from '@common/event-page';
import type { EventPage, EventPageListing } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { useEffect, useRef, useState } from 'react';
import { fetchMoreListings } from '../api';
import { EventListing, type SellerRenderer } from './event-listing';

interface EventListingsProps {
  page: EventPage;
  filters: EventPageFilters;
  onClearFilters: () => void;
  renderSeller?: SellerRenderer;
}

/**
 * The listings the filters match, cheapest per ticket first (or lowest against the original price), 50 at
 * a time, with how many of the show's listings are at or below the original price (decision 0083).
 */
export function EventListings({ page, filters, onClearFilters, renderSeller }: EventListingsProps) {
  // Later pages belong to the first page they followed: new filters or fresh data start again.
  const [more, setMore] = useState<{
    after: EventPage;
    listings: EventPageListing[];
    cursor: string | null;
  }>();
  const [loading, setLoading] = useState(false);
  // After "Show more", focus moves to the first listing it added (the button may be gone).
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const extra = more?.after === page ? more : undefined;
  const listings = extra ? [...page.listings, ...extra.listings] : page.listings;
  const cursor = extra ? extra.cursor : page.nextCursor;
  const filtered =
    filters.quantity !== undefined ||
    filters.section ||
    filters.delivery ||
    filters.maxPrice !== undefined ||
    filters.verified;

  async function showMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const next = await fetchMoreListings(page.event.id, filters, cursor);
      setFocusFrom(listings.length);
      setMore({
        after: page,
        listings: [...(extra?.listings ?? []), ...next.listings],
        cursor: next.nextCursor,
      });
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    if (focusFrom === null) return;
    list.current?.querySelectorAll<HTMLElement>('li a')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom]);

  if (listings.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6">
        <p>
          {filtered && page.offers.count > 0 ? EVENT_SCREEN_TEXT.noMatches : EVENT_SCREEN_TEXT.noListings}
        </p>
        {filtered ? (
          <Button type="button" variant="outline" onClick={onClearFilters}>
            {EVENT_SCREEN_TEXT.clearFilters}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="listing-count">
        {EVENT_SCREEN_TEXT.listingCount(page.matching)}
      </p>
      {page.offers.count > 0 ? (
        <p className="text-sm font-medium" data-testid="at-or-below-count">
          {EVENT_SCREEN_TEXT.atOrBelowOriginal(page.offers.atOrBelowOriginal, page.offers.count)}
        </p>
      ) : null}
      <ul ref={list} className="flex flex-col gap-3">
        {listings.map((listing) => (
          <li key={listing.id}>
            <EventListing listing={listing} renderSeller={renderSeller} />
          </li>
        ))}
      </ul>
      {cursor ? (
        <Button
          type="button"
          variant="outline"
          className="self-center"
          disabled={loading}
          onClick={() => void showMore()}
        >
          {loading ? EVENT_SCREEN_TEXT.loadingMore : EVENT_SCREEN_TEXT.showMore}
        </Button>
      ) : null}
    </div>
  );
}
