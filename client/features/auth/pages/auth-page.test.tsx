import { AppProviders } from '@client/app/providers';
import { appRoutes } from '@client/app/routes';
import { createQueryClient } from '@client/lib/query-client';
import { currentUserQueryOptions } from '@client/lib/session';
import {
  AUTH_ERROR_TEXT,
  AUTH_SCREEN_TEXT,
  AUTH_SUCCESS_TEXT,
  MAIL_SUBJECT,
  REGISTRATION_TEXT,
  RESEND_CODE_TEXT,
  SERVER_MESSAGE,
  SIGN_IN_TEXT,
  VERIFY_FAILURE_TEXT,
} from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapAuthError } from '../auth-error-map';
import { LOGIN_SUCCESS_MESSAGE_KEY } from '../stored-success-message';

// The auth screen loads lazily; the first import in a run can take a moment.

const MAYA: CurrentUser = {
  id: 7,
  username: 'maya',
  role: 'user',
  firstName: 'Maya',
  lastName: 'Lee',
  email: 'maya@encore.test',
  phoneNumber: null,
  verificationPreference: 'email',
  fullName: null,
  ticketmasterEmail: null,
  livenationEmail: null,
  axsEmail: null,
  averageRating: null,
  totalReviews: 0,
  pendingEmail: null,
  tourCompleted: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

type Handler = (body: unknown) => Response | Promise<Response>;

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API: /api/session answers for `signedIn`, the rest from `handlers` keyed 'METHOD /path'. */
function serve(handlers: Record<string, Handler> = {}, signedIn: CurrentUser | null = null) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/session') return Response.json({ user: signedIn });
      if (url === '/api/notifications') {
        return Response.json({
          pendingReviewsCount: 0,
          pendingTransfers: [],
          unreadMessages: [],
          unreadAdminMessagesCount: 0,
          matchedPriceAlertsCount: 0,
        });
      }
      const handler = handlers[`${method} ${url}`];
      if (!handler) return Response.json({ message: 'Not found' }, { status: 404, statusText: 'Not Found' });
      return handler(body);
    }),
  );
  return {
    calls,
    // The home a login lands on loads its listings; those reads are not the auth screen's calls.
    apiCalls: () =>
      calls.filter(
        (call) =>
          call.url !== '/api/session' &&
          call.url !== '/api/notifications' &&
          !call.url.startsWith('/api/tickets?'),
      ),
  };
}

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

const refused = (message: string, status = 400) =>
  Response.json({ message }, { status, statusText: status === 401 ? 'Unauthorized' : 'Bad Request' });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => {
    sonner.dismiss();
  });
});

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome back' });
  return app;
}

