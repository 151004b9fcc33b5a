/**
 * Child process of startup.bench.ts: main.ts's first start on an empty data directory
 * (argv[2]), step by step, in a fresh process like the real one. Prints one JSON line:
 * milliseconds per step. Not a benchmark itself (run.ts only picks up *.bench.ts).
 */
// Imported by nothing; the export makes top-level await legal for the type checker.
export {};

const booted = process.uptime() * 1000;
const steps: Record<string, number> = { 'node + tsx boot': booted };
let last = performance.now();
const lap = (step: string) => {
  const now = performance.now();
  steps[step] = now - last;
  last = now;
};

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: startup-steps.ts <empty data dir>');
const { buildApp } = await import('../server/app.js');
const { loadConfig } = await import('../server/config.js');
const { openPglite } = await import('../server/db/client.js');
const { seedDemoUsers } = await import('../server/seed/users.js');
const { seedCatalog } = await import('../server/seed/catalog.js');
const { seedListings } = await import('../server/seed/listings.js');
const { OutboxMailer } = await import('../server/adapters/mail/outbox.js');
lap('import server modules');
const database = await openPglite(dataDir);
lap('openPglite (initdb)');
await database.migrate();
lap('migrate');
const users = await seedDemoUsers(database.db);
lap('seedDemoUsers');
await seedCatalog(database.db);
lap('seedCatalog');
await seedListings(database.db, users);
lap('seedListings');
const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
lap('buildApp');
await app.listen({ port: 0, host: '127.0.0.1' });
lap('listen');
await app.close();
await database.close();
console.log(JSON.stringify(steps));
