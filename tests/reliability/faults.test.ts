import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/backend.js';
import { spawnBackend, freePort, type BackendSpec, type ChildBackend } from './support/child-backend.js';
import { freshStore, JWT_SECRET, type Store } from './support/databases.js';
import { failureSummary, runLoad, type LoadReport } from './support/load.js';
import { ensureClusterUp, localCluster, restartCluster } from './support/postgres-cluster.js';

/** A run that fails says what the backend printed last (an exit's stack trace, for one). */
async function withBackendLog<T>(backend: () => ChildBackend | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const b = backend();
    const state = b ? `exit ${b.process.exitCode ?? b.process.signalCode ?? 'none (running)'}` : 'no backend';
    throw new Error(
      `${(e as Error).message}\n  backend: ${state}, its last lines:\n${b?.output().slice(-3000) ?? ''}`,
      {
        cause: e,
      },
    );
  }
}

function expectNothingLost(r: LoadReport) {
  const why = `${JSON.stringify({ ...r, failures: failureSummary(r.failures) })}`;
  expect(r.acknowledgedBeforeFault, why).toBeGreaterThan(0);
  expect(r.acknowledgedAfterFault, why).toBeGreaterThan(0);
  expect(r.failures.length, why).toBeGreaterThan(0);
  expect(r.unclearFailures, why).toBe(0);
  expect(r.lostOrders, why).toBe(0);
  expect(r.duplicatedOrders, why).toBe(0);
  // Customers sent each order again (same request id) until it was answered: none placed twice,
  // none placed without its customer knowing, none left unanswered.
  expect(r.retriedOrders, why).toBeGreaterThan(0);
  expect(r.placedTwice, why).toBe(0);
  expect(r.storedDespiteError, why).toBe(0);
  expect(r.unansweredOrders, why).toBe(0);
  for (const board of r.boards) {
    expect(board.missed, why).toBe(0);
    expect(board.duplicateEvents, why).toBe(0);
  }
}

describe.each(testDatabases())('backend killed under load on %s', (kind) => {
  let store: Store | undefined;
  let backend: ChildBackend | undefined;
  afterAll(async () => {
    await backend?.kill('SIGTERM');
    await store?.drop();
  });

  it('keeps every acknowledged order, answers errors while down, and dashboards catch up after the restart', async () => {
    store = await freshStore(kind, 'kill');
    const spec: BackendSpec = { ...store, port: await freePort(), jwtSecret: JWT_SECRET };
    backend = await spawnBackend(spec);
    const first = backend;
    const r = await withBackendLog(
      () => backend,
      () =>
        runLoad({
          url: first.url,
          keys: first.keys,
          customers: 10,
          durationMs: 4000,
          faultAtMs: 1500,
          faultAfterAcks: 10,
          async fault() {
            await first.kill('SIGKILL');
            backend = await spawnBackend(spec);
          },
          settleMs: 40_000,
        }),
    );
    expectNothingLost(r);
    // The dashboards were cut off with the backend: each rejoined at least once.
    for (const board of r.boards) expect(board.joins).toBeGreaterThanOrEqual(2);
  }, 300_000);
});

const cluster = localCluster();
if (cluster && testDatabases().includes('postgres')) {
  describe('PostgreSQL restarted under the backend', () => {
    let store: Store | undefined;
    let backend: ChildBackend | undefined;
    afterAll(async () => {
      ensureClusterUp(cluster);
      await backend?.kill('SIGTERM');
      await store?.drop();
    });

    it('keeps every acknowledged order, answers errors during the restart, and dashboards miss nothing', async () => {
      store = await freshStore('postgres', 'pgrestart');
      backend = await spawnBackend({ ...store, port: await freePort(), jwtSecret: JWT_SECRET });
      const r = await withBackendLog(
        () => backend,
        () =>
          runLoad({
            url: backend!.url,
            keys: backend!.keys,
            customers: 10,
            durationMs: 4000,
            faultAtMs: 1500,
            faultAfterAcks: 10,
            fault: () => restartCluster(cluster),
            settleMs: 30_000,
          }),
      );
      expectNothingLost(r);
      // While the database is away the API says so (503: try again), never "bad request" or "internal error".
      expect(r.failures.filter((f) => f.status !== 503 && f.status !== 0)).toEqual([]);
      // The sockets stayed up: every order came as an event, none had to be re-queried.
      for (const board of r.boards) expect([board.joins, board.caughtUp]).toEqual([1, 0]);
    }, 300_000);
  });
}
