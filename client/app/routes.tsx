import { PageSpinner } from '@client/components/ui/spinner';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { RequireAdmin, RequireAmbassador, RequireUser } from './guards';
import { HomeRoute } from './home-route';
import { AppLayout } from './layout';
import { NotBuiltYet } from './not-built-yet';
import { RouteError } from './route-error';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/** '/listing' lists a ticket, '/listing?edit=ID' edits one. */
const listingTitle = (search: URLSearchParams) => (search.has('edit') ? 'Edit Ticket' : 'List a Ticket');

function authScreen(initialMode: 'login' | 'register'): LazyRoute {
  return async () => {
    const { AuthPage } = await import('@client/features/auth/pages/auth-page');
    // Keyed so that moving between /login and /signup starts the screen afresh in its own mode.
    return { element: <AuthPage key={initialMode} initialMode={initialMode} /> };
  };
}

/**
 * Every route of both specification documents (000 §2, 001 §2). Feature pages load lazily;
 * routes whose feature has not landed show the app's own NotBuiltYet notice. A route's
 * `handle: { title }` (see RouteHandle in route-title.tsx) names the page: 'List a Ticket · Encore'.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, element: <HomeRoute visitorPage="landing" />, handle: { title: 'Home' } },
      {
        path: 'home',
        element: <HomeRoute visitorPage="public-home" />,
        handle: { title: 'How Encore works' },
      },

      { path: 'auth', lazy: authScreen('login'), handle: { title: 'Log In' } },
      { path: 'login', lazy: authScreen('login'), handle: { title: 'Log In' } },
      { path: 'signup', lazy: authScreen('register'), handle: { title: 'Sign Up' } },
      { path: 'verify-email', element: <Navigate to="/login" replace /> },
      {
        path: 'verify-email/:token',
        handle: { title: 'Verify Email' },
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      { path: 'reset-password', element: <Navigate to="/forgot-password" replace /> },
      {
        path: 'reset-password/:token',
        handle: { title: 'Reset Password' },
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: 'forgot-password',
        handle: { title: 'Forgot Password' },
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/forgot-password-page'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: 'forgot-username',
        handle: { title: 'Forgot Username' },
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/forgot-username-page'))
            .ForgotUsernamePage,
        }),
      },

      {
        path: 'giving-back',
        handle: { title: 'Giving Back' },
        lazy: async () => ({
          Component: (await import('@client/features/static-pages/pages/giving-back-page')).GivingBackPage,
        }),
      },
      {
        path: 'terms',
        handle: { title: 'Terms of Service' },
        lazy: async () => ({
          Component: (await import('@client/features/static-pages/pages/terms-page')).TermsPage,
        }),
      },
      {
        path: 'privacy',
        handle: { title: 'Privacy Policy' },
        lazy: async () => ({
          Component: (await import('@client/features/static-pages/pages/privacy-page')).PrivacyPage,
        }),
      },

      {
        path: 'purchase-status',
        handle: { title: 'Purchase Status' },
        lazy: async () => ({
          Component: (await import('@client/features/purchase/pages/purchase-status-page'))
            .PurchaseStatusPage,
        }),
      },
      {
        path: 'purchase/cancel',
        handle: { title: 'Purchase Cancelled' },
        lazy: async () => ({ Component: (await import('./purchase-pages')).PurchaseCancelRoute }),
      },
      {
        path: 'safari-purchase-success',
        handle: { title: 'Purchase Successful' },
        lazy: async () => ({ Component: (await import('./purchase-pages')).SafariPurchaseSuccessRoute }),
      },
      {
        path: 'sandbox/checkout/:sessionId',
        handle: { title: 'Checkout' },
        lazy: async () => ({
          Component: (await import('@client/features/sandbox-checkout/pages/sandbox-checkout-page'))
            .SandboxCheckoutPage,
        }),
      },

      {
        element: <RequireUser />,
        children: [
          {
            path: 'listing',
            handle: { title: listingTitle },
            lazy: async () => ({
              Component: (await import('@client/features/listing/pages/listing-page')).ListingPage,
            }),
          },
          {
            path: 'profile',
            handle: { title: 'Profile' },
            lazy: async () => ({ Component: (await import('./profile-route')).ProfileRoute }),
          },
          {
            path: 'my-tickets',
            handle: { title: 'My Tickets' },
            lazy: async () => ({ Component: (await import('./my-tickets-route')).MyTicketsRoute }),
          },
          { path: 'my-bids', element: <NotBuiltYet feature="My Bids" />, handle: { title: 'My Bids' } },
          {
            path: 'pending-reviews',
            handle: { title: 'Pending Reviews' },
            lazy: async () => ({ Component: (await import('./pending-reviews-route')).PendingReviewsRoute }),
          },
          {
            path: 'messages',
            handle: { title: 'Customer Support' },
            lazy: async () => ({ Component: (await import('./support-route')).SupportRoute }),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'admin',
                handle: { title: 'Admin' },
                lazy: async () => ({ Component: (await import('./admin-route')).AdminRoute }),
              },
            ],
          },
          {
            element: <RequireAmbassador />,
            children: [
              {
                path: 'ambsd',
                handle: { title: 'Ambassador' },
                lazy: async () => ({
                  Component: (await import('@client/features/ambassador/pages/ambassador-page'))
                    .AmbassadorPage,
                }),
              },
            ],
          },
        ],
      },

      {
        path: '*',
        handle: { title: 'Page not found' },
        lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
      },
    ],
  },
];
