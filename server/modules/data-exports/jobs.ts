import type { Db } from '../../db/client.js';
import {
  createJobRunner,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobRunner,
} from '../../jobs/queue.js';
import {
  DATA_EXPORT_JOB,
  DATA_EXPORT_MAIL_JOB,
  DATA_EXPORTS_EXPIRE_EVERY_MS,
  DATA_EXPORTS_EXPIRE_JOB,
  type DataExportDeps,
  expireDataExports,
  runDataExport,
  scheduleDataExportExpiry,
  sendDataExportMail,
} from './service.js';

/** Every data export job, for every instance's job runner (server/main.ts): builds, e-mails, the hourly expiry. */
export function dataExportJobHandlers(deps: DataExportDeps): Record<string, JobHandler> {
  return {
    [DATA_EXPORT_JOB]: (job) => runDataExport(deps, job),
    [DATA_EXPORT_MAIL_JOB]: (job) => sendDataExportMail(deps, job),
    [DATA_EXPORTS_EXPIRE_JOB]: async () => {
      const now = deps.clock.now();
      const expired = await expireDataExports(deps.db, now);
      return {
        retryAt: new Date(now.getTime() + DATA_EXPORTS_EXPIRE_EVERY_MS),
        note: `hourly: deleted ${expired} expired data export file(s)`,
      };
    },
  };
}

export interface DataExports {
  /** This instance's runner of the export jobs (tests run it; server/main.ts runs every job). */
  runner: JobRunner;
  /** Makes sure the hourly expiry job exists (once per database; idempotent). */
  scheduleExpiry(): Promise<void>;
}

export function createDataExports(
  deps: DataExportDeps & { db: Db; log: JobLog; leaseMs: number; jobObserver?: JobObserver },
): DataExports {
  const runner = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: dataExportJobHandlers(deps),
    leaseMs: deps.leaseMs,
    observer: deps.jobObserver,
  });
  return { runner, scheduleExpiry: () => scheduleDataExportExpiry(deps.db, deps.clock.now()) };
}
