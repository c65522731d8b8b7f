/**
 * Bad input at full size: generated REST queries, JSON bodies, RPC arguments, forged or expired JWTs and
 * realtime frames against the backend running as its own process. Seeded: the same seed replays the same run.
 *
 *   npm run bench -- fuzz                               (PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set)
 *   FUZZ_SEED=42 FUZZ_CASES=10000 FUZZ_FRAMES=3000 npm run bench -- fuzz
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnBackend, freePort } from '../tests/reliability/support/child-backend.js';
import { freshStore, JWT_SECRET } from '../tests/reliability/support/databases.js';
import { runFuzz, type FuzzReport } from '../tests/reliability/support/fuzz.js';
import type { DbKind } from '../tests/helpers/backend.js';
import { benchDatabases } from './databases.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const FRAMES = Number(process.env.FUZZ_FRAMES ?? 3000);
console.log(
  `seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${CASES} HTTP cases and ${FRAMES} realtime frames per database`,
);

// A built shop and admin of one page each, as in tests/reliability/fuzz.test.ts: a generated path that leaves
// /rest/v1 (`/rest/v1/..`) reaches the shop's history fallback, which must answer its page, not « application not
// built » (503) in a tree never built.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-dist-'));
for (const app of ['shop', 'admin']) {
  fs.mkdirSync(path.join(dist, app));
  fs.writeFileSync(path.join(dist, app, 'index.html'), '<!doctype html><title>app</title>');
}

const kinds: DbKind[] = benchDatabases();
const results: [DbKind, FuzzReport, number][] = [];
for (const kind of kinds) {
  const store = await freshStore(kind, 'benchfuzz');
  const b = await spawnBackend({ ...store, port: await freePort(), jwtSecret: JWT_SECRET, env: { DIST_DIR: dist } });
  try {
    const started = Date.now();
    results.push([
      kind,
      await runFuzz(b, { seed: SEED, httpCases: CASES, frames: FRAMES, concurrency: 8 }),
      (Date.now() - started) / 1000,
    ]);
  } finally {
    await b.kill('SIGTERM');
    await store.drop();
  }
}

fs.rmSync(dist, { recursive: true, force: true });
console.table(
  results.map(([db, r, s]) => ({
    db,
    seconds: Math.round(s),
    'HTTP cases': r.httpCases,
    'realtime frames': r.realtimeFrames,
    '2xx': Object.entries(r.byStatus)
      .filter(([k]) => k.startsWith('2'))
      .reduce((n, [, c]) => n + c, 0),
    '4xx': Object.entries(r.byStatus)
      .filter(([k]) => k.startsWith('4'))
      .reduce((n, [, c]) => n + c, 0),
    '5xx or no answer': r.serverErrors.length,
    'connection resets': r.resets,
    'checksum before/after': `${r.checksumBefore} / ${r.checksumAfter}`,
    'rows added by anon': JSON.stringify(r.rowsAdded),
    'RSS MB start/peak/end': `${r.rssMb.start} / ${r.rssMb.peak} / ${r.rssMb.end}`,
    alive: r.alive ? 'yes' : 'NO',
  })),
);
let failed = false;
for (const [db, r] of results) {
  console.log(`${db} statuses: ${JSON.stringify(r.byStatus)}; by kind: ${JSON.stringify(r.byKind)}`);
  const problems = [
    ...r.serverErrors.slice(0, 10).map((e) => `${e.status} ${e.method} ${e.path} ${e.body ?? ''}`),
    ...r.unauthorisedChanges.map((c) => `changed without the right to: ${c}`),
    ...(r.leakedEvents ? [`${r.leakedEvents} realtime event(s) with row data reached a fuzzing socket`] : []),
    ...(r.resets ? [`${r.resets} connection(s) reset without an answer (tolerated: 0)`] : []),
    ...(r.alive ? [] : ['the backend died']),
    ...(r.rssMb.end - r.rssMb.start > 400 ? [`RSS grew by ${r.rssMb.end - r.rssMb.start} MB`] : []),
  ];
  for (const p of problems) console.error(`FAILED ${db}: ${p}`);
  failed ||= problems.length > 0;
}
if (failed) process.exit(1);
