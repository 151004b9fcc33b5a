import type { LedgerMismatchKind } from '../schemas/admin-system.js';

/** The admin System tab's texts and the ledger check's e-mail (decision 0068). */
export const SYSTEM_TEXT = {
  jobsHeading: 'Jobs',
  noJobs: 'No jobs are waiting.',
  jobsFailedToLoad: 'Failed to load the system state',
  columns: {
    kind: 'Kind',
    due: 'Due',
    running: 'Running',
    scheduled: 'Scheduled',
    failing: 'Failing',
    givenUp: 'Given up',
    oldestDue: 'Oldest due',
  },
  givenUpHeading: 'Given-up jobs',
  failingHeading: 'Failing jobs',
  stateLabel: 'Show',
  stateOptions: { given_up: 'Given up', failing: 'Failing' },
  retry: 'Retry',
  retried: (kind: string, key: string) => `Job ${kind} ${key} will run again now`,
  retryFailed: 'Failed to retry the job',
  notGivenUp: 'Only a job that gave up can be retried.',
  jobNotFound: 'Job not found',
  attempts: (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`,
  noError: 'No error recorded',
  ledgerHeading: 'Ledger check',
  noLedgerCheck: 'The ledger has not been checked yet.',
  ledgerClean: 'No mismatches: the ledger balances and matches the payment provider.',
  ledgerMismatches: (count: number) => `${count} ${count === 1 ? 'mismatch' : 'mismatches'} found`,
  lastChecked: 'Last checked',
  period: 'Period compared with the provider',
  orders: (ids: readonly number[]) =>
    ids.length === 0
      ? 'No order'
      : `${ids.length === 1 ? 'Order' : 'Orders'} ${ids.map((id) => `#${id}`).join(', ')}`,
  mismatchKinds: {
    unbalanced_journal: 'Journal does not sum to zero',
    escrow: "Escrow does not match the order's state",
    reversal: 'Refund reversals',
    payout: 'Payout exceeds what the seller was owed',
    dispute: 'Dispute at the card issuer',
    provider: 'Provider balance differs from the ledger',
  } satisfies Record<LedgerMismatchKind, string>,
  mailSubject: (count: number) => `Encore ledger check: ${count} ${count === 1 ? 'mismatch' : 'mismatches'}`,
  mailIntro: (count: number) =>
    `The scheduled ledger check found ${count} ${count === 1 ? 'mismatch' : 'mismatches'}. Open the System tab of the admin dashboard for the full list.`,
} as const;
