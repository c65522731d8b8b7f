import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import type { Db, Queryable } from '../db/types.js';
import { listMigrations, migrate } from '../db/migrate.js';

/**
 * A backup is a logical dump, the same on PGlite and PostgreSQL (so a PGlite backup also restores into
 * PostgreSQL and back): gzip'd JSON lines, a header naming the applied migrations, then one line per
 * table with its rows, then the sequences. It is read in one REPEATABLE READ, read-only transaction, so
 * it is one consistent moment of the database while the shop keeps taking orders. The schema is not in
 * the file: restore rebuilds it from the migrations the backup names, then loads the rows.
 */
export const BACKUP_FORMAT = 'churrasqueira-backup';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: Db['kind'];
  /** Versions of the migrations applied in the backed-up database, in order. */
  migrations: string[];
  summary: BackupSummary;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  orders: number;
  /** created_at of the newest order, ISO; null without orders. */
  latestOrder: string | null;
  /** Stored files (menu photos: storage objects under DATA_DIR/storage) in the backup. */
  files?: number;
}

interface TableLine {
  schema: string;
  table: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

/** A stored file's bytes (an object version of DATA_DIR/storage, named by its version id). */
interface FileLine {
  storageObject: string;
  data: string;
}

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function objectFile(dataDir: string, version: string): string {
  return path.join(dataDir, 'storage', 'objects', version.slice(0, 2), version);
}

interface SequencesLine {
  sequences: { schema: string; name: string; lastValue: string | null }[];
}

/** Schemas of the product (all but PostgreSQL's own). */
const USER_SCHEMAS = `n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`;

const TABLES_SQL = `
  select n.nspname as schema, c.relname as "table",
    array_to_json(array(select a.attname::text from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum)) as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and ${USER_SCHEMAS}
  order by 1, 2`;

function ident(...parts: string[]): string {
  return parts.map((p) => `"${p.replace(/"/g, '""')}"`).join('.');
}

async function tableList(q: Queryable): Promise<{ schema: string; table: string; columns: string[] }[]> {
  const rows = (await q.query<{ schema: string; table: string; columns: string[] | string }>(TABLES_SQL)).rows;
  return rows.map((r) => ({
    ...r,
    columns: typeof r.columns === 'string' ? (JSON.parse(r.columns) as string[]) : r.columns,
  }));
}

async function orderSummary(q: Queryable): Promise<{ orders: number; latestOrder: string | null }> {
  const exists = (await q.query<{ t: string | null }>(`select to_regclass('public.orders')::text as t`)).rows[0]?.t;
  if (!exists) return { orders: 0, latestOrder: null };
  const r = (
    await q.query<{ n: string; latest: string | null }>(
      `select count(*)::text as n, to_json(max(created_at)) #>> '{}' as latest from public.orders`,
    )
  ).rows[0];
  return { orders: Number(r.n), latestOrder: r.latest ? new Date(r.latest).toISOString() : null };
}

/** Whether the database holds a backend's data (the migrations table exists). */
export async function isBackendDatabase(db: Db): Promise<boolean> {
  return (
    (await db.query<{ t: string | null }>(`select to_regclass('supabase_migrations.schema_migrations')::text as t`))
      .rows[0]?.t != null
  );
}

/** Writes a gzip'd stream, fsyncs it, and renames it into place: a backup file is whole or absent. */
async function writeAtomically(
  file: string,
  produce: (write: (line: string) => Promise<void>) => Promise<void>,
): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  fs.rmSync(tmp, { force: true });
  const out = fs.createWriteStream(tmp, { mode: 0o600, flags: 'wx' });
  const gzip = zlib.createGzip();
  gzip.pipe(out);
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    const fail = (e: Error) => {
      failure ??= e;
      reject(e);
    };
    out.on('error', fail);
    gzip.on('error', fail);
  });
  failed.catch(() => {});
  const write = async (line: string) => {
    if (failure) throw failure;
    if (!gzip.write(line + '\n')) await Promise.race([new Promise((r) => gzip.once('drain', r)), failed]);
  };
  try {
    await produce(write);
    gzip.end();
    await Promise.race([new Promise<void>((r) => out.once('finish', () => r())), failed]);
    const fd = fs.openSync(tmp, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
    const dirFd = fs.openSync(path.dirname(file), 'r');
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
    return fs.statSync(file).size;
  } catch (e) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(tmp, { force: true });
    throw failure ?? e;
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  summary: BackupSummary;
}

