import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { canonicalTimeZone, DEFAULT_PLATFORM_TIME_ZONE } from '../common/venue-time.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  CLIENT_DIST_DIR: z.string().min(1).default('dist/client'),
  DATABASE_URL: z.url().optional(),
  DATABASE_DIRECT_URL: z.url().optional(),
  DATABASE_REPLICA_URL: z.url().optional(),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Encore <no-reply@encore.local>'),
  SUPPORT_EMAIL: z.email().default('support@encore.local'),
  CLOUDINARY_URL: z
    .string()
    .regex(/^cloudinary:\/\/[^:]+:[^@]+@.+$/, 'must look like cloudinary://API_KEY:API_SECRET@CLOUD_NAME')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(15_000),
  PLATFORM_TIME_ZONE: z
    .string()
    .default(DEFAULT_PLATFORM_TIME_ZONE)
    .transform((name, context) => {
      const zone = canonicalTimeZone(name);
      if (zone === null)
        context.addIssue({ code: 'custom', message: 'must be an IANA time zone such as America/New_York' });
      return zone ?? DEFAULT_PLATFORM_TIME_ZONE;
    }),
  EMAIL_LINK_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (say, openssl rand -hex 32)')
    .optional(),
  BARCODE_HASH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (say, openssl rand -hex 32)')
    .max(256)
    .optional(),
  BARCODE_DECODE_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(1_900),
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters (say, openssl rand -hex 32)')
    .max(256)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).max(255).default('127.0.0.1'),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  FASTLY_SERVICE_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Fastly service id (letters and digits)')
    .optional(),
  FASTLY_API_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,256}$/, 'must be a Fastly API token (printable ASCII without spaces)')
    .optional(),
  FASTLY_API_URL: z.url().default('https://api.fastly.com'),
  // Wallet passes (decision 0096): PEM contents, or the path of a PEM file.
  APPLE_WALLET_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]{1,200}$/, 'must be a pass type identifier (pass.com.example.tickets)')
    .optional(),
  APPLE_WALLET_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be an Apple team identifier (10 capital letters and digits)')
    .optional(),
  APPLE_WALLET_SIGNER_CERT: z.string().optional(),
  APPLE_WALLET_SIGNER_KEY: z.string().optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR_CERT: z.string().optional(),
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be a Google Wallet issuer id (digits)')
    .optional(),
  GOOGLE_WALLET_CLIENT_EMAIL: z.email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().optional(),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  clientDistDir: string;
  databaseUrl: string | undefined;
  /**
   * Decision 0095: a direct connection to PostgreSQL when DATABASE_URL is a pooler in transaction mode
   * (PgBouncer); migrations, which need a session of their own, run on it.
   */
  databaseDirectUrl: string | undefined;
  /**
   * Decision 0095: a read replica for the heavy reads (search index loads, event pages, the price story),
   * used while it is at most `maxLagMs` behind the primary and not for a member who just wrote.
   */
  databaseReplica: { url: string; maxLagMs: number } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Where anyone can write to support without signing in (decision 0078): the sign-in page's "contact
   * support" for a suspended member, and the suspension e-mails.
   */
  supportEmail: string;
  cloudinaryUrl: string | undefined;
  logLevel: string;
  seedDemoData: boolean;
  trustProxy: boolean;
  /** Requests per client IP per 15 minutes on each sign-in, registration, recovery and subscribe call. */
  authRateLimit: number;
  /** How often the job runner looks for due jobs (the browser journeys shorten it). */
  jobPollIntervalMs: number;
  /** The IANA zone of a venue whose own is unknown and of a listing without a catalog venue (decision 0056). */
  platformTimeZone: string;
  /**
   * How long a job's claim lasts without its runner's heartbeat (renewed every third of it): a dead
   * instance's jobs are taken over within this plus the poll interval (decision 0053).
   */
  jobLeaseMs: number;
  /**
   * The CDN in front of the app (decision 0090): Fastly when FASTLY_SERVICE_ID and FASTLY_API_TOKEN are set,
   * purged by surrogate key when a show changes; absent means no CDN, and purges are only recorded.
   */
  fastly: { serviceId: string; apiToken: string; apiUrl: string } | undefined;
  /**
   * Stripe payments; absent means the built-in sandbox checkout (never in production). The publishable key
   * goes to the browser for Stripe Elements (saved cards); it is required in production only.
   */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        connectWebhookSecret: string | undefined;
        publishableKey: string | undefined;
      }
    | undefined;
  /**
   * Signs links in e-mails that act without signing in (a price alert's one-click unsubscribe, decision 0060):
   * the same in every instance. Outside production, without EMAIL_LINK_SECRET, the data directory's own
   * random one (dataDirEmailLinkSecret), made on first use; in tests a random one per configuration.
   */
  emailLinkSecret: string;
  /**
   * The key of the keyed hash kept of each ticket barcode (decision 0085): the same in every instance, and
   * never changed once barcodes are stored (a new key would let a listed barcode be listed again). Outside
   * production, without BARCODE_HASH_SECRET, the data directory's own random one; in tests a random one per
   * configuration.
   */
  barcodeHashSecret: string;
  /** How long reading an upload's barcodes may take before the file is answered (decision 0085). */
  barcodeDecodeTimeoutMs: number;
  /**
   * Prometheus metrics (decision 0067): GET /metrics answers on the app's port only with
   * `Authorization: Bearer <token>`, and on `port` (bound to `host`) when set; with neither there is no
   * /metrics at all and nothing is collected.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /**
   * Wallet passes (decision 0096): Apple's signing certificates and Google's service account. A wallet left
   * out is not offered; the calendar (.ics) needs no setting.
   */
  wallet: WalletSettings;
  /** Shutdown (decision 0067): how long a draining instance keeps serving while the load balancer notices its readiness failing, then how long in-flight work may take before it exits anyway. */
  shutdown: { drainDelayMs: number; timeoutMs: number };
}

