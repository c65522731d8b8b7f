// Compares the schema that two sets of migrations build on PostgreSQL, e.g. before and after a
// migration is rewritten: `npm run schema:diff -- <git revision>` applies supabase/ of that revision
// to one new database and the working tree's supabase/ to another (with the embedded backend's
// migrate(), which first creates the roles, auth and storage schemas), then compares
//   - `pg_dump --schema-only` (tables, constraints, indexes, policies, grants, triggers, publication),
//     function bodies taken out;
//   - every function's signature, language, volatility, security definer, settings, owner and grants;
//   - every function body, with comments and whitespace ignored;
//   - the rows the migrations and seed.sql write (settings, categories, rate limits, buckets).
// Needs pg_dump on the PATH and a server (DATABASE_URL, default postgres://postgres:postgres@127.0.0.1:5432/postgres).
// Exit code 0 when both sides are equal, 1 with the differences printed otherwise.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/backend/db/migrate.js';
import { openPostgres } from '../src/backend/db/postgres.js';
import { withoutComments } from './sql-text.js';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function urlFor(db: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${db}`;
  return u.toString();
}

/** supabase/ at a git revision, written to a temporary directory. */
function supabaseAt(rev: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-diff-'));
  const tar = execFileSync('git', ['archive', rev, 'supabase'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return path.join(dir, 'supabase');
}

/** Removes `--` comments (outside quotes) and folds whitespace. */
export function normalizeBody(src: string): string {
  return withoutComments(src).replace(/\s+/g, ' ').trim();
}

interface Snapshot {
  dump: string[];
  functions: Map<string, string>;
  bodies: Map<string, string>;
  rows: string[];
}

async function snapshot(supabaseDir: string, label: string): Promise<Snapshot> {
  const name = `schema_diff_${label}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const db = await openPostgres(urlFor(name), 2);
    try {
      await migrate(db, supabaseDir);
      const fns = await db.query<{ sig: string; attrs: string; body: string }>(`
        select p.oid::regprocedure::text as sig,
               concat_ws(' | ', 'returns ' || pg_get_function_result(p.oid), 'args ' || pg_get_function_arguments(p.oid),
                 'lang ' || l.lanname, 'volatility ' || p.provolatile::text, 'secdef ' || p.prosecdef,
                 'strict ' || p.proisstrict, 'config ' || coalesce(array_to_string(p.proconfig, ','), '-'),
                 'owner ' || pg_get_userbyid(p.proowner),
                 'acl ' || coalesce((select string_agg(a::text, ',' order by a::text) from unnest(p.proacl) a), 'default')) as attrs,
               p.prosrc as body
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
         where n.nspname in ('public', 'storage', 'auth')`);
      const rows = await db.query<{ line: string }>(`
        select 'store_settings ' || key || ' ' || value::text || ' ' || is_public as line from public.store_settings
        union all select 'menu_categories ' || row(c.*)::text from public.menu_categories c
        union all select 'menu_items ' || row(m.id, m.category_id, m.name, m.price, m.vat_rate, m.unavailable, m.hidden)::text from public.menu_items m
        union all select 'rate_limits ' || row(r.*)::text from public.rate_limits r
        union all select 'buckets ' || row(b.id, b.name, b.public, b.file_size_limit, b.allowed_mime_types)::text from storage.buckets b
        union all select 'publication ' || schemaname || '.' || tablename from pg_publication_tables where pubname = 'supabase_realtime'
        order by 1`);
      const dump = execFileSync('pg_dump', ['--schema-only', urlFor(name)], {
        maxBuffer: 64 * 1024 * 1024,
      }).toString();
      return {
        dump: splitDump(dump),
        functions: new Map(fns.rows.map((r) => [r.sig, r.attrs])),
        bodies: new Map(fns.rows.map((r) => [r.sig, normalizeBody(r.body)])),
        rows: rows.rows.map((r) => r.line),
      };
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** pg_dump's statements without function bodies, sorted (their order follows creation order). */
function splitDump(dump: string): string[] {
  const noBodies = dump.replace(/AS \$(\w*)\$[\s\S]*?\$\1\$/g, 'AS $$<body>$$');
  return noBodies
    .split(/;\n/)
    .map((s) =>
      s
        .split('\n')
        .filter((l) => !l.startsWith('--') && !l.startsWith('\\'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s !== '')
    .sort();
}

function compareLists(what: string, a: string[], b: string[]): number {
  const onlyA = a.filter((x) => !b.includes(x));
  const onlyB = b.filter((x) => !a.includes(x));
  for (const x of onlyA) console.log(`- ${what} (old only): ${x}`);
  for (const x of onlyB) console.log(`+ ${what} (new only): ${x}`);
  return onlyA.length + onlyB.length;
}

function compareMaps(what: string, a: Map<string, string>, b: Map<string, string>): number {
  let n = 0;
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(key) !== b.get(key)) {
      n++;
      console.log(`~ ${what} ${key}\n    old: ${a.get(key) ?? '(none)'}\n    new: ${b.get(key) ?? '(none)'}`);
    }
  }
  return n;
}

async function main(): Promise<void> {
  const [revOrDir, otherDir] = process.argv.slice(2);
  if (!revOrDir) {
    console.error('usage: npm run schema:diff -- <git revision | supabase dir> [supabase dir, default ./supabase]');
    process.exit(2);
  }
  const oldDir = fs.existsSync(revOrDir) ? revOrDir : supabaseAt(revOrDir);
  const newDir = otherDir ?? path.join(root, 'supabase');
  const a = await snapshot(oldDir, 'old');
  const b = await snapshot(newDir, 'new');
  let n = 0;
  n += compareLists('statement', a.dump, b.dump);
  n += compareMaps('function', a.functions, b.functions);
  n += compareMaps('body', a.bodies, b.bodies);
  n += compareLists('row', a.rows, b.rows);
  console.log(
    `${a.dump.length} / ${b.dump.length} dump statements, ${a.functions.size} / ${b.functions.size} functions, ` +
      `${a.rows.length} / ${b.rows.length} rows compared: ${n === 0 ? 'identical' : `${n} differences`}`,
  );
  process.exit(n === 0 ? 0 : 1);
}

await main();
