import type { DbKind } from '../tests/helpers/backend.js';

/**
 * The databases a benchmark runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL or
 * DATABASE_URL names a server. The test helpers read TEST_DATABASE_URL, so it is set only to a real URL.
 */
export function benchDatabases(env: NodeJS.ProcessEnv = process.env): DbKind[] {
  const url = env.TEST_DATABASE_URL || env.DATABASE_URL;
  if (!url) {
    delete env.TEST_DATABASE_URL;
    return ['pglite'];
  }
  env.TEST_DATABASE_URL = url;
  return ['pglite', 'postgres'];
}
