import { Card, CardContent } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { PROFILE_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AccountCard } from '../components/account-card';
import { PlatformLinks } from '../components/platform-links';
import { ProfileSettingsForm } from '../components/profile-settings-form';
import { RatingSummary } from '../components/rating-summary';

const TABS = ['settings', 'reviews'] as const;
type ProfileTab = (typeof TABS)[number];

/**
 * /profile (spec 000 §2): tabs 'settings' (default, Profile Settings) and 'reviews' (My Reviews). The tab is
 * kept in the address (?tab=reviews) so it can be linked. The composing route passes the user's reviews list
 * and, when payouts exist, their panel.
 */
export function ProfilePage({
  user,
  reviewsPanel,
  payoutsPanel,
  dataExportPanel,
  accountClosurePanel,
}: {
  user: CurrentUser;
  reviewsPanel: ReactNode;
  payoutsPanel?: ReactNode;
  /** "Your data": a copy of the member's data (decision 0097). */
  dataExportPanel?: ReactNode;
  /** "Close your account", below "Your data" (decision 0099). */
  accountClosurePanel?: ReactNode;
}) {
  const [search, setSearch] = useSearchParams();
  const tab: ProfileTab = search.get('tab') === 'reviews' ? 'reviews' : 'settings';
  const choose = (next: string) =>
    setSearch(next === 'reviews' ? { tab: 'reviews' } : {}, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{PROFILE_TEXT.pageTitle}</h1>
        <p className="text-muted-foreground">
          {user.firstName} {user.lastName} · @{user.username}
        </p>
        <RatingSummary averageRating={user.averageRating} totalReviews={user.totalReviews} />
      </header>
      <Tabs value={tab} onValueChange={choose}>
        <TabsList aria-label={PROFILE_TEXT.pageTitle}>
          <TabsTrigger value="settings">{PROFILE_TEXT.settingsTab}</TabsTrigger>
          <TabsTrigger value="reviews">{PROFILE_TEXT.reviewsTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="settings">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Card>
              <CardContent className="flex flex-col gap-4 pt-6">
                <h2 className="text-xl font-semibold">{PROFILE_TEXT.settingsTab}</h2>
                <ProfileSettingsForm user={user} />
              </CardContent>
            </Card>
            <div className="flex flex-col gap-6">
              <AccountCard user={user} />
              <Card>
                <CardContent className="pt-6">
                  <PlatformLinks />
                </CardContent>
              </Card>
              {payoutsPanel}
              {dataExportPanel}
              {accountClosurePanel}
            </div>
          </div>
        </TabsContent>
        <TabsContent value="reviews">
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6">
              <h2 className="text-xl font-semibold">{PROFILE_TEXT.reviewsTab}</h2>
              {reviewsPanel}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
