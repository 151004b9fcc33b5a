import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { CenteredCard } from '@client/components/ui/centered-card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { PasswordInput } from '@client/components/ui/password-input';
import { useScreenToasts } from '@client/components/ui/toaster';
import { cn } from '@client/lib/cn';
import { HONEYPOT_DELAY_MS } from '@common/constants';
import { AUTH_ERROR_TEXT, AUTH_SCREEN_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { CircleAlert, CircleCheck, Loader2, LogIn, UserPlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLogIn, useRegister } from '../api';
import { mapAuthError } from '../auth-error-map';
import { firstBrokenRule, LOGIN_RULES, REGISTRATION_RULES } from '../auth-form-rules';
import { type AuthFormField, type AuthFormValues, EMPTY_AUTH_FORM } from '../auth-form-values';
import type { PendingLogin } from './login-verification';
import { PasswordStrengthMeter } from './password-strength-meter';

export type AuthMode = 'login' | 'register';

interface AuthFormProps {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  /** A one-time message left by an earlier flow, shown on the login form. */
  successMessage: string | null;
  onSignedIn(user: CurrentUser): void;
  onVerificationRequired(pending: PendingLogin): void;
  onRegistered(email: string): void;
  /** Someone who has just registered or verified their email: they are new here, not 'back'. */
  newAccount?: boolean;
}

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** The login and register states of the authentication screen (spec 000 §2, §5, §8). */
export function AuthForm({
  mode,
  onModeChange,
  successMessage,
  onSignedIn,
  onVerificationRequired,
  onRegistered,
  newAccount = false,
}: AuthFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [error, setError] = useState<string | null>(null);
  // A suspended member's way to support, which works without signing in (decision 0078).
  const [supportEmail, setSupportEmail] = useState<string | null>(null);
  const [trapPending, setTrapPending] = useState(false);
  const trapTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const logIn = useLogIn();
  const register = useRegister();
  const screenToasts = useScreenToasts();

  const [values, setValues] = useState<AuthFormValues>(EMPTY_AUTH_FORM);
  // Field marks change with the alert, on submit, so the two never disagree.
  const [errors, setErrors] = useState<Partial<Record<AuthFormField, string>>>({});
  const inputs = useRef<Partial<Record<AuthFormField, HTMLInputElement | null>>>({});
  const { password } = values;

  useEffect(() => () => clearTimeout(trapTimer.current), []);

  const pending = logIn.isPending || register.isPending || trapPending;

  function showError(text: string) {
    setError(text);
    screenToasts.toast({ title: AUTH_SCREEN_TEXT.errorTitle, description: text, variant: 'destructive' });
  }

  function clearError() {
    setError(null);
    setSupportEmail(null);
    screenToasts.dismiss();
  }

  function switchMode() {
    clearError();
    setErrors({});
    setValues((current) => ({ ...current, password: '', confirmPassword: '' }));
    onModeChange(mode === 'login' ? 'register' : 'login');
  }

  function submitValid(values: AuthFormValues) {
    clearError();
    const unexpected = () => showError(AUTH_ERROR_TEXT.generic);
    if (mode === 'login') {
      logIn.mutate(
        { username: values.username.trim(), password: values.password },
        {
          onSuccess: (outcome) => {
            if (!outcome.ok) {
              setSupportEmail(outcome.supportEmail ?? null);
              return showError(mapAuthError(outcome.message));
            }
            const { answer } = outcome;
            if (answer.requiresVerification) {
              onVerificationRequired({
                userId: answer.userId,
                canTrustDevice: answer.canTrustDevice,
                message: answer.message,
              });
            } else {
              onSignedIn(answer.user);
            }
          },
          onError: unexpected,
        },
      );
      return;
    }
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phoneNumber: null,
        verificationPreference: 'email',
      },
      {
        onSuccess: (outcome) => {
          if (!outcome.ok) return showError(mapAuthError(outcome.message));
          onRegistered(outcome.answer.user.email);
        },
        onError: unexpected,
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'register' && values.phoneNumber !== '') {
      // A bot filled the hidden field: pretend it worked and create nothing (spec 000 §5 'Bot trap').
      clearError();
      setTrapPending(true);
      const email = values.email.trim();
      trapTimer.current = setTimeout(() => onRegistered(email), HONEYPOT_DELAY_MS);
      return;
    }
    const broken = firstBrokenRule(mode === 'login' ? LOGIN_RULES : REGISTRATION_RULES, values);
    if (broken) {
      setErrors({ [broken.field]: broken.message });
      showError(broken.message);
      inputs.current[broken.field]?.focus();
      return;
    }
    setErrors({});
    submitValid(values);
  }

  /** Props binding an input to its value, and a handle to focus it when its rule is broken. */
  const fieldProps = (name: AuthFormField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
  });

  /** Props tying an input to its mark and to the alert that explains it. */
  const invalid = (name: AuthFormField) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  const isLogin = mode === 'login';
  const loginTitle = newAccount ? AUTH_SCREEN_TEXT.newAccountLoginTitle : AUTH_SCREEN_TEXT.loginTitle;
  const loginIntro = newAccount ? AUTH_SCREEN_TEXT.newAccountLoginIntro : AUTH_SCREEN_TEXT.loginIntro;

  return (
    <CenteredCard
      icon={isLogin ? LogIn : UserPlus}
      title={isLogin ? loginTitle : 'Create your account'}
      description={
        <p>{isLogin ? loginIntro : 'Join Encore to buy and sell tickets at fair, transparent prices.'}</p>
      }
      footer={
        <button type="button" onClick={switchMode} className={linkClass}>
          {isLogin ? AUTH_SCREEN_TEXT.needAccount : AUTH_SCREEN_TEXT.haveAccount}
        </button>
      }
    >
      {isLogin && successMessage ? (
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertDescription>{successMessage}</AlertDescription>
        </Alert>
      ) : null}

      {error ? (
        <Alert variant="destructive" id={errorId} aria-live="assertive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            {error}
            {supportEmail ? (
              <>
                {' '}
                <a className={linkClass} href={`mailto:${supportEmail}`}>
                  {AUTH_SCREEN_TEXT.contactSupport}
                </a>
              </>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}

      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={pending}>
        {isLogin ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First Name" htmlFor={`${id}-first-name`}>
              <Input
                id={`${id}-first-name`}
                autoComplete="given-name"
                {...fieldProps('firstName')}
                {...invalid('firstName')}
              />
            </Field>
            <Field label="Last Name" htmlFor={`${id}-last-name`}>
              <Input
                id={`${id}-last-name`}
                autoComplete="family-name"
                {...fieldProps('lastName')}
                {...invalid('lastName')}
              />
            </Field>
          </div>
        )}
        {isLogin ? null : (
          <Field label="Email" htmlFor={`${id}-email`}>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...fieldProps('email')}
              {...invalid('email')}
            />
          </Field>
        )}
        <Field label="Username" htmlFor={`${id}-username`}>
          <Input
            id={`${id}-username`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...fieldProps('username')}
            {...invalid('username')}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput
            id={`${id}-password`}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            {...fieldProps('password')}
            {...invalid('password')}
            aria-describedby={
              cn(errors.password && errorId, !isLogin && password !== '' && `${id}-strength`) || undefined
            }
          />
          {isLogin ? null : <PasswordStrengthMeter password={password} hintId={`${id}-strength`} />}
        </div>
        {isLogin ? null : (
          <Field label="Confirm Password" htmlFor={`${id}-confirm-password`}>
            <PasswordInput
              id={`${id}-confirm-password`}
              autoComplete="new-password"
              {...fieldProps('confirmPassword')}
              {...invalid('confirmPassword')}
            />
          </Field>
        )}
        {isLogin ? null : (
          // The bot trap: out of sight, out of the tab order and hidden from assistive technology.
          <div aria-hidden className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
            <label htmlFor={`${id}-phone`}>Phone number</label>
            <input id={`${id}-phone`} tabIndex={-1} autoComplete="off" {...fieldProps('phoneNumber')} />
          </div>
        )}

        {isLogin ? (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
            <Link to="/forgot-username" className={linkClass}>
              {AUTH_SCREEN_TEXT.forgotUsername}
            </Link>
            <Link to="/forgot-password" className={linkClass}>
              {AUTH_SCREEN_TEXT.forgotPassword}
            </Link>
          </div>
        ) : null}

        <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
          {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
          {isLogin ? (pending ? 'Logging in...' : 'Login') : pending ? 'Creating account...' : 'Register'}
        </Button>
      </form>
    </CenteredCard>
  );
}
