import { TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicketsCounts, MyTicketsTab } from '@common/schemas/my-tickets';

const TABS: Array<{ tab: MyTicketsTab; label: string; short: string }> = [
  { tab: 'listings', label: MY_TICKETS_TEXT.tabListings, short: 'Listings' },
  { tab: 'bought', label: MY_TICKETS_TEXT.tabBought, short: MY_TICKETS_TEXT.tabBought },
  { tab: 'sold', label: MY_TICKETS_TEXT.tabSold, short: MY_TICKETS_TEXT.tabSold },
  { tab: 'pending', label: MY_TICKETS_TEXT.tabPending, short: MY_TICKETS_TEXT.tabPending },
];

/**
 * The tab row with counts, and the red dot on Pending while the seller has transfers to start. Below the
 * sm breakpoint the row is compact: four equal cells with short labels over the counts.
 */
export function TabBar({
  counts,
  sellerActionCount,
}: {
  counts: MyTicketsCounts | null;
  sellerActionCount: number;
}) {
  return (
    <TabsList className="grid h-auto w-full grid-cols-4 sm:inline-flex sm:h-10 sm:w-auto">
      {TABS.map(({ tab, label, short }) => (
        <TabsTrigger
          key={tab}
          value={tab}
          className="relative flex-col gap-0 px-1 py-1.5 text-xs sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm"
        >
          <span className="sm:hidden">{short}</span>
          <span className="hidden sm:inline">{label}</span>
          <span className="tabular-nums">{counts ? `(${counts[tab]})` : ''}</span>
          {tab === 'pending' && sellerActionCount > 0 ? (
            <span
              className="absolute right-1 top-1 size-2.5 rounded-full bg-destructive sm:static"
              data-testid="seller-action-dot"
            >
              <span className="sr-only">{MY_TICKETS_TEXT.sellerActionDot}</span>
            </span>
          ) : null}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