/** A load balancer checking readiness every 5 s stops sending within two checks. */
const PRODUCTION_DRAIN_DELAY_MS = 10_000;

/** Where a data directory keeps the e-mail link secret it generated (outside production, without EMAIL_LINK_SECRET). */
export const EMAIL_LINK_SECRET_FILE = 'email-link-secret';

/**
 * The e-mail link secret of a data directory (issue 43 §12): read from its file, or generated (32 random
 * bytes, hex) and written there on first use, readable by its owner only. Two processes starting together
 * on one directory end with the same secret: only the first write succeeds, the other reads it.
 */
export function dataDirEmailLinkSecret(dataDir: string): string {
  return dataDirSecret(dataDir, EMAIL_LINK_SECRET_FILE);
}

/** Where a data directory keeps the barcode hash key it generated (outside production, without BARCODE_HASH_SECRET). */
export const BARCODE_HASH_SECRET_FILE = 'barcode-hash-secret';

/** A secret of a data directory, read from `fileName` there or generated and written on first use. */
function dataDirSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  const read = () => {
    try {
      const secret = readFileSync(file, 'utf8').trim();
      return /^[0-9a-f]{64}$/.test(secret) ? secret : null;
    } catch {
      return null;
    }
  };
  const known = read();
  if (known) return known;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  const other = read();
  if (other) return other;
  // A file that holds no secret (emptied, edited) is replaced.
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export class ConfigError extends Error {}

