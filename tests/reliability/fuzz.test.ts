import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/backend.js';
import { spawnBackend, freePort, type ChildBackend } from './support/child-backend.js';
import { freshStore, JWT_SECRET, type Store } from './support/databases.js';
import { runFuzz } from './support/fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20251121);

describe.each(testDatabases())('bad input on %s', (kind) => {
  let store: Store | undefined;
  let backend: ChildBackend | undefined;
  afterAll(async () => {
    await backend?.kill('SIGTERM');
    await store?.drop();
  });

  it(`answers 1,000 generated requests and 300 realtime frames without a 500, a crash or a data change (seed ${SEED})`, async () => {
    store = await freshStore(kind, 'fuzz');
    backend = await spawnBackend({ ...store, port: await freePort(), jwtSecret: JWT_SECRET });
    const r = await runFuzz(backend, { seed: SEED, httpCases: 1000, frames: 300 });
    const why = JSON.stringify({ ...r, serverErrors: r.serverErrors.slice(0, 5) }, null, 1);
    expect(r.alive, why).toBe(true);
    expect(r.serverErrors, why).toEqual([]);
    expect(r.unauthorisedChanges, why).toEqual([]);
    expect(r.checksumAfter, why).toBe(r.checksumBefore);
    expect(r.leakedEvents, why).toBe(0);
    expect(r.httpCases).toBe(1000);
    // Every kind of input was tried and most were refused with a 4xx.
    expect(Object.keys(r.byKind).sort()).toEqual(['jwt', 'rest-body', 'rest-query', 'rpc']);
    expect(
      Object.entries(r.byStatus)
        .filter(([s]) => s.startsWith('4'))
        .reduce((n, [, c]) => n + c, 0),
    ).toBeGreaterThan(500);
    expect(r.rssMb.peak - r.rssMb.start, why).toBeLessThan(400);
  }, 300_000);
});
