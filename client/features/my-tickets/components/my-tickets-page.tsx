import { Tabs, TabsContent } from '@client/components/ui/tabs';
import { MY_TICKETS_TEXT } from '@common/messages';
import { MY_TICKETS_TABS, type MyTicketsCounts, type MyTicketsTab } from '@common/schemas/my-tickets';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { myTicketsQueryOptions } from '../api';
import type { MyTicketsSlots } from '../slots';
import { useRefetchOnFocus } from '../use-refetch-on-focus';
import { TabBar } from './tab-bar';
import { TabContent } from './tab-content';

export interface MyTicketsPageProps extends MyTicketsSlots {
  viewerId: number;
  /** Beside the tabs (spec 001 §2 'a secondary control'); the route puts 'List a Ticket' there. */
  secondaryControl?: React.ReactNode;
  /** Today in the viewer's zone; tests pin it. */
  today?: Date;
}

function isTab(value: string): value is MyTicketsTab {
  return (MY_TICKETS_TABS as readonly string[]).includes(value);
}

/** /my-tickets (spec 001 §2): four tabs with counts, pending first, each paged from GET /api/my-tickets. */
export function MyTicketsPage({
  viewerId,
  secondaryControl,
  today = new Date(),
  renderEditor,
  ...slots
}: MyTicketsPageProps) {
  // The tab lives in the address (?tab=bought), so a reload, Back and a shared link open it again.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: MyTicketsTab = asked !== null && isTab(asked) ? asked : 'pending';
  const setTab = (next: MyTicketsTab) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'pending') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  const [editing, setEditing] = useState<number | null>(null);
  const query = useInfiniteQuery(myTicketsQueryOptions(tab));
  useRefetchOnFocus(() => {
    if (editing === null) void query.refetch();
  });
  const firstPage = query.data?.pages[0];
  // Counts stay from the last answer while another tab loads, so the labels do not flicker.
  const [counts, setCounts] = useState<{ counts: MyTicketsCounts; sellerActionCount: number } | null>(null);
  useEffect(() => {
    if (firstPage) setCounts({ counts: firstPage.counts, sellerActionCount: firstPage.sellerActionCount });
  }, [firstPage]);

  if (editing !== null && renderEditor)
    return <div className="flex-1 bg-stage">{renderEditor(editing, () => setEditing(null))}</div>;

  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold">{MY_TICKETS_TEXT.title}</h1>
        <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <TabBar counts={counts?.counts ?? null} sellerActionCount={counts?.sellerActionCount ?? 0} />
            {secondaryControl}
          </div>
          {MY_TICKETS_TABS.map((value) => (
            <TabsContent key={value} value={value}>
              {value === tab ? (
                <TabContent
                  tab={tab}
                  tickets={query.data?.pages.flatMap((page) => page.tickets)}
                  status={query.status}
                  hasMore={query.hasNextPage}
                  loadingMore={query.isFetchingNextPage}
                  onLoadMore={() => void query.fetchNextPage()}
                  onRetry={() => void query.refetch()}
                  today={today}
                  viewerId={viewerId}
                  onEdit={renderEditor ? setEditing : undefined}
                  {...slots}
                />
              ) : null}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </div>
  );
}
