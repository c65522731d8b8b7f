// The schema the migrations build, on PGlite and PostgreSQL: supabase/schemas/current.sql is what they
// build (`npm run schema:dump` rewrites it), every function of the database is defined in a migration, and a
// database built by migrations the folder no longer has is refused. That each function, trigger, policy and
// constraint has one home among the files is checked without a database: tests/unit/migrations-one-home.test.ts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, listMigrations } from '../../src/backend/db/migrate.js';
import type { Db } from '../../src/backend/db/types.js';
import { CURRENT_SCHEMA_FILE, SUPABASE_DIR, schemaText } from '../../scripts/schema-dump.js';
import { testDatabases } from '../helpers/backend.js';
import { openMigratedDb } from './migrated-db.js';

const migrations = listMigrations(SUPABASE_DIR).map((m) => ({ ...m, sql: fs.readFileSync(m.file, 'utf8') }));
const definitions = (sql: string) =>
  [...sql.matchAll(/^create\s+(or\s+replace\s+)?function\s+public\.(\w+)\s*\(/gim)].map((m) => m[2]);

describe.each(testDatabases())('schema on %s', (kind) => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, close } = await openMigratedDb(kind, 'schema'));
  });
  afterAll(async () => close?.());

  it('supabase/schemas/current.sql is what the migrations build (npm run schema:dump)', async () => {
    const text = await db.transaction((tx) => schemaText(tx));
    const file = fs.readFileSync(CURRENT_SCHEMA_FILE, 'utf8');
    // Compared line by line so that a failure names the lines that moved.
    expect(text.split('\n')).toEqual(file.split('\n'));
  });

  it('every function of the database is defined in the migrations', async () => {
    const names = (
      await db.query<{ name: string }>(
        `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by 1`,
      )
    ).rows.map((r) => r.name);
    const defined = new Set(migrations.flatMap((m) => definitions(m.sql)));
    expect(names.length).toBeGreaterThan(60);
    expect(names.filter((n) => !defined.has(n))).toEqual([]);
  });

  it('refuses a database built by migrations the folder no longer has (one from before the squash)', async () => {
    expect((await migrate(db, SUPABASE_DIR)).applied).toEqual([]);
    await db.query(
      `insert into supabase_migrations.schema_migrations (version, name) values ('20251121101100', 'order_request_id')`,
    );
    try {
      await expect(migrate(db, SUPABASE_DIR)).rejects.toThrow(
        /applied migrations that are not in .*supabase\/migrations \(20251121101100_order_request_id\).*new database/,
      );
    } finally {
      await db.query(`delete from supabase_migrations.schema_migrations where version = '20251121101100'`);
    }
  });
});
