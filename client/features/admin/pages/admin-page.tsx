import { Button } from '@client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import { BARCODE_CHECK_TEXT } from '@common/texts/barcode-check';
import { STRIKE_TEXT } from '@common/texts/strikes';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { adminKeys } from '../api';
import { AuditLogTab } from '../components/audit-log-tab';
import { BarcodeDuplicatesTab } from '../components/barcode-duplicates-tab';
import { DashboardTab } from '../components/dashboard-tab';
import { DisputesTab } from '../components/disputes-tab';
import { EventsTab } from '../components/events-tab';
import { MessagesTab } from '../components/messages-tab';
import { ReviewsTab } from '../components/reviews-tab';
import { StrikesTab } from '../components/strikes-tab';
import { SystemTab } from '../components/system-tab';
import { TicketsTab } from '../components/tickets-tab';
import { TransactionsTab } from '../components/transactions-tab';
import { UsersTab } from '../components/users-tab';

interface AdminTab {
  value: string;
  label: string;
  render: (goTo: (tab: string) => void) => ReactNode;
}

/** The dashboard's tabs in order: spec 001 §2's six, then the back office's money tabs. One line per tab. */
const TABS: readonly AdminTab[] = [
  { value: 'dashboard', label: 'Dashboard', render: (goTo) => <DashboardTab onNavigate={goTo} /> },
  { value: 'users', label: 'Users', render: () => <UsersTab /> },
  { value: 'tickets', label: 'Tickets', render: () => <TicketsTab /> },
  { value: 'transactions', label: 'Transactions', render: () => <TransactionsTab /> },
  { value: 'reviews', label: 'Reviews', render: () => <ReviewsTab /> },
  { value: 'messages', label: 'Messages', render: () => <MessagesTab /> },
  { value: 'disputes', label: 'Disputes', render: () => <DisputesTab /> },
  { value: 'events', label: 'Events', render: () => <EventsTab /> },
  { value: 'strikes', label: STRIKE_TEXT.tab, render: () => <StrikesTab /> },
  { value: 'barcodes', label: BARCODE_CHECK_TEXT.adminTab, render: () => <BarcodeDuplicatesTab /> },
  { value: 'audit-log', label: 'Audit Log', render: () => <AuditLogTab /> },
  { value: 'system', label: 'System', render: () => <SystemTab /> },
];

const DEFAULT_TAB = 'dashboard';

/**
 * The open tab lives in the address (`/admin?tab=users`): a reload keeps it, and each change is a history
 * entry, so Back returns to the tab before. An unknown tab opens the dashboard.
 */
function useTabInAddress(): [string, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.some((entry) => entry.value === asked) && asked ? asked : DEFAULT_TAB;
  // A click on a tab both focuses and presses it, and each activates it: one history entry, not two.
  const shown = useRef(tab);
  useEffect(() => {
    shown.current = tab;
  }, [tab]);
  const choose = (next: string) => {
    if (next === shown.current) return;
    shown.current = next;
    setParams(next === DEFAULT_TAB ? {} : { tab: next });
  };
  return [tab, choose];
}

/** /admin (spec 001 §2): the route renders it for admins only, so nothing here loads for anyone else. */
export function AdminPage() {
  const [tab, setTab] = useTabInAddress();
  const queryClient = useQueryClient();
  const refresh = () => {
    toast({ title: ADMIN_TEXT.refreshingTitle, description: ADMIN_TEXT.refreshingDescription });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
  return (
    <div className="mx-auto w-full min-w-0 max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{ADMIN_TEXT.title}</h1>
        <Button variant="outline" onClick={refresh}>
          <RefreshCw aria-hidden />
          {ADMIN_TEXT.refresh}
        </Button>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        {/* The tabs wrap onto more rows on a phone: every one stays in sight, none behind a scroll. */}
        <div className="pb-1">
          <TabsList className="h-auto flex-wrap justify-start">
            {TABS.map((entry) => (
              <TabsTrigger key={entry.value} value={entry.value}>
                {entry.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {TABS.map((entry) => (
          <TabsContent key={entry.value} value={entry.value}>
            {entry.render(setTab)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
