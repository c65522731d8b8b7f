/**
 * Runs the upstream postgrest-js jest suite against the embedded REST server.
 *
 *   POSTGREST_JS_DIR=/path/to/postgrest-js npm run conformance:postgrest
 *
 * The checkout needs its own dev dependencies (`npm install` inside it). Its test/db schema and data
 * become the migrations of a fresh backend (PGlite, then PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL is set; CONFORMANCE_DB=pglite|postgres picks one). Only the infrastructure is adapted:
 * the suite's URLs go to two backends on the same data, answering as PostgREST 12.2 (localhost:3000) and 13
 * (localhost:3001) as in its docker-compose, the database gets its image's settings, the anon role gets the
 * grants the suite's superuser role had, and PostGIS is left out when the database lacks it.
 * CONFORMANCE_VERBOSE=1 lists each failed test; CONFORMANCE_JSON=<file> writes the figures.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBackend } from '../src/backend/server.js';

type Kind = 'pglite' | 'postgres';

interface FileResult {
  file: string;
  passed: number;
  failed: number;
  failures: string[];
}

const suiteDir = process.env.POSTGREST_JS_DIR;
if (!suiteDir) {
  console.error(
    'POSTGREST_JS_DIR must name a checkout of supabase/postgrest-js (with its dev dependencies installed).',
  );
  process.exit(2);
}
const root = path.resolve(suiteDir);
const jestBin = path.join(root, 'node_modules', '.bin', 'jest');
for (const needed of [
  path.join(root, 'test', 'db', '00-schema.sql'),
  path.join(root, 'test', 'db', '01-dummy-data.sql'),
  jestBin,
]) {
  if (!fs.existsSync(needed)) {
    console.error(`Missing ${needed}${needed === jestBin ? ' (run `npm install` in the checkout)' : ''}.`);
    process.exit(2);
  }
}

const GRANTS = `
grant usage on schema public, personal, extensions to anon, authenticated;
grant all on all tables in schema public, personal to anon, authenticated;
grant all on all sequences in schema public, personal to anon, authenticated;
grant execute on all functions in schema public, personal to anon, authenticated;
`;

const IMAGE_SETTINGS = { effective_cache_size: '128MB', compute_query_id: 'on' };
/** PostgreSQL's own defaults that PGlite builds with other values (it has no parallel workers). */
const PGLITE_DIFFERENT_DEFAULTS = { max_parallel_workers: '8', max_parallel_workers_per_gather: '2' };
const settingsSql = (settings: Record<string, string>) =>
  Object.entries(settings)
    .map(([k, v]) => `set ${k} = '${v}';`)
    .join('\n');

/** The suite's schema, minus what this database cannot provide. */
function adaptSchema(sql: string, postgis: boolean): string {
  let out = sql
    .replace(/^\s*CREATE PUBLICATION supabase_realtime FOR ALL TABLES;\s*$/im, '')
    .replace(/^\s*create schema extensions;\s*$/im, 'create schema if not exists extensions;');
  if (!postgis) {
    out = out
      .replace(/^\s*create extension postgis schema extensions;\s*$/im, '')
      .replace(/extensions\.geometry\(POINT, 4326\)/g, 'text');
  }
  return out;
}

function supabaseDir(postgis: boolean, kind: Kind): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgrest-js-conformance-'));
  const migrations = path.join(dir, 'migrations');
  fs.mkdirSync(migrations);
  const read = (f: string) => fs.readFileSync(path.join(root, 'test', 'db', f), 'utf8');
  fs.writeFileSync(path.join(migrations, '20000101000000_schema.sql'), adaptSchema(read('00-schema.sql'), postgis));
  fs.writeFileSync(path.join(migrations, '20000101000001_data.sql'), read('01-dummy-data.sql'));
  fs.writeFileSync(path.join(migrations, '20000101000002_grants.sql'), GRANTS);
  // The suite's database image runs with these settings (its explain() snapshot shows them); PGlite has one
  // session, which keeps them; PostgreSQL gets them per database before the backends connect.
  fs.writeFileSync(
    path.join(migrations, '20000101000003_image_settings.sql'),
    settingsSql(kind === 'pglite' ? { ...IMAGE_SETTINGS, ...PGLITE_DIFFERENT_DEFAULTS } : IMAGE_SETTINGS),
  );
  fs.writeFileSync(path.join(dir, 'config.toml'), '[api]\nschemas = ["public", "personal"]\n');
  return dir;
}

const SETUP = `
const target = process.env.CONFORMANCE_REST_URL;
const target13 = process.env.CONFORMANCE_REST13_URL;
const rewrite = (u) => u.replace(/^http:\\/\\/localhost:3000/, target).replace(/^http:\\/\\/localhost:3001/, target13);
jest.mock(process.env.CONFORMANCE_NODE_FETCH, () => {
  const actual = jest.requireActual(process.env.CONFORMANCE_NODE_FETCH);
  const to = (u) =>
    u.replace(/^http:\\/\\/localhost:3000/, process.env.CONFORMANCE_REST_URL).replace(/^http:\\/\\/localhost:3001/, process.env.CONFORMANCE_REST13_URL);
  const wrapped = (input, init) => actual(typeof input === 'string' ? to(input) : input, init);
  Object.assign(wrapped, actual);
  wrapped.default = wrapped;
  return wrapped;
});
const base = globalThis.fetch;
globalThis.fetch = (input, init) => {
  if (typeof input === 'string') return base(rewrite(input), init);
  if (input instanceof URL) return base(rewrite(input.toString()), init);
  return base(new Request(rewrite(input.url), input), init);
};
`;

