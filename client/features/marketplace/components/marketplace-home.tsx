import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { BUYING_TEXT, MARKET_FILTER_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { type SplitRule, startingQuantity } from '@common/splits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, Ticket } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverMessage, ticketListQueryOptions } from '../api';
import { groupByEvent } from '../card-rules';
import { filtersFromParams, filtersToParams, onlySearchChanged } from '../filter-params';
import type { TicketFilters } from '../types';
import { useCheckoutReturn } from '../use-checkout-return';
import { useFocusReturn } from '../use-focus-return';
import { usePurchaseFlow } from '../use-purchase-flow';
import { FilterBar } from './filter-bar';
import { HowItWorksDialog } from './help-dialogs';
import { ListingGroups } from './listing-groups';
import { PurchaseSuccessfulDialog } from './purchase-successful-dialog';
import { TicketDetailsDialog } from './ticket-details-dialog';
import { UnavailableDialog } from './unavailable-dialog';

export interface MarketplaceHomeProps {
  user: CurrentUser;
}

/** The 'ticket' query parameter: a positive whole number, or nothing. */
function ticketParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Loads the next page when the end of the grid scrolls into view (the button stays for keyboards). */
function useLoadMoreWhenVisible(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/**
 * The search as typed matched nothing and the listings shown are a one-letter correction's (decision
 * 0059): says so, and offers the correction as the search to run.
 */
export function DidYouMean({
  search,
  suggestion,
  showingCorrection,
  onSearch,
}: {
  search: string;
  suggestion: string;
  /** The listings below are the corrected search's: say so instead of offering it as a question. */
  showingCorrection: boolean;
  onSearch: () => void;
}) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="did-you-mean">
      {showingCorrection ? (
        <span className="font-medium">{`${MARKET_FILTER_TEXT.showingFor(suggestion)} `}</span>
      ) : null}
      <span className="text-muted-foreground">{`${MARKET_FILTER_TEXT.noMatchFor(search.trim())} `}</span>
      <Button variant="link" className="h-auto p-0 text-sm" onClick={onSearch}>
        {showingCorrection
          ? MARKET_FILTER_TEXT.searchCorrected(suggestion)
          : MARKET_FILTER_TEXT.didYouMean(suggestion)}
      </Button>
    </div>
  );
}