/** Reads the environment once. A bad or missing value stops start-up with a message naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const blankRemoved = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(blankRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.SMTP_URL) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production: the local outbox mail adapter exists only for development.',
    );
  }
  if (isProduction && !values.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL is required when NODE_ENV=production.');
  }
  if (!values.DATABASE_URL && (values.DATABASE_DIRECT_URL || values.DATABASE_REPLICA_URL)) {
    throw new ConfigError(
      'DATABASE_DIRECT_URL and DATABASE_REPLICA_URL need DATABASE_URL: without it the embedded database is used.',
    );
  }
  if (isProduction && !values.CLOUDINARY_URL) {
    throw new ConfigError(
      'CLOUDINARY_URL is required when NODE_ENV=production: the database image store exists only for development.',
    );
  }
  if (isProduction && !values.APP_URL) {
    throw new ConfigError('APP_URL is required when NODE_ENV=production (it is used in e-mail links).');
  }
  if (isProduction && !values.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY is required when NODE_ENV=production: the sandbox checkout exists only for development.',
    );
  }
  if (isProduction && /^(sk|rk)_test_/.test(values.STRIPE_SECRET_KEY ?? '')) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be a live key (sk_live_… or rk_live_…) when NODE_ENV=production: a test key takes no real payments.',
    );
  }
  if (isProduction && !values.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError(
      'STRIPE_PUBLISHABLE_KEY is required when NODE_ENV=production: the Add Payment Method dialog loads Stripe Elements with it.',
    );
  }
  if (isProduction && /^pk_test_/.test(values.STRIPE_PUBLISHABLE_KEY ?? '')) {
    throw new ConfigError(
      'STRIPE_PUBLISHABLE_KEY must be a live key (pk_live_…) when NODE_ENV=production, like STRIPE_SECRET_KEY.',
    );
  }
  if (isProduction && !values.EMAIL_LINK_SECRET) {
    throw new ConfigError(
      'EMAIL_LINK_SECRET is required when NODE_ENV=production: it signs the unsubscribe links in e-mails.',
    );
  }
  if (isProduction && !values.BARCODE_HASH_SECRET) {
    throw new ConfigError(
      'BARCODE_HASH_SECRET is required when NODE_ENV=production: it keys the hashes that keep a barcode from being sold twice.',
    );
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError('METRICS_PORT must differ from PORT: the metrics listener is a separate one.');
  }
  if (Boolean(values.FASTLY_SERVICE_ID) !== Boolean(values.FASTLY_API_TOKEN)) {
    throw new ConfigError(
      'FASTLY_SERVICE_ID and FASTLY_API_TOKEN go together: the CDN purge needs the service and a token to purge it.',
    );
  }
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: payments are confirmed by signed webhooks.',
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  // Without EMAIL_LINK_SECRET (never in production): tests take a random one per configuration; anything
  // else the one of its data directory, made on first use, so no link can be forged with a known value.
  let emailLinkSecret = values.EMAIL_LINK_SECRET;
  let barcodeHashSecret = values.BARCODE_HASH_SECRET;
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir,
    clientDistDir: path.resolve(values.CLIENT_DIST_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseDirectUrl: values.DATABASE_DIRECT_URL,
    databaseReplica: values.DATABASE_REPLICA_URL
      ? { url: values.DATABASE_REPLICA_URL, maxLagMs: values.DATABASE_REPLICA_MAX_LAG_MS }
      : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    cloudinaryUrl: values.CLOUDINARY_URL,
    logLevel: values.LOG_LEVEL,
    seedDemoData: values.SEED_DEMO_DATA,
    trustProxy: values.TRUST_PROXY,
    authRateLimit: values.AUTH_RATE_LIMIT,
    jobPollIntervalMs: values.JOB_POLL_INTERVAL_MS,
    jobLeaseMs: values.JOB_LEASE_MS,
    platformTimeZone: values.PLATFORM_TIME_ZONE,
    get emailLinkSecret() {
      emailLinkSecret ??=
        values.NODE_ENV === 'test' ? randomBytes(32).toString('hex') : dataDirEmailLinkSecret(dataDir);
      return emailLinkSecret;
    },
    barcodeDecodeTimeoutMs: values.BARCODE_DECODE_TIMEOUT_MS,
    get barcodeHashSecret() {
      barcodeHashSecret ??=
        values.NODE_ENV === 'test'
          ? randomBytes(32).toString('hex')
          : dataDirSecret(dataDir, BARCODE_HASH_SECRET_FILE);
      return barcodeHashSecret;
    },
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT, host: values.METRICS_HOST },
    shutdown: {
      // Nobody balances a laptop's traffic: there the instance stops at once.
      drainDelayMs: values.DRAIN_DELAY_MS ?? (isProduction ? PRODUCTION_DRAIN_DELAY_MS : 0),
      timeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    },
    wallet: walletSettings(values),
    fastly:
      values.FASTLY_SERVICE_ID && values.FASTLY_API_TOKEN
        ? {
            serviceId: values.FASTLY_SERVICE_ID,
            apiToken: values.FASTLY_API_TOKEN,
            apiUrl: values.FASTLY_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: values.STRIPE_CONNECT_WEBHOOK_SECRET,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY,
          }
        : undefined,
  };
}

// ── Wallet passes (decision 0096) ─────────────────────────────────────────────────────────────────────────

export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  /** PEM text of the pass type certificate, its private key (and the key's passphrase), Apple's WWDR. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdrCert: string;
}

export interface GoogleWalletSettings {
  issuerId: string;
  serviceAccountEmail: string;
  /** PEM text of the service account's RSA private key. */
  privateKey: string;
}

export interface WalletSettings {
  apple: AppleWalletSettings | undefined;
  google: GoogleWalletSettings | undefined;
}

type Environment = z.output<typeof environmentSchema>;

/**
 * A PEM setting: the PEM itself (a one-line value may write its line breaks as \\n), or the path of a file
 * holding it. Anything else stops start-up naming the variable.
 */
