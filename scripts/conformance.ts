/**
 * `npm run conformance`: every upstream client suite whose folder is given, one after the other, then one
 * table (suite, database, passed/total) and every failure by name.
 *
 *   POSTGREST_JS_DIR=…  postgrest-js (scripts/conformance-postgrest.ts)
 *   STORAGE_JS_DIR=…    storage-js   (scripts/conformance-storage.ts)
 *   AUTH_JS_DIR=…       auth-js      (scripts/conformance-auth.ts)
 *
 * Each suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const suites = [
  { name: 'postgrest-js', dirVar: 'POSTGREST_JS_DIR', script: 'conformance-postgrest.ts' },
  { name: 'storage-js', dirVar: 'STORAGE_JS_DIR', script: 'conformance-storage.ts' },
  { name: 'auth-js', dirVar: 'AUTH_JS_DIR', script: 'conformance-auth.ts' },
].filter((s) => process.env[s.dirVar]);
if (suites.length === 0) {
  console.error(
    'Name at least one suite: POSTGREST_JS_DIR, STORAGE_JS_DIR and/or AUTH_JS_DIR (see docs/POSTGREST.md, docs/STORAGE.md, docs/AUTH.md).',
  );
  process.exit(2);
}

interface Counts {
  passed: number;
  failed: number;
  failures: string[];
}
/** A suite's figures per database: totals (storage) or one entry per file (postgrest). */
type Figures = Record<string, Counts | (Counts & { file: string })[]>;
const totals = (f: Figures[string]): Counts =>
  Array.isArray(f)
    ? {
        passed: f.reduce((n, x) => n + x.passed, 0),
        failed: f.reduce((n, x) => n + x.failed, 0),
        failures: f.flatMap((x) => x.failures.map((name) => `${x.file}: ${name}`)),
      }
    : f;
const rows: { suite: string; db: string; passed: number; total: number; failures: string[] }[] = [];
for (const s of suites) {
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-')), `${s.name}.json`);
  console.log(`\n=== ${s.name} ===`);
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join('scripts', s.script)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CONFORMANCE_JSON: json },
    },
  );
  if (r.status !== 0 || !fs.existsSync(json)) {
    rows.push({ suite: s.name, db: '-', passed: 0, total: 0, failures: [`the suite did not run (exit ${r.status})`] });
    continue;
  }
  const figures = JSON.parse(fs.readFileSync(json, 'utf8')) as Figures;
  for (const [db, raw] of Object.entries(figures)) {
    const f = totals(raw);
    rows.push({ suite: s.name, db, passed: f.passed, total: f.passed + f.failed, failures: f.failures });
  }
}
console.log('\nsuite          database   passed/total');
for (const r of rows) console.log(`${r.suite.padEnd(14)} ${r.db.padEnd(10)} ${r.passed}/${r.total}`);
for (const r of rows) for (const f of r.failures) console.log(`  ✗ ${r.suite} on ${r.db}: ${f}`);
