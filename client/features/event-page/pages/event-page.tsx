import { documentTitle } from '@client/app/route-title';
import { PromiseLink } from '@client/components/promise-link';
import { ShareButton } from '@client/components/share-button';
import { buttonVariants } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import type { EventPageFilters } from '@common/event-page';
import { filtersFromSearch, searchWithFilters } from '@common/event-page';
import { parseEventSegment } from '@common/event-path';
import type { EventPage as EventPageData } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { eventPageQueryOptions } from '../api';
import { EventHeader } from '../components/event-header';
import type { SellerRenderer } from '../components/event-listing';
import { EventListings } from '../components/event-listings';
import { ListingFilters } from '../components/listing-filters';
import { MoreShows } from '../components/more-shows';

interface EventPageProps {
  /** What other features add about the show (a price alert, the price story): beside the listings. */
  aside?: (event: EventPageData['event']) => ReactNode;
  /** What each listing's seller rating becomes (a way to the seller's reviews); plain text without it. */
  renderSeller?: SellerRenderer;
}

function EventNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{EVENT_SCREEN_TEXT.notFoundTitle}</h1>
      <p className="text-muted-foreground">{EVENT_SCREEN_TEXT.notFoundBody}</p>
      <Link to="/" className={buttonVariants()}>
        {EVENT_SCREEN_TEXT.browseListings}
      </Link>
    </div>
  );
}

/** `/events/:segment`: one show, every listing for it, in the quantity a fan needs (decision 0058). */
export function EventPage({ aside, renderSeller }: EventPageProps) {
  const id = parseEventSegment(useParams().segment ?? '')?.id ?? null;
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const query = useQuery({ ...eventPageQueryOptions(id ?? 0, filters), enabled: id !== null });
  const name = query.data?.event.name;
  const firstFilter = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (name) document.title = documentTitle(name);
  }, [name]);

  if (id === null || (query.error instanceof ApiError && query.error.status === 404))
    return <EventNotFound />;
  if (!query.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  const page = query.data;
  // A cancelled or past show's header says why nothing is for sale: pickers and 'No tickets are listed for
  // this show right now' would suggest some might be.
  const onSale = page.event.state !== 'cancelled' && page.event.state !== 'past';
  const setFilters = (next: EventPageFilters) =>
    setSearch(searchWithFilters(search, next), { replace: true });
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8">
      <EventHeader
        event={page.event}
        actions={<ShareButton url={page.event.path} title={page.event.name} />}
      />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {onSale ? (
          <section aria-labelledby="event-listings-heading" className="flex min-w-0 flex-col gap-4">
            <h2 id="event-listings-heading" className="text-xl font-bold">
              {EVENT_SCREEN_TEXT.listingsHeading}
            </h2>
            <PromiseLink />
            <ListingFilters
              filters={filters}
              sections={page.sections}
              onChange={setFilters}
              firstFilterRef={firstFilter}
            />
            <EventListings
              page={page}
              filters={filters}
              renderSeller={renderSeller}
              onClearFilters={() => {
                // The order is not a filter: it stays.
                setFilters({ sort: filters.sort });
                // The button goes with the empty state: focus stays in the filters, not on the page's body.
                firstFilter.current?.focus();
              }}
            />
          </section>
        ) : null}
        {aside ? <aside className="flex min-w-0 flex-col gap-8">{aside(page.event)}</aside> : null}
      </div>
      <MoreShows event={page.event} moreShows={page.moreShows} />
    </div>
  );
}
