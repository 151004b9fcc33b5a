import { safeDestination } from '@client/lib/safe-destination';
import { currentUserQueryOptions, useCurrentUser } from '@client/lib/session';
import type { CurrentUser } from '@common/schemas/users';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loadAnswerSchemas } from '../api';
import { AuthForm, type AuthMode } from '../components/auth-form';
import type { PendingLogin } from '../components/login-verification';
import { clearStoredSuccessMessage, readStoredSuccessMessage } from '../stored-success-message';

const loadLoginVerification = () => import('../components/login-verification');
const loadRegistrationComplete = () => import('../components/registration-complete');
const LoginVerification = lazy(async () => ({ default: (await loadLoginVerification()).LoginVerification }));
const RegistrationComplete = lazy(async () => ({
  default: (await loadRegistrationComplete()).RegistrationComplete,
}));

/**
 * The answers' schemas (and zod with them) and the screens that follow a submit are not needed to
 * paint the form, nor until someone starts on it: they load at the first focus, touch or click.
 */
function preloadOnFirstInteraction() {
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const preload = () => {
    for (const event of events) document.removeEventListener(event, preload, true);
    for (const load of [loadAnswerSchemas, loadLoginVerification, loadRegistrationComplete]) {
      // A failed preload is tried again when its module is needed, and that attempt reports the failure.
      load().catch(() => undefined);
    }
  };
  for (const event of events) document.addEventListener(event, preload, true);
  return () => {
    for (const event of events) document.removeEventListener(event, preload, true);
  };
}

type Screen =
  | { name: AuthMode; newAccount?: boolean }
  | { name: 'registration-complete'; email: string }
  | { name: 'verification-required'; pending: PendingLogin };

/**
 * /auth, /login and /signup: login, register, registration-complete and verification-required
 * (spec 000 §2, §4). A signed-in user is sent home.
 */
export function AuthPage({ initialMode }: { initialMode: AuthMode }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The verify-email page's 'Go to Login' says, in the navigation state, that the account is new.
  const arrivedWithNewAccount = (useLocation().state as { newAccount?: boolean } | null)?.newAccount === true;
  const [screen, setScreen] = useState<Screen>({ name: initialMode, newAccount: arrivedWithNewAccount });
  const [successMessage] = useState(readStoredSuccessMessage);
  // Where a shared link was going before it asked to sign in (same-site paths only).
  const [params] = useSearchParams();
  const destination = safeDestination(params.get('next')) ?? '/';

  // Shown once: read when the screen opens, gone for the next visit.
  useEffect(() => clearStoredSuccessMessage(), []);
  useEffect(preloadOnFirstInteraction, []);

  const signIn = useCallback(
    (signedIn: CurrentUser) => {
      queryClient.setQueryData(currentUserQueryOptions.queryKey, signedIn);
      void navigate(destination, { replace: true });
    },
    [queryClient, navigate, destination],
  );

  // Screens that follow a submit load after the first paint and are normally there by the submit; if
  // one is not, the transition keeps the form on screen (the boundary below already shows it) until it is.
  const showAfterSubmit = (next: Screen) => startTransition(() => setScreen(next));

  function currentScreen() {
    switch (screen.name) {
      case 'registration-complete':
        return (
          <RegistrationComplete
            email={screen.email}
            onGoToLogin={() => setScreen({ name: 'login', newAccount: true })}
          />
        );
      case 'verification-required':
        return (
          <LoginVerification
            pending={screen.pending}
            onBackToLogin={() => setScreen({ name: 'login' })}
            onTryAgain={() => {
              setScreen({ name: 'login' });
              void navigate({ pathname: '/auth', search: params.toString() ? `?${params}` : '' });
            }}
            onVerified={signIn}
          />
        );
      default:
        return (
          <AuthForm
            mode={screen.name}
            newAccount={screen.newAccount}
            onModeChange={(mode) => setScreen({ name: mode })}
            successMessage={successMessage}
            onSignedIn={signIn}
            onVerificationRequired={(pending) => showAfterSubmit({ name: 'verification-required', pending })}
            onRegistered={(email) => showAfterSubmit({ name: 'registration-complete', email })}
          />
        );
    }
  }

  if (user) return <Navigate to={destination} replace />;

  return <Suspense>{currentScreen()}</Suspense>;
}
