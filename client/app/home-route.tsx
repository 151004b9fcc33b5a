import { PageSpinner } from '@client/components/ui/spinner';
import { useCurrentUser } from '@client/lib/session';
import { lazy, Suspense } from 'react';
import { SignedInHome } from './signed-in-home';

const LandingPage = lazy(() =>
  import('@client/features/landing/pages/landing-page').then((module) => ({ default: module.LandingPage })),
);
const PublicHomePage = lazy(() =>
  import('@client/features/public-home/pages/public-home-page').then((module) => ({
    default: module.PublicHomePage,
  })),
);

/**
 * / and /home show the signed-in home to users; visitors get the coming-soon landing page
 * at / and the public page at /home (spec 001 §2).
 */
export function HomeRoute({ visitorPage }: { visitorPage: 'landing' | 'public-home' }) {
  const { data: user } = useCurrentUser();
  if (user) return <SignedInHome user={user} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      {visitorPage === 'landing' ? <LandingPage /> : <PublicHomePage />}
    </Suspense>
  );
}
