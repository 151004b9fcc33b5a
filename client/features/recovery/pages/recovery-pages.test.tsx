import { AppProviders } from '@client/app/providers';
import { appRoutes } from '@client/app/routes';
import { createQueryClient } from '@client/lib/query-client';
import { AUTH_SCREEN_TEXT, RECOVERY_SCREEN_TEXT, RECOVERY_TEXT } from '@common/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The pages load lazily; the first import in a run can take a moment.

type Handler = (body: unknown) => Response | Promise<Response>;
interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API for a visitor: /api/user answers 401, the rest from `handlers` keyed 'METHOD /path'. */
function serve(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (url === '/api/session') return Response.json({ user: null });
      calls.push({ method, url, body });
      const handler = handlers[`${method} ${url}`];
      if (!handler) return Response.json({ message: 'Not found' }, { status: 404, statusText: 'Not Found' });
      return handler(body);
    }),
  );
  return calls;
}

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const answer = (status: number, body?: unknown) =>
  body === undefined
    ? new Response('', { status, statusText: status >= 500 ? 'Internal Server Error' : 'Bad Request' })
    : Response.json(body, { status, statusText: status >= 500 ? 'Internal Server Error' : 'Bad Request' });

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    sonner.dismiss();
  });
});

describe('verify email (/verify-email/:token)', () => {
  it('shows Verifying, then the success alert and Go to Login', async () => {
    let finish: (response: Response) => void = () => {};
    const calls = serve({
      'GET /api/verify-email/tok%2Fen': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    renderApp('/verify-email/tok%2Fen');
    const verifying = await screen.findByText(RECOVERY_SCREEN_TEXT.verifying);
    expect(verifying.closest('[role="status"]')).not.toBeNull();
    await act(async () => finish(Response.json({ message: 'Email verified. You can log in now.' })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email verified. You can log in now.');
    expect(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.goToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls).toEqual([{ method: 'GET', url: '/api/verify-email/tok%2Fen', body: undefined }]);
  });

  it("greets the newly verified member on the login screen as new, not with 'Welcome back'", async () => {
    serve({ 'GET /api/verify-email/fresh': () => Response.json({ message: 'Email verified.' }) });
    renderApp('/verify-email/fresh');
    await userEvent.click(await screen.findByRole('link', { name: RECOVERY_SCREEN_TEXT.goToLogin }));
    expect(
      await screen.findByRole('heading', { name: AUTH_SCREEN_TEXT.newAccountLoginTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByText(AUTH_SCREEN_TEXT.loginTitle)).toBeNull();
  });

  it("shows the server's refusal with the advice to log in for a new e-mail", async () => {
    serve({ 'GET /api/verify-email/old': () => answer(400, { message: 'This link has expired' }) });
    renderApp('/verify-email/old');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link has expired');
    expect(alert).toHaveTextContent(RECOVERY_SCREEN_TEXT.verifyEmailAdvice);
    expect(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.goToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('falls back to the spec text when the failure carries no message', async () => {
    serve({ 'GET /api/verify-email/broken': () => answer(500) });
    renderApp('/verify-email/broken');
    expect(await screen.findByRole('alert')).toHaveTextContent(RECOVERY_TEXT.verifyEmailInvalid);
  });
});

describe('reset password (/reset-password/:token)', () => {
  async function openReset(handlers: Record<string, Handler> = {}) {
    const calls = serve({ 'GET /api/reset-password/abc': () => Response.json({ valid: true }), ...handlers });
    const router = renderApp('/reset-password/abc');
    await screen.findByLabelText('New Password');
    return {
      calls,
      router,
      password: screen.getByLabelText('New Password'),
      confirm: screen.getByLabelText('Confirm Password'),
      submit: screen.getByRole('button', { name: 'Reset Password' }),
    };
  }

  it('checks the rules with their messages and sends nothing until they pass', async () => {
    const form = await openReset();
    await userEvent.type(form.password, 'short');
    await userEvent.type(form.confirm, 'other');
    await userEvent.click(form.submit);
    expect(await screen.findByText(RECOVERY_TEXT.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(RECOVERY_TEXT.passwordsDoNotMatch)).toBeInTheDocument();
    expect(form.password).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(form.password);
    await userEvent.type(form.password, 'lowercase1');
    expect(await screen.findByText(RECOVERY_TEXT.passwordUppercase)).toBeInTheDocument();
    await userEvent.clear(form.password);
    await userEvent.type(form.password, 'UPPERCASE1');
    expect(await screen.findByText(RECOVERY_TEXT.passwordLowercase)).toBeInTheDocument();
    await userEvent.clear(form.password);
    await userEvent.type(form.password, 'NoNumbers');
    expect(await screen.findByText(RECOVERY_TEXT.passwordNumber)).toBeInTheDocument();
    expect(form.calls).toEqual([{ method: 'GET', url: '/api/reset-password/abc', body: undefined }]);
  });

  it.each([
    ['abc', 'red', RECOVERY_SCREEN_TEXT.strengthWeak],
    ['abcdefgh', 'yellow', RECOVERY_SCREEN_TEXT.strengthModerate],
    ['Abcdefg1', 'green', RECOVERY_SCREEN_TEXT.strengthStrong],
  ])('rates %j as %s: %j', async (password, tone, label) => {
    const form = await openReset();
    await userEvent.type(form.password, password);
    const meter = screen.getByTestId('password-strength');
    expect(meter).toHaveAttribute('data-tone', tone);
    expect(within(meter).getByText(label)).toBeInTheDocument();
  });

  it('has show/hide toggles on both fields', async () => {
    const form = await openReset();
    const [showNew, showConfirm] = screen.getAllByRole('button', { name: 'Show password' });
    await userEvent.click(showNew!);
    expect(form.password).toHaveAttribute('type', 'text');
    expect(form.confirm).toHaveAttribute('type', 'password');
    await userEvent.click(showConfirm!);
    expect(form.confirm).toHaveAttribute('type', 'text');
  });

  it("posts the new password and shows 'Password Reset Successful' with Go to Login", async () => {
    const form = await openReset({
      'POST /api/reset-password/abc': () => Response.json({ message: RECOVERY_TEXT.resetSuccess }),
    });
    await userEvent.type(form.password, 'NewSecret1');
    await userEvent.type(form.confirm, 'NewSecret1');
    await userEvent.click(form.submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(RECOVERY_SCREEN_TEXT.resetSuccessTitle);
    expect(alert).toHaveTextContent(RECOVERY_TEXT.resetSuccess);
    expect(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.goToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(form.calls.slice(1)).toEqual([
      { method: 'POST', url: '/api/reset-password/abc', body: { newPassword: 'NewSecret1' } },
    ]);
  });

  it.each([
    [400, { message: 'This reset link has already been used' }, 'This reset link has already been used'],
    [404, undefined, RECOVERY_TEXT.resetInvalidToken],
  ])('turns a %i into the Invalid Reset Link view', async (status, body, shown) => {
    const form = await openReset({ 'POST /api/reset-password/abc': () => answer(status, body) });
    await userEvent.type(form.password, 'NewSecret1');
    await userEvent.type(form.confirm, 'NewSecret1');
    await userEvent.click(form.submit);
    expect(
      await screen.findByRole('heading', { name: RECOVERY_SCREEN_TEXT.invalidLinkTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(shown);
    await userEvent.click(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.requestNewLink }));
    expect(
      await screen.findByRole('button', { name: RECOVERY_SCREEN_TEXT.sendResetLink }),
    ).toBeInTheDocument();
    expect(form.router.state.location.pathname).toBe('/forgot-password');
  });

  it("shows 'Invalid Reset Link' as soon as the page opens when the link is spent or expired", async () => {
    const calls = serve({
      'GET /api/reset-password/abc': () => answer(400, { message: 'Invalid or expired reset token' }),
    });
    renderApp('/reset-password/abc');
    expect(
      await screen.findByRole('heading', { name: RECOVERY_SCREEN_TEXT.invalidLinkTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired reset token');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(calls).toEqual([{ method: 'GET', url: '/api/reset-password/abc', body: undefined }]);
  });

  it('offers the form when the link check cannot be answered, and lets the submit decide', async () => {
    await openReset({ 'GET /api/reset-password/abc': () => answer(500) });
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it('keeps the form and shows the generic text for other failures', async () => {
    const form = await openReset({ 'POST /api/reset-password/abc': () => answer(500, { message: 'boom' }) });
    await userEvent.type(form.password, 'NewSecret1');
    await userEvent.type(form.confirm, 'NewSecret1');
    await userEvent.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(RECOVERY_TEXT.genericFailure);
    expect(form.password).toHaveValue('NewSecret1');
  });
});

describe.each([
  {
    path: '/forgot-password',
    call: '/api/request-password-reset',
    button: RECOVERY_SCREEN_TEXT.sendResetLink,
    successTitle: RECOVERY_SCREEN_TEXT.passwordResetEmailSent,
    neutral: RECOVERY_TEXT.forgotPasswordSent,
  },
  {
    path: '/forgot-username',
    call: '/api/request-username-recovery',
    button: RECOVERY_SCREEN_TEXT.recoverUsername,
    successTitle: RECOVERY_SCREEN_TEXT.usernameRecoveryEmailSent,
    neutral: RECOVERY_TEXT.forgotUsernameSent,
  },
])('$path', ({ path, call, button, successTitle, neutral }) => {
  async function open(handlers: Record<string, Handler> = {}) {
    const calls = serve(handlers);
    renderApp(path);
    const submit = await screen.findByRole('button', { name: button });
    expect(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.backToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    return { calls, submit, email: screen.getByLabelText('Email') };
  }

  it('asks for a valid e-mail address before sending', async () => {
    const form = await open();
    await userEvent.type(form.email, 'not-an-address');
    await userEvent.click(form.submit);
    expect(await screen.findByText(RECOVERY_TEXT.invalidEmail)).toBeInTheDocument();
    expect(form.email).toHaveAttribute('aria-invalid', 'true');
    expect(form.calls).toEqual([]);
  });

  it("shows 'Sending...' and then the server's neutral confirmation", async () => {
    let finish: (response: Response) => void = () => {};
    const form = await open({
      [`POST ${call}`]: () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    await userEvent.type(form.email, ' fan@encore.test ');
    await userEvent.click(form.submit);
    expect(await screen.findByRole('button', { name: RECOVERY_SCREEN_TEXT.sending })).toBeDisabled();
    await act(async () => finish(Response.json({ message: neutral })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(successTitle);
    expect(alert).toHaveTextContent(neutral);
    expect(screen.getByRole('link', { name: RECOVERY_SCREEN_TEXT.backToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(form.calls).toEqual([{ method: 'POST', url: call, body: { email: 'fan@encore.test' } }]);
  });

  it("shows the server's message when the request is refused, and the generic text when it fails", async () => {
    const form = await open({ [`POST ${call}`]: () => answer(429, { message: 'Too many requests' }) });
    await userEvent.type(form.email, 'fan@encore.test');
    await userEvent.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(form.submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(RECOVERY_TEXT.genericFailure));
  });
});