/**
 * Dumps the whole database into `file` (one consistent snapshot), with the stored files (menu photos)
 * its storage.objects rows refer to when `dataDir` is given. A stored file is never changed once
 * written (a new upload is a new version), so reading them after the rows is consistent too.
 */
export async function dumpDatabase(
  db: Db,
  file: string,
  options: { dataDir?: string | null } = {},
): Promise<BackupResult> {
  const started = Date.now();
  let summary: BackupSummary = { tables: 0, rows: 0, orders: 0, latestOrder: null };
  const bytes = await writeAtomically(file, (write) =>
    db.transaction(
      async (tx) => {
        await tx.query('set transaction isolation level repeatable read');
        const migrations = (
          await tx.query<{ version: string }>(
            'select version from supabase_migrations.schema_migrations order by version',
          )
        ).rows.map((r) => r.version);
        const tables = await tableList(tx);
        const counts = await Promise.all([orderSummary(tx)]);
        const lines: string[] = [];
        let rows = 0;
        for (const t of tables) {
          const r = (
            await tx.query<{ n: string; rows: string }>(
              `select count(*)::text as n, '[' || coalesce(string_agg(row_to_json(t)::text, ','), '') || ']' as rows from ${ident(t.schema, t.table)} t`,
            )
          ).rows[0];
          rows += Number(r.n);
          lines.push(
            `{"schema":${JSON.stringify(t.schema)},"table":${JSON.stringify(t.table)},"columns":${JSON.stringify(t.columns)},"rows":${r.rows}}`,
          );
        }
        const sequences = (
          await tx.query<{ schema: string; name: string; last_value: string | null }>(
            `select schemaname::text as schema, sequencename::text as name, last_value::text from pg_sequences where schemaname not like 'pg\\_%' and schemaname <> 'information_schema' order by 1, 2`,
          )
        ).rows.map((s) => ({ schema: s.schema, name: s.name, lastValue: s.last_value }));
        const versions = (await tx.query<{ t: string | null }>(`select to_regclass('storage.objects')::text as t`))
          .rows[0]?.t
          ? (
              await tx.query<{ version: string }>('select version from storage.objects where version is not null')
            ).rows.map((r) => r.version)
          : [];
        // Files removed since (a photo replaced after this moment) are not part of it.
        const files = options.dataDir
          ? versions.filter((v) => VERSION.test(v) && fs.existsSync(objectFile(options.dataDir!, v)))
          : [];
        summary = { tables: tables.length, rows, ...counts[0], files: files.length };
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: 1,
          createdAt: new Date().toISOString(),
          database: db.kind,
          migrations,
          summary,
        };
        await write(JSON.stringify(header));
        for (const l of lines) await write(l);
        await write(JSON.stringify({ sequences } satisfies SequencesLine));
        for (const v of files) {
          const data = await fs.promises.readFile(objectFile(options.dataDir!, v));
          await write(JSON.stringify({ storageObject: v, data: data.toString('base64') } satisfies FileLine));
        }
      },
      { readOnly: true },
    ),
  );
  return { file, bytes, ms: Date.now() - started, summary };
}

async function* readLines(file: string): AsyncGenerator<string> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) if (line !== '') yield line;
}

