import type { Db } from '../../db/client.js';
import {
  createJobRunner,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobRunner,
} from '../../jobs/queue.js';
import { type AccountClosureDeps, deleteProviderCustomers, PROVIDER_CUSTOMERS_JOB } from './service.js';

/** The account closure's job, for every instance's job runner (server/main.ts). */
export function accountClosureJobHandlers(
  deps: Pick<AccountClosureDeps, 'db' | 'payments'>,
): Record<string, JobHandler> {
  return { [PROVIDER_CUSTOMERS_JOB]: (job) => deleteProviderCustomers(deps, job) };
}

/** This instance's runner of the closure jobs (tests run it; server/main.ts runs every job). */
export function createAccountClosureRunner(
  deps: Pick<AccountClosureDeps, 'payments' | 'clock'> & {
    db: Db;
    log: JobLog;
    leaseMs: number;
    jobObserver?: JobObserver;
  },
): JobRunner {
  return createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: accountClosureJobHandlers(deps),
    leaseMs: deps.leaseMs,
    observer: deps.jobObserver,
  });
}