async function openRegister() {
  const app = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

function registerFields() {
  return {
    firstName: screen.getByLabelText('First Name'),
    lastName: screen.getByLabelText('Last Name'),
    email: screen.getByLabelText('Email'),
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    submit: screen.getByRole('button', { name: 'Register' }),
  };
}

/** Types by pasting: the same change for the form, without a render per key. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** The error is in the alert and in a destructive toast titled 'Authentication Error'. */
async function expectAuthError(text: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(await screen.findByText(AUTH_SCREEN_TEXT.errorTitle)).toBeInTheDocument();
  // Once in the alert, once in the toast.
  expect(screen.getAllByText(text)).toHaveLength(2);
}

describe('login', () => {
  it('has username, password with show/hide, the forgot links and the register toggle', async () => {
    serve();
    await openLogin();
    const password = screen.getByLabelText('Password');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: AUTH_SCREEN_TEXT.forgotUsername })).toHaveAttribute(
      'href',
      '/forgot-username',
    );
    expect(screen.getByRole('link', { name: AUTH_SCREEN_TEXT.forgotPassword })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.needAccount })).toBeInTheDocument();
  });

  it('signs in directly, stores the user and goes home', async () => {
    const api = serve({
      'POST /api/login': () =>
        Response.json({ requiresVerification: false, message: 'Logged in', user: MAYA }),
    });
    const { router, queryClient } = await openLogin();
    await userEvent.type(screen.getByLabelText('Username'), ' maya ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(currentUserQueryOptions.queryKey)).toEqual(MAYA);
    expect(api.apiCalls()).toEqual([
      { method: 'POST', url: '/api/login', body: { username: 'maya', password: 'Secret#123' } },
    ]);
  });

  it('keeps a shared /?ticket= link through sign-in and opens that ticket', async () => {
    const api = serve({
      'POST /api/login': () =>
        Response.json({ requiresVerification: false, message: 'Logged in', user: MAYA }),
    });
    const { router } = renderApp('/?ticket=7');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2F%3Fticket%3D7');
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.apiCalls()).toContainEqual({ method: 'POST', url: '/api/tickets/7/lock', body: undefined }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('goes home, not off-site, when the destination is another site', async () => {
    serve({
      'POST /api/login': () =>
        Response.json({ requiresVerification: false, message: 'Logged in', user: MAYA }),
    });
    const { router } = await openLogin(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a mapped server message in the alert and an Authentication Error toast', async () => {
    serve({ 'POST /api/login': () => refused(SERVER_MESSAGE.badCredentials, 401) });
    await openLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectAuthError(AUTH_ERROR_TEXT.badCredentials);
  });

  it('turns a 5xx status text and an unreachable server into the friendly texts', async () => {
    serve({
      'POST /api/login': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    await openLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectAuthError(AUTH_ERROR_TEXT.unavailable);

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_TEXT.network);
  });

  it('asks for a username and a password before calling the server', async () => {
    const api = serve();
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectAuthError(REGISTRATION_TEXT.usernameRequired);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_TEXT.passwordRequired);
    expect(api.apiCalls()).toEqual([]);
  });

  it('shows a success message stored by an earlier flow once, then clears it', async () => {
    serve();
    window.sessionStorage.setItem(LOGIN_SUCCESS_MESSAGE_KEY, 'Your purchase is complete. Log in to see it.');
    await openLogin();
    expect(screen.getByText('Your purchase is complete. Log in to see it.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(LOGIN_SUCCESS_MESSAGE_KEY)).toBeNull();
  });

  it('reads the stored message from local storage too', async () => {
    serve();
    window.localStorage.setItem(LOGIN_SUCCESS_MESSAGE_KEY, 'Ticket purchased successfully');
    await openLogin('/auth');
    expect(screen.getByText('Ticket purchased successfully')).toBeInTheDocument();
    expect(window.localStorage.getItem(LOGIN_SUCCESS_MESSAGE_KEY)).toBeNull();
  });

  it('sends a signed-in user from /login to /', async () => {
    serve({}, MAYA);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Maya' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('registration', () => {
  it('checks the rules in the spec order, one message at a time, without calling the server', async () => {
    const api = serve();
    await openRegister();
    const form = registerFields();
    const submitExpecting = async (text: string) => {
      await userEvent.click(form.submit);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    };

    await submitExpecting(REGISTRATION_TEXT.firstNameRequired);
    expect(await screen.findByText(AUTH_SCREEN_TEXT.errorTitle)).toBeInTheDocument();
    // The field whose rule is broken takes the focus, so it can be fixed at once.
    expect(form.firstName).toHaveFocus();
    await fill(form.firstName, 'Maya');
    await submitExpecting(REGISTRATION_TEXT.lastNameRequired);
    await fill(form.lastName, 'Lee');
    await submitExpecting(REGISTRATION_TEXT.emailRequired);
    await fill(form.email, 'a@b');
    await submitExpecting(REGISTRATION_TEXT.emailInvalid);
    expect(REGISTRATION_TEXT.emailInvalid).toBe(
      'Please enter a valid email address (e.g., name@example.com).',
    );
    await fill(form.email, '.io');
    await submitExpecting(REGISTRATION_TEXT.usernameRequired);
    await fill(form.username, 'ma');
    await submitExpecting(REGISTRATION_TEXT.usernameTooShort);
    await fill(form.username, 'ya');
    await submitExpecting(REGISTRATION_TEXT.passwordRequired);
    await fill(form.password, 'password');
    await submitExpecting(REGISTRATION_TEXT.passwordWeak);
    expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await fill(form.password, '1!');
    await submitExpecting(REGISTRATION_TEXT.passwordMismatch);
    expect(form.confirm).toHaveAttribute('aria-invalid', 'true');
    expect(form.confirm).toHaveFocus();
    expect(form.password).not.toHaveAttribute('aria-invalid');
    expect(api.apiCalls()).toEqual([]);
  }, 20_000);

  it('registers and shows Registration Complete, then Go to Login returns to the login form', async () => {
    const api = serve({
      'POST /api/register': () =>
        Response.json(
          {
            message: AUTH_SUCCESS_TEXT.registered,
            user: { id: 9, username: 'maya', email: 'maya@encore.test' },
          },
          { status: 201 },
        ),
    });
    await openRegister();
    const form = registerFields();
    await userEvent.type(form.firstName, ' Maya ');
    await userEvent.type(form.lastName, 'Lee');
    await userEvent.type(form.email, 'maya@encore.test');
    await userEvent.type(form.username, 'maya');
    await userEvent.type(form.password, 'Secret#123');
    await userEvent.type(form.confirm, 'Secret#123');
    await userEvent.click(form.submit);

    expect(
      await screen.findByRole('heading', { name: AUTH_SCREEN_TEXT.registrationCompleteTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText('maya@encore.test')).toBeInTheDocument();
    expect(screen.getByText(`'${MAIL_SUBJECT.verifyEmail}'`)).toBeInTheDocument();
    expect(screen.getByText(`'${AUTH_SCREEN_TEXT.verifyEmailButton}'`)).toBeInTheDocument();
    expect(screen.getByText(/check your spam folder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH_SCREEN_TEXT.returnToHome })).toHaveAttribute('href', '/');
    expect(api.apiCalls()).toEqual([
      {
        method: 'POST',
        url: '/api/register',
        body: {
          username: 'maya',
          password: 'Secret#123',
          firstName: 'Maya',
          lastName: 'Lee',
          email: 'maya@encore.test',
          phoneNumber: null,
          verificationPreference: 'email',
        },
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.goToLogin }));
    // Someone who has just registered is new here: the login card does not say 'Welcome back'.
    expect(
      await screen.findByRole('heading', { name: AUTH_SCREEN_TEXT.newAccountLoginTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_SCREEN_TEXT.newAccountLoginIntro)).toBeVisible();
    expect(screen.queryByText(AUTH_SCREEN_TEXT.loginTitle)).toBeNull();
  });

  it('takes the error toast away once the error is fixed: Registration Complete never shows under it', async () => {
    serve({
      'POST /api/register': () =>
        Response.json(
          {
            message: AUTH_SUCCESS_TEXT.registered,
            user: { id: 9, username: 'maya', email: 'maya@encore.test' },
          },
          { status: 201 },
        ),
    });
    await openRegister();
    const form = registerFields();
    await fill(form.firstName, 'Maya');
    await fill(form.lastName, 'Lee');
    await fill(form.email, 'maya@encore.test');
    await fill(form.username, 'maya');
    await fill(form.password, 'Secret#123');
    await fill(form.confirm, 'Secret#12');
    await userEvent.click(form.submit);
    await expectAuthError(REGISTRATION_TEXT.passwordMismatch);

    await fill(form.confirm, '3');
    await userEvent.click(form.submit);
    expect(
      await screen.findByRole('heading', { name: AUTH_SCREEN_TEXT.registrationCompleteTitle }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(AUTH_SCREEN_TEXT.errorTitle)).not.toBeInTheDocument());
    expect(screen.queryByText(REGISTRATION_TEXT.passwordMismatch)).not.toBeInTheDocument();
  });

  it('takes the error toast away when the screen changes', async () => {
    serve({ 'POST /api/login': () => refused(SERVER_MESSAGE.badCredentials, 401) });
    const { router } = await openLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong#123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectAuthError(AUTH_ERROR_TEXT.badCredentials);
    await act(() => router.navigate('/forgot-password'));
    await waitFor(() => expect(screen.queryByText(AUTH_SCREEN_TEXT.errorTitle)).not.toBeInTheDocument());
  });

  it('shows the mapped text when the server refuses the registration', async () => {
    serve({ 'POST /api/register': () => refused(SERVER_MESSAGE.usernameTaken, 409) });
    await openRegister();
    const form = registerFields();
    await userEvent.type(form.firstName, 'Maya');
    await userEvent.type(form.lastName, 'Lee');
    await userEvent.type(form.email, 'maya@encore.test');
    await userEvent.type(form.username, 'maya');
    await userEvent.type(form.password, 'Secret#123');
    await userEvent.type(form.confirm, 'Secret#123');
    await userEvent.click(form.submit);
    await expectAuthError(AUTH_ERROR_TEXT.usernameTaken);
  });

  it('pretends success 1 s after a bot fills the hidden phone field, without any account call', async () => {
    const api = serve();
    await openRegister();
    const form = registerFields();
    const trap = screen.getByLabelText('Phone number');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.parentElement).toHaveAttribute('aria-hidden', 'true');
    await userEvent.type(form.email, 'bot@spam.test');
    await userEvent.type(trap, '5550100');

    // Testing Library's async helpers wait on setTimeout, so with it faked the click is a plain event.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(form.submit);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(
      screen.queryByRole('heading', { name: AUTH_SCREEN_TEXT.registrationCompleteTitle }),
    ).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(
      screen.getByRole('heading', { name: AUTH_SCREEN_TEXT.registrationCompleteTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText('bot@spam.test')).toBeInTheDocument();
    expect(api.apiCalls()).toEqual([]);
  });

  it('toggling between login and register clears the error, both password fields and the meter', async () => {
    serve();
    await openRegister();
    const form = registerFields();
    await userEvent.type(form.firstName, 'Maya');
    await userEvent.type(form.password, 'abc');
    await userEvent.type(form.confirm, 'abc');
    expect(screen.getByTestId('password-strength')).toBeInTheDocument();
    await userEvent.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_TEXT.lastNameRequired);

    await userEvent.click(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.haveAccount }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.needAccount }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Maya');
  });

  it.each([
    ['abc', 'red', 'Add at least 8 characters, an uppercase letter, a number, and a special character.'],
    ['abcdefgh', 'yellow', 'Almost there! Add an uppercase letter, a number, and a special character.'],
    ['Abcdefgh', 'yellow', 'Almost there! Add a number and a special character.'],
    ['Abcdefg1!', 'green', AUTH_SCREEN_TEXT.strengthStrong],
  ])('shows the strength of %j in %s: %j', async (password, tone, hint) => {
    serve();
    await openRegister();
    await userEvent.type(screen.getByLabelText('Password'), password);
    const meter = screen.getByTestId('password-strength');
    expect(meter).toHaveAttribute('data-tone', tone);
    expect(within(meter).getByText(hint)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(hint);
  });
});

describe('verification required', () => {
  const needsCode = (canTrustDevice: boolean) => () =>
    Response.json({
      requiresVerification: true,
      message: AUTH_SUCCESS_TEXT.codeSent,
      userId: 7,
      canTrustDevice,
    });

  async function reachVerification(handlers: Record<string, Handler>, canTrustDevice = false) {
    const api = serve({ 'POST /api/login': needsCode(canTrustDevice), ...handlers });
    const app = await openLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'maya');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    const boxes = screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
    return { ...app, api, boxes };
  }

  const valuesOf = (boxes: HTMLElement[]) => boxes.map((box) => (box as HTMLInputElement).value);

  it('takes digits only, moves on while typing and back with Backspace, and Clear empties the boxes', async () => {
    const { boxes, api } = await reachVerification({});
    expect(boxes).toHaveLength(6);
    expect(boxes[0]).toHaveFocus();
    expect(screen.getByText(new RegExp(AUTH_SUCCESS_TEXT.codeSent))).toBeInTheDocument();
    expect(screen.getByText(/Check your spam folder, or ask for a new one/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await userEvent.keyboard('a');
    expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
    await userEvent.keyboard('1x2');
    expect(valuesOf(boxes)).toEqual(['1', '2', '', '', '', '']);
    expect(boxes[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(valuesOf(boxes)).toEqual(['1', '', '', '', '', '']);
    expect(boxes[1]).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.clear }));
    expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
    expect(api.apiCalls().map((call) => call.url)).toEqual(['/api/login']);
  });

  it('keeps only the digits of a paste and fills from the left, whatever box has focus', async () => {
    const { boxes } = await reachVerification({});
    await userEvent.click(boxes[3]!);
    await userEvent.paste('code: 4-2 7');
    expect(valuesOf(boxes)).toEqual(['4', '2', '7', '', '', '']);
    expect(boxes[3]).toHaveFocus();
  });

  it('submits by itself on the 6th digit, shows the loading view, then succeeds and goes home after 1.5 s', async () => {
    let answer: (response: Response) => void = () => {};
    const { boxes, api, router, queryClient } = await reachVerification({
      'POST /api/verify-login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await userEvent.click(boxes[0]!);
    await userEvent.keyboard('12345');
    expect(api.apiCalls().map((call) => call.url)).toEqual(['/api/login']);
    await userEvent.keyboard('6');

    expect(await screen.findByRole('heading', { name: AUTH_SCREEN_TEXT.verifyingLogin })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_SCREEN_TEXT.verifying);
    expect(api.apiCalls().at(-1)).toEqual({
      method: 'POST',
      url: '/api/verify-login',
      body: { userId: 7, verificationCode: '123456', trustThisDevice: false },
    });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      answer(Response.json({ ok: true, message: 'Login verified', user: MAYA }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: AUTH_SUCCESS_TEXT.loginVerified })).toBeInTheDocument();
    expect(screen.getByText(AUTH_SUCCESS_TEXT.redirecting)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(router.state.location.pathname).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(currentUserQueryOptions.queryKey)).toEqual(MAYA);
  });

  it('offers to trust the device only when the server says so, and sends the choice', async () => {
    const { api } = await reachVerification(
      { 'POST /api/verify-login': () => Response.json({ ok: true, message: 'Login verified', user: MAYA }) },
      true,
    );
    const trust = screen.getByRole('checkbox', { name: AUTH_SCREEN_TEXT.trustDevice });
    await userEvent.click(trust);
    expect(trust).toBeChecked();
    await userEvent.click(screen.getAllByRole('textbox')[0]!);
    await userEvent.paste('654321');
    expect(await screen.findByText(AUTH_SUCCESS_TEXT.loginVerified)).toBeInTheDocument();
    expect(api.apiCalls().at(-1)?.body).toEqual({
      userId: 7,
      verificationCode: '654321',
      trustThisDevice: true,
    });
  });

  it('keeps a mistyped code on the same screen, with the boxes empty and focused for another try', async () => {
    const answers = [
      refused(SERVER_MESSAGE.invalidCode),
      Response.json({ ok: true, message: 'ok', user: MAYA }),
    ];
    const { api } = await reachVerification({ 'POST /api/verify-login': () => answers.shift()! });
    await userEvent.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_TEXT.invalidCode);
    const boxes = screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
    expect(valuesOf(boxes)).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
    expect(screen.getByRole('group')).toHaveAccessibleDescription(
      expect.stringContaining(AUTH_ERROR_TEXT.invalidCode),
    );
    expect(screen.queryByRole('button', { name: AUTH_SCREEN_TEXT.tryAgain })).not.toBeInTheDocument();
    await userEvent.paste('222222');
    expect(await screen.findByText(AUTH_SUCCESS_TEXT.loginVerified)).toBeInTheDocument();
    expect(api.apiCalls().filter((call) => call.url === '/api/verify-login')).toHaveLength(2);
  });

  it('shows the mapped server message once the code has expired, and Try Again returns to the login form at /auth', async () => {
    const { router } = await reachVerification({
      'POST /api/verify-login': () => refused(SERVER_MESSAGE.codeAttemptsExhausted),
    });
    await userEvent.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      mapAuthError(SERVER_MESSAGE.codeAttemptsExhausted),
    );
    await userEvent.click(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.tryAgain }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("says 'Verification failed' when the refusal has no message", async () => {
    await reachVerification({
      'POST /api/verify-login': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    await userEvent.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFY_FAILURE_TEXT.failed);
  });

  it("says 'An unexpected error occurred' when the server cannot be reached", async () => {
    await reachVerification({
      'POST /api/verify-login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFY_FAILURE_TEXT.unexpected);
  });

  describe('resend code', () => {
    const resendCalls = (api: { apiCalls(): Call[] }) =>
      api.apiCalls().filter((call) => call.url === '/api/verify-login/resend');
    const resendButton = () => screen.getByRole('button', { name: /^Resend code/ });

    beforeEach(() => {
      // Only the countdown's clock is faked; user-event and the queries keep real timeouts.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    });

    it('waits 60 s after each send with a visible countdown, then sends a new code and shows the answer', async () => {
      const { api } = await reachVerification({
        'POST /api/verify-login/resend': () => Response.json({ message: AUTH_SUCCESS_TEXT.codeResent }),
      });
      expect(resendButton()).toHaveTextContent(RESEND_CODE_TEXT.countdown(60));
      expect(resendButton()).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(resendButton()).toHaveTextContent(RESEND_CODE_TEXT.countdown(30));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(resendButton()).toHaveTextContent(RESEND_CODE_TEXT.button);
      expect(resendButton()).toBeEnabled();

      await userEvent.click(resendButton());
      expect(await screen.findByRole('status')).toHaveTextContent(AUTH_SUCCESS_TEXT.codeResent);
      expect(resendCalls(api)).toEqual([
        { method: 'POST', url: '/api/verify-login/resend', body: { userId: 7 } },
      ]);
      expect(resendButton()).toHaveTextContent(RESEND_CODE_TEXT.countdown(60));
      expect(resendButton()).toBeDisabled();
    });

    it("shows the server's refusal when asked too soon", async () => {
      await reachVerification({
        'POST /api/verify-login/resend': () =>
          Response.json(
            { message: SIGN_IN_TEXT.resendTooSoon },
            { status: 429, statusText: 'Too Many Requests' },
          ),
      });
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await userEvent.click(resendButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_TEXT.resendTooSoon);
      expect(resendButton()).toBeDisabled();
    });

    it('offers a new code after a mistyped one, without a new login', async () => {
      const { api } = await reachVerification({
        'POST /api/verify-login': () => refused(SERVER_MESSAGE.invalidCode),
        'POST /api/verify-login/resend': () => Response.json({ message: AUTH_SUCCESS_TEXT.codeResent }),
      });
      await userEvent.paste('111111');
      expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_TEXT.invalidCode);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await userEvent.click(resendButton());
      expect(await screen.findByRole('status')).toHaveTextContent(AUTH_SUCCESS_TEXT.codeResent);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(AUTH_SUCCESS_TEXT.codeResent);
      expect(valuesOf(screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ }))).toEqual([
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
      expect(api.apiCalls().filter((call) => call.url === '/api/login')).toHaveLength(1);
    });

    it('says when the pending login has expired and stops offering a code', async () => {
      await reachVerification({
        'POST /api/verify-login/resend': () => refused(SIGN_IN_TEXT.pendingLoginExpired, 401),
      });
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await userEvent.click(resendButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_TEXT.pendingLoginExpired);
      expect(resendButton()).toBeDisabled();
      expect(resendButton()).toHaveTextContent(RESEND_CODE_TEXT.button);
    });
  });

  it('Back to Login leaves verification and forgets the pending user', async () => {
    await reachVerification({});
    await userEvent.click(screen.getByRole('button', { name: AUTH_SCREEN_TEXT.backToLogin }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Digit/ })).not.toBeInTheDocument();
  });
});
