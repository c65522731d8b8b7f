import { migrate } from '../../src/backend/db/migrate.js';
import { openPglite } from '../../src/backend/db/pglite.js';
import { openPostgres } from '../../src/backend/db/postgres.js';
import type { Db } from '../../src/backend/db/types.js';
import { SUPABASE_DIR } from '../../scripts/schema-dump.js';
import { createScratchDatabase, type DbKind } from '../helpers/backend.js';

/**
 * A new database (in-memory PGlite, or a scratch PostgreSQL database) with supabase/ migrated into it, without
 * the rest of the backend: for tests that read the catalogue. `close` also drops the scratch database.
 */
export async function openMigratedDb(kind: DbKind, prefix: string): Promise<{ db: Db; close(): Promise<void> }> {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  if (kind === 'pglite') db = await openPglite(null);
  else {
    const scratch = await createScratchDatabase(prefix);
    drop = scratch.drop;
    db = await openPostgres(scratch.url, 2);
  }
  await migrate(db, SUPABASE_DIR);
  return {
    db,
    async close() {
      await db.close();
      await drop();
    },
  };
}
