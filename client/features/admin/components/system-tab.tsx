import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import {
  type JobKindSummary,
  type LedgerCheck,
  SYSTEM_JOB_STATES,
  type SystemJob,
  type SystemJobState,
} from '@common/schemas/admin-system';
import { SYSTEM_TEXT } from '@common/texts/system';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminKeys, adminListQueryOptions } from '../api';
import { longDate } from '../format';
import { retryJob, systemSummaryOptions } from '../system';
import { AdminList } from './admin-list';
import { FieldSelect, failureText } from './detail-dialog';

const COUNTS = ['due', 'running', 'scheduled', 'failing', 'givenUp'] as const;

function JobsTable({ kinds }: { kinds: JobKindSummary[] }) {
  if (kinds.length === 0) return <p className="text-sm text-muted-foreground">{SYSTEM_TEXT.noJobs}</p>;
  return (
    // Focusable so a keyboard can scroll the table on a phone (axe: scrollable-region-focusable).
    <section
      aria-label={`${SYSTEM_TEXT.jobsHeading} table`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{SYSTEM_TEXT.jobsHeading}</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2 pr-4 font-medium">
              {SYSTEM_TEXT.columns.kind}
            </th>
            {COUNTS.map((count) => (
              <th key={count} scope="col" className="py-2 pr-4 text-right font-medium">
                {SYSTEM_TEXT.columns[count]}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              {SYSTEM_TEXT.columns.oldestDue}
            </th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => (
            <tr key={kind.kind} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-4 text-left font-normal">
                <code>{kind.kind}</code>
              </th>
              {COUNTS.map((count) => (
                <td key={count} className="py-2 pr-4 text-right tabular-nums">
                  {kind[count].toLocaleString('en-US')}
                </td>
              ))}
              <td className="py-2 whitespace-nowrap">
                {kind.oldestDueAt ? longDate(kind.oldestDueAt) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function LedgerCheckCard({ check }: { check: LedgerCheck | null }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{SYSTEM_TEXT.ledgerHeading}</h2>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {check === null ? (
          <p>{SYSTEM_TEXT.noLedgerCheck}</p>
        ) : (
          <>
            <dl className="grid gap-x-2 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
              <dt className="font-medium text-muted-foreground">{SYSTEM_TEXT.lastChecked}:</dt>
              <dd>{longDate(check.checkedAt)}</dd>
              <dt className="font-medium text-muted-foreground">{SYSTEM_TEXT.period}:</dt>
              <dd>
                {longDate(check.periodStart)} – {longDate(check.periodEnd)}
              </dd>
            </dl>
            <p className={check.mismatchCount > 0 ? 'font-semibold text-destructive' : ''}>
              {check.mismatchCount > 0
                ? SYSTEM_TEXT.ledgerMismatches(check.mismatchCount)
                : SYSTEM_TEXT.ledgerClean}
            </p>
            {check.mismatches.length > 0 ? (
              <ul className="space-y-2">
                {check.mismatches.map((mismatch) => (
                  <li
                    key={`${mismatch.kind} ${mismatch.sessionId} ${mismatch.detail}`}
                    className="rounded border p-2"
                  >
                    <p className="font-medium">
                      {SYSTEM_TEXT.mismatchKinds[mismatch.kind]}: {SYSTEM_TEXT.orders(mismatch.orderIds)}
                    </p>
                    <p className="break-words text-muted-foreground">{mismatch.detail}</p>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RetryButton({ job }: { job: SystemJob }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryJob(job.id),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) =>
      toast({ title: SYSTEM_TEXT.retryFailed, description: failureText(error), variant: 'destructive' }),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-label={`${SYSTEM_TEXT.retry} ${job.kind} ${job.key}`}
      onClick={() => retry.mutate()}
    >
      {SYSTEM_TEXT.retry}
    </Button>
  );
}

function columnsFor(state: SystemJobState): ColumnDef<SystemJob, never>[] {
  const columns: ColumnDef<SystemJob, never>[] = [
    { id: 'kind', header: SYSTEM_TEXT.columns.kind, cell: ({ row }) => <code>{row.original.kind}</code> },
    { id: 'key', header: 'Key', cell: ({ row }) => row.original.key },
    { id: 'attempts', header: 'Attempts', cell: ({ row }) => SYSTEM_TEXT.attempts(row.original.attempts) },
    {
      id: 'when',
      header: state === 'given_up' ? 'Gave up' : 'Next try',
      cell: ({ row }) => longDate(row.original.gaveUpAt ?? row.original.runAt),
    },
    {
      id: 'lastError',
      header: 'Last error',
      cell: ({ row }) => (
        <span className="block max-w-[28rem] break-words">
          {row.original.lastError ?? SYSTEM_TEXT.noError}
        </span>
      ),
    },
  ];
  if (state === 'given_up')
    columns.push({ id: 'retry', header: 'Action', cell: ({ row }) => <RetryButton job={row.original} /> });
  return columns;
}

/** One job on a phone: the same facts, labelled, with its Retry. */
function JobCard(job: SystemJob) {
  return (
    <article aria-label={`${job.kind} ${job.key}`} className="space-y-1 text-sm">
      <p className="font-semibold">
        <code>{job.kind}</code> {job.key}
      </p>
      <p>{SYSTEM_TEXT.attempts(job.attempts)}</p>
      <p className="break-words text-muted-foreground">{job.lastError ?? SYSTEM_TEXT.noError}</p>
      {job.gaveUpAt ? <RetryButton job={job} /> : null}
    </article>
  );
}

const STATE_OPTIONS = SYSTEM_JOB_STATES.map((state) => ({
  value: state,
  label: SYSTEM_TEXT.stateOptions[state],
}));

/**
 * The System tab (issue 36 §4; decision 0068): the durable jobs by kind and state, the given-up (or failing)
 * jobs with their last error and a Retry for those that gave up, and the ledger's last self-check.
 */
export function SystemTab() {
  const summary = useQuery(systemSummaryOptions);
  const [state, setState] = useState<SystemJobState>('given_up');
  const columns = columnsFor(state);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">{SYSTEM_TEXT.jobsHeading}</h2>
        </CardHeader>
        <CardContent>
          {summary.data ? (
            <JobsTable kinds={summary.data.kinds} />
          ) : summary.isError ? (
            <div className="space-y-2">
              <p role="alert">{SYSTEM_TEXT.jobsFailedToLoad}</p>
              <Button variant="outline" onClick={() => void summary.refetch()}>
                {ADMIN_TEXT.tryAgain}
              </Button>
            </div>
          ) : (
            <Spinner />
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="system-jobs-heading" className="space-y-3">
        <h2 id="system-jobs-heading" className="text-lg font-semibold">
          {state === 'given_up' ? SYSTEM_TEXT.givenUpHeading : SYSTEM_TEXT.failingHeading}
        </h2>
        <AdminList<SystemJob>
          things={state === 'given_up' ? 'given-up jobs' : 'failing jobs'}
          columns={columns}
          defaultSort={null}
          searchable={false}
          card={JobCard}
          filters={{ state }}
          toolbar={
            <FieldSelect
              id="system-job-state"
              label={SYSTEM_TEXT.stateLabel}
              value={state}
              options={STATE_OPTIONS}
              onChange={setState}
            />
          }
          query={(params) =>
            adminListQueryOptions<SystemJob>('system-jobs', '/api/admin/system/jobs', 'rows', params)
          }
        />
      </section>
      {summary.data ? <LedgerCheckCard check={summary.data.ledgerCheck} /> : null}
    </div>
  );
}
