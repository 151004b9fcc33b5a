import { type ComponentType, createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { RequireAdmin, RequireAmbassador, RequireUser } from './guards';
import { HomeRoute } from './home-route';
import { AppLayout } from './layout';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error';
import type { RouteHandle } from './route-title';

/** '/listing' lists a ticket, '/listing?edit=ID' edits one. */
const listingTitle = (search: URLSearchParams) => (search.has('edit') ? 'Edit Ticket' : 'List a Ticket');

/** A page route's element and handle: its title, and its code, loaded on first use (see lazy-page.tsx). */
function page(
  title: RouteHandle['title'] | 'titled by the page',
  load: () => Promise<ComponentType>,
): Pick<RouteObject, 'element' | 'handle'> {
  const { Page, preload } = lazyPage(load);
  const handle: RouteHandle =
    title === 'titled by the page' ? { titledByPage: true, preload } : { title, preload };
  return { element: <Page />, handle };
}

const authPage = () => import('@client/features/auth/pages/auth-page').then((module) => module.AuthPage);
// Keyed so that moving between /login and /signup starts the screen afresh in its own mode.
const logIn = page('Log In', () =>
  authPage().then((AuthPage) => () => <AuthPage key="login" initialMode="login" />),
);
const signUp = page('Sign Up', () =>
  authPage().then((AuthPage) => () => <AuthPage key="register" initialMode="register" />),
);

/** The routes being rendered: the app's, or the one branch a server render of a page needs (AppRoutes). */
const RenderedRoutes = createContext<RouteObject[] | null>(null);

/** The layout, announcing each page by the title its route gives; a page that fails shows RouteError. */
function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <AppLayout routes={useContext(RenderedRoutes) ?? appRoutes} />
    </RouteErrorBoundary>
  );
}

