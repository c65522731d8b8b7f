import fs from 'node:fs';
import type { Db } from './types.js';

export type { Db, Queryable, QueryResult, PgError } from './types.js';
export { isPgError } from './types.js';

export interface OpenDbOptions {
  databaseUrl: string | null;
  dataDir: string | null;
  /** In memory only: a PGlite data-directory archive to start from (see BackendConfig.pgliteArchive). */
  pgliteArchive?: string | null;
}

export async function openDb({ databaseUrl, dataDir, pgliteArchive }: OpenDbOptions): Promise<Db> {
  if (databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(databaseUrl);
  }
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const { openPglite } = await import('./pglite.js');
  return openPglite(dataDir ? `${dataDir}/pglite` : null, dataDir ? null : pgliteArchive);
}
