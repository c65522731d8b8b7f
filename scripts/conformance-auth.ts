/**
 * Runs the upstream auth-js suite (GoTrueClient and GoTrueApi tests) against the embedded Auth server.
 *
 *   AUTH_JS_DIR=/path/to/auth-js npm run conformance:auth
 *
 * AUTH_JS_DIR is supabase-js' `packages/core/auth-js` folder (in a checkout, or copied with the checkout's
 * `tsconfig.base.json`). As the suite's own setup does with the Supabase CLI, the backend listens on
 * 127.0.0.1:54321 with the CLI's demo JWT secret and the suite's `test/supabase/config.toml` (autoconfirm,
 * anonymous sign-ins on, double-confirmed e-mail changes), its RSA signing key (`test/supabase/signing_keys.json`,
 * made as the suite's generate-signing-keys.js makes it when missing) signing tokens, and the rate limits off.
 * The runner is jest with ts-jest (supabase-js' catalog versions) and the suite's own dependencies, installed once
 * under node_modules/.cache/conformance-jest (CONFORMANCE_JEST_DIR). PGlite first, then PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL is set (CONFORMANCE_DB=pglite|postgres picks one). CONFORMANCE_VERBOSE=1
 * shows jest's output; CONFORMANCE_JSON=<file> writes the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
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

const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const PORT = 54321;
/** The files the suite's server tests live in (the others test the client alone). */
const FILES = ['test/GoTrueClient.test.ts', 'test/GoTrueApi.test.ts'];

const suiteDir = process.env.AUTH_JS_DIR;
if (!suiteDir) {
  console.error('AUTH_JS_DIR must name a copy of supabase-js packages/core/auth-js (its src and test folders).');
  process.exit(2);
}
const root = path.resolve(suiteDir);
const suiteConfig = path.join(root, 'test', 'supabase', 'config.toml');
if (!fs.existsSync(suiteConfig)) {
  console.error(`Missing ${suiteConfig}.`);
  process.exit(2);
}
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The suite signs its API keys with test/supabase/signing_keys.json; made like generate-signing-keys.js when absent. */
function signingKeys(): string {
  const file = path.join(root, 'test', 'supabase', 'signing_keys.json');
  if (!fs.existsSync(file)) {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' });
    fs.writeFileSync(
      file,
      JSON.stringify([{ ...jwk, kid: crypto.randomUUID(), key_ops: ['sign', 'verify'], alg: 'RS256' }], null, 2),
    );
  }
  return file;
}

function supabaseDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-js-conformance-'));
  fs.mkdirSync(path.join(dir, 'migrations'));
  const config = fs
    .readFileSync(suiteConfig, 'utf8')
    .replace(/^signing_keys_path\s*=.*$/m, `signing_keys_path = "${signingKeys()}"`);
  fs.writeFileSync(path.join(dir, 'config.toml'), config);
  return dir;
}

const JEST_PACKAGES = [
  'jest@30.4.2',
  'ts-jest@29.4.9',
  '@types/jest@30.0.0',
  'typescript@5.8.3',
  'tslib@2.8.1',
  'jsonwebtoken@9.0.2',
  '@types/jsonwebtoken@8.5.9',
  '@faker-js/faker@9.9.0',
];

function jestHome(): string {
  const dir = path.resolve(
    process.env.CONFORMANCE_JEST_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'conformance-jest'),
  );
  const missing = JEST_PACKAGES.filter((p) => {
    const name = p.slice(0, p.lastIndexOf('@'));
    return !fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'));
  });
  if (missing.length) {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, 'package.json')))
      fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"conformance-jest","private":true}\n');
    console.log(`Installing the suite's runner into ${dir} (${missing.join(', ')})…`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...missing], { cwd: dir, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm install of the suite runner failed');
  }
  return dir;
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
      testMatch: FILES.map((f) => `<rootDir>/${f}`),
    }),
  );
  const out = path.join(work, 'results.json');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(home, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--runInBand',
        '--forceExit',
        `--config=${config}`,
        '--json',
        `--outputFile=${out}`,
      ],
      {
        cwd: root,
        env: process.env,
        stdio: ['ignore', 'ignore', process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'],
      },
    );
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

/** The suite's setup: rate limits off (its config.toml raises them; the CLI it targets has none on verifications). */
const NO_LIMITS = {
  AUTH_RATE_LIMIT_EMAIL_SENT: '0',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '0',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '0',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '0',
  AUTH_RATE_LIMIT_FAILED_SIGN_INS: '0',
  AUTH_RATE_LIMIT_ANONYMOUS_USERS: '0',
  AUTH_EMAIL_MAX_FREQUENCY: '0',
  AUTH_RATE_LIMIT_SMS_SENT: '0',
  AUTH_RATE_LIMIT_SMS_PER_NUMBER: '0',
  AUTH_RATE_LIMIT_SMS_TOTAL: '0',
};

async function run(kind: Kind): Promise<FileResult[]> {
  process.env.TEST_DATABASE_URL ||= process.env.DATABASE_URL;
  const scratch = kind === 'postgres' ? await createScratchDatabase('auth_js') : null;
  const dir = supabaseDir();
  const backend = await startBackend(
    {
      port: PORT,
      host: '127.0.0.1',
      dataDir: null,
      supabaseDir: dir,
      databaseUrl: scratch?.url ?? null,
      jwtSecret: CLI_JWT_SECRET,
      authAutoconfirm: true,
    },
    // The suite's config.toml turns phone sign-in on without an SMS provider (its CLI project has none, and its
    // phone tests expect the failure): no SMS_PROVIDER here either, so phone sign-in answers as disabled.
    { ...process.env, DISPATCH: 'off', RETENTION_AUTO: 'off', ...NO_LIMITS, SMS_PROVIDER: '', PORT: String(PORT) },
  );
  try {
    return (await runJest(dir)).sort((a, b) => a.file.localeCompare(b.file));
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
    `\nauth-js on ${kind}: ${passed}/${passed + failed} passed${skipped ? `, ${skipped} skipped upstream` : ''}`,
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
