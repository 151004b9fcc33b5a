import type { FastifyBaseLogger } from 'fastify';
import { createImageStore } from './adapters/images/index.js';
import { createMailer } from './adapters/mail/index.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, openPostgres } from './db/client.js';
import { startReadReplica } from './db/replica.js';
import { type CheckoutRecovery, startCheckoutRecovery } from './jobs/checkout-recovery.js';
import { type JobRunner, startJobRunner } from './jobs/queue.js';
import { type Sweeps, startSweeps } from './jobs/sweeps.js';
import { systemClock } from './lib/clock.js';
import { accountClosureJobHandlers } from './modules/account-closure/jobs.js';
import { assignUsernameSkeletons } from './modules/auth/skeleton-backfill.js';
import { bidJobHandlers } from './modules/bids/jobs.js';
import { sandboxSessionStore } from './modules/checkout/service.js';
import { dataExportJobHandlers } from './modules/data-exports/jobs.js';
import { developmentExposureWarning } from './modules/dev-mail/exposure.js';
import { fanQueueOfferJobHandlers, scheduleMarketFor } from './modules/fan-queue/offer-jobs.js';
import { ledgerCheckJobHandlers, scheduleLedgerCheck } from './modules/ledger/self-check.js';
import { type MetricsServer, startMetricsServer } from './modules/operations/metrics-server.js';
import { sandboxCardStore } from './modules/payment-methods/service.js';
import { afterSaleJobHandlers } from './modules/payouts/service.js';
import { priceAlertJobHandlers } from './modules/price-alerts/jobs.js';
import { priceCapJobHandlers } from './modules/price-caps/jobs.js';
import { seedDemoDataIfEmpty } from './seed/demo.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let log: FastifyBaseLogger | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => {
      const message = 'database connection dropped; the pool replaces it';
      if (log) log.warn({ err: error }, message);
      else console.warn(`${message}: ${error.message}`);
    },
  });
  // Both run under PostgreSQL advisory locks, so any number of instances may start together.
  await database.migrate();
  const skeletons = await assignUsernameSkeletons(database.db);
  if (skeletons.lookalikes > 0)
    console.warn(
      `${skeletons.lookalikes} existing usernames look like older ones and keep no skeleton (decision 0064)`,
    );
  if (config.seedDemoData && !config.isProduction) await seedDemoDataIfEmpty(database.db, config.appUrl);
  const mailer = createMailer(config, database.db);
  const images = createImageStore(config, database.db);
  const payments = createPaymentProvider(
    config,
    sandboxSessionStore(database.db, systemClock),
    sandboxCardStore(database.db, systemClock),
  );
  const replicaDatabase = config.databaseReplica ? await openPostgres(config.databaseReplica.url) : undefined;
  const readReplica =
    replicaDatabase && config.databaseReplica
      ? startReadReplica({
          primary: database.db,
          replica: replicaDatabase.db,
          maxLagMs: config.databaseReplica.maxLagMs,
          onError: (error) =>
            log?.warn({ err: error }, 'read replica: its lag is unknown; reading the primary'),
        })
      : undefined;
  const app = await buildApp({ config, database, mailer, images, payments, clock: systemClock, readReplica });
  log = app.log;
  let sweeps: Sweeps | undefined;
  let recovery: CheckoutRecovery | undefined;
  let jobRunner: JobRunner | undefined;
  let metricsServer: MetricsServer | undefined;
  /**
   * Decision 0067: readiness fails first; the instance keeps serving for the drain delay while the load
   * balancer notices, then stops listening and finishes the requests in flight. Meanwhile the job runners
   * stop claiming and hand back what they claimed but did not start. All of it within the deadline.
   */
  const shutdown = async (signal: string) => {
    app.lifecycle.drain();
    app.log.info({ signal, drainDelayMs: config.shutdown.drainDelayMs }, 'draining before shutting down');
    // A sweep in progress finishes before the database closes.
    const backgroundStopped = Promise.all([sweeps?.stop(), recovery?.stop(), jobRunner?.stop()]);
    await new Promise((resolve) => setTimeout(resolve, config.shutdown.drainDelayMs));
    const deadline = setTimeout(() => {
      app.log.error(
        { timeoutMs: config.shutdown.timeoutMs },
        'shutdown deadline passed; exiting with work unfinished',
      );
      process.exit(1);
    }, config.shutdown.timeoutMs);
    deadline.unref();
    // Waits for the requests in flight; its onClose hooks stop the matchers' job runners too.
    await app.close();
    await backgroundStopped;
    await metricsServer?.close();
    readReplica?.stop();
    await replicaDatabase?.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (app.metrics && config.metrics.port !== undefined)
    metricsServer = await startMetricsServer({
      registry: app.metrics.registry,
      port: config.metrics.port,
      host: config.metrics.host,
      token: config.metrics.token,
      log: app.log,
    });
  // The search indexes load now rather than on the first search, which answers in SQL until then.
  app.concertSearch.start();
  app.listingSearch.start();
  sweeps = startSweeps({ db: database.db, images, log: app.log });
  const checkoutDeps = {
    db: database.db,
    payments,
    mailer,
    clock: systemClock,
    appUrl: config.appUrl,
    log: app.log,
  };
  recovery = startCheckoutRecovery(checkoutDeps);
  // The ledger's daily self-check (decision 0068): one job for all instances, created once.
  await scheduleLedgerCheck(database.db, systemClock.now());
  // Payouts and the escrow timeline (decision 0017), and bid matching (decision 0045): every instance runs
  // one; jobs are claimed, not locked.
  jobRunner = startJobRunner({
    db: database.db,
    clock: systemClock,
    log: app.log,
    handlers: {
      ...afterSaleJobHandlers(checkoutDeps),
      ...bidJobHandlers(checkoutDeps),
      ...priceAlertJobHandlers({ ...checkoutDeps, emailLinkSecret: config.emailLinkSecret }),
      // Fan Queue (decision 0100): offers, their expiry and e-mails; what the queue passes on gets the
      // bids' and alerts' durable jobs.
      ...fanQueueOfferJobHandlers({
        ...checkoutDeps,
        passedOn: scheduleMarketFor(database.db, systemClock),
      }),
      ...priceCapJobHandlers({ ...checkoutDeps, emailLinkSecret: config.emailLinkSecret }),
      ...ledgerCheckJobHandlers(checkoutDeps),
      ...dataExportJobHandlers({
        ...checkoutDeps,
        emailLinkSecret: config.emailLinkSecret,
        timeZone: config.platformTimeZone,
      }),
      ...accountClosureJobHandlers(checkoutDeps),
      ...app.cdnPurges.handlers,
    },
    intervalMs: config.jobPollIntervalMs,
    leaseMs: config.jobLeaseMs,
    observer: app.metrics?.jobObserver,
  });
  app.log.info(
    `Encore is running at ${config.appUrl} (database: ${database.kind}, mail: ${mailer.kind}, images: ${images.kind}, payments: ${payments.kind})`,
  );
  const exposure = developmentExposureWarning(config);
  if (exposure) app.log.warn(exposure);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Encore failed to start:', error);
  }
  process.exit(1);
});