/**
 * Every route of both specification documents (000 §2, 001 §2), each page loading lazily. A route's
 * `handle: { title }` (see RouteHandle in route-title.tsx) names the page: 'List a Ticket · Encore'.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute visitorPage="landing" />, handle: { title: 'Home' } },
      {
        path: 'home',
        element: <HomeRoute visitorPage="public-home" />,
        handle: { title: 'How Encore works' },
      },

      { path: 'auth', ...logIn },
      { path: 'login', ...logIn },
      { path: 'signup', ...signUp },
      { path: 'verify-email', element: <Navigate to="/login" replace /> },
      {
        path: 'verify-email/:token',
        ...page('Verify Email', () =>
          import('@client/features/recovery/pages/verify-email-page').then(
            (module) => module.VerifyEmailPage,
          ),
        ),
      },
      { path: 'reset-password', element: <Navigate to="/forgot-password" replace /> },
      {
        path: 'reset-password/:token',
        ...page('Reset Password', () =>
          import('@client/features/recovery/pages/reset-password-page').then(
            (module) => module.ResetPasswordPage,
          ),
        ),
      },
      {
        path: 'forgot-password',
        ...page('Forgot Password', () =>
          import('@client/features/recovery/pages/forgot-password-page').then(
            (module) => module.ForgotPasswordPage,
          ),
        ),
      },
      {
        path: 'forgot-username',
        ...page('Forgot Username', () =>
          import('@client/features/recovery/pages/forgot-username-page').then(
            (module) => module.ForgotUsernamePage,
          ),
        ),
      },

      {
        path: 'giving-back',
        ...page('Giving Back', () =>
          import('@client/features/static-pages/pages/giving-back-page').then(
            (module) => module.GivingBackPage,
          ),
        ),
      },
      {
        path: 'promise',
        ...page('The Encore Promise', () =>
          import('@client/features/static-pages/pages/promise-page').then((module) => module.PromisePage),
        ),
      },
      {
        path: 'terms',
        ...page('Terms of Service', () =>
          import('@client/features/static-pages/pages/terms-page').then((module) => module.TermsPage),
        ),
      },
      {
        path: 'privacy',
        ...page('Privacy Policy', () =>
          import('@client/features/static-pages/pages/privacy-page').then((module) => module.PrivacyPage),
        ),
      },

      {
        path: 'newsletter/confirm/:token',
        ...page('Confirm Subscription', () =>
          import('@client/features/landing/pages/newsletter-confirm-page').then(
            (module) => module.NewsletterConfirmPage,
          ),
        ),
      },
      {
        path: 'newsletter/unsubscribe',
        ...page('Unsubscribe', () =>
          import('@client/features/landing/pages/newsletter-unsubscribe-page').then(
            (module) => module.NewsletterUnsubscribePage,
          ),
        ),
      },
      {
        path: 'price-alerts/unsubscribe',
        ...page('Stop Price Alerts', () =>
          import('@client/features/price-alerts/pages/unsubscribe-page').then(
            (module) => module.UnsubscribePage,
          ),
        ),
      },
      {
        path: 'price-cap-fix',
        ...page('Price Cap', () =>
          import('@client/features/price-caps/fix-page').then((module) => module.PriceCapFixPage),
        ),
      },
      {
        path: 'purchase-status',
        ...page('Purchase Status', () =>
          import('@client/features/purchase/pages/purchase-status-page').then(
            (module) => module.PurchaseStatusPage,
          ),
        ),
      },
      {
        path: 'purchase/cancel',
        ...page('Purchase Cancelled', () =>
          import('./purchase-pages').then((module) => module.PurchaseCancelRoute),
        ),
      },
      {
        path: 'safari-purchase-success',
        ...page('Purchase Successful', () =>
          import('./purchase-pages').then((module) => module.SafariPurchaseSuccessRoute),
        ),
      },
      {
        path: 'sandbox/checkout/:sessionId',
        ...page('Checkout', () =>
          import('@client/features/sandbox-checkout/pages/sandbox-checkout-page').then(
            (module) => module.SandboxCheckoutPage,
          ),
        ),
      },

      {
        // Public.
        path: 'events/:segment',
        ...page('titled by the page', () => import('./event-route').then((module) => module.EventRoute)),
      },

      {
        element: <RequireUser />,
        children: [
          {
            path: 'listing',
            ...page(listingTitle, () =>
              import('@client/features/listing/pages/listing-page').then((module) => module.ListingPage),
            ),
          },
          {
            path: 'profile',
            ...page('Profile', () => import('./profile-route').then((module) => module.ProfileRoute)),
          },
          {
            path: 'my-tickets',
            ...page('My Tickets', () => import('./my-tickets-route').then((module) => module.MyTicketsRoute)),
          },
          {
            path: 'verify-identity',
            ...page('Verify your identity', () =>
              import('@client/features/identity/pages/verify-identity-page').then(
                (module) => module.VerifyIdentityPage,
              ),
            ),
          },
          {
            path: 'sandbox/onboarding/:accountId',
            ...page('Identity check', () =>
              import('@client/features/identity/pages/sandbox-onboarding-page').then(
                (module) => module.SandboxOnboardingPage,
              ),
            ),
          },
          {
            path: 'my-bids',
            ...page('My Bids', () => import('./my-bids-route').then((module) => module.MyBidsRoute)),
          },
          {
            path: 'bids/authenticate/:sessionId',
            ...page('Confirm Bid Purchase', () =>
              import('@client/features/bids/pages/bid-authentication-page').then(
                (module) => module.BidAuthenticationPage,
              ),
            ),
          },
          {
            path: 'pending-reviews',
            ...page('Pending Reviews', () =>
              import('./pending-reviews-route').then((module) => module.PendingReviewsRoute),
            ),
          },
          {
            path: 'messages',
            ...page('Customer Support', () =>
              import('./support-route').then((module) => module.SupportRoute),
            ),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'admin',
                ...page('Admin', () => import('./admin-route').then((module) => module.AdminRoute)),
              },
            ],
          },
          {
            element: <RequireAmbassador />,
            children: [
              {
                path: 'ambsd',
                ...page('Ambassador', () =>
                  import('@client/features/ambassador/pages/ambassador-page').then(
                    (module) => module.AmbassadorPage,
                  ),
                ),
              },
            ],
          },
        ],
      },

      {
        path: '*',
        ...page('Page not found', () => import('./not-found-page').then((module) => module.NotFoundPage)),
      },
    ],
  },
];

/**
 * The app's pages for the current address, under whichever router renders them. A server render of one
 * address passes `routes`, the branch it matches (matchedBranch), so that the router does not flatten and
 * rank every route of the app for each page it renders (decision 0089).
 */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  return <RenderedRoutes.Provider value={routes}>{useRoutes(routes)}</RenderedRoutes.Provider>;
}
