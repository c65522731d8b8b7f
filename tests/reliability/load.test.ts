import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/backend.js';
import { spawnBackend, freePort, type ChildBackend } from './support/child-backend.js';
import { freshStore, JWT_SECRET, type Store } from './support/databases.js';
import { failureSummary, runLoad } from './support/load.js';

describe.each(testDatabases())('orders under load on %s', (kind) => {
  let store: Store | undefined;
  let backend: ChildBackend | undefined;
  afterAll(async () => {
    await backend?.kill('SIGTERM');
    await store?.drop();
  });

  it('stores every acknowledged order once and shows it once on both dashboards', async () => {
    store = await freshStore(kind, 'load');
    backend = await spawnBackend({ ...store, port: await freePort(), jwtSecret: JWT_SECRET });
    const r = await runLoad({ url: backend.url, keys: backend.keys, customers: 10, durationMs: 5000 });
    expect(r.acknowledged, failureSummary(r.failures)).toBeGreaterThan(10);
    expect(r.failures, failureSummary(r.failures)).toEqual([]);
    expect(r.lostOrders).toBe(0);
    expect(r.duplicatedOrders).toBe(0);
    expect(r.storedDespiteError).toBe(0);
    expect(r.placedTwice).toBe(0);
    expect(r.unansweredOrders).toBe(0);
    for (const board of r.boards) {
      expect(board.missed).toBe(0);
      expect(board.duplicateEvents).toBe(0);
      expect(board.caughtUp).toBe(0);
    }
  }, 180_000);
});
