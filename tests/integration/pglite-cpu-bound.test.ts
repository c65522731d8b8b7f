import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../src/backend/db/pglite.js';

/**
 * PGlite's statement bound is on the engine thread's CPU time (Linux /proc/thread-self): a machine busy
 * with other work makes a light statement slow without making it heavy, and it must not be ended for that;
 * a statement that really works past its bound still is, however busy the machine.
 */
describe('PGlite statement bound in engine CPU time', () => {
  let db: PgliteDb;
  let hogs: ChildProcess[] = [];
  const LIGHT = 'select count(*) from generate_series(1, 1000000)';

  beforeAll(async () => {
    db = await openPglite(null);
  });
  afterAll(async () => {
    for (const h of hogs) h.kill('SIGKILL');
    await db?.close();
  });

  async function run(sql: string, timeoutMs: number) {
    const started = Date.now();
    try {
      await db.transaction(async (tx) => void (await tx.query(sql)), { timeoutMs });
      return { ok: true, ms: Date.now() - started };
    } catch (e) {
      return { ok: false, ms: Date.now() - started, error: (e as Error).message };
    }
  }

  it('on a machine busy with other processes, a light statement slower than its bound in wall time completes', async () => {
    // The statement's own work, in engine CPU time, measured on its own.
    const before = db.engineCpuMs();
    expect(before).not.toBeNull();
    expect((await run(LIGHT, 60_000)).ok).toBe(true);
    const work = db.engineCpuMs()! - before!;
    const bound = Math.max(work * 3, 200);
    // Twelve processes spinning on the machine's cores: the engine thread gets a small fraction of a core.
    hogs = Array.from({ length: 12 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    const restarts = db.restarts();
    const busy = await run(LIGHT, bound);
    for (const h of hogs) h.kill('SIGKILL');
    hogs = [];
    const seen = JSON.stringify({ work, bound, busy });
    expect(busy.ok, seen).toBe(true);
    // It did take longer than its bound on the clock: a wall-time bound would have ended it.
    expect(busy.ms, seen).toBeGreaterThan(bound);
    expect(db.restarts()).toBe(restarts);
  });

  it('a statement that works past its bound is ended, the engine reopened, committed data kept', async () => {
    await db.query('create table kept (n int)');
    await db.query('insert into kept values (1)');
    const before = db.restarts();
    const heavy = await run('select count(*) from generate_series(1, 500000000)', 300);
    expect(heavy).toMatchObject({ ok: false, error: 'canceling statement due to statement timeout' });
    expect(heavy.ms).toBeLessThan(300 * 20 + 1000);
    expect(db.restarts()).toBe(before + 1);
    expect((await db.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 1 }]);
  });
});
