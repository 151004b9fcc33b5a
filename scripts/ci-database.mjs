// Creates or drops a PostgreSQL database for CI: `node scripts/ci-database.mjs create|drop NAME`.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: ci-database.mjs create|drop NAME');
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.PG_ADMIN_URL });
await client.connect();
await client.query(
  action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`,
);
await client.end();
console.log(`${action === 'create' ? 'Created' : 'Dropped'} database ${name}`);
