import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppPath } from '../common/app-paths.js';
import { createCdn } from './adapters/cdn/index.js';
import type { ImageStore } from './adapters/images/image-store.js';
import { createImageStore } from './adapters/images/index.js';
import type { Mailer } from './adapters/mail/mailer.js';
import { OutboxMailer } from './adapters/mail/outbox.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import { guardProviderErrors } from './adapters/payments/provider-errors.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { isReachable } from './db/client.js';
import type { ReadReplica } from './db/replica.js';
import type { JobRunner } from './jobs/queue.js';
import { type Clock, systemClock } from './lib/clock.js';
import { ANSWER_BROTLI_PARAMS, COMPRESS_THRESHOLD_BYTES } from './lib/encoded-json.js';
import { prerenderedPage, START_APP_SCRIPT_SOURCE } from './lib/prerendered-pages.js';
import { createAccountClosureRunner } from './modules/account-closure/jobs.js';
import { accountClosureRoutes } from './modules/account-closure/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { systemRoutes } from './modules/admin/system-routes.js';
import { adminMoneyRoutes } from './modules/admin-money/routes.js';
import { ambassadorRoutes } from './modules/ambassador/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { barcodeRoutes } from './modules/barcodes/routes.js';
import { type BidMatching, createBidMatching } from './modules/bids/jobs.js';
import { bidRoutes } from './modules/bids/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { expireOpenCheckouts, sandboxSessionStore } from './modules/checkout/service.js';
import { createDataExports, type DataExports } from './modules/data-exports/jobs.js';
import { dataExportRoutes } from './modules/data-exports/routes.js';
import { devMailRoutes } from './modules/dev-mail/routes.js';
import { type CdnPurges, startCdnPurges } from './modules/event-page/cdn-purges.js';
import { EVENT_HTML_COUNTERS_MS, eventPageHtmlRoutes } from './modules/event-page/html.js';
import { eventPageRoutes } from './modules/event-page/routes.js';
import { ConcertSearch } from './modules/events/concert-search.js';
import { eventRoutes } from './modules/events/routes.js';
import { adminFanQueueRoutes } from './modules/fan-queue/admin-routes.js';
import { createFanQueueOffers, type FanQueueOffers } from './modules/fan-queue/offer-jobs.js';
import { fanQueueRoutes } from './modules/fan-queue/routes.js';
import { findable } from './modules/findable/routes.js';
import { startHoldEnds } from './modules/holds/hold-ends.js';
import { holdRoutes } from './modules/holds/routes.js';
import { returnIdlePart } from './modules/holds/splits.js';
import { identityRoutes } from './modules/identity/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { LiveHub, type LiveHubLimits } from './modules/live/hub.js';
import { liveRoutes } from './modules/live/routes.js';
import { ListingSearch } from './modules/marketplace/listing-search.js';
import { marketplaceRoutes } from './modules/marketplace/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { newsletterRoutes } from './modules/newsletter/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { healthRoutes } from './modules/operations/health-routes.js';
import { InstanceLifecycle } from './modules/operations/lifecycle.js';
import {
  type AppMetrics,
  createMetrics,
  registerHttpMetrics,
  registerMetricsRoute,
} from './modules/operations/metrics.js';
import { registerSearchIndexGauges } from './modules/operations/search-gauges.js';
import { paymentMethodRoutes } from './modules/payment-methods/routes.js';
import { sandboxCardStore } from './modules/payment-methods/service.js';
import { payoutRoutes } from './modules/payouts/routes.js';
import { createPriceAlertMatching, type PriceAlertMatching } from './modules/price-alerts/jobs.js';
import { priceAlertRoutes } from './modules/price-alerts/routes.js';
import { createPriceCapSweeps, type PriceCapSweeps } from './modules/price-caps/jobs.js';
import { priceCapRoutes } from './modules/price-caps/routes.js';
import { priceStoryRoutes } from './modules/price-story/routes.js';
import { providerEventRoutes } from './modules/provider-events/routes.js';
import { refundRoutes } from './modules/refunds/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { strikeRoutes } from './modules/strikes/routes.js';
import { supportRoutes } from './modules/support/routes.js';
import { withListingFormBody } from './modules/tickets/form-document.js';
import { ticketRoutes } from './modules/tickets/routes.js';
import { transferRoutes } from './modules/transfers/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { loggerOptions } from './plugins/logging.js';
import { AUTH_RATE_LIMIT_WINDOW_MS } from './plugins/rate-limit.js';
import { registerReadYourWrites } from './plugins/read-your-writes.js';
import { registerSameOriginGuard } from './plugins/same-origin.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { SESSION_COOKIE, sessionPlugin } from './plugins/session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's bid matcher (decision 0045); tests await bidMatching.runner.runOnce(). */
    bidMatching: BidMatching;
    /** This instance's price alert matcher (decision 0060); tests await priceAlertMatching.runner.runOnce(). */
    priceAlertMatching: PriceAlertMatching;
    /** This instance's Fan Queue offers (decision 0100); tests await fanQueueOffers.runner.runOnce(). */
    fanQueueOffers: FanQueueOffers;
    /** This instance's price-cap sweep and its e-mails (decision 0084); tests run priceCapSweeps.runner. */
    priceCapSweeps: PriceCapSweeps;
    /** This instance's in-memory listing search index (decision 0048); tests and benches await its ready(). */
    listingSearch: ListingSearch;
    /** This instance's in-memory concert search index (decision 0049); tests and benches await its ready(). */
    concertSearch: ConcertSearch;
    /**
     * This instance's Prometheus metrics (decision 0067), or null when nothing may read them (neither
     * METRICS_TOKEN nor METRICS_PORT is set): then nothing is collected either.
     */
    metrics: AppMetrics | null;
    /** Starting, serving or draining: what readiness answers (decision 0067); main.ts drains on SIGTERM. */
    lifecycle: InstanceLifecycle;
    /** This instance's open live streams (decision 0066); tests and benches read its size. */
    liveHub: LiveHub;
    /** This instance's watch of the shows to purge from the CDN (decision 0090); tests call its look(). */
    cdnPurges: CdnPurges;
    /** This instance's runner of members' data exports (decision 0097); tests run dataExports.runner. */
    dataExports: DataExports;
    /** This instance's runner of the account closure's job (decision 0099); tests run it. */
    accountClosures: JobRunner;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Ticket images; created from the configuration when absent. */
  images?: ImageStore;
  /** Where log lines go instead of stdout (tests read them); logging is on even in the test env then. */
  logStream?: { write(line: string): void };
  /** Where services read the time; tests pass a ManualClock to move it. */
  clock?: Clock;
  /** Card payments; created from the configuration (Stripe, else the sandbox) when absent. */
  payments?: PaymentProvider;
  /** How many live streams a member and the instance may hold (decision 0066); tests pass small ones. */
  liveLimits?: LiveHubLimits;
  /** How often live streams get a heartbeat; tests pass a short one. */
  liveHeartbeatMs?: number;
  /** Addresses per sitemap file (decision 0092): 50,000 unless a test splits the sitemap sooner. */
  sitemapAddressesPerFile?: number;
  /** The read replica of DATABASE_REPLICA_URL (decision 0095), with its lag guard. */
  readReplica?: ReadReplica;
}

