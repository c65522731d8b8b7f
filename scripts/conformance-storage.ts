/**
 * Runs the upstream storage-js suite against the embedded Storage server.
 *
 *   STORAGE_JS_DIR=/path/to/storage-js npm run conformance:storage
 *
 * STORAGE_JS_DIR is supabase-js' `packages/core/storage-js` folder (in a checkout, or copied with the checkout's
 * `tsconfig.base.json` two levels up). The suite runs on its own runner, jest with ts-jest at the versions of
 * supabase-js' catalog, installed once under node_modules/.cache/conformance-jest (CONFORMANCE_JEST_DIR). As the
 * suite's own setup does with the Supabase CLI, the backend listens on 127.0.0.1:54321 with the CLI's
 * demo JWT secret, and the suite's `test/supabase/seed.sql` (users, buckets, objects, policies) is its only
 * migration; only `crypt`/`gen_salt` are qualified with the `extensions` schema where pgcrypto lives.
 * PGlite first, then PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (CONFORMANCE_DB=pglite|postgres
 * picks one). CONFORMANCE_VERBOSE=1 shows jest's output; CONFORMANCE_JSON=<file> writes the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBackend } from '../src/backend/server.js';
import { createScratchDatabase } from '../tests/helpers/backend.js';

type Kind = 'pglite' | 'postgres';

interface FileResult {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

/** The Supabase CLI's default JWT secret, which signed the keys written in the suite. */
const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const PORT = 54321;

const suiteDir = process.env.STORAGE_JS_DIR;
if (!suiteDir) {
  console.error('STORAGE_JS_DIR must name a copy of supabase-js packages/core/storage-js (its src and test folders).');
  process.exit(2);
}
const root = path.resolve(suiteDir);
const seedFile = path.join(root, 'test', 'supabase', 'seed.sql');
if (!fs.existsSync(seedFile)) {
  console.error(`Missing ${seedFile}.`);
  process.exit(2);
}
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function supabaseDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-js-conformance-'));
  fs.mkdirSync(path.join(dir, 'migrations'));
  const seed = fs
    .readFileSync(seedFile, 'utf8')
    .replace(/\bcrypt\(/g, 'extensions.crypt(')
    .replace(/\bgen_salt\(/g, 'extensions.gen_salt(');
  fs.writeFileSync(path.join(dir, 'migrations', '20000101000000_seed.sql'), seed);
  fs.writeFileSync(path.join(dir, 'config.toml'), '[api]\nschemas = ["public"]\n');
  return dir;
}

/** The suite's own runner (jest with ts-jest, the versions of supabase-js' catalog), installed once. */
const JEST_PACKAGES = [
  'jest@30.4.2',
  'ts-jest@29.4.9',
  '@types/jest@30.0.0',
  'typescript@5.8.3',
  'tslib@2.8.1',
  'iceberg-js@0.8.1',
];

function jestHome(): string {
  const dir = path.resolve(
    process.env.CONFORMANCE_JEST_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'conformance-jest'),
  );
  if (!fs.existsSync(path.join(dir, 'node_modules', 'jest', 'package.json'))) {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, 'package.json')))
      fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"conformance-jest","private":true}\n');
    console.log(`Installing the suite's runner into ${dir} (${JEST_PACKAGES.join(', ')})…`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...JEST_PACKAGES], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('npm install of the suite runner failed');
  }
  return dir;
}

/** Test files whose stored snapshots vitest wrote: upstream runs them with vitest, and so does this. */
function vitestFiles(): string[] {
  const snaps = path.join(root, 'test', '__snapshots__');
  if (!fs.existsSync(snaps)) return [];
  return fs
    .readdirSync(snaps)
    .filter((f) => fs.readFileSync(path.join(snaps, f), 'utf8').startsWith('// Vitest Snapshot'))
    .map((f) => f.replace(/\.snap$/, ''));
}

function runVitest(work: string): Promise<FileResult[]> {
  const files = vitestFiles();
  if (files.length === 0) return Promise.resolve([]);
  const config = path.join(work, 'vitest.config.mjs');
  fs.writeFileSync(
    config,
    `export default ${JSON.stringify({
      root,
      // The suite's dependencies come from the runner's folder, as for jest.
      resolve: { alias: { 'iceberg-js': path.join(jestHome(), 'node_modules', 'iceberg-js') } },
      test: { globals: true, include: files.map((f) => `test/${f}`), testTimeout: 30_000 },
    })};\n`,
  );
  const out = path.join(work, 'vitest-results.json');
  return collect(
    out,
    spawn(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        `--config=${config}`,
        '--reporter=json',
        `--outputFile=${out}`,
      ],
      {
        cwd: root,
        env: process.env,
        stdio: ['ignore', 'ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'],
      },
    ),
  );
}

