import { buildStaleApps } from '../../../src/backend/cli/build-apps';
import { PGLITE_ARCHIVE_ENV, preparePgliteArchive } from '../../helpers/db-snapshot';

/**
 * The browser tests run against the built apps, as `npm start` serves them. Each worker's backend starts from a
 * migrated and seeded PGlite archive (tests/helpers/db-snapshot.ts); the workers inherit this environment.
 */
export default async function globalSetup(): Promise<void> {
  buildStaleApps(process.cwd());
  process.env[PGLITE_ARCHIVE_ENV] = await preparePgliteArchive();
}
