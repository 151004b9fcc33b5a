import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PAYOUT_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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
      <ReportProblemButton ticketId={7} onReported={onReported} />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.reportButton }));
  return screen.findByRole('dialog', { name: PAYOUT_TEXT.reportTitle });
}

describe('ReportProblemButton', () => {
  it('sends the trimmed reason, closes, confirms and shows the problem as reported', async () => {
    const calls = fakeApi(() => json(200, { message: PAYOUT_TEXT.reported }));
    const onReported = vi.fn();
    renderButton(onReported);
    await openDialog();
    await userEvent.type(screen.getByLabelText(PAYOUT_TEXT.reportLabel), '  Tickets never arrived  ');
    await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }));
    expect(await screen.findByText(PAYOUT_TEXT.reportedBadge)).toBeVisible();
    expect(await screen.findByText(PAYOUT_TEXT.reported)).toBeVisible();
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
