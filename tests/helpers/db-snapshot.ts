import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import { migrate } from '../../src/backend/db/migrate.js';
import { openPostgres } from '../../src/backend/db/postgres.js';
import type { Db } from '../../src/backend/db/types.js';

/**
 * Most test files start a backend on a new database, on PGlite and on PostgreSQL. A new PGlite cluster costs an
 * initdb (about 5 s of CPU), and the migrations and the seed come on top, on both databases. The global setup
 * migrates and seeds one database of each kind per run (or reuses the one of an earlier run whose schema files
 * were the same), and the test backends start from a copy of it: PGlite from its data-directory archive,
 * PostgreSQL with `create database … template`. The migrations still run in every test run, and the backend still
 * runs `migrate` on the copy (which finds every migration applied). Tests that need an empty database, or their
 * own supabase/ folder, get a new one as before.
 */

/** Environment variables through which the global setup hands the copies to the test files. */
export const PGLITE_ARCHIVE_ENV = 'TEST_PGLITE_ARCHIVE';
export const PG_TEMPLATE_ENV = 'TEST_PG_TEMPLATE';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const SUPABASE = path.join(root, 'supabase');
const KEEP_OLD_MS = 2 * 60 * 60 * 1000;

/** A hash of everything `migrate` reads (and of the PGlite build): equal hashes give equal databases. */
export function schemaKey(): string {
  const h = crypto.createHash('sha256');
  const files = [
    path.join(root, 'src/backend/db/bootstrap.sql'),
    path.join(root, 'src/backend/db/migrate.ts'),
    path.join(root, 'src/backend/storage/schema.sql'),
    path.join(SUPABASE, 'seed.sql'),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
    ...fs
      .readdirSync(path.join(SUPABASE, 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => path.join(SUPABASE, 'migrations', f)),
  ];
  for (const f of files) {
    h.update(path.relative(root, f));
    h.update('\0');
    h.update(fs.existsSync(f) ? fs.readFileSync(f) : '');
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

function rawPgliteDb(p: PGlite): Db {
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params: unknown[] = []) => {
      const r = await p.query<T>(sql, params);
      return { rows: r.rows, fields: r.fields, rowCount: r.affectedRows ?? r.rows.length };
    },
    exec: async (sql: string) => {
      await p.exec(sql);
    },
    transaction: (fn) =>
      p.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params: unknown[] = []) => {
            const r = await tx.query<T>(sql, params);
            return { rows: r.rows, fields: r.fields, rowCount: r.affectedRows ?? r.rows.length };
          },
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
    listen: async () => async () => {},
    close: () => p.close(),
  } as Db;
}

/** The archive of a migrated and seeded PGlite cluster, made once per schema (kept in the system's temp folder). */
export async function preparePgliteArchive(key = schemaKey()): Promise<string> {
  const dir = path.join(os.tmpdir(), 'churrasqueira-test-db');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${key}.tar.gz`);
  for (const f of fs.readdirSync(dir)) {
    const full = path.join(dir, f);
    if (full !== file && Date.now() - fs.statSync(full).mtimeMs > KEEP_OLD_MS) fs.rmSync(full, { force: true });
  }
  if (fs.existsSync(file)) {
    fs.utimesSync(file, new Date(), new Date());
    return file;
  }
  const p = await PGlite.create({ extensions: { pgcrypto } });
  try {
    await migrate(rawPgliteDb(p), SUPABASE);
    const blob = await p.dumpDataDir('gzip');
    // Written under another name, then renamed: two runs at once never read half an archive.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await p.close();
  }
  return file;
}

/** A migrated and seeded PostgreSQL database, marked as a template, made once per schema on the test server. */
export async function preparePostgresTemplate(adminUrl: string, key = schemaKey()): Promise<string> {
  const name = `test_template_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two runs at once build it once: the second waits here, then finds it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const old = await admin.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made from pg_database
        where datname like 'test\\_template\\_%' and datname <> $1`,
      [name],
    );
    for (const o of old.rows) {
      if (o.made && Date.now() - Number(o.made) < KEEP_OLD_MS) continue;
      await admin.query(`alter database ${o.datname} is_template false`);
      await admin.query(`drop database if exists ${o.datname} with (force)`);
    }
    const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
    if (exists.rowCount === 0) {
      const wip = `${name}_wip`;
      await admin.query(`drop database if exists ${wip} with (force)`);
      // Dated at once like a template: a run of another schema (another checkout on the same server) cleaning
      // old templates must not drop this one while it is being migrated.
      await admin.query(`create database ${wip}`);
      await admin.query(`comment on database ${wip} is '${Date.now()}'`);
      const url = new URL(adminUrl);
      url.pathname = `/${wip}`;
      const db = await openPostgres(url.toString(), 2);
      try {
        await migrate(db, SUPABASE);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${wip} rename to ${name}`);
      await admin.query(`alter database ${name} is_template true allow_connections false`);
    }
    await admin.query(`comment on database ${name} is '${Date.now()}'`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/**
 * Lays the migrated and seeded PGlite cluster of the global setup into `<dataDir>/pglite`, where the backend keeps
 * its database, for a test about what happens on a data directory rather than about its first initdb. Without a
 * copy (TEST_DB_SNAPSHOT=off, TEST_DB=postgres) the backend makes its cluster itself, as before.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<boolean> {
  const archive = process.env[PGLITE_ARCHIVE_ENV];
  if (!archive) return false;
  const p = await PGlite.create(path.join(dataDir, 'pglite'), {
    extensions: { pgcrypto },
    loadDataDir: new Blob([fs.readFileSync(archive)]),
  });
  await p.close();
  return true;
}
