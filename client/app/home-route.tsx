import { PageSpinner } from '@client/components/ui/spinner';
import { loginThenTo } from '@client/lib/safe-destination';
import { useCurrentUser } from '@client/lib/session';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { SignedInHome } from './signed-in-home';

type VisitorPage = 'landing' | 'public-home';

/** A visitor page's component once its chunk has loaded: rendered at once, with no spinner in between. */
const loaded: Partial<Record<VisitorPage, ComponentType>> = {};
const loaders: Record<VisitorPage, () => Promise<ComponentType>> = {
  landing: () =>
    import('@client/features/landing/pages/landing-page').then((module) => {
      loaded.landing = module.LandingPage;
      return module.LandingPage;
    }),
  'public-home': () =>
    import('@client/features/public-home/pages/public-home-page').then((module) => {
      loaded['public-home'] = module.PublicHomePage;
      return module.PublicHomePage;
    }),
};
const lazyPages: Record<VisitorPage, ComponentType> = {
  landing: lazy(() => loaders.landing().then((component) => ({ default: component }))),
  'public-home': lazy(() => loaders['public-home']().then((component) => ({ default: component }))),
};

/**
 * On a first visit to / or /home, starts loading the visitor page at once, beside the session request,
 * instead of after it: the page then paints when the session answers, not one download later, and no
 * spinner flashes in between (which moved the footer: a layout shift).
 */
export function preloadVisitorPage(pathname: string): Promise<unknown> {
  if (pathname === '/') return loaders.landing();
  if (pathname === '/home') return loaders['public-home']();
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
  const Page = loaded[visitorPage] ?? lazyPages[visitorPage];
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
