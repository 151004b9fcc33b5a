import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { SHELL_TEXT } from '@common/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { publicListingsQueryOptions } from '../api';
import { VisitorTicketCard } from './visitor-ticket-card';

/** The read-only listing visitors browse (spec 000 §1, §2): 2 to 4 columns, 'Load more' for the next page. */
export function VisitorListings() {
  const list = useInfiniteQuery(publicListingsQueryOptions);
  const tickets = list.data?.pages.flatMap((page) => page.tickets) ?? [];

  if (list.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-8" label="Loading listings" />
      </div>
    );
  if (list.isError || tickets.length === 0)
    return (
      <Card className="flex flex-col items-center gap-4 border-dashed px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <Ticket aria-hidden className="size-7" />
        </span>
        <div className="max-w-md space-y-2">
          <h3 className="text-xl font-semibold">No listings available</h3>
          <p className="text-muted-foreground">Check back later or adjust your search filters</p>
        </div>
        <Button asChild variant="secondary">
          <Link to="/signup">{SHELL_TEXT.signUp}</Link>
        </Button>
      </Card>
    );

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <VisitorTicketCard ticket={ticket} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
