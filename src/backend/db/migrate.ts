import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface MigrationReport {
  /** True when this start created the database (bootstrap ran for the first time). */
  fresh: boolean;
  applied: string[];
  seeded: boolean;
}

/** Lists `migrations/*.sql` the way the Supabase CLI orders them: by file name. */
export function listMigrations(supabaseDir: string): { version: string; name: string; file: string }[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const base = f.slice(0, -4);
      const cut = base.indexOf('_');
      return {
        version: cut === -1 ? base : base.slice(0, cut),
        name: cut === -1 ? '' : base.slice(cut + 1),
        file: path.join(dir, f),
      };
    });
}

/**
 * Creates what a new Supabase project has, applies each migration once (recorded in
 * supabase_migrations.schema_migrations, like the CLI) and runs seed.sql on a new database.
 */
export async function migrate(db: Db, supabaseDir: string): Promise<MigrationReport> {
  const fresh = (await db.query(`select to_regclass('supabase_migrations.schema_migrations') is null as fresh`))
    .rows[0] as { fresh: boolean };
  await db.exec(fs.readFileSync(path.join(here, 'bootstrap.sql'), 'utf8'));
  // Storage's schema exists on every Supabase project before its migrations: policies on storage.objects need it.
  await db.exec(fs.readFileSync(path.join(here, '..', 'storage', 'schema.sql'), 'utf8'));

  const recorded = (
    await db.query<{ version: string; name: string | null }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    )
  ).rows;
  const done = new Set(recorded.map((r) => r.version));
  const local = listMigrations(supabaseDir);
  // Like `supabase db push`, a database that applied migrations this folder does not have is refused: the
  // remaining files would be applied on top of a schema they were not written for.
  const foreign = recorded.filter((r) => !local.some((m) => m.version === r.version && m.name === (r.name ?? '')));
  if (foreign.length > 0) {
    throw new Error(
      `This database applied migrations that are not in ${path.join(supabaseDir, 'migrations')} ` +
        `(${foreign.map((r) => `${r.version}_${r.name ?? ''}`).join(', ')}): it was built by another version of the ` +
        'schema (the migrations are squashed until the first deployment, last on 26 November 2026). Start from a new database or data directory.',
    );
  }
  const applied: string[] = [];
  for (const m of local) {
    if (done.has(m.version)) continue;
    const sql = fs.readFileSync(m.file, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          m.version,
          m.name,
        ]);
      });
    } catch (e) {
      throw new Error(`Migration ${path.basename(m.file)} failed: ${(e as Error).message}`);
    }
    applied.push(m.version);
  }

  let seeded = false;
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (fresh.fresh && fs.existsSync(seedFile)) {
    try {
      await db.exec(fs.readFileSync(seedFile, 'utf8'));
    } catch (e) {
      throw new Error(`seed.sql failed: ${(e as Error).message}`);
    }
    seeded = true;
  }
  return { fresh: fresh.fresh, applied, seeded };
}
