import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder, openPglite, openPostgres } from '../db/client.js';

/*
 * Tests start from a database that is already migrated: an empty PGlite cluster costs 1.3-2 s of initdb
 * and the migrations another 0.3 s, a PostgreSQL database its migrations; a copy of a migrated one costs a
 * fraction. A template is named by a fingerprint of the migrations (and PGlite's version), so a changed
 * migration makes a new one; whichever test process needs it first makes it.
 */

/** The migrations' SQL and journal, and PGlite's own version: what a migrated data directory depends on. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  // The package's exports hide its package.json from require; the file itself is where npm put it.
  hash.update(readFileSync(path.join(repositoryRoot, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const fingerprint = migrationsFingerprint();
const pgliteTemplateDir = path.join(os.tmpdir(), 'encore-test-templates');
const pgliteTemplateFile = path.join(pgliteTemplateDir, `pglite-${fingerprint}.tar`);
let pgliteTemplate: Promise<Blob> | undefined;

async function makePgliteTemplate(): Promise<Blob> {
  try {
    return new Blob([readFileSync(pgliteTemplateFile)]);
  } catch {
    const database = await openPglite();
    await database.migrate();
    const dump = await (database.dumpDataDir as () => Promise<Blob>)();
    await database.close();
    mkdirSync(pgliteTemplateDir, { recursive: true });
    // Templates of other migrations go; this one's, being written by another test process now, stays.
    for (const old of readdirSync(pgliteTemplateDir))
      if (!old.startsWith(path.basename(pgliteTemplateFile)))
        rmSync(path.join(pgliteTemplateDir, old), { force: true });
    // Written aside and renamed, so a process reading it at the same time never sees half a file.
    const partial = `${pgliteTemplateFile}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, pgliteTemplateFile);
    return dump;
  }
}

/** The migrated PGlite data directory as a tarball: read once per test process, made once per fingerprint. */
export function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= makePgliteTemplate();
  return pgliteTemplate;
}

const INVALID_CATALOG_NAME = '3D000';
const DUPLICATE_DATABASE = '42P04';

/** A migrated database on the PostgreSQL server that `create database … template` copies. */
export const postgresTemplateName = `encore_template_${fingerprint}`;

/**
 * Makes the PostgreSQL template under a name of its own and renames it into place once migrated, so a test
 * never copies a half-migrated one; when two processes race, the loser drops its copy.
 */
async function makePostgresTemplate(admin: pg.Client, serverUrl: string): Promise<void> {
  const building = `${postgresTemplateName}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = await openPostgres(url.toString(), { poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  try {
    await admin.query(`alter database ${building} rename to ${postgresTemplateName}`);
  } catch (error) {
    await admin.query(`drop database if exists ${building}`);
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
  }
}

/** Creates database `name` as a copy of the migrated template, making the template first if there is none. */
export async function createMigratedPostgres(
  admin: pg.Client,
  serverUrl: string,
  name: string,
): Promise<void> {
  try {
    await admin.query(`create database ${name} template ${postgresTemplateName}`);
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
    await makePostgresTemplate(admin, serverUrl);
    await admin.query(`create database ${name} template ${postgresTemplateName}`);
  }
}
