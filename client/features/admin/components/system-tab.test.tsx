import { fakeApi, json } from '@client/lib/test-fetch';
import type { SystemJob, SystemSummary } from '@common/schemas/admin-system';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../reviews/test-fixtures';
import { page, renderWithClient } from '../test-fixtures';
import { SystemTab } from './system-tab';

beforeAll(installDomShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

const givenUp: SystemJob = {
  id: 31,
  kind: 'payout',
  key: '12',
  attempts: 12,
  runAt: '2030-03-01T02:00:00.000Z',
  lastError: 'StripeInvalidRequestError: No such destination',
  gaveUpAt: '2030-03-01T10:00:00.000Z',
};

const summary = (givenUpCount: number): SystemSummary => ({
  kinds: [
    {
      kind: 'payout',
      due: 3,
      running: 1,
      scheduled: 40,
      failing: 2,
      givenUp: givenUpCount,
      oldestDueAt: '2030-03-01T11:00:00.000Z',
    },
  ],
  ledgerCheck: {
    checkedAt: '2030-03-01T00:30:00.000Z',
    periodStart: '2030-02-28T00:00:00.000Z',
    periodEnd: '2030-03-01T00:00:00.000Z',
    provider: 'stripe',
    mismatchCount: 1,
    mismatches: [
      {
        kind: 'payout',
        orderIds: [12],
        sessionId: 'cs_test_12',
        detail: 'A payout of 17100 cents exceeds the 17000 cents the seller was owed.',
      },
    ],
  },
});

describe('SystemTab', () => {
  it('shows the jobs by kind, the given-up jobs with their last error, and the last ledger check naming the orders', async () => {
    fakeApi((call) => {
      if (call.url === '/api/admin/system') return json(200, summary(1));
      if (call.url.startsWith('/api/admin/system/jobs?')) return json(200, page([givenUp]));
      return json(404, { message: `unexpected ${call.url}` });
    });
    renderWithClient(<SystemTab />);
    const jobs = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(jobs)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Kind', 'Due', 'Running', 'Scheduled', 'Failing', 'Given up', 'Oldest due']);
    const [, payoutRow] = within(jobs).getAllByRole('row');
    expect(
      within(payoutRow as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1', '40', '2', '1', expect.stringMatching(/^March 1, 2030 \d{1,2}:\d{2} (AM|PM)$/)]);

    const list = await screen.findByRole('table', { name: 'Given-up jobs' });
    expect(
      await within(list).findByText('StripeInvalidRequestError: No such destination'),
    ).toBeInTheDocument();
    expect(within(list).getByText('12 attempts')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Ledger check' })).toBeInTheDocument();
    expect(screen.getByText('1 mismatch found')).toBeInTheDocument();
    expect(screen.getByText('Payout exceeds what the seller was owed: Order #12')).toBeInTheDocument();
    expect(
      screen.getByText('A payout of 17100 cents exceeds the 17000 cents the seller was owed.'),
    ).toBeInTheDocument();
  });

  it('retries a job that gave up and reloads the lists', async () => {
    let retried = false;
    const calls = fakeApi((call) => {
      if (call.url === '/api/admin/system/jobs/31/retry' && call.method === 'POST') {
        retried = true;
        return json(200, {
          message: 'Job payout 12 will run again now',
          job: { ...givenUp, attempts: 0, gaveUpAt: null },
        });
      }
      if (call.url === '/api/admin/system') return json(200, summary(retried ? 0 : 1));
      if (call.url.startsWith('/api/admin/system/jobs?')) return json(200, page(retried ? [] : [givenUp]));
      return json(404, { message: `unexpected ${call.url}` });
    });
    renderWithClient(<SystemTab />);
    const list = await screen.findByRole('table', { name: 'Given-up jobs' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Retry payout 12' }));
    expect(await screen.findByText('Job payout 12 will run again now')).toBeInTheDocument();
    expect((await screen.findAllByText('No given-up jobs found.')).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/admin/system/jobs/31/retry',
    ]);
  });

  it('says so when the ledger has never been checked and no job is waiting', async () => {
    fakeApi((call) => {
      if (call.url === '/api/admin/system') return json(200, { kinds: [], ledgerCheck: null });
      if (call.url.startsWith('/api/admin/system/jobs?')) return json(200, page([]));
      return json(404, { message: `unexpected ${call.url}` });
    });
    renderWithClient(<SystemTab />);
    expect(await screen.findByText('No jobs are waiting.')).toBeInTheDocument();
    expect(screen.getByText('The ledger has not been checked yet.')).toBeInTheDocument();
  });
});
