import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/backend.js';
import { spawnBackend, freePort, type ChildBackend } from './support/child-backend.js';
import { freshStore, JWT_SECRET, type Store } from './support/databases.js';
import { runFuzz } from './support/fuzz.js';

// Three seeds, each a different run of generated requests on the same backend (FUZZ_SEED replays one of them).
const FIRST_SEED = Number(process.env.FUZZ_SEED ?? 20251121);
const SEEDS = [FIRST_SEED, FIRST_SEED + 1, FIRST_SEED + 2];
const CASES = 400;
const FRAMES = 100;

describe.each(testDatabases())('bad input on %s', (kind) => {
  let store: Store | undefined;
  let backend: ChildBackend | undefined;
  // A built shop and admin of one page each: a generated path that leaves /rest/v1 (`/rest/v1/..`) reaches the
  // shop's history fallback, which must answer its page, not "application not built" (503) in a tree never built.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-dist-'));
  for (const app of ['shop', 'admin']) {
    fs.mkdirSync(path.join(dist, app));
    fs.writeFileSync(path.join(dist, app, 'index.html'), '<!doctype html><title>app</title>');
  }
  beforeAll(async () => {
    store = await freshStore(kind, 'fuzz');
    backend = await spawnBackend({
      ...store,
      port: await freePort(),
      jwtSecret: JWT_SECRET,
      env: { DIST_DIR: dist },
    });
  }, 120_000);
  afterAll(async () => {
    await backend?.kill('SIGTERM');
    await store?.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(SEEDS)(
    `answers ${CASES} generated requests and ${FRAMES} realtime frames without a 5xx, a connection reset, a crash or a data change (seed %i)`,
    async (seed) => {
      const r = await runFuzz(backend!, { seed, httpCases: CASES, frames: FRAMES });
      const why = JSON.stringify({ ...r, serverErrors: r.serverErrors.slice(0, 5) }, null, 1);
      expect(r.alive, why).toBe(true);
      expect(r.serverErrors, why).toEqual([]);
      // Every request gets an answer, oversized and unparseable ones too (431/413/400): no connection reset.
      expect(
        Object.keys(r.byStatus).filter((s) => !/^[1-4]\d\d$/.test(s)),
        why,
      ).toEqual([]);
      expect(r.resets, why).toBe(0);
      expect(r.unauthorisedChanges, why).toEqual([]);
      expect(r.checksumAfter, why).toBe(r.checksumBefore);
      expect(r.leakedEvents, why).toBe(0);
      expect(r.httpCases).toBe(CASES);
      // Every kind of input was tried and most were refused with a 4xx.
      expect(Object.keys(r.byKind).sort()).toEqual(['jwt', 'rest-body', 'rest-query', 'rpc']);
      expect(
        Object.entries(r.byStatus)
          .filter(([s]) => s.startsWith('4'))
          .reduce((n, [, c]) => n + c, 0),
      ).toBeGreaterThan(CASES / 2);
      expect(r.rssMb.peak - r.rssMb.start, why).toBeLessThan(400);
    },
    180_000,
  );
});