/** Builds the Fastify instance without listening, so tests drive the very same app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const logger: FastifyServerOptions['logger'] = deps.logStream
    ? { ...loggerOptions(config.logLevel), stream: deps.logStream }
    : config.env === 'test'
      ? false
      : loggerOptions(config.logLevel);
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: 1_048_576,
    // A request that reaches a closing instance (its connection accepted during the drain) is answered, not
    // refused with 503: the server closes before any onClose hook tears down what it needs (issue 43 §12).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const lifecycle = new InstanceLifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('onListen', async () => lifecycle.serving());
  const metricsExposed = config.metrics.token !== undefined || config.metrics.port !== undefined;
  const metrics = metricsExposed ? createMetrics({ database, clock, log: app.log }) : null;
  app.decorate('metrics', metrics);
  // Before every route, so each one is measured.
  if (metrics) registerHttpMetrics(app, metrics.registry);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Encore API', description: 'Fan-to-fan ticket resale marketplace', version: '0.1.0' },
      servers: [{ url: config.appUrl }],
    },
    // The listing form is read by hand (multipart); the document still describes its fields (issue 43 §11).
    transform: (input) => withListingFormBody(jsonSchemaTransform(input), input.route.method),
  });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js and the calls it makes (Elements for saved cards, 3-D Secure on a bid's payment page),
        // only when Stripe is the payment provider (https://docs.stripe.com/security/guide#content-security-policy).
        // A prerendered page's one inline script, allowed by its hash, starts the app after the first paint.
        scriptSrc: ["'self'", START_APP_SCRIPT_SOURCE, ...(config.stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: ["'self'", 'https:'],
        // The app's service worker and web app manifest (decision 0098), named although default-src allows them.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only when the app is served over https: over plain http it means nothing, or worse, pins a
    // development host name to https.
    strictTransportSecurity: config.appUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // JSON and other text answers of 1 KB or more, when the client accepts br or gzip; the client build
  // is compressed once at build time (see preCompressed below) and images are compressed formats already.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: ANSWER_BROTLI_PARAMS },
  });
  await app.register(cookie);
  registerSameOriginGuard(app, config.appUrl);
  await app.register(sessionPlugin, { db: database.db, secureCookies: config.appUrl.startsWith('https://') });
  if (deps.readReplica) registerReadYourWrites(app, deps.readReplica);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A draining instance's keep-alive clients open their next connection elsewhere.
    if (lifecycle.state === 'draining') reply.header('connection', 'close');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('degraded'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      if (await isReachable(database.db)) return reply.send({ status: 'ok', database: 'up' });
      return reply.status(503).send({ status: 'degraded', database: 'down' });
    },
  );

  await app.register(healthRoutes, { database, lifecycle });
  if (metrics && config.metrics.token) registerMetricsRoute(app, metrics.registry, config.metrics.token);

  // Feature modules register here.
  const authRateLimit = { max: config.authRateLimit, windowMs: AUTH_RATE_LIMIT_WINDOW_MS };
  await app.register(authRoutes, {
    db: database.db,
    mailer: deps.mailer,
    config,
    rateLimit: authRateLimit,
    clock,
  });
  await app.register(userRoutes, { db: database.db, mailer: deps.mailer, config, clock });
  await app.register(reviewRoutes, { db: database.db, clock });
  await app.register(notificationRoutes, { db: database.db });
  await app.register(newsletterRoutes, {
    db: database.db,
    mailer: deps.mailer,
    clock,
    appUrl: config.appUrl,
    emailLinkSecret: config.emailLinkSecret,
    rateLimit: authRateLimit,
  });
  // The local mailbox exists only outside production, and only when mail goes to the outbox.
  if (!config.isProduction && deps.mailer instanceof OutboxMailer)
    await app.register(devMailRoutes, { mailer: deps.mailer });
  const concertSearch = new ConcertSearch({
    db: database.db,
    replica: deps.readReplica?.forIndexLoads,
    clock,
    log: app.log,
  });
  app.decorate('concertSearch', concertSearch);
  // A load or read of changes under way finishes before the database closes.
  app.addHook('onClose', () => concertSearch.close());
  await app.register(eventRoutes, { db: database.db, clock, concertSearch });
  // Decision 0095: the heavy reads go to the read replica while it keeps up.
  const readDb = deps.readReplica?.db ?? database.db;
  await app.register(eventPageRoutes, { db: readDb, clock });
  // A show that changes leaves the CDN within a second or so (decision 0090).
  const cdnPurges = startCdnPurges({
    db: database.db,
    clock,
    cdn: createCdn(config),
    log: app.log,
    leaseMs: config.jobLeaseMs,
    jobObserver: metrics?.jobObserver,
    settleMs: EVENT_HTML_COUNTERS_MS,
  });
  app.decorate('cdnPurges', cdnPurges);
  app.addHook('onClose', () => cdnPurges.stop());
  await app.register(priceStoryRoutes, { db: readDb, clock });
  const images = deps.images ?? createImageStore(config, database.db);
  await app.register(imageRoutes, { db: database.db, images });
  // The marketplace list (GET /api/tickets) sits beside the listing routes; ticketRoutes has no GET /api/tickets.
  const listingSearch = new ListingSearch({
    db: database.db,
    replica: deps.readReplica?.forIndexLoads,
    clock,
    log: app.log,
  });
  app.decorate('listingSearch', listingSearch);
  app.addHook('onClose', () => listingSearch.close());
  await app.register(marketplaceRoutes, { db: database.db, clock, listingSearch });
  if (metrics) registerSearchIndexGauges(metrics.registry, [concertSearch, listingSearch]);
  // A provider's failure never reaches a member in the provider's words (decision 0079).
  const payments = guardProviderErrors(
    deps.payments ??
      createPaymentProvider(
        config,
        sandboxSessionStore(database.db, clock),
        sandboxCardStore(database.db, clock),
      ),
  );
  const checkout = { db: database.db, payments, mailer: deps.mailer, clock, appUrl: config.appUrl };
  const jobObserver = metrics?.jobObserver;
  const bidMatching = createBidMatching({
    ...checkout,
    log: app.log,
    leaseMs: config.jobLeaseMs,
    jobObserver,
  });
  app.decorate('bidMatching', bidMatching);
  // The matcher's runs in progress finish before the database closes.
  app.addHook('onClose', () => bidMatching.runner.stop());
  const priceAlertDeps = {
    db: database.db,
    mailer: deps.mailer,
    clock,
    appUrl: config.appUrl,
    emailLinkSecret: config.emailLinkSecret,
  };
  const priceAlertMatching = createPriceAlertMatching({
    ...priceAlertDeps,
    log: app.log,
    leaseMs: config.jobLeaseMs,
    jobObserver,
  });
  app.decorate('priceAlertMatching', priceAlertMatching);
  app.addHook('onClose', async () => {
    await priceAlertMatching.runner.stop();
    await priceAlertMatching.mailRunner.stop();
  });
  await priceAlertMatching.scheduleEndingPassed();
  // Fan Queue (issue 46, decision 0100): a buyable listing goes to the Fan Queue first; bids
  // (decision 0045) and price alerts (0060) see it only once the queue passed it on (`passedOn`).
  const fanQueueOffers = createFanQueueOffers({
    ...checkout,
    log: app.log,
    leaseMs: config.jobLeaseMs,
    jobObserver,
    passedOn: async (ticketId) => {
      await bidMatching.listingBuyable(ticketId);
      await priceAlertMatching.listingBuyable(ticketId);
    },
  });
  app.decorate('fanQueueOffers', fanQueueOffers);
  app.addHook('onClose', () => fanQueueOffers.runner.stop());
  /** A listing became buyable: the Fan Queue, then bids and price alerts. */
  const listingBuyable = (ticketId: number) => fanQueueOffers.listingBuyable(ticketId);
  // Price caps by place (decision 0084): the sweep of listings a new or tightened rule puts above their cap.
  const priceCapSweeps = createPriceCapSweeps({
    ...priceAlertDeps,
    log: app.log,
    leaseMs: config.jobLeaseMs,
    jobObserver,
  });
  app.decorate('priceCapSweeps', priceCapSweeps);
  app.addHook('onClose', () => priceCapSweeps.runner.stop());
  await priceCapSweeps.scheduleSweepNow();
  await app.register(priceCapRoutes, {
    db: database.db,
    clock,
    emailLinkSecret: config.emailLinkSecret,
    onBuyable: listingBuyable,
  });
  await app.register(ticketRoutes, {
    db: database.db,
    images,
    clock,
    platformTimeZone: config.platformTimeZone,
    onBuyable: listingBuyable,
  });
  await app.register(holdRoutes, {
    db: database.db,
    clock,
    onRelease: async (ticketId, buyerId, log) => {
      await expireOpenCheckouts({ ...checkout, log }, ticketId, buyerId);
      // Fan Queue: letting go of an offer's hold withdraws it; its tickets go to the next fan in line.
      if (await fanQueueOffers.released(ticketId, buyerId)) return;
      const onSale = await returnIdlePart(database.db, ticketId, clock.now());
      if (onSale !== null) await listingBuyable(onSale);
    },
  });
  // Holds that end by time are ended and announced within a second, on every instance (issue 43).
  const holdEnds = startHoldEnds({ db: database.db, clock, log: app.log });
  app.addHook('onClose', () => holdEnds.stop());
  await app.register(checkoutRoutes, { ...checkout, isProduction: config.isProduction });
  /** A seller's verification put their waiting listings on sale (decision 0086). */
  const listingsLive = async (ticketIds: number[]) => {
    for (const ticketId of ticketIds) await listingBuyable(ticketId);
  };
  await app.register(providerEventRoutes, {
    ...checkout,
    onReceived: metrics?.providerEventReceived,
    onListingsLive: listingsLive,
  });
  // Issue 44 item 4: verified sellers.
  await app.register(identityRoutes, { ...checkout, onListingsLive: listingsLive });
  await app.register(transferRoutes, {
    db: database.db,
    mailer: deps.mailer,
    clock,
    appUrl: config.appUrl,
    payoutsNeedAccount: payments.payoutsNeedAccount,
  });
  await app.register(messageRoutes, { db: database.db, mailer: deps.mailer, clock, appUrl: config.appUrl });
  await app.register(barcodeRoutes, {
    db: database.db,
    images,
    clock,
    mailer: deps.mailer,
    appUrl: config.appUrl,
    barcodeHashSecret: () => config.barcodeHashSecret,
    barcodeDecodeTimeoutMs: config.barcodeDecodeTimeoutMs,
  });
  // Issue 47 items 2 and 3: the show in a calendar and wallet passes (decision 0096).
  await app.register(walletRoutes, {
    db: database.db,
    images,
    clock,
    appUrl: config.appUrl,
    wallet: config.wallet,
    barcodeDecodeTimeoutMs: config.barcodeDecodeTimeoutMs,
  });
  await app.register(payoutRoutes, checkout);
  // Issue 24: saved cards for automatic-purchase bids (decision 0044).
  await app.register(paymentMethodRoutes, {
    db: database.db,
    payments,
    clock,
    publishableKey: config.stripe?.publishableKey ?? null,
    isProduction: config.isProduction,
  });
  // Issue 22: customer support and the ambassadors' chat and attendee search.
  await app.register(supportRoutes, { db: database.db, mailer: deps.mailer, clock, appUrl: config.appUrl });
  await app.register(ambassadorRoutes, { db: database.db, clock });
  // The back office's money: refunds, disputes, cancelled and postponed events, the audit log.
  await app.register(adminMoneyRoutes, checkout);
  await app.register(auditRoutes, { db: database.db });
  await app.register(systemRoutes, { db: database.db, clock });
  await app.register(refundRoutes, checkout);
  // A hold that a suspension or an account closure ended: its checkouts end, its part goes back on sale.
  const onHoldEnded = async (ticketId: number, buyerId: number, log: FastifyBaseLogger) => {
    await expireOpenCheckouts({ ...checkout, log }, ticketId, buyerId);
    const onSale = await returnIdlePart(database.db, ticketId, clock.now());
    if (onSale !== null) await listingBuyable(onSale);
  };
  await app.register(adminRoutes, {
    db: database.db,
    clock,
    money: { ...checkout, log: app.log },
    supportEmail: config.supportEmail,
    onHoldEnded,
    onBackOnSale: async (ticketId) => {
      const onSale = await returnIdlePart(database.db, ticketId, clock.now());
      if (onSale !== null) await listingBuyable(onSale);
    },
  });
  // Issue 44: sellers paused for review by their strikes (decision 0087).
  await app.register(strikeRoutes, {
    db: database.db,
    clock,
    onBackOnSale: async (ticketId) => {
      const onSale = await returnIdlePart(database.db, ticketId, clock.now());
      if (onSale !== null) await listingBuyable(onSale);
    },
  });
  // Issue 24: automatic-purchase bids.
  await app.register(bidRoutes, {
    ...checkout,
    isProduction: config.isProduction,
    publishableKey: config.stripe?.publishableKey ?? null,
    matching: bidMatching,
    platformTimeZone: config.platformTimeZone,
  });

  // Price alerts (decision 0060).
  await app.register(priceAlertRoutes, { ...priceAlertDeps, matching: priceAlertMatching });

  // The Fan Queue's line (issue 46, decision 0100). an entry that leaves with an open offer
  // has it withdrawn and handed on to the next fan in line by the offers' module (offer-jobs.ts).
  await app.register(fanQueueRoutes, {
    db: database.db,
    clock,
    paymentsKind: payments.kind,
    onLeftWithOffer: (entryId) => fanQueueOffers.leftWithOffer(entryId),
  });
  // The admins' view of a show's line and removal of an entry: a removed entry's open offer is handed on.
  await app.register(adminFanQueueRoutes, {
    db: database.db,
    clock,
    onRemovedWithOffer: (entryId) => fanQueueOffers.leftWithOffer(entryId),
  });

  // A copy of my data (issue 47 item 4, decision 0097): built by a durable job, downloaded by signed link.
  const dataExportDeps = { ...priceAlertDeps, timeZone: config.platformTimeZone };
  const dataExports = createDataExports({
    ...dataExportDeps,
    log: app.log,
    leaseMs: config.jobLeaseMs,
    jobObserver,
  });
  app.decorate('dataExports', dataExports);
  app.addHook('onClose', () => dataExports.runner.stop());
  await dataExports.scheduleExpiry();
  await app.register(dataExportRoutes, dataExportDeps);
  // Closing my account (decision 0099).
  const accountClosureDeps = {
    ...checkout,
    usernameQuarantineKey: config.emailLinkSecret,
    log: app.log,
  };
  const accountClosures = createAccountClosureRunner({
    ...accountClosureDeps,
    leaseMs: config.jobLeaseMs,
    jobObserver,
  });
  app.decorate('accountClosures', accountClosures);
  app.addHook('onClose', () => accountClosures.stop());
  await app.register(accountClosureRoutes, { ...accountClosureDeps, onHoldEnded });

  // Live notices (decision 0066).
  const liveHub = new LiveHub(deps.liveLimits);
  app.decorate('liveHub', liveHub);
  await app.register(liveRoutes, {
    database,
    hub: liveHub,
    log: app.log,
    ...(deps.liveHeartbeatMs ? { heartbeatMs: deps.liveHeartbeatMs } : {}),
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const clientDir = config.clientDistDir;
  const clientBuilt = existsSync(path.join(clientDir, 'index.html'));
  // How visitors and crawlers find the shows: robots.txt, the sitemap, previews, / and /home (decision 0092).
  const findableParts = findable({
    db: database.db,
    clock,
    appUrl: config.appUrl,
    clientDir: clientBuilt ? clientDir : null,
    ...(deps.sitemapAddressesPerFile ? { sitemapAddressesPerFile: deps.sitemapAddressesPerFile } : {}),
  });
  await app.register(findableParts.routes);
  if (clientBuilt) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.ts); they are sent as they are.
      preCompressed: true,
      // Dot files and folders (.vite/manifest.json, .build-stamp) are build metadata, not the app.
      allowedPath: (pathname) => !pathname.split('/').some((segment) => segment.startsWith('.')),
      // Vite names every file under assets/ by its content hash, so a browser may keep those for good;
      // anything else (the SPA shell above all) is checked again on every use.
      // A page's HTML also depends on the session cookie (prerendered for visitors, see below).
      setHeaders: (response, filePath) => {
        const hashed = path.relative(clientDir, filePath).startsWith(`assets${path.sep}`);
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        response.setHeader(
          'vary',
          /\.html(\.br|\.gz)?$/.test(filePath) ? 'accept-encoding, cookie' : 'accept-encoding',
        );
      },
    });
    // A show's page, rendered on request (decision 0058).
    await app.register(eventPageHtmlRoutes, {
      db: readDb,
      clock,
      clientDir,
      appUrl: config.appUrl,
      signedIn: (cookies) => Boolean(cookies[SESSION_COOKIE]),
    });
    // Every non-API GET that is not a file is a client route: answer with its page or the SPA shell; any
    // other address (a show's segment no slug makes, /metrics without its route) answers 404 (issue 43 §12).
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/')) return reply.callNotFound();
      // The files present at start are routed by @fastify/static; one built since is looked up here (a
      // missing one is a 404, not the SPA).
      if (path.extname(pathname) !== '') return reply.sendFile(pathname.slice(1));
      // An address the app has no page for is a 404, with the shell that shows the app's not-found page.
      if (!isAppPath(pathname)) return reply.code(404).sendFile('index.html');
      // A visitor (no session cookie) gets the page already rendered where the build made one; anyone
      // else gets the shell, since a session's pages depend on who is signed in.
      const visitorPage = request.cookies[SESSION_COOKIE] ? null : prerenderedPage(clientDir, pathname);
      // / and /home list the upcoming shows as links, filled in on request (decision 0092).
      const withShows =
        visitorPage &&
        (await findableParts.visitorPage(pathname).catch((error: unknown) => {
          request.log.warn({ err: error }, 'the upcoming shows were left out of a visitor page');
          return null;
        }));
      if (withShows) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding, cookie')
          .send(withShows);
      }
      return reply.sendFile(visitorPage ?? 'index.html');
    });
  }

  return app;
}
