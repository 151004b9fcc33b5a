import { readFile } from 'node:fs/promises';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { parseDiscoveryEvents, upsertCatalog } from './import.js';

// `npm run catalog:import -- FILE`: FILE is a saved Ticketmaster Discovery API v2 event-search answer.
const file = process.argv[2];
if (!file) {
  console.error(
    'Usage: npm run catalog:import -- FILE (a Ticketmaster Discovery API event-search JSON answer)',
  );
  process.exit(1);
}

let parsed: ReturnType<typeof parseDiscoveryEvents>;
try {
  parsed = parseDiscoveryEvents(JSON.parse(await readFile(file, 'utf8')));
} catch (error) {
  console.error(`${file} is not a Discovery API event-search answer: ${(error as Error).message}`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  dataDir: config.dataDir,
});
try {
  await database.migrate();
  const counts = await upsertCatalog(database.db, parsed.events, config.platformTimeZone);
  console.log(
    `Imported ${counts.events} events, ${counts.venues} venues, ${counts.artists} artists and ` +
      `${counts.eventArtists} lineup entries (${database.kind}).`,
  );
  for (const skipped of parsed.skipped) console.log(`Skipped event ${skipped.id}: ${skipped.reason}.`);
} finally {
  await database.close();
}
