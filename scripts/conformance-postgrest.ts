/**
 * Runs the upstream postgrest-js jest suite against the embedded REST server.
 *
 *   POSTGREST_JS_DIR=/path/to/postgrest-js npm run conformance:postgrest
 *
 * Two layouts are read: the October 2025 repository (`test/db/00-schema.sql` and `01-dummy-data.sql`, run with
 * the checkout's own jest after `npm install` inside it, against PostgREST 12.2 on localhost:3000 and 13 on :3001)
 * and the newest one in supabase-js (`packages/core/postgrest-js`: `test/supabase/migrations` and `seed.sql`, a
 * Supabase CLI project on localhost:54321, answered as PostgREST 14; its runner is jest with ts-jest installed
 * once under CONFORMANCE_JEST_DIR, as for storage-js). The schema and data
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
/** This project: zod, which some of the newest suite's tests import, comes from its dependencies. */
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const root = path.resolve(suiteDir);
/** `db`: the October 2025 postgrest-js repository; `supabase`: the newest, in supabase-js' monorepo. */
const layout = fs.existsSync(path.join(root, 'test', 'supabase', 'migrations')) ? 'supabase' : 'db';
/** The suite's runner: the checkout's jest (`db`), or jest with ts-jest installed once (`supabase`). */
const jestHome = path.resolve(
  process.env.CONFORMANCE_JEST_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'conformance-jest'),
);
const jestBin =
  layout === 'db'
    ? path.join(root, 'node_modules', '.bin', 'jest')
    : path.join(jestHome, 'node_modules', 'jest', 'bin', 'jest.js');
const suiteFiles =
  layout === 'db'
    ? [path.join(root, 'test', 'db', '00-schema.sql'), path.join(root, 'test', 'db', '01-dummy-data.sql')]
    : [
        ...fs
          .readdirSync(path.join(root, 'test', 'supabase', 'migrations'))
          .filter((f) => f.endsWith('.sql'))
          .sort()
          .map((f) => path.join(root, 'test', 'supabase', 'migrations', f)),
        path.join(root, 'test', 'supabase', 'seed.sql'),
      ];
for (const needed of [...suiteFiles, jestBin]) {
  if (!fs.existsSync(needed)) {
    console.error(
      `Missing ${needed}${
        needed !== jestBin
          ? ''
          : layout === 'db'
            ? ' (run `npm install` in the checkout)'
            : ' (CONFORMANCE_JEST_DIR must hold jest@30 and ts-jest@29: the storage-js run installs them there)'
      }.`,
    );
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
    .replace(/^\s*create schema extensions;\s*$/im, 'create schema if not exists extensions;')
    // PostgREST's own settings on its login role, which this server takes from its environment instead.
    .replace(/^\s*alter role authenticator set pgrst\.[^;]*;\s*$/gim, '');
  if (!postgis) {
    out = out
      .replace(/^\s*create extension (if not exists )?postgis schema extensions;\s*$/im, '')
      .replace(/extensions\.geometry\(POINT, 4326\)/g, 'text');
  }
  return out;
}

function supabaseDir(postgis: boolean, kind: Kind): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgrest-js-conformance-'));
  const migrations = path.join(dir, 'migrations');
  fs.mkdirSync(migrations);
  suiteFiles.forEach((file, n) => {
    const sql = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(path.join(migrations, `2000010100000${n}_suite.sql`), n === 0 ? adaptSchema(sql, postgis) : sql);
  });
  fs.writeFileSync(path.join(migrations, '20000101000008_grants.sql'), GRANTS);
  // The suite's database image runs with these settings (its explain() snapshot shows them); PGlite has one
  // session, which keeps them; PostgreSQL gets them per database before the backends connect.
  fs.writeFileSync(
    path.join(migrations, '20000101000009_image_settings.sql'),
    settingsSql(kind === 'pglite' ? { ...IMAGE_SETTINGS, ...PGLITE_DIFFERENT_DEFAULTS } : IMAGE_SETTINGS),
  );
  // The newest suite's config.toml sets max_rows = 1000 (Supabase's default), which its tests rely on.
  fs.writeFileSync(
    path.join(dir, 'config.toml'),
    `[api]\nschemas = ["public", "personal"]\n${layout === 'supabase' ? 'max_rows = 1000\n' : ''}`,
  );
  return dir;
}

const SETUP = `
const map = JSON.parse(process.env.CONFORMANCE_URL_MAP);
const rewrite = (u) => {
  for (const [from, to] of map) if (u.startsWith(from)) return to + u.slice(from.length);
  return u;
};
if (process.env.CONFORMANCE_NODE_FETCH) {
  jest.mock(process.env.CONFORMANCE_NODE_FETCH, () => {
    const actual = jest.requireActual(process.env.CONFORMANCE_NODE_FETCH);
    const wrapped = (input, init) => actual(typeof input === 'string' ? rewrite(input) : input, init);
    Object.assign(wrapped, actual);
    wrapped.default = wrapped;
    return wrapped;
  });
}
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

/** Runs the suite with its URLs rewritten: `urls` maps each address its tests use to a backend's. */
function runJest(urls: [string, string][], work: string): Promise<FileResult[]> {
  const setup = path.join(work, 'rewrite-url.cjs');
  fs.writeFileSync(setup, SETUP);
  const out = path.join(work, 'results.json');
  const args = ['--ci', '--runInBand', '--json', `--outputFile=${out}`, `--setupFilesAfterEnv=${setup}`];
  if (layout === 'supabase') {
    // The suite's own jest.config.ts needs the monorepo's tools; this is the same setup without them.
    const config = path.join(work, 'jest.config.json');
    // Its files run in alphabetical order (its own sequencer): later files change rows earlier ones read.
    const sequencer = path.join(work, 'sequencer.cjs');
    fs.writeFileSync(
      sequencer,
      `const Sequencer = require(${JSON.stringify(path.join(jestHome, 'node_modules', '@jest', 'test-sequencer'))}).default;
