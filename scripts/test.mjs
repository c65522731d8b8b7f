#!/usr/bin/env node
// Runs every test: unit + integration (vitest, on PGlite and PostgreSQL), then the browser tests
// (Playwright + Chromium). Ends with one line "N passed, N failed".
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const DEFAULT_PG = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

async function reachable(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

function sh(cmd, args) {
  try {
    execFileSync(cmd, args, { stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

async function ensurePostgres() {
  if (process.env.TEST_DB === 'pglite') return;
  if (process.env.TEST_DATABASE_URL) return;
  if (await reachable(DEFAULT_PG)) {
    process.env.TEST_DATABASE_URL = DEFAULT_PG;
    return;
  }
  const isRoot = process.getuid?.() === 0;
  const hasCluster = fs.existsSync('/usr/bin/pg_ctlcluster') && fs.existsSync('/etc/postgresql');
  if (isRoot && hasCluster) {
    const version = fs.readdirSync('/etc/postgresql').sort().pop();
    console.log(`Starting the local PostgreSQL ${version} cluster for the tests…`);
    sh('pg_ctlcluster', [version, 'main', 'start']);
    sh('su', ['postgres', '-c', `psql -q -c "alter user postgres password 'postgres'"`]);
    for (let i = 0; i < 20 && !(await reachable(DEFAULT_PG)); i++) await new Promise((r) => setTimeout(r, 500));
    if (await reachable(DEFAULT_PG)) {
      process.env.TEST_DATABASE_URL = DEFAULT_PG;
      return;
    }
  }
  console.error(
    'The tests run on PGlite and on PostgreSQL, and no PostgreSQL server was found.\n' +
      `Set TEST_DATABASE_URL (for example ${DEFAULT_PG}), start PostgreSQL (pg_ctlcluster 15 main start),\n` +
      'or run the PGlite half only with TEST_DB=pglite npm test.',
  );
  process.exit(1);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Every failure is named again at the very end, so that the last lines of a long log say what failed.
const failures = [];
// A test that failed once and passed on its second try still counts as passed, and is named here so that
// nobody mistakes it for a steady one.
const flaky = [];
// The full run gives each failed test one more try (timing on a loaded CI machine); a run of selected
// files does not, so that working on a test shows every failure.
const RETRIES = 1;
function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (
    plain
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function countPlaywright(report) {
  let passed = 0,
    failed = 0;
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const last = t.results?.at(-1);
        const label = `${spec.file}:${spec.line} [${t.projectName}] › ${spec.title}`;
        if (t.status === 'flaky') flaky.push(`${label}: ${firstLine(t.results?.[0]?.error?.message)}`);
        if (t.status === 'expected' || t.status === 'flaky') passed++;
        else if (last?.status !== 'skipped') {
          failed++;
          failures.push(`${label}: ${firstLine(last?.error?.message)}`);
        }
      }
  };
  for (const s of report?.suites ?? []) walk(s);
  return { passed, failed };
}

await ensurePostgres();
fs.mkdirSync('test-results', { recursive: true });
const extra = process.argv.slice(2);
// The reliability tests kill and restart servers (PostgreSQL included): they run on their own,
// one file at a time, after the other vitest files, so they never pull a database from under another test.

/** Runs a child process; with a prefix, its output comes line by line behind it. */
function run(cmd, args, { env = process.env, prefix = '' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
      }
    }
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), signal }));
  });
}

async function runVitest(name, args, prefix = '') {
  const json = `test-results/vitest-${name}.json`;
  fs.rmSync(json, { force: true });
  const r = await run(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      ...args,
    ],
    { prefix },
  );
  const v = readJson(json);
  let fileFailures = 0;
  if (!v) failures.push(`vitest ${name}: no report was written (exit ${r.status ?? r.signal})`);
  for (const file of v?.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'passed' && t.failureMessages?.length)
        flaky.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    // A file that failed outside any test (import error, hook timeout) has no failed assertion.
    if (file.status === 'failed' && failedTests.length === 0) {
      fileFailures++;
      failures.push(`${rel}: ${firstLine(file.message)}`);
    }
  }
  return {
    status: r.status ?? 1,
    passed: v?.numPassedTests ?? 0,
    failed: (v?.numFailedTests ?? 0) + fileFailures + (v ? 0 : 1),
  };
}

