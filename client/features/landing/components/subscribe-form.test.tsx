import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { SUBSCRIBE_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscribeForm } from './subscribe-form';

beforeEach(() => {
  // jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
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
  vi.unstubAllGlobals();
  // Sonner keeps its toasts in a module-level store; start every test without any.
  act(() => {
    sonner.dismiss();
  });
});

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SubscribeForm />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    consent: screen.getByRole('checkbox'),
    submit: screen.getByRole('button', { name: 'Submit' }),
  };
}

async function expectToast(title: string, description: string) {
  const toastTitle = await screen.findByText(title);
  expect(toastTitle.closest('[data-sonner-toast]')).toHaveTextContent(description);
}

/** The problem is also told beside its field, which has the focus and is described by it. */
function expectProblemAt(field: HTMLElement, description: string) {
  expect(field).toHaveFocus();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(description);
}

describe('landing signup (spec 001 §5, §8)', () => {
  it('checks the rules in order: both fields, then consent, then the e-mail shape, sending nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const form = renderForm();

    await userEvent.type(form.email, 'not-an-email');
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.missingTitle, SUBSCRIBE_TEXT.missing);
    expectProblemAt(form.name, SUBSCRIBE_TEXT.missing);

    await userEvent.type(form.name, 'Ada');
    expect(form.name).not.toHaveAttribute('aria-invalid');
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.consentTitle, SUBSCRIBE_TEXT.consent);
    expectProblemAt(form.consent, SUBSCRIBE_TEXT.consent);

    await userEvent.click(form.consent);
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.invalidTitle, SUBSCRIBE_TEXT.invalid);
    expectProblemAt(form.email, SUBSCRIBE_TEXT.invalid);

    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts a blank name as missing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const form = renderForm();
    await userEvent.type(form.name, '   ');
    await userEvent.type(form.email, 'ada@example.com');
    await userEvent.click(form.consent);
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.missingTitle, SUBSCRIBE_TEXT.missing);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts name and e-mail without credentials, then thanks the fan and clears the form', async () => {
    const fetch = vi.fn(async () => Response.json({ message: 'Subscribed' }));
    vi.stubGlobal('fetch', fetch);
    const form = renderForm();

    await userEvent.type(form.name, '  Ada Lovelace ');
    await userEvent.type(form.email, 'ada@example.com');
    await userEvent.click(form.consent);
    await userEvent.click(form.submit);

    await expectToast(SUBSCRIBE_TEXT.successTitle, SUBSCRIBE_TEXT.success);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscribe');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(form.name).toHaveValue('');
    expect(form.email).toHaveValue('');
    expect(form.consent).not.toBeChecked();
    // The focus stays on Submit, not on the page's body.
    expect(form.submit).toHaveFocus();
  });

  it("shows the server's message when the subscription is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: SUBSCRIBE_TEXT.invalid }, { status: 400, statusText: 'Bad Request' }),
      ),
    );
    const form = renderForm();
    await userEvent.type(form.name, 'Ada');
    await userEvent.type(form.email, 'ada@example.com');
    await userEvent.click(form.consent);
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.failedTitle, SUBSCRIBE_TEXT.invalid);
    expect(form.email).toHaveValue('ada@example.com');
  });

  it('falls back to the generic failure text when the answer has no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    const form = renderForm();
    await userEvent.type(form.name, 'Ada');
    await userEvent.type(form.email, 'ada@example.com');
    await userEvent.click(form.consent);
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.failedTitle, SUBSCRIBE_TEXT.failed);
  });

  it("says 'Error' when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const form = renderForm();
    await userEvent.type(form.name, 'Ada');
    await userEvent.type(form.email, 'ada@example.com');
    await userEvent.click(form.consent);
    await userEvent.click(form.submit);
    await expectToast(SUBSCRIBE_TEXT.networkFailureTitle, SUBSCRIBE_TEXT.networkFailure);
  });
});
