import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket, MyTicketsTab } from '@common/schemas/my-tickets';
import { KEPT_TICKETS_TEXT } from '@common/texts/kept-tickets';
import { Ticket } from 'lucide-react';
import { PendingPanel } from './pending-panel';
import { TicketGrid, type TicketGridProps } from './ticket-grid';

const EMPTY_TEXT: Record<MyTicketsTab, string> = {
  listings: MY_TICKETS_TEXT.emptyListings,
  bought: MY_TICKETS_TEXT.emptyBought,
  sold: MY_TICKETS_TEXT.emptySold,
  pending: MY_TICKETS_TEXT.emptyPending,
};

export interface TabContentProps extends Omit<TicketGridProps, 'tickets'> {
  tab: MyTicketsTab;
  tickets: MyTicket[] | undefined;
  status: 'pending' | 'error' | 'success';
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onRetry(): void;
  today: Date;
  /** No network: a tab the device kept shows as it was kept, one it did not says so (decision 0098). */
  offline?: boolean;
}

/** Headings for screen readers of the tabs without a visible one, so the cards' h3 follow an h2. */
const HIDDEN_HEADING: Record<Exclude<MyTicketsTab, 'pending'>, string> = {
  listings: MY_TICKETS_TEXT.tabListings,
  bought: MY_TICKETS_TEXT.tabBought,
  sold: MY_TICKETS_TEXT.tabSold,
};

/** One tab's body; the pending tab is headed 'Pending Transfers' whatever it holds. */
export function TabContent(props: TabContentProps) {
  if (props.tab !== 'pending')
    return (
      <div>
        <h2 className="sr-only">{HIDDEN_HEADING[props.tab]}</h2>
        <TabBody {...props} />
      </div>
    );
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">{MY_TICKETS_TEXT.pendingHeading}</h2>
      <TabBody {...props} />
    </div>
  );
}

/** Loading, an error with a retry, the empty text, or the cards with Load more. */
function TabBody({
  tab,
  tickets,
  status,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
  today,
  offline = false,
  ...gridProps
}: TabContentProps) {
  if (status === 'pending')
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  if ((status === 'error' && !(offline && tickets)) || !tickets)
    return (
      <Card className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
        <p className="font-medium">{offline ? KEPT_TICKETS_TEXT.tabNotKept : MY_TICKETS_TEXT.loadFailed}</p>
        <Button variant="outline" onClick={onRetry}>
          {MY_TICKETS_TEXT.retry}
        </Button>
      </Card>
    );
  if (tickets.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
        <Ticket aria-hidden className="size-8" />
        <p>{EMPTY_TEXT[tab]}</p>
      </Card>
    );
  return (
    <div className="space-y-6">
      {tab === 'pending' ? (
        <PendingPanel tickets={tickets} today={today} {...gridProps} />
      ) : (
        <TicketGrid tickets={tickets} {...gridProps} />
      )}
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="outline" disabled={loadingMore} onClick={onLoadMore}>
            {MY_TICKETS_TEXT.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