let passed = 0;
let failed = 0;
let status = 0;

// CPU time (user + system) of the finished child processes, in seconds: on Linux the kernel adds each reaped
// child's time (and its own reaped children's) to ours. On a shared machine it says more than the wall clock.
function childCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after "pid (comm) ".
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
const timings = [];
async function timed(name, fn) {
  const wall = Date.now();
  const cpu = childCpuSeconds();
  const r = await fn();
  const used = cpu === null ? null : childCpuSeconds() - cpu;
  timings.push(
    `${name}: ${Math.round((Date.now() - wall) / 1000)} s${used === null ? '' : `, CPU ${Math.round(used)} s`}`,
  );
  return r;
}

// The backend serves the built apps: build them first (when stale), as `npm start` does, so that
// every test sees the same server whether or not the browser tests ran before.
{
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      '--eval',
      "import('./src/backend/cli/build-apps.ts').then((m) => m.buildStaleApps(process.cwd()))",
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) {
    console.error('Building the shop and the admin failed.');
    failures.push('building the shop and the admin');
    failed++;
    status = 1;
  }
}

// Static checks first: types of every part (Node and browser) and the lint rules (import boundaries).
if (extra.length === 0) {
  const checks = [
    ['types (node)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.node.json', '--noEmit']],
    ['types (web)', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.web.json', '--noEmit']],
    ['lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
    ['format (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level=warn']],
  ];
  for (const [name, args] of checks) {
    const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
    console.log(`${r.status === 0 ? '✓' : '✗'} ${name}`);
    if (r.status === 0) passed++;
    else {
      failures.push(`static check failed: ${name}`);
      failed++;
      status = 1;
    }
  }
}

function add(r) {
  passed += r.passed;
  failed += r.failed;
  if (r.status !== 0) status = r.status;
}

const hasE2e =
  fs.existsSync('tests/e2e') &&
  fs.readdirSync('tests/e2e', { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));

async function runPlaywright(prefix) {
  const pwJson = 'test-results/playwright.json';
  fs.rmSync(pwJson, { force: true });
  const e2e = await run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', `--retries=${RETRIES}`], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    prefix,
  });
  const counts = countPlaywright(readJson(pwJson));
  return {
    status: e2e.status ?? 1,
    passed: counts.passed,
    failed: counts.failed + (fs.existsSync(pwJson) ? 0 : 1),
  };
}

const started = Date.now();
if (extra.length) {
  add(await runVitest('selected', extra));
} else {
  // One after the other: on a 2-core machine the vitest files and the browser tests side by side took
  // longer (42 min) than in turn, and slowed each other into timeouts.
  add(await timed('vitest main', () => runVitest('main', ['--exclude', 'tests/reliability/**', `--retry=${RETRIES}`])));
  // The reliability files restart PostgreSQL: alone, one at a time.
  add(
    await timed('vitest reliability', () =>
      runVitest('reliability', ['tests/reliability', '--no-file-parallelism', `--retry=${RETRIES}`]),
    ),
  );
  if (hasE2e) add(await timed('playwright', () => runPlaywright('')));
}
console.log(`\nTests ran for ${Math.round((Date.now() - started) / 1000)} s.`);
for (const t of timings) console.log(`  ${t}`);

if (flaky.length) {
  console.log(`\nPassed on a second try (${flaky.length}), first failure shown:`);
  for (const f of flaky) console.log(`  ~ ${f}`);
}
if (failures.length) {
  console.log(`\nFailed (${failures.length}):`);
  for (const f of failures) console.log(`  ✗ ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
