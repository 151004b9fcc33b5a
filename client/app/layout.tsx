import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { useLiveUpdates } from '@client/lib/live';
import { useCurrentUser } from '@client/lib/session';
import { useOnline } from '@client/lib/use-online';
import { keepDataFor } from '@client/pwa/kept-data';
import { opensOffline } from '@client/pwa/member-data';
import { A11Y_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, type RouteObject, useLocation, useNavigationType } from 'react-router';
import { useNavigationPending } from './app-router';
import { BetaBanner } from './beta-banner';
import { NavBar, VisitorTopBar } from './nav-bar';
import { OfflineBanner, OfflineState } from './offline-state';
import { RouteAnnouncer } from './route-title';
import { SiteFooter } from './site-footer';

function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-gradient-to-r from-primary via-accent to-primary"
    />
  );
}

/** A new page starts at its top; going back or forward leaves the scrolling to the browser. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what scrolls.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-stage px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle>We couldn't reach Encore</CardTitle>
          <CardDescription>Check your connection and try again.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={onRetry}>Try again</Button>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Whether the page at `pathname` is replaced by the offline state (decision 0098): it was opened without a
 * connection and needs one. A page already open when the connection goes keeps what it shows; a replaced
 * page opens by itself once the connection is back.
 */
function useOfflineInPlaceOfPage(pathname: string, online: boolean): boolean {
  const [opened, setOpened] = useState({ pathname, offline: !online });
  let current = opened;
  if (opened.pathname !== pathname || (online && opened.offline)) {
    current = { pathname, offline: !online };
    setOpened(current);
  }
  return current.offline && !opensOffline(pathname);
}

/**
 * Every page: the navigation for the session (spinner while it loads), the beta notice and the footer.
 * `routes` are the app's, whose titles name the pages.
 */
export function AppLayout({ routes }: { routes: RouteObject[] }) {
  const session = useCurrentUser();
  useLiveUpdates(Boolean(session.data));
  const online = useOnline();
  const { pathname } = useLocation();
  const offlineState = useOfflineInPlaceOfPage(pathname, online);
  const memberId = session.isSuccess ? (session.data?.id ?? null) : undefined;
  // What the device kept is the signed-in member's only: another member's, or anyone's once nobody is
  // signed in, is deleted as soon as the session says so (decision 0098).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (memberId === undefined) return;
    void keepDataFor(memberId).then((forgot) => {
      // Answers asked for before the old data was deleted are not kept: read the member's again.
      if (!forgot || memberId === null) return;
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    });
  }, [memberId, queryClient]);
  if (session.isPending) return <PageSpinner label="Loading your session" />;
  if (session.isError)
    return online ? (
      <SessionError onRetry={() => void session.refetch()} />
    ) : (
      <OfflineState signedIn={false} fullScreen />
    );
  const user = session.data;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-primary focus:shadow-[var(--shadow-pop)]"
      >
        {A11Y_TEXT.skipToContent}
      </a>
      <RouteAnnouncer routes={routes} />
      <NavigationProgress />
      {user ? <NavBar user={user} /> : <VisitorTopBar />}
      <div className="flex flex-1 flex-col pt-16">
        {user ? <BetaBanner /> : null}
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 flex-col focus-visible:ring-0 focus-visible:ring-offset-0"
        >
          {!online && !offlineState && !opensOffline(pathname) ? <OfflineBanner /> : null}
          {offlineState ? (
            <OfflineState signedIn={Boolean(user)} />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </main>
        <SiteFooter />
      </div>
      <ScrollToTop />
    </div>
  );
}
