import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemoData } from './demo.js';

const config = loadConfig();
if (config.isProduction) {
  console.error('Demo data is never seeded in production.');
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  dataDir: config.dataDir,
});
await database.migrate();
await seedDemoData(database.db, config.appUrl);
await database.close();
console.log(`Demo data seeded (${database.kind}).`);
