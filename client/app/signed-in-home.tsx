import { PageSpinner } from '@client/components/ui/spinner';
import { useRememberTourCompleted } from '@client/features/tour/api';
import type { CurrentUser } from '@common/schemas/users';
import { lazy, Suspense } from 'react';

const MarketplaceHome = lazy(() =>
  import('@client/features/marketplace/components/marketplace-home').then((module) => ({
    default: module.MarketplaceHome,
  })),
);
const WelcomeTour = lazy(() =>
  import('@client/features/tour/components/welcome-tour').then((module) => ({ default: module.WelcomeTour })),
);

/** The signed-in home at / and /home: the marketplace, with the welcome tour (spec 000 §2). */
export function SignedInHome({ user }: { user: CurrentUser }) {
  const rememberTourCompleted = useRememberTourCompleted();
  return (
    <Suspense fallback={<PageSpinner label="Loading the marketplace" />}>
      <MarketplaceHome user={user} />
      <WelcomeTour
        userId={user.id}
        completedOnServer={user.tourCompleted}
        onCompleted={rememberTourCompleted}
      />
    </Suspense>
  );
}
