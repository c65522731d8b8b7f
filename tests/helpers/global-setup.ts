import pg from 'pg';
import { adminDatabaseUrl, testDatabases } from './backend.js';

/** Fails early, with a message saying what to do, when PostgreSQL is wanted but not reachable. */
export default async function setup(): Promise<void> {
  if (!testDatabases().includes('postgres')) return;
  // `npm run test:readme` runs the README's own commands, which pick their database as a new user's
  // would (PGlite, or PostgreSQL when a URL is set): no test database is needed for it.
  if (process.env.README_TEST === 'full') return;
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
}