async function scratchDatabase(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `postgrest_js_${crypto.randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  for (const [k, v] of Object.entries(IMAGE_SETTINGS)) await c.query(`alter database ${name} set ${k} = '${v}'`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

async function hasPostgis(url: string | null): Promise<boolean> {
  if (!url) return false;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`select 1 from pg_available_extensions where name = 'postgis'`)).rowCount! > 0;
  } finally {
    await c.end();
  }
}

function runJest(restUrl: string, rest13Url: string, work: string): Promise<FileResult[]> {
  const setup = path.join(work, 'rewrite-url.cjs');
  fs.writeFileSync(setup, SETUP);
  const out = path.join(work, 'results.json');
  return new Promise((resolve, reject) => {
    const child = spawn(
      jestBin,
      ['--ci', '--runInBand', '--json', `--outputFile=${out}`, `--setupFilesAfterEnv=${setup}`],
      {
        cwd: root,
        env: {
          ...process.env,
          CONFORMANCE_REST_URL: restUrl,
          CONFORMANCE_REST13_URL: rest13Url,
          CONFORMANCE_NODE_FETCH: path.join(root, 'node_modules', '@supabase', 'node-fetch'),
        },
        stdio: ['ignore', 'ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'],
      },
    );
    child.on('error', reject);
    child.on('exit', () => {
      if (!fs.existsSync(out)) return reject(new Error('jest wrote no results'));
      const json = JSON.parse(fs.readFileSync(out, 'utf8')) as {
        testResults: { name: string; message: string; assertionResults: { status: string; fullName: string }[] }[];
      };
      resolve(
        json.testResults
          .map((t) => ({
            file: path.relative(root, t.name),
            passed: t.assertionResults.filter((a) => a.status === 'passed').length,
            failed:
              t.assertionResults.filter((a) => a.status === 'failed').length +
              (t.assertionResults.length === 0 && t.message ? 1 : 0),
            failures: t.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName),
          }))
          .sort((a, b) => a.file.localeCompare(b.file)),
      );
    });
  });
}

async function run(kind: Kind): Promise<FileResult[]> {
  const admin = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
  const scratch = kind === 'postgres' ? await scratchDatabase(admin!) : null;
  const postgis = await hasPostgis(scratch?.url ?? null);
  const dir = supabaseDir(postgis, kind);
  // As in the suite's docker-compose: PostgREST 12.2 on :3000 and 13 on :3001, over the same data (on PGlite
  // each backend has its own copy, loaded from the same files).
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const start = (version: string) =>
    startBackend(
      { port: 0, host: '127.0.0.1', dataDir: null, supabaseDir: dir, databaseUrl: scratch?.url ?? null, jwtSecret },
      { ...process.env, DISPATCH: 'off', PORT: '0', PGRST_DB_PLAN_ENABLED: 'true', POSTGREST_VERSION: version },
    );
  const rest12 = await start('12');
  const rest13 = await start('13');
  try {
    return await runJest(`${rest12.url}/rest/v1`, `${rest13.url}/rest/v1`, dir);
  } finally {
    await rest12.close();
    await rest13.close();
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function print(kind: Kind, results: FileResult[]): { passed: number; total: number } {
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const total = results.reduce((n, r) => n + r.passed + r.failed, 0);
  console.log(`\npostgrest-js suite on ${kind}`);
  const width = Math.max(...results.map((r) => r.file.length));
  for (const r of results) {
    console.log(
      `  ${r.file.padEnd(width)}  ${String(r.passed).padStart(3)} passed  ${String(r.failed).padStart(3)} failed`,
    );
    if (process.env.CONFORMANCE_VERBOSE) for (const f of r.failures) console.log(`      ✗ ${f}`);
  }
  console.log(
    `  ${'total'.padEnd(width)}  ${String(passed).padStart(3)} / ${total} (${total ? Math.round((passed / total) * 100) : 0} %)`,
  );
  return { passed, total };
}

const only = process.env.CONFORMANCE_DB;
const kinds: Kind[] = (['pglite', 'postgres'] as Kind[]).filter(
  (k) => (!only || only === k) && (k === 'pglite' || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL),
);
const report: Record<string, FileResult[]> = {};
for (const kind of kinds) {
  report[kind] = await run(kind);
  print(kind, report[kind]);
}
if (process.env.CONFORMANCE_JSON) fs.writeFileSync(process.env.CONFORMANCE_JSON, JSON.stringify(report, null, 2));
