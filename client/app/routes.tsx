import { PageSpinner } from '@client/components/ui/spinner';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { RequireAdmin, RequireAmbassador, RequireUser } from './guards';
import { HomeRoute } from './home-route';
import { AppLayout } from './layout';
import { NotBuiltYet } from './not-built-yet';
import { RouteError } from './route-error';

type LazyRoute = NonNullable<RouteObject['lazy']>;

function authScreen(initialMode: 'login' | 'register'): LazyRoute {
  return async () => {
    const { AuthPage } = await import('@client/features/auth/pages/auth-page');
    // Keyed so that moving between /login and /signup starts the screen afresh in its own mode.
    return { element: <AuthPage key={initialMode} initialMode={initialMode} /> };
  };
}

/**
 * Every route of both specification documents (000 §2, 001 §2). Feature pages load lazily;
 * routes whose feature has not landed show the app's own NotBuiltYet notice.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, element: <HomeRoute visitorPage="landing" /> },
      { path: 'home', element: <HomeRoute visitorPage="public-home" /> },

      { path: 'auth', lazy: authScreen('login') },
      { path: 'login', lazy: authScreen('login') },
      { path: 'signup', lazy: authScreen('register') },
      { path: 'verify-email', element: <Navigate to="/login" replace /> },
      {
        path: 'verify-email/:token',
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      { path: 'reset-password', element: <Navigate to="/forgot-password" replace /> },
      {
        path: 'reset-password/:token',
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/forgot-password-page'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: 'forgot-username',
        lazy: async () => ({
          Component: (await import('@client/features/recovery/pages/forgot-username-page'))
            .ForgotUsernamePage,
        }),
      },

      {
        path: 'giving-back',
        lazy: async () => ({
          Component: (await import('@client/features/static-pages/pages/giving-back-page')).GivingBackPage,
        }),
      },
      {
        path: 'terms',
        lazy: async () => ({
          Component: (await import('@client/features/static-pages/pages/terms-page')).TermsPage,
        }),
      },
      {
        path: 'privacy',
        lazy: async () => ({
          Component: (await import('@client/features/static-pages/pages/privacy-page')).PrivacyPage,
        }),
      },

      {
        path: 'purchase-status',
        lazy: async () => ({
          Component: (await import('@client/features/purchase/pages/purchase-status-page'))
            .PurchaseStatusPage,
        }),
      },
      {
        path: 'purchase/cancel',
        lazy: async () => ({ Component: (await import('./purchase-pages')).PurchaseCancelRoute }),
      },
      {
        path: 'safari-purchase-success',
        lazy: async () => ({ Component: (await import('./purchase-pages')).SafariPurchaseSuccessRoute }),
      },
      {
        path: 'sandbox/checkout/:sessionId',
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
            lazy: async () => ({
              Component: (await import('@client/features/listing/pages/listing-page')).ListingPage,
            }),
          },
          { path: 'profile', element: <NotBuiltYet feature="Your profile" /> },
          { path: 'my-tickets', element: <NotBuiltYet feature="My Tickets" /> },
          { path: 'my-bids', element: <NotBuiltYet feature="My Bids" /> },
          { path: 'pending-reviews', element: <NotBuiltYet feature="Pending Reviews" /> },
          { path: 'messages', element: <NotBuiltYet feature="Customer Support" /> },
          {
            element: <RequireAdmin />,
            children: [{ path: 'admin', element: <NotBuiltYet feature="The admin dashboard" /> }],
          },
          {
            element: <RequireAmbassador />,
            children: [{ path: 'ambsd', element: <NotBuiltYet feature="The ambassador dashboard" /> }],
          },
        ],
      },

      {
        path: '*',
        lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
      },
    ],
  },
];
