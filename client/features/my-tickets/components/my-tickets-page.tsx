import { Tabs, TabsContent } from '@client/components/ui/tabs';
import { useOnline } from '@client/lib/use-online';
import { MY_TICKETS_TEXT } from '@common/messages';
import { MY_TICKETS_TABS, type MyTicketsCounts, type MyTicketsTab } from '@common/schemas/my-tickets';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { myTicketsQueryOptions } from '../api';
import type { MyTicketsSlots } from '../slots';
import { useRefetchOnFocus } from '../use-refetch-on-focus';
import { KeptCopyNote, keptCopyNoteText } from './kept-copy-note';
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
  // Without the network, the tickets come from what this device kept, and say since when (decision 0098).
  const online = useOnline();
  const keptCopy = firstPage?.keptCopy ?? null;
  const note = keptCopyNoteText(keptCopy, !online, query.dataUpdatedAt);
  // Back online: what is on screen is read again (the focus does the same when the member returns).
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && editing === null) void query.refetch();
  }, [online, editing, query.refetch]);
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
        {note ? <KeptCopyNote {...note} /> : null}
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
                  // A request that never got an answer (fetch's TypeError) failed for want of a network.
                  offline={!online || query.error instanceof TypeError}
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