module.exports = class extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => a.path.localeCompare(b.path));
  }
};
`,
    );
    fs.writeFileSync(
      config,
      JSON.stringify({
        rootDir: root,
        testEnvironment: 'node',
        transform: {
          '^.+\\.tsx?$': [
            path.join(jestHome, 'node_modules', 'ts-jest'),
            { tsconfig: path.join(root, 'tsconfig.test.json'), diagnostics: false, isolatedModules: true },
          ],
        },
        // zod, which some of its tests import, comes from this project's dependencies.
        modulePaths: [path.join(jestHome, 'node_modules'), path.join(projectRoot, 'node_modules')],
        testMatch: ['<rootDir>/test/**/*.test.ts'],
        // test/v12 is another suite, for a PostgREST 12 server on its own schema (its own docker-compose).
        testPathIgnorePatterns: ['/test/v12/'],
        testTimeout: 30_000,
        testSequencer: sequencer,
      }),
    );
    args.push(`--config=${config}`);
  }
  const nodeFetch = path.join(root, 'node_modules', '@supabase', 'node-fetch');
  return new Promise((resolve, reject) => {
    const child = spawn(layout === 'db' ? jestBin : process.execPath, layout === 'db' ? args : [jestBin, ...args], {
      cwd: root,
      env: {
        ...process.env,
        CONFORMANCE_URL_MAP: JSON.stringify(urls),
        ...(fs.existsSync(nodeFetch) ? { CONFORMANCE_NODE_FETCH: nodeFetch } : {}),
      },
      stdio: ['ignore', 'ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'],
    });
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

/**
 * The suite's database is freshly seeded and never analysed, so a `planned` or `estimated` count is the planner's
 * guess from the tables' size on disk (its snapshots expect 206 for five users). The backend analyses after its
 * migrations (for its plan-cost check); the suite's tables get back the statistics of a table never analysed.
 */
async function forgetStatistics(backend: { db: { exec(sql: string): Promise<unknown> } }): Promise<void> {
  await backend.db.exec(
    `update pg_catalog.pg_class set reltuples = -1, relpages = 0
     where relnamespace in ('public'::regnamespace, 'personal'::regnamespace) and relkind in ('r', 'p')`,
  );
}

async function run(kind: Kind): Promise<FileResult[]> {
  const admin = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
  const scratch = kind === 'postgres' ? await scratchDatabase(admin!) : null;
  const postgis = await hasPostgis(scratch?.url ?? null);
  const dir = supabaseDir(postgis, kind);
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  // No plan-cost bound (REST_MAX_PLAN_COST=0): the suite's database has no plan filter, and without statistics
  // (forgetStatistics) some of its embeds are planned at over 10,000.
  const start = (version: string) =>
    startBackend(
      { port: 0, host: '127.0.0.1', dataDir: null, supabaseDir: dir, databaseUrl: scratch?.url ?? null, jwtSecret },
      {
        ...process.env,
        DISPATCH: 'off',
        PORT: '0',
        PGRST_DB_PLAN_ENABLED: 'true',
        POSTGREST_VERSION: version,
        REST_MAX_PLAN_COST: '0',
        // The October suite's PostgREST runs without db-max-rows (its docker-compose sets none); the newest
        // suite's config.toml sets max_rows = 1000.
        ...(layout === 'db' ? { PGRST_DB_MAX_ROWS: 'none' } : {}),
      },
    );
  if (layout === 'supabase') {
    // A Supabase CLI project: the REST server at localhost:54321, PostgREST 14. Three files build their clients
    // on localhost:3000 but answer from mocked fetches or expect failures; they go to the same server.
    const rest14 = await start('14');
    await forgetStatistics(rest14);
    try {
      return await runJest(
        [
          ['http://localhost:54321', rest14.url],
          ['http://localhost:3000', `${rest14.url}/rest/v1`],
        ],
        dir,
      );
    } finally {
      await rest14.close();
      await scratch?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  // As in the suite's docker-compose: PostgREST 12.2 on :3000 and 13 on :3001, over the same data (on PGlite
  // each backend has its own copy, loaded from the same files).
  const rest12 = await start('12');
  const rest13 = await start('13');
  await forgetStatistics(rest12);
  await forgetStatistics(rest13);
  try {
    return await runJest(
      [
        ['http://localhost:3000', `${rest12.url}/rest/v1`],
        ['http://localhost:3001', `${rest13.url}/rest/v1`],
      ],
      dir,
    );
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
