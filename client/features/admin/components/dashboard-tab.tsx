import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminStats } from '@common/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { DollarSign, MessageSquare, Receipt, Star, Ticket, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { adminStatsQueryOptions } from '../api';
import { dollars } from '../format';
import { pendingSupportCountOptions } from '../support-messages';

export type DashboardTarget = 'users' | 'tickets' | 'transactions' | 'messages';

function StatCard({
  title,
  icon,
  value,
  hint,
}: {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  hint: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <span aria-hidden className="text-muted-foreground">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** Members' messages waiting for an answer, counted by the server. */
function usePendingMessages() {
  const result = useQuery(pendingSupportCountOptions);
  return result.data === undefined ? null : result.data.toLocaleString('en-US');
}

function Figures({ stats, onNavigate }: { stats: AdminStats; onNavigate: (tab: DashboardTarget) => void }) {
  const pendingMessages = usePendingMessages();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard
          title={ADMIN_TEXT.totalUsers}
          icon={<Users className="size-4" />}
          value={stats.users.total.toLocaleString('en-US')}
          hint={`+${stats.users.newThisMonth} this month`}
        />
        <StatCard
          title={ADMIN_TEXT.activeListings}
          icon={<Ticket className="size-4" />}
          value={stats.tickets.available.toLocaleString('en-US')}
          hint={`${stats.tickets.total.toLocaleString('en-US')} total tickets created`}
        />
        <StatCard
          title={ADMIN_TEXT.income}
          icon={<DollarSign className="size-4" />}
          value={dollars(stats.income.total)}
          hint={ADMIN_TEXT.incomeHint(
            dollars(stats.income.platformFees),
            dollars(stats.income.processingFees),
          )}
        />
        <StatCard
          title={ADMIN_TEXT.grossVolume}
          icon={<Receipt className="size-4" />}
          value={dollars(stats.transactions.totalAmount)}
          hint={ADMIN_TEXT.grossVolumeHint(dollars(stats.transactions.amountThisMonth))}
        />
        <StatCard
          title={ADMIN_TEXT.platformRating}
          icon={<Star className="size-4" />}
          value={
            stats.reviews.avgRating === null
              ? ADMIN_TEXT.noRatings
              : `${stats.reviews.avgRating.toFixed(1)} / 5`
          }
          hint={ADMIN_TEXT.platformRatingHint}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{ADMIN_TEXT.recentActivity}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2 text-sm">
              <li>
                <strong>{stats.transactions.completed.toLocaleString('en-US')}</strong>{' '}
                {ADMIN_TEXT.completedSales}
                <span className="text-muted-foreground">
                  {' '}
                  · {stats.transactions.salesThisMonth} sales this month
                </span>
              </li>
              <li>
                <strong>{stats.users.newThisMonth.toLocaleString('en-US')}</strong> {ADMIN_TEXT.newUsers}
              </li>
              <li>
                <strong>{pendingMessages ?? '—'}</strong> {ADMIN_TEXT.pendingMessages}
              </li>
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{ADMIN_TEXT.quickActions}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <Button variant="outline" onClick={() => onNavigate('users')}>
              {ADMIN_TEXT.manageUsers}
            </Button>
            <Button variant="outline" onClick={() => onNavigate('tickets')}>
              {ADMIN_TEXT.reviewListings}
            </Button>
            <Button variant="outline" onClick={() => onNavigate('transactions')}>
              {ADMIN_TEXT.viewTransactions}
            </Button>
            <Button onClick={() => onNavigate('messages')}>
              <MessageSquare aria-hidden />
              {ADMIN_TEXT.viewSupportMessages}
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Spec 001 §2 Dashboard tab: the figure cards, recent activity and quick actions. */
export function DashboardTab({ onNavigate }: { onNavigate: (tab: DashboardTarget) => void }) {
  const stats = useQuery(adminStatsQueryOptions);
  const failed = stats.isError;
  useEffect(() => {
    if (failed) toast({ title: ADMIN_TEXT.failedToLoad('dashboard statistics'), variant: 'destructive' });
  }, [failed]);
  if (stats.data) return <Figures stats={stats.data} onNavigate={onNavigate} />;
  if (failed)
    return (
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <p role="alert">{ADMIN_TEXT.failedToLoad('dashboard statistics')}</p>
        <Button onClick={() => void stats.refetch()}>{ADMIN_TEXT.tryAgain}</Button>
      </Card>
    );
  return <Spinner />;
}
