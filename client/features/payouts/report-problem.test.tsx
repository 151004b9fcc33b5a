import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PAYOUT_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReportProblemButton } from './report-problem';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButton(onReported?: () => void) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {/* A My Tickets card: a focus item that focus returns to once the button is gone. */}
      <article data-focus-item tabIndex={-1} data-testid="card">
        <ReportProblemButton
          ticketId={7}
          ticket={<span>Aurora Skies · Row C</span>}
          onReported={onReported}
        />
      </article>
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.reportButton }));
  return screen.findByRole('dialog', { name: PAYOUT_TEXT.reportTitle });
}

describe('ReportProblemButton', () => {
  it('names the ticket it is about, like the card’s other confirm dialogs', async () => {
    fakeApi(() => json(200, {}));
    renderButton();
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Aurora Skies · Row C'));
  });

  it('puts focus on the card after reporting, where the button was, not on <body>', async () => {
    fakeApi(() => json(200, { message: PAYOUT_TEXT.reported }));
    renderButton();
    await openDialog();
    await userEvent.type(screen.getByLabelText(PAYOUT_TEXT.reportLabel), 'Tickets never arrived');
    await userEvent.keyboard('{Tab}{Tab}{Enter}');
    expect(await screen.findByText(PAYOUT_TEXT.reportedBadge)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('card')).toHaveFocus());
  });

  it('sends the trimmed reason, closes, confirms and shows the problem as reported', async () => {
    const calls = fakeApi(() => json(200, { message: PAYOUT_TEXT.reported }));
    const onReported = vi.fn();
    renderButton(onReported);
    await openDialog();
    await userEvent.type(screen.getByLabelText(PAYOUT_TEXT.reportLabel), '  Tickets never arrived  ');
    await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }));
    // The toast first: it leaves by itself after a few seconds, which a slow machine can take to get here.
    expect(await screen.findByText(PAYOUT_TEXT.reported)).toBeInTheDocument();
    expect(await screen.findByText(PAYOUT_TEXT.reportedBadge)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onReported).toHaveBeenCalledOnce();
    expect(calls).toEqual([
      { method: 'POST', url: '/api/tickets/7/report-problem', body: { reason: 'Tickets never arrived' } },
    ]);
  });

  it('asks for a reason before sending anything', async () => {
    const calls = fakeApi(() => json(200, {}));
    renderButton();
    await openDialog();
    await userEvent.type(screen.getByLabelText(PAYOUT_TEXT.reportLabel), '   ');
    await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }));
    expect(screen.getByRole('alert')).toHaveTextContent(PAYOUT_TEXT.reportRequired);
    expect(screen.getByLabelText(PAYOUT_TEXT.reportLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    fakeApi(() => json(409, { message: PAYOUT_TEXT.alreadyReported }));
    renderButton();
    const dialog = await openDialog();
    await userEvent.type(screen.getByLabelText(PAYOUT_TEXT.reportLabel), 'Wrong seats');
    await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYOUT_TEXT.alreadyReported);
    expect(dialog).toBeVisible();
  });

  it('limits the reason to 1000 characters', async () => {
    fakeApi(() => json(200, {}));
    renderButton();
    await openDialog();
    expect(screen.getByLabelText(PAYOUT_TEXT.reportLabel)).toHaveAttribute('maxLength', '1000');
  });
});