/** The figures of a runner's JSON report (jest's shape, which vitest's json reporter writes too). */
function collect(out: string, child: import('node:child_process').ChildProcess): Promise<FileResult[]> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => {
      if (!fs.existsSync(out)) return reject(new Error(`no results in ${out}`));
      const json = JSON.parse(fs.readFileSync(out, 'utf8')) as {
        testResults: { name: string; message: string; assertionResults: { status: string; fullName: string }[] }[];
      };
      resolve(
        json.testResults.map((t) => ({
          file: path.relative(root, t.name),
          passed: t.assertionResults.filter((a) => a.status === 'passed').length,
          failed:
            t.assertionResults.filter((a) => a.status === 'failed').length +
            (t.assertionResults.length === 0 && t.message ? 1 : 0),
          skipped: t.assertionResults.filter((a) => a.status === 'skipped' || a.status === 'pending').length,
          failures: t.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName),
        })),
      );
    });
  });
}

function runJest(work: string): Promise<FileResult[]> {
  const home = jestHome();
  const config = path.join(work, 'jest.config.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      rootDir: root,
      testEnvironment: 'node',
      transform: {
        '^.+\\.tsx?$': [
          path.join(home, 'node_modules', 'ts-jest'),
          { tsconfig: path.join(root, 'tsconfig.test.json'), diagnostics: false, isolatedModules: true },
        ],
      },
      modulePaths: [path.join(home, 'node_modules')],
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.spec.ts'],
      testPathIgnorePatterns: vitestFiles().map((f) => `/${f.replace(/[.]/g, '\\.')}$`),
    }),
  );
  const out = path.join(work, 'results.json');
  return collect(
    out,
    spawn(
      process.execPath,
      [
        path.join(home, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--runInBand',
        `--config=${config}`,
        '--json',
        `--outputFile=${out}`,
      ],
      {
        cwd: root,
        env: { ...process.env, USE_MOCK_SERVER: 'true' },
        stdio: ['ignore', 'ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'],
      },
    ),
  );
}

async function run(kind: Kind): Promise<FileResult[]> {
  // The tests' scratch databases (a new database on the server, dropped after), named after this suite.
  process.env.TEST_DATABASE_URL ||= process.env.DATABASE_URL;
  const scratch = kind === 'postgres' ? await createScratchDatabase('storage_js') : null;
  const dir = supabaseDir();
  const backend = await startBackend(
    {
      port: PORT,
      host: '127.0.0.1',
      dataDir: null,
      supabaseDir: dir,
      databaseUrl: scratch?.url ?? null,
      jwtSecret: CLI_JWT_SECRET,
    },
    { ...process.env, DISPATCH: 'off', RETENTION_AUTO: 'off', PORT: String(PORT) },
  );
  try {
    return [...(await runJest(dir)), ...(await runVitest(dir))].sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    await backend.close();
    await scratch?.drop();
    if (!process.env.CONFORMANCE_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const wanted = process.env.CONFORMANCE_DB;
const kinds: Kind[] = (['pglite', 'postgres'] as const).filter(
  (k) =>
    (!wanted || wanted === k) && (k === 'pglite' || Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)),
);
const figures: Record<string, { passed: number; failed: number; skipped: number; failures: string[] }> = {};
for (const kind of kinds) {
  const results = await run(kind);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const skipped = results.reduce((n, r) => n + r.skipped, 0);
  console.log(
    `\nstorage-js on ${kind}: ${passed}/${passed + failed} passed${skipped ? `, ${skipped} skipped upstream` : ''}`,
  );
  for (const r of results) {
    console.log(`  ${r.file.padEnd(48)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed`);
    for (const f of r.failures) console.log(`    ✗ ${f}`);
  }
  figures[kind] = {
    passed,
    failed,
    skipped,
    failures: results.flatMap((r) => r.failures.map((f) => `${r.file}: ${f}`)),
  };
}
if (process.env.CONFORMANCE_JSON) fs.writeFileSync(process.env.CONFORMANCE_JSON, JSON.stringify(figures, null, 2));
