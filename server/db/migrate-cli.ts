import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  dataDir: config.dataDir,
});
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
