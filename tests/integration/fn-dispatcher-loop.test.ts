import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/backend/db/index.js';
import type { Db } from '../../src/backend/db/types.js';
import { dispatcherSettings, loopbackUrl, startDispatcher, type Dispatcher } from '../../src/backend/dispatcher.js';
import { adminDatabaseUrl, testDatabases } from '../helpers/backend.js';

/**
 * The dispatcher's scheduling, against a real database (LISTEN/NOTIFY) and an HTTP endpoint standing in for
 * the dispatch-notifications function that takes `runMs` per call and records how many calls overlap.
 */
async function slowFunction(
  runMs: number,
  answer: (n: number) => Record<string, unknown> = () => ({ claimed: 0, more: false }),
) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0, authorizations: new Set<string>() };
  const server = http.createServer((req, res) => {
    stats.calls++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    stats.authorizations.add(String(req.headers.authorization));
    const n = stats.calls;
    setTimeout(() => {
      stats.inFlight--;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer(n)));
    }, runMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { stats, baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe.each(testDatabases())('dispatcher scheduling on %s', (kind) => {
  let db: Db;
  let dispatcher: Dispatcher | null = null;
  let fn: Awaited<ReturnType<typeof slowFunction>> | null = null;
  const signal = () => db.query(`select pg_notify('notification_outbox', 'x')`);

  beforeAll(async () => {
    db = await openDb({ databaseUrl: kind === 'postgres' ? adminDatabaseUrl() : null, dataDir: null });
  });
  afterAll(async () => db?.close());
  afterEach(async () => {
    await dispatcher?.stop();
    await fn?.close();
    dispatcher = null;
    fn = null;
  });

  it('runs at start, once per signal, never two at once; signals during a run make exactly one more run', async () => {
    fn = await slowFunction(200);
    dispatcher = await startDispatcher({
      db,
      baseUrl: fn.baseUrl,
      serviceRoleKey: 'service-key',
      intervalMs: 60_000,
      log: () => {},
    });
    await until('the first run', () => fn!.stats.inFlight === 1);
    for (let i = 0; i < 10; i++) await signal(); // all during the first run
    await until('the second run', () => fn!.stats.calls === 2);
    await dispatcher.idle();
    await sleep(100);
    expect(fn.stats.calls).toBe(2);
    expect(fn.stats.maxInFlight).toBe(1);
    expect([...fn.stats.authorizations]).toEqual(['Bearer service-key']);

    await signal();
    await until('the run after a signal', () => fn!.stats.calls === 3);
    await dispatcher.idle();
    expect(fn.stats.maxInFlight).toBe(1);
  });

  it('runs again at once while batches come back full', async () => {
    fn = await slowFunction(20, (n) => ({ claimed: 10, more: n < 3 }));
    dispatcher = await startDispatcher({
      db,
      baseUrl: fn.baseUrl,
      serviceRoleKey: 'k',
      intervalMs: 60_000,
      log: () => {},
    });
    await until('three runs', () => fn!.stats.calls === 3);
    await dispatcher.idle();
    await sleep(150);
    expect(fn.stats.calls).toBe(3);
  });

  it('polls without signals', async () => {
    fn = await slowFunction(5);
    dispatcher = await startDispatcher({
      db,
      baseUrl: fn.baseUrl,
      serviceRoleKey: 'k',
      intervalMs: 150,
      log: () => {},
    });
    await until('two polls after the first run', () => fn!.stats.calls >= 3, 10_000);
  });

  it('lets a short run in flight finish before stopping, without logging a failure', async () => {
    const logged: string[] = [];
    fn = await slowFunction(400);
    dispatcher = await startDispatcher({
      db,
      baseUrl: fn.baseUrl,
      serviceRoleKey: 'k',
      intervalMs: 60_000,
      log: (m) => logged.push(m),
    });
    await until('the run', () => fn!.stats.inFlight === 1);
    await dispatcher.stop();
    expect(fn.stats.inFlight).toBe(0);
    expect(fn.stats.calls).toBe(1);
    expect(logged).toEqual([]);
  });

  it('stops after a short grace without waiting for a slow run in flight to answer', async () => {
    fn = await slowFunction(2500);
    dispatcher = await startDispatcher({
      db,
      baseUrl: fn.baseUrl,
      serviceRoleKey: 'k',
      intervalMs: 60_000,
      log: () => {},
      stopGraceMs: 300,
    });
    await until('the run', () => fn!.stats.inFlight === 1);
    const t = Date.now();
    await dispatcher.stop();
    const took = Date.now() - t;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2000);
    dispatcher.wake();
    await sleep(100);
    expect(fn.stats.calls).toBe(1);
  });

  it('logs a failing run once and keeps polling', async () => {
    const logged: string[] = [];
    fn = await slowFunction(1);
    await fn.close(); // nothing listens on that port any more
    dispatcher = await startDispatcher({
      db,
      baseUrl: fn.baseUrl,
      serviceRoleKey: 'k',
      intervalMs: 100,
      log: (m) => logged.push(m),
    });
    await until('the first failure', () => logged.length > 0);
    await sleep(450); // several more failing polls
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^run failed: /);
    fn = null;
  });
});

describe('dispatcher settings', () => {
  it('is on when the function exists, off with DISPATCH=off, and checks the interval', () => {
    expect(dispatcherSettings({}, 'supabase')).toEqual({ enabled: true, intervalMs: 5000 });
    expect(dispatcherSettings({ DISPATCH: 'off', DISPATCH_INTERVAL_MS: '250' }, 'supabase')).toEqual({
      enabled: false,
      intervalMs: 250,
    });
    expect(dispatcherSettings({}, 'tests/fixtures/empty-supabase').enabled).toBe(false);
    expect(() => dispatcherSettings({ DISPATCH_INTERVAL_MS: 'often' }, 'supabase')).toThrow(
      'DISPATCH_INTERVAL_MS must be at least 100, got "often"',
    );
    expect(loopbackUrl('0.0.0.0', 54321)).toBe('http://127.0.0.1:54321');
    expect(loopbackUrl('::1', 80)).toBe('http://[::1]:80');
  });
});
