import { PageSpinner } from '@client/components/ui/spinner';
import { loginThenTo } from '@client/lib/safe-destination';
import { useCurrentUser } from '@client/lib/session';
import { Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { type LazyPage, lazyPage } from './lazy-page';
import { SignedInHome } from './signed-in-home';

type VisitorPage = 'landing' | 'public-home';

const visitorPages: Record<VisitorPage, LazyPage> = {
  landing: lazyPage(() =>
    import('@client/features/landing/pages/landing-page').then((module) => module.LandingPage),
  ),
  'public-home': lazyPage(() =>
    import('@client/features/public-home/pages/public-home-page').then((module) => module.PublicHomePage),
  ),
};

/**
 * On a first visit to / or /home, starts loading the visitor page at once, beside the session request,
 * instead of after it: the page then paints when the session answers, not one download later, and no
 * spinner flashes in between (which moved the footer: a layout shift).
 */
export function preloadVisitorPage(pathname: string): Promise<unknown> {
  if (pathname === '/') return visitorPages.landing.preload();
  if (pathname === '/home') return visitorPages['public-home'].preload();
  return Promise.resolve();
}

/**
 * / and /home show the signed-in home to users; visitors get the coming-soon landing page
 * at / and the public page at /home (spec 001 §2).
 */
export function HomeRoute({ visitorPage }: { visitorPage: VisitorPage }) {
  const { data: user } = useCurrentUser();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  if (user) return <SignedInHome user={user} />;
  // A shared ticket link opens the ticket for a user: a visitor signs in first and comes back to it.
  if (params.has('ticket')) return <Navigate to={loginThenTo(`${pathname}${search}`)} replace />;
  const { Page } = visitorPages[visitorPage];
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