/** The signed-in marketplace home (spec 000 §2 'Home for signed-in users'). */
export function MarketplaceHome({ user }: MarketplaceHomeProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The filters live in the address, so a filtered view can be shared (decision 0030).
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const shownFilters = useRef(filters);
  shownFilters.current = filters;
  /** The address of the last search typed here, while it is still the one shown (not left by Back). */
  const searchEntry = useRef<string | null>(null);
  // Each search, sort or filter is a history entry that Back undoes; typing on in the search box refines
  // its own entry instead of adding one per pause.
  const setFilters = useCallback(
    (next: TicketFilters) => {
      const searchOnly = onlySearchChanged(shownFilters.current, next);
      const refining = searchOnly && searchEntry.current === filtersToParams(shownFilters.current).toString();
      const nextParams = filtersToParams(next);
      setParams(nextParams, { replace: refining });
      searchEntry.current = searchOnly ? nextParams.toString() : null;
    },
    [setParams],
  );
  const list = useInfiniteQuery(ticketListQueryOptions(filters));
  const listingsRef = useRef<HTMLElement>(null);
  const rememberFocus = useFocusReturn(listingsRef);

  const flow = usePurchaseFlow();
  const { open } = flow;
  const ticketToOpen = ticketParam(params.get('ticket'));
  const checkout = useCheckoutReturn(params.get('session_id'), {
    onHandled: () => void navigate('/', { replace: true }),
    onNoStoredPurchase: (sessionId) =>
      void navigate(`/purchase-status?session_id=${encodeURIComponent(sessionId)}`, { replace: true }),
  });

  useEffect(() => {
    if (list.isError)
      toast({
        title: BUYING_TEXT.errorTitle,
        description: serverMessage(list.error, BUYING_TEXT.fetchTicketsFailed),
        variant: 'destructive',
      });
  }, [list.isError, list.error]);

  // Spec 000 §2: the 'ticket' parameter opens that ticket's dialog, then leaves the address ('/' unless
  // filters are in it too).
  useEffect(() => {
    if (ticketToOpen === null) return;
    setParams(
      (current) => {
        const rest = new URLSearchParams(current);
        rest.delete('ticket');
        return rest;
      },
      { replace: true },
    );
    rememberFocus(ticketToOpen);
    void open(ticketToOpen, filters.quantity);
  }, [ticketToOpen, setParams, open, rememberFocus, filters.quantity]);

  const tickets = useMemo(
    () => (list.isError ? [] : (list.data?.pages.flatMap((page) => page.tickets) ?? [])),
    [list.data, list.isError],
  );
  const groups = useMemo(() => groupByEvent(tickets), [tickets]);
  const didYouMean = list.isError ? null : (list.data?.pages[0]?.didYouMean ?? null);
  const now = list.dataUpdatedAt || Date.now();
  const onViewDetails = useCallback(
    (ticket: { id: number; quantity: number; splitRule: SplitRule }) => {
      rememberFocus(ticket.id);
      // The quantity filtered for, where this listing sells that many (decision 0062); else all it has.
      const wanted = filters.quantity;
      void open(ticket.id, wanted && startingQuantity(ticket.splitRule, ticket.quantity, wanted));
    },
    [open, rememberFocus, filters.quantity],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useLoadMoreWhenVisible(loadMore, Boolean(hasNextPage));

  return (
    <div className="flex-1 bg-stage">
      {/* On a phone the greeting stays short, so the first listings show above the fold. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:px-6 sm:py-8">
        <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold sm:text-4xl">
              Welcome, {user.firstName.trim() || user.username}
            </h1>
            <p className="hidden text-muted-foreground sm:block">Find tickets from fans, at fair prices.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <HowItWorksDialog />
            <Button asChild size="lg" data-tour="list-ticket">
              <Link to="/listing">
                <Plus aria-hidden />
                {BUYING_TEXT.listTicket}
              </Link>
            </Button>
          </div>
        </header>

        <FilterBar filters={filters} onChange={setFilters} />
        {didYouMean ? (
          <DidYouMean
            search={filters.search}
            suggestion={didYouMean}
            showingCorrection={tickets.length > 0}
            onSearch={() => setFilters({ ...filters, search: didYouMean })}
          />
        ) : null}

        <section
          ref={listingsRef}
          tabIndex={-1}
          aria-label="Listings"
          aria-busy={list.isPending}
          className="flex flex-col gap-8 outline-none"
        >
          {list.isPending ? (
            <div className="flex justify-center py-16">
              <Spinner className="size-8" label="Loading listings" />
            </div>
          ) : groups.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-14 text-center">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
                <Ticket aria-hidden className="size-7" />
              </span>
              <h2 className="text-xl font-semibold">{BUYING_TEXT.noListingsTitle}</h2>
              <p className="text-muted-foreground">{BUYING_TEXT.noListings}</p>
            </Card>
          ) : (
            <ListingGroups
              groups={groups}
              user={user}
              now={now}
              openingId={flow.openingId}
              onViewDetails={onViewDetails}
            />
          )}
          <div ref={sentinel} aria-hidden />
          {hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              onClick={loadMore}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? <Spinner label="Loading more listings" /> : null}
              {BUYING_TEXT.loadMore}
            </Button>
          ) : null}
        </section>
      </div>

      {flow.hold ? (
        <TicketDetailsDialog
          key={flow.hold.listingId}
          hold={flow.hold}
          viewerId={user.id}
          extending={flow.extending}
          resizing={flow.resizing}
          paying={flow.paying}
          onClose={flow.close}
          onExtend={() => void flow.extend()}
          onQuantityChange={(quantity) => void flow.changeQuantity(quantity)}
          onPay={() => void flow.pay()}
        />
      ) : null}
      {flow.unavailable ? (
        <UnavailableDialog
          unavailable={flow.unavailable}
          onClose={flow.dismissUnavailable}
          onChooseQuantity={(quantity) => {
            const listingId = flow.unavailable?.listingId;
            if (listingId !== undefined) void open(listingId, quantity);
          }}
        />
      ) : null}
      <PurchaseSuccessfulDialog
        open={checkout.result.state === 'success'}
        message={checkout.result.state === 'success' ? checkout.result.message : ''}
        purchase={checkout.result.state === 'success' ? checkout.result.purchase : null}
        onOpenChange={(isOpen) => (isOpen ? undefined : checkout.dismiss())}
        onViewMyTickets={() => void navigate('/my-tickets')}
      />
      {checkout.result.state === 'verifying' ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-foreground/40">
          <Card className="flex items-center gap-3 p-6">
            <Spinner className="size-6" label="Checking your payment" />
            <span>Checking your payment…</span>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
