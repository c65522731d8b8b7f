import pg from 'pg';
import { adminDatabaseUrl, testDatabases } from './backend.js';
import {
  PG_TEMPLATE_ENV,
  PGLITE_ARCHIVE_ENV,
  preparePgliteArchive,
  preparePostgresTemplate,
  schemaKey,
} from './db-snapshot.js';

/** Fails early, with a message saying what to do, when PostgreSQL is wanted but not reachable. */
export default async function setup(): Promise<void> {
  // `npm run test:readme` runs the README's own commands, which pick their database as a new user's
  // would (PGlite, or PostgreSQL when a URL is set): no test database is needed for it.
  if (process.env.README_TEST === 'full') return;
  // The migrated and seeded databases the test backends start from (./db-snapshot.ts); the forked test
  // workers inherit this process's environment.
  // TEST_DB_SNAPSHOT=off: every backend migrates a new database itself, as before (to compare, or to rule it out).
  const snapshots = process.env.TEST_DB_SNAPSHOT !== 'off';
  const key = schemaKey();
  if (snapshots && testDatabases().includes('pglite'))
    process.env[PGLITE_ARCHIVE_ENV] = await preparePgliteArchive(key);
  if (!testDatabases().includes('postgres')) return;
  const url = adminDatabaseUrl();
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    await c.query('select 1');
  } catch (e) {
    throw new Error(
      `PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} is not reachable (${(e as Error).message}). Start it (pg_ctlcluster 15 main start) or set TEST_DB=pglite.`,
    );
  } finally {
    await c.end().catch(() => {});
  }
  if (snapshots) process.env[PG_TEMPLATE_ENV] = await preparePostgresTemplate(url, key);
}
