import { PageSpinner } from '@client/components/ui/spinner';
import { AccountClosurePanel } from '@client/features/account-closure/account-closure-panel';
import { DataExportPanel } from '@client/features/data-export/data-export-panel';
import { PayoutsPanel } from '@client/features/payouts/payouts-panel';
import { ProfilePage } from '@client/features/profile/pages/profile-page';
import { ReviewsList } from '@client/features/reviews/components/reviews-list';
import { useCurrentUser } from '@client/lib/session';

/**
 * /profile composes the profile with the user's reviews list, the seller's payouts, a copy of their data and
 * closing the account.
 */
export function ProfileRoute() {
  const { data: user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  return (
    <ProfilePage
      user={user}
      reviewsPanel={<ReviewsList userId={user.id} />}
      payoutsPanel={<PayoutsPanel />}
      dataExportPanel={<DataExportPanel />}
      accountClosurePanel={<AccountClosurePanel />}
    />
  );
}
