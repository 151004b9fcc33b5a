import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/toaster';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import { type Bid, MAX_ACTIVE_BIDS } from '@common/schemas/bids';
import { useQuery } from '@tanstack/react-query';
import { Info, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf, myBidsQueryOptions, useCancelBid } from '../api';
import type { PaymentMethodPickerSlot } from '../slots';
import { BidCard } from './bid-card';
import { CreateBidDialog } from './create-bid-dialog';
import { WelcomeDialog } from './welcome-dialog';

const BID_TABS = ['active', 'matched', 'inactive'] as const;
type BidTab = (typeof BID_TABS)[number];

const TAB_TEXT: Record<BidTab, { label: string; empty: string }> = {
  active: { label: BID_TEXT.tabActive, empty: BID_TEXT.emptyActive },
  matched: { label: BID_TEXT.tabMatched, empty: BID_TEXT.emptyMatched },
  inactive: { label: BID_TEXT.tabInactive, empty: BID_TEXT.emptyInactive },
};

/** Spec 001 §4: Active = active and not matched; Matched = matched; Inactive = neither. */
export function tabOf(bid: Bid): BidTab {
  if (bid.matched) return 'matched';
  return bid.isActive ? 'active' : 'inactive';
}

function isTab(value: string | null): value is BidTab {
  return (BID_TABS as readonly (string | null)[]).includes(value);
}

export interface MyBidsPageProps {
  userId: number;
  renderPaymentMethodPicker: PaymentMethodPickerSlot;
  /** What the page composing this one shows below the bids (the member's price alerts). */
  children?: ReactNode;
}

/** /my-bids (spec 001 §2, §4, §8): the bids in three tabs kept in the address, Create New Bid and Cancel Bid. */
export function MyBidsPage({ userId, renderPaymentMethodPicker, children }: MyBidsPageProps) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: BidTab = isTab(asked) ? asked : 'active';
  const setTab = (next: BidTab) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'active') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  const bids = useQuery(myBidsQueryOptions);
  const cancel = useCancelBid();
  const [creating, setCreating] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const all = bids.data ?? [];
  const counts = { active: 0, matched: 0, inactive: 0 };
  for (const bid of all) counts[tabOf(bid)] += 1;
  const shown = all.filter((bid) => tabOf(bid) === tab);

  useEffect(() => {
    if (bids.isError)
      toast({ title: BID_SCREEN_TEXT.errorTitle, description: BID_TEXT.loadFailed, variant: 'destructive' });
  }, [bids.isError]);

  function startCreate() {
    if (counts.active >= MAX_ACTIVE_BIDS) {
      toast({ title: BID_TEXT.limitTitle, description: BID_TEXT.limit, variant: 'destructive' });
      return;
    }
    setCreating(true);
  }

  function cancelBid(bid: Bid, trigger: HTMLElement | null) {
    const restore = rememberFocusPlace(trigger, {
      fallback: () => document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]'),
    });
    cancel.mutate(bid.id, {
      onSuccess: () => toast({ title: BID_TEXT.cancelledTitle, description: BID_TEXT.cancelled }),
      onError: (error) =>
        toast({
          title: BID_SCREEN_TEXT.errorTitle,
          description: messageOf(error, BID_TEXT.cancelFailed),
          variant: 'destructive',
        }),
      onSettled: () => restoreFocusSoon(restore),
    });
  }

  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus-visible:outline-none">
          {BID_TEXT.title}
        </h1>
        <Card className="flex items-start gap-3 p-4">
          <Info className="mt-0.5 size-5 shrink-0 text-info" aria-hidden />
          <div className="grid gap-1 text-sm">
            <h2 className="font-semibold">{BID_SCREEN_TEXT.infoTitle}</h2>
            <p className="text-muted-foreground">{BID_SCREEN_TEXT.infoBody}</p>
          </div>
        </Card>
        <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
              {BID_TABS.map((value) => (
                <TabsTrigger key={value} value={value} className="gap-1.5">
                  {TAB_TEXT[value].label}{' '}
                  <span className="tabular-nums">{bids.isSuccess ? `(${counts[value]})` : ''}</span>
                </TabsTrigger>
              ))}
            </TabsList>
            <Button ref={createRef} onClick={startCreate} disabled={!bids.isSuccess}>
              <Plus aria-hidden />
              {BID_TEXT.createNew}
            </Button>
          </div>
          {BID_TABS.map((value) => (
            <TabsContent key={value} value={value} className="pt-4 focus-visible:outline-none">
              {value !== tab ? null : bids.isPending ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner className="size-4" label={BID_SCREEN_TEXT.loading} />
                  {BID_SCREEN_TEXT.loading}
                </p>
              ) : bids.isError ? (
                <Alert variant="destructive">
                  <AlertDescription className="flex flex-wrap items-center gap-2">
                    {messageOf(bids.error, bids.error.message)}
                    <Button variant="outline" size="sm" onClick={() => void bids.refetch()}>
                      {BID_SCREEN_TEXT.retry}
                    </Button>
                  </AlertDescription>
                </Alert>
              ) : shown.length === 0 ? (
                <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
                  {TAB_TEXT[value].empty}
                </p>
              ) : (
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {shown.map((bid) => (
                    <BidCard key={bid.id} bid={bid} onCancel={cancelBid} />
                  ))}
                </div>
              )}
            </TabsContent>
          ))}
        </Tabs>
        {children}
      </div>
      <CreateBidDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => setTab('active')}
        returnFocusTo={() => createRef.current}
        renderPaymentMethodPicker={renderPaymentMethodPicker}
      />
      <WelcomeDialog userId={userId} returnFocusTo={() => headingRef.current} />
    </div>
  );
}