function pemSetting(name: string, value: string): string {
  const inline = value.replace(/\\n/g, '\n').trim();
  if (inline.startsWith('-----BEGIN ')) return `${inline}\n`;
  let text: string;
  try {
    text = readFileSync(path.resolve(value), 'utf8');
  } catch {
    throw new ConfigError(`${name} must be PEM text (-----BEGIN …) or the path of a readable PEM file.`);
  }
  if (!text.includes('-----BEGIN ')) throw new ConfigError(`${name}: ${value} holds no PEM block.`);
  return text;
}

function checkCertificate(name: string, pem: string): void {
  try {
    new X509Certificate(pem);
  } catch {
    throw new ConfigError(`${name} is not a readable X.509 certificate.`);
  }
}

function checkPrivateKey(name: string, pem: string, passphrase?: string): void {
  try {
    createPrivateKey({ key: pem, format: 'pem', ...(passphrase === undefined ? {} : { passphrase }) });
  } catch {
    throw new ConfigError(
      `${name} is not a readable private key${passphrase === undefined ? '' : ' with its passphrase'}.`,
    );
  }
}

/** All of a wallet's settings, or none (then it is not offered); some only stops start-up naming the rest. */
function allOrNone(wallet: string, settings: Record<string, string | undefined>): boolean {
  const missing = Object.entries(settings)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === Object.keys(settings).length) return false;
  if (missing.length > 0)
    throw new ConfigError(
      `${wallet} passes need ${missing.join(', ')} too: set all of its settings or none.`,
    );
  return true;
}

function walletSettings(values: Environment): WalletSettings {
  let apple: AppleWalletSettings | undefined;
  const appleSettings = {
    APPLE_WALLET_PASS_TYPE_ID: values.APPLE_WALLET_PASS_TYPE_ID,
    APPLE_WALLET_TEAM_ID: values.APPLE_WALLET_TEAM_ID,
    APPLE_WALLET_SIGNER_CERT: values.APPLE_WALLET_SIGNER_CERT,
    APPLE_WALLET_SIGNER_KEY: values.APPLE_WALLET_SIGNER_KEY,
    APPLE_WALLET_WWDR_CERT: values.APPLE_WALLET_WWDR_CERT,
  };
  if (allOrNone('Apple Wallet', appleSettings)) {
    const signerCert = pemSetting('APPLE_WALLET_SIGNER_CERT', values.APPLE_WALLET_SIGNER_CERT as string);
    const signerKey = pemSetting('APPLE_WALLET_SIGNER_KEY', values.APPLE_WALLET_SIGNER_KEY as string);
    const wwdrCert = pemSetting('APPLE_WALLET_WWDR_CERT', values.APPLE_WALLET_WWDR_CERT as string);
    const passphrase = values.APPLE_WALLET_KEY_PASSPHRASE;
    checkCertificate('APPLE_WALLET_SIGNER_CERT', signerCert);
    checkCertificate('APPLE_WALLET_WWDR_CERT', wwdrCert);
    checkPrivateKey('APPLE_WALLET_SIGNER_KEY', signerKey, passphrase);
    apple = {
      passTypeId: values.APPLE_WALLET_PASS_TYPE_ID as string,
      teamId: values.APPLE_WALLET_TEAM_ID as string,
      signerCert,
      signerKey,
      signerKeyPassphrase: passphrase,
      wwdrCert,
    };
  }
  let google: GoogleWalletSettings | undefined;
  const googleSettings = {
    GOOGLE_WALLET_ISSUER_ID: values.GOOGLE_WALLET_ISSUER_ID,
    GOOGLE_WALLET_CLIENT_EMAIL: values.GOOGLE_WALLET_CLIENT_EMAIL,
    GOOGLE_WALLET_PRIVATE_KEY: values.GOOGLE_WALLET_PRIVATE_KEY,
  };
  if (allOrNone('Google Wallet', googleSettings)) {
    const privateKey = pemSetting('GOOGLE_WALLET_PRIVATE_KEY', values.GOOGLE_WALLET_PRIVATE_KEY as string);
    checkPrivateKey('GOOGLE_WALLET_PRIVATE_KEY', privateKey);
    google = {
      issuerId: values.GOOGLE_WALLET_ISSUER_ID as string,
      serviceAccountEmail: values.GOOGLE_WALLET_CLIENT_EMAIL as string,
      privateKey,
    };
  }
  return { apple, google };
}
