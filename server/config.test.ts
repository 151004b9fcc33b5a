import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, EMAIL_LINK_SECRET_FILE, loadConfig } from './config.js';
import { makeTestWalletCredentials } from './modules/wallet/testing.js';

describe('loadConfig', () => {
  it('gives working local defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      seedDemoData: true,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('takes a dead instance’s jobs over within 30 s by default: a lease plus one poll (issue 32 §3)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ jobLeaseMs: 15_000, jobPollIntervalMs: 10_000 });
    expect(config.jobLeaseMs + config.jobPollIntervalMs).toBeLessThanOrEqual(30_000);
    expect(loadConfig({ JOB_LEASE_MS: '1500' }).jobLeaseMs).toBe(1_500);
    expect(() => loadConfig({ JOB_LEASE_MS: '999' })).toThrow(/JOB_LEASE_MS/);
  });

  it('derives APP_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ APP_URL: 'https://encore.example/' }).appUrl).toBe('https://encore.example');
  });

  it('reads the direct and replica connections only beside DATABASE_URL (decision 0095)', () => {
    const database = { DATABASE_URL: 'postgres://pgbouncer.internal/encore' };
    const config = loadConfig({
      ...database,
      DATABASE_DIRECT_URL: 'postgres://db.internal/encore',
      DATABASE_REPLICA_URL: 'postgres://replica.internal/encore',
    });
    expect(config.databaseDirectUrl).toBe('postgres://db.internal/encore');
    expect(config.databaseReplica).toEqual({ url: 'postgres://replica.internal/encore', maxLagMs: 1_500 });
    expect(loadConfig(database).databaseReplica).toBeUndefined();
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica.internal/encore' })).toThrow(
      /need DATABASE_URL/,
    );
    expect(() => loadConfig({ ...database, DATABASE_REPLICA_MAX_LAG_MS: '50' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_MS/,
    );
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops start-up naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ CLOUDINARY_URL: 'https://nope' })).toThrow(/CLOUDINARY_URL/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_wrong' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('reads the platform time zone as an IANA name and refuses anything else', () => {
    expect(loadConfig({}).platformTimeZone).toBe('America/New_York');
    expect(loadConfig({ PLATFORM_TIME_ZONE: 'America/Los_Angeles' }).platformTimeZone).toBe(
      'America/Los_Angeles',
    );
    expect(loadConfig({ PLATFORM_TIME_ZONE: 'US/Central' }).platformTimeZone).toBe('America/Chicago');
    expect(() => loadConfig({ PLATFORM_TIME_ZONE: 'Pacific Time' })).toThrow(
      /PLATFORM_TIME_ZONE: must be an IANA time zone such as America\/New_York/,
    );
    expect(() => loadConfig({ PLATFORM_TIME_ZONE: '-08:00' })).toThrow(/PLATFORM_TIME_ZONE/);
  });

  it('uses Stripe only with both the secret key and the webhook secret, else the sandbox', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_456' }).stripe,
    ).toEqual({ secretKey: 'sk_test_123', webhookSecret: 'whsec_456', publishableKey: undefined });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_456',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_789',
      }).stripe?.publishableKey,
    ).toBe('pk_test_789');
  });

  it('purges Fastly only with both its service id and token; the API address can be moved (decision 0090)', () => {
    expect(loadConfig({}).fastly).toBeUndefined();
    expect(
      loadConfig({ FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', FASTLY_API_TOKEN: 'tok-123' }).fastly,
    ).toEqual({ serviceId: 'SU1Z0isxPaozGVKXdv0eY', apiToken: 'tok-123', apiUrl: 'https://api.fastly.com' });
    expect(
      loadConfig({ FASTLY_SERVICE_ID: 'svc1', FASTLY_API_TOKEN: 't', FASTLY_API_URL: 'http://127.0.0.1:9/' })
        .fastly?.apiUrl,
    ).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ FASTLY_SERVICE_ID: 'svc1' })).toThrow(/FASTLY_SERVICE_ID and FASTLY_API_TOKEN/);
    expect(() => loadConfig({ FASTLY_API_TOKEN: 't' })).toThrow(/FASTLY_SERVICE_ID and FASTLY_API_TOKEN/);
    expect(() => loadConfig({ FASTLY_SERVICE_ID: 'svc/../1', FASTLY_API_TOKEN: 't' })).toThrow(
      /FASTLY_SERVICE_ID/,
    );
  });

  it('sets a wallet up only with all its settings, PEM inline or by path, and checks the keys (decision 0096)', () => {
    const credentials = makeTestWalletCredentials();
    const none = loadConfig({}).wallet;
    expect(none).toEqual({ apple: undefined, google: undefined });
    const both = loadConfig(credentials.env).wallet;
    expect(both.apple).toMatchObject({
      passTypeId: 'pass.test.encore.tickets',
      teamId: 'TESTTEAM01',
      signerKeyPassphrase: 'test-passphrase',
    });
    expect(both.apple?.signerCert).toContain('-----BEGIN CERTIFICATE-----');
    expect(both.google).toMatchObject({
      issuerId: credentials.env.GOOGLE_WALLET_ISSUER_ID,
      serviceAccountEmail: credentials.env.GOOGLE_WALLET_CLIENT_EMAIL,
    });
    // One line with escaped line breaks, as an environment file holds it, and a file's path.
    const directory = mkdtempSync(path.join(tmpdir(), 'encore-config-wallet-'));
    try {
      const keyFile = path.join(directory, 'google.pem');
      writeFileSync(keyFile, credentials.google.privateKey);
      const google = loadConfig({
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
        GOOGLE_WALLET_CLIENT_EMAIL: 'wallet@encore.iam.gserviceaccount.com',
        GOOGLE_WALLET_PRIVATE_KEY: keyFile,
      }).wallet.google;
      expect(google?.privateKey).toBe(credentials.google.privateKey);
      const inline = loadConfig({
        ...credentials.env,
        APPLE_WALLET_WWDR_CERT: credentials.apple.wwdrCert.trim().replaceAll('\n', '\\n'),
      }).wallet.apple;
      expect(inline?.wwdrCert).toBe(credentials.apple.wwdrCert);
      expect(() =>
        loadConfig({ ...credentials.env, APPLE_WALLET_SIGNER_CERT: path.join(directory, 'missing.pem') }),
      ).toThrow(/APPLE_WALLET_SIGNER_CERT must be PEM text/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    // Some of a wallet's settings but not all stops start-up naming the rest.
    expect(() => loadConfig({ APPLE_WALLET_PASS_TYPE_ID: 'pass.test.encore.tickets' })).toThrow(
      /APPLE_WALLET_TEAM_ID, APPLE_WALLET_SIGNER_CERT, APPLE_WALLET_SIGNER_KEY, APPLE_WALLET_WWDR_CERT/,
    );
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: '1' })).toThrow(/GOOGLE_WALLET_CLIENT_EMAIL/);
    // A wrong passphrase, a key that is not one, a certificate that is not one, a malformed id.
    expect(() => loadConfig({ ...credentials.env, APPLE_WALLET_KEY_PASSPHRASE: 'wrong' })).toThrow(
      /APPLE_WALLET_SIGNER_KEY is not a readable private key/,
    );
    expect(() =>
      loadConfig({ ...credentials.env, GOOGLE_WALLET_PRIVATE_KEY: credentials.google.publicKey }),
    ).toThrow(/GOOGLE_WALLET_PRIVATE_KEY is not a readable private key/);
    expect(() =>
      loadConfig({ ...credentials.env, APPLE_WALLET_WWDR_CERT: credentials.google.publicKey }),
    ).toThrow(/APPLE_WALLET_WWDR_CERT is not a readable X.509 certificate/);
    expect(() => loadConfig({ ...credentials.env, APPLE_WALLET_TEAM_ID: 'team' })).toThrow(
      /APPLE_WALLET_TEAM_ID/,
    );
    expect(() => loadConfig({ ...credentials.env, GOOGLE_WALLET_ISSUER_ID: 'abc' })).toThrow(
      /GOOGLE_WALLET_ISSUER_ID/,
    );
  });

  it('refuses production without its real services', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.internal/encore',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      APP_URL: 'https://encore.example',
      CLOUDINARY_URL: 'cloudinary://key:secret@encore',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      EMAIL_LINK_SECRET: 'a'.repeat(64),
      BARCODE_HASH_SECRET: 'c'.repeat(64),
    };
    expect(loadConfig(production).isProduction).toBe(true);
    expect(() => loadConfig({ ...production, EMAIL_LINK_SECRET: '' })).toThrow(
      /EMAIL_LINK_SECRET is required/,
    );
    expect(() => loadConfig({ ...production, EMAIL_LINK_SECRET: 'short' })).toThrow(/EMAIL_LINK_SECRET/);
    expect(() => loadConfig({ ...production, BARCODE_HASH_SECRET: '' })).toThrow(
      /BARCODE_HASH_SECRET is required/,
    );
    expect(() => loadConfig({ ...production, BARCODE_HASH_SECRET: 'short' })).toThrow(/BARCODE_HASH_SECRET/);
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: '' })).toThrow(
      /STRIPE_SECRET_KEY is required/,
    );
    for (const testKey of ['sk_test_abc123', 'rk_test_abc123'])
      expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: testKey })).toThrow(/must be a live key/);
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: 'rk_live_abc123' }).isProduction).toBe(true);
    expect(() => loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(() => loadConfig({ ...production, STRIPE_PUBLISHABLE_KEY: '' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required/,
    );
    expect(() => loadConfig({ ...production, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be a live key/,
    );
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL is required/);
    expect(() => loadConfig({ ...production, DATABASE_URL: '' })).toThrow(/DATABASE_URL is required/);
    expect(() => loadConfig({ ...production, APP_URL: '' })).toThrow(/APP_URL is required/);
    expect(() => loadConfig({ ...production, CLOUDINARY_URL: '' })).toThrow(/CLOUDINARY_URL is required/);
  });

  it('exposes metrics only when a token or a port of their own is set (decision 0067)', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    const token = 'm'.repeat(40);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics.token).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'m'.repeat(40)} x` })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(
      /METRICS_PORT must differ from PORT/,
    );
  });

  it('drains for a while in production only, and bounds the whole shutdown (decision 0067)', () => {
    expect(loadConfig({}).shutdown).toEqual({ drainDelayMs: 0, timeoutMs: 25_000 });
    expect(loadConfig({ DRAIN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '5000' }).shutdown).toEqual({
      drainDelayMs: 1_500,
      timeoutMs: 5_000,
    });
    expect(() => loadConfig({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/encore',
      SMTP_URL: 'smtp://mail.example',
      CLOUDINARY_URL: 'cloudinary://key:secret@cloud',
      APP_URL: 'https://encore.example',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      EMAIL_LINK_SECRET: 'a'.repeat(64),
      BARCODE_HASH_SECRET: 'c'.repeat(64),
    };
    expect(loadConfig(production).shutdown.drainDelayMs).toBe(10_000);
  });

  it('signs e-mail links outside production with a random secret of its data directory, kept there (issue 43 §12)', () => {
    const first = mkdtempSync(path.join(tmpdir(), 'encore-data-'));
    const second = mkdtempSync(path.join(tmpdir(), 'encore-data-'));
    try {
      const dataDir = path.join(first, 'nested');
      const secret = loadConfig({ DATA_DIR: dataDir }).emailLinkSecret;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const file = path.join(dataDir, EMAIL_LINK_SECRET_FILE);
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
      // The same directory keeps its secret across restarts; another directory has its own.
      expect(loadConfig({ DATA_DIR: dataDir }).emailLinkSecret).toBe(secret);
      expect(loadConfig({ DATA_DIR: second }).emailLinkSecret).not.toBe(secret);
      // A file that holds no secret is replaced.
      writeFileSync(file, 'edited\n');
      const replaced = loadConfig({ DATA_DIR: dataDir }).emailLinkSecret;
      expect(replaced).toMatch(/^[0-9a-f]{64}$/);
      expect(replaced).not.toBe(secret);
      // A secret that is set is the one used, and no file is made for it.
      const set = 'b'.repeat(40);
      const third = path.join(second, 'set');
      expect(loadConfig({ DATA_DIR: third, EMAIL_LINK_SECRET: set }).emailLinkSecret).toBe(set);
      expect(() => statSync(third)).toThrow();
      // Tests take a random one per configuration and write nothing.
      const test = loadConfig({ NODE_ENV: 'test', DATA_DIR: third });
      expect(test.emailLinkSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(test.emailLinkSecret).toBe(test.emailLinkSecret);
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: third }).emailLinkSecret).not.toBe(
        test.emailLinkSecret,
      );
      expect(() => statSync(third)).toThrow();
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
