#!/usr/bin/env node
// Runs every benchmark in bench/ one after the other and prints their figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join('bench', f)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
}
if (failed) {
  console.error(`\n${failed} benchmark(s) failed.`);
  process.exit(1);
}