/** The header of a backup file, or a clear error when the file is not one. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  if (!fs.existsSync(file)) throw new Error(`No such backup file: ${file}`);
  let header: BackupHeader | null = null;
  try {
    for await (const line of readLines(file)) {
      header = JSON.parse(line) as BackupHeader;
      break;
    }
  } catch (e) {
    throw new Error(`${file} is not a readable backup (${(e as Error).message}).`);
  }
  if (!header || header.format !== BACKUP_FORMAT)
    throw new Error(`${file} is not a backup made by \`npm run backup\`.`);
  return header;
}

/** The tables a backup file has rows for (the start of each table line, which dumpDatabase writes first). */
async function backupTables(file: string): Promise<{ schema: string; table: string }[]> {
  const out: { schema: string; table: string }[] = [];
  for await (const line of readLines(file)) {
    const m = line.match(/^\{"schema":("(?:[^"\\]|\\.)*"),"table":("(?:[^"\\]|\\.)*")/);
    if (m) out.push({ schema: JSON.parse(m[1]) as string, table: JSON.parse(m[2]) as string });
  }
  return out;
}

/** The migrations' own bookkeeping stays as the code's migrations left it: the schema is the code's. */
const KEEP_SCHEMAS = new Set(['supabase_migrations']);

/**
 * Replaces the data in `db` by the backup's. The schema is the one this code's migrations build
 * (applied first, on a new database too); then, in one transaction (a failure leaves the database as it
 * was), every table the backup has is emptied and loaded with its rows, triggers off as pg_restore does
 * (no notification e-mails for restored orders), and the sequences are set. A backup made by a newer
 * version is refused; an older one loads the columns both versions have (new columns get their
 * defaults). Needs a superuser connection (the embedded database's `postgres`).
 */
export async function restoreDatabase(
  db: Db,
  file: string,
  supabaseDir: string,
  options: { dataDir?: string | null } = {},
): Promise<{ header: BackupHeader; summary: BackupSummary; migrationsApplied: string[] }> {
  const header = await readBackupHeader(file);
  const knownVersions = new Set(listMigrations(supabaseDir).map((m) => m.version));
  const unknown = header.migrations.filter((v) => !knownVersions.has(v));
  if (unknown.length) {
    throw new Error(
      `This backup was made by a newer version of the product (migrations ${unknown.join(', ')} are not in ${supabaseDir}/migrations): update the code first.`,
    );
  }
  const migrations = await migrate(db, supabaseDir);
  const inFile = (await backupTables(file))
    .filter((t) => !KEEP_SCHEMAS.has(t.schema))
    .map((t) => ident(t.schema, t.table));
  await db.transaction(async (tx) => {
    const superuser = (await tx.query<{ s: string }>(`select current_setting('is_superuser') as s`)).rows[0].s;
    if (superuser !== 'on')
      throw new Error(
        'Restoring needs a superuser connection (the database owner `postgres`): triggers are switched off while the rows load.',
      );
    await tx.exec('set local session_replication_role = replica');
    const tables = await tableList(tx);
    const present = new Map(tables.map((t) => [ident(t.schema, t.table), new Set(t.columns)]));
    const replaced = inFile.filter((t) => present.has(t));
    if (replaced.length) await tx.exec(`truncate ${replaced.join(', ')} cascade`);
    let first = true;
    for await (const line of readLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      const item = JSON.parse(line) as TableLine | SequencesLine | FileLine;
      if ('storageObject' in item) {
        if (!options.dataDir || !VERSION.test(item.storageObject)) continue;
        const target = objectFile(options.dataDir, item.storageObject);
        if (fs.existsSync(target)) continue;
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.rmSync(`${target}.restore.tmp`, { force: true });
        fs.writeFileSync(`${target}.restore.tmp`, Buffer.from(item.data, 'base64'), { mode: 0o600, flag: 'wx' });
        fs.renameSync(`${target}.restore.tmp`, target);
        continue;
      }
      if ('sequences' in item) {
        for (const s of item.sequences) {
          if (s.lastValue === null || KEEP_SCHEMAS.has(s.schema)) continue;
          const exists = (
            await tx.query<{ t: string | null }>('select to_regclass($1)::text as t', [ident(s.schema, s.name)])
          ).rows[0].t;
          if (exists)
            await tx.query('select setval($1::regclass, $2::bigint, true)', [ident(s.schema, s.name), s.lastValue]);
        }
        continue;
      }
      const target = ident(item.schema, item.table);
      const cols = present.get(target);
      if (!cols || KEEP_SCHEMAS.has(item.schema) || !item.rows.length) continue;
      const common = item.columns.filter((c) => cols.has(c)).map((c) => ident(c));
      await tx.query(
        `insert into ${target} (${common.join(', ')}) overriding system value select ${common.join(', ')} from json_populate_recordset(null::${target}, $1::json)`,
        [JSON.stringify(item.rows)],
      );
    }
  });
  const summary = await db.transaction(async (tx) => ({
    tables: (await tableList(tx)).length,
    rows: header.summary.rows,
    ...(await orderSummary(tx)),
    files: header.summary.files,
  }));
  return { header, summary, migrationsApplied: migrations.applied };
}
