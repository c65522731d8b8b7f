// The migrations as a reader meets them: the base set (before 2025-11-26) defines each function once,
// in its final shape; every function of the database is created by exactly one migration; and
// supabase/schemas/current.sql is what the migrations build (`npm run schema:dump` rewrites it).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, listMigrations } from '../../src/backend/db/migrate.js';
import type { Db } from '../../src/backend/db/types.js';
import { CURRENT_SCHEMA_FILE, SUPABASE_DIR, schemaText } from '../../scripts/schema-dump.js';
import { testDatabases } from '../helpers/backend.js';
import { openMigratedDb } from './migrated-db.js';

/** Migrations up to this version were squashed into one readable set: no function defined twice there. */
const SQUASHED_UNTIL = '20251126000000';

const migrations = listMigrations(SUPABASE_DIR).map((m) => ({ ...m, sql: fs.readFileSync(m.file, 'utf8') }));
const definitions = (sql: string) =>
  [...sql.matchAll(/^create\s+(or\s+replace\s+)?function\s+public\.(\w+)\s*\(/gim)].map((m) => ({
    name: m[2],
    replace: Boolean(m[1]),
  }));

describe('migration files', () => {
  const base = migrations.filter((m) => m.version < SQUASHED_UNTIL);

  it('the squashed set defines each function once, in its final shape', () => {
    expect(base.length).toBeGreaterThan(0);
    const names = base.flatMap((m) => definitions(m.sql).map((d) => ({ ...d, file: path.basename(m.file) })));
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const d of names) {
      if (seen.has(d.name)) twice.push(`${d.name} (${seen.get(d.name)} and ${d.file})`);
      seen.set(d.name, d.file);
    }
    expect(twice).toEqual([]);
    expect(names.filter((d) => d.replace).map((d) => d.name)).toEqual([]);
    for (const m of base) {
      expect(m.sql, path.basename(m.file)).not.toMatch(/alter\s+function\s+[\w.]+\s*\([^)]*\)\s+rename/i);
      expect(m.sql, path.basename(m.file)).not.toMatch(/^drop\s+(function|policy|index)\b/im);
    }
  });

  it('every function is created by exactly one migration (later ones may replace it)', () => {
    const created = migrations.flatMap((m) => definitions(m.sql).filter((d) => !d.replace)).map((d) => d.name);
    const counts = new Map<string, number>();
    for (const n of created) counts.set(n, (counts.get(n) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    for (const m of migrations) {
      for (const d of definitions(m.sql).filter((x) => x.replace)) {
        const first = migrations.find((x) => definitions(x.sql).some((y) => y.name === d.name && !y.replace));
        expect(first && first.version < m.version, `${d.name} replaced in ${path.basename(m.file)}`).toBe(true);
      }
    }
  });
});

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
    const defined = new Set(migrations.flatMap((m) => definitions(m.sql).map((d) => d.name)));
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
