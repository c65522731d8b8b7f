import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../src/backend/db/pglite.js';
import { startTestBackend, type TestBackend } from '../helpers/backend.js';

/**
 * The engine is idle while a transaction's next statement travels between the threads, and every API request is
 * one transaction: BEGIN goes with the transaction's first statement instead of in a message of its own.
 */
describe('PGlite transactions between the threads', () => {
  let db: PgliteDb;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.query('create table kept (n int)');
  });
  afterAll(async () => db?.close());

  it('costs two messages for one statement (BEGIN with it, then COMMIT), and none when it runs nothing', async () => {
    let before = db.trips();
    await db.transaction(async (tx) => void (await tx.query('insert into kept values (1)')));
    expect(db.trips() - before).toBe(2);
    before = db.trips();
    await db.transaction(async () => {});
    expect(db.trips() - before).toBe(0);
    expect((await db.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 1 }]);
  });

  it('sends a prelude with the first statement and commits with the statement named last: one message in all', async () => {
    const prelude = { sql: "select set_config('app.who', $1, true)", params: ['counter'] };
    const last = "insert into kept select 10 where current_setting('app.who') = 'counter'";
    const before = db.trips();
    await db.transaction(async (tx) => void (await tx.query(last)), { prelude, commitAfter: last });
    expect(db.trips() - before).toBe(1);
    expect((await db.query<{ n: number }>('select n from kept where n = 10')).rows).toEqual([{ n: 10 }]);
    // The setting was the transaction's own (set_config … true): gone with its commit.
    expect((await db.query<{ who: string }>("select current_setting('app.who', true) as who")).rows[0]!.who).toBe('');
  });

  it('rolls back in the same message when the last statement fails, and runs nothing after it', async () => {
    const last = 'select 1 / 0';
    const before = db.trips();
    await expect(
      db.transaction(
        async (tx) => {
          await tx.query('insert into kept values (11)');
          await tx.query(last);
        },
        { commitAfter: last },
      ),
    ).rejects.toThrow(/division by zero/);
    expect(db.trips() - before).toBe(2);
    expect((await db.query('select n from kept where n = 11')).rows).toEqual([]);
    // The engine is out of that transaction: the next one starts clean.
    await db.transaction(async (tx) => void (await tx.query('insert into kept values (12)')));
    await expect(
      db.transaction(
        async (tx) => {
          await tx.query('select 1');
          await tx.query('insert into kept values (13)');
        },
        { commitAfter: 'select 1' },
      ),
    ).rejects.toThrow(/already committed/);
    expect((await db.query<{ n: number }>('select n from kept where n > 10 order by n')).rows).toEqual([{ n: 12 }]);
    await db.query('delete from kept where n >= 10');
  });

  it('still runs the statements inside the transaction: a failure rolls back what the first one wrote', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into kept values (2)');
        await tx.query('select 1 / 0');
      }),
    ).rejects.toThrow(/division by zero/);
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('insert into kept values (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(
      async (tx) => {
        expect(
          (await tx.query<{ ro: string }>("select current_setting('transaction_read_only') as ro")).rows[0]!.ro,
        ).toBe('on');
      },
      { readOnly: true },
    );
    expect((await db.query<{ n: number }>('select n from kept order by n')).rows).toEqual([{ n: 1 }]);
  });
});

/**
 * A transaction whose last message is sent lets the next one send its first (FairQueue's release): the engine runs
 * them one after the other, without waiting for this thread between them. Each still runs alone, its time bound
 * counts from when the engine comes to it, and one the engine never began is told so when the engine is restarted.
 */
describe('PGlite transactions sent while the one before still runs', () => {
  let db: PgliteDb;
  const HEAVY = 'select count(*) from generate_series(1, 3000000)';
  beforeAll(async () => {
    db = await openPglite(null);
    await db.query('create table queued (n int, who text)');
  });
  afterAll(async () => db?.close());

  it('sends the next transaction before the one before has answered, and keeps them apart', async () => {
    // A: one message, heavy, fails in the engine and rolls back there. B: three messages, the first sent behind A's.
    const failing = `insert into queued select 1 / (count(*) - count(*))::int, 'a' from (${HEAVY}) s`;
    let answered = false;
    const tripsBefore = db.trips();
    const a = db
      .transaction(async (tx) => void (await tx.query(failing)), { commitAfter: failing, client: 'a' })
      .catch((e: Error) => e.message)
      .finally(() => (answered = true));
    const b = db.transaction(
      async (tx) => {
        await tx.query("insert into queued values (2, 'b')");
        const seen = await tx.query<{ n: number }>('select count(*)::int as n from queued');
        await tx.query("insert into queued values ($1, 'b')", [10 + seen.rows[0]!.n]);
      },
      { client: 'b' },
    );
    // While A runs, both messages are on their way (between two timers, not within one answer's handling).
    let sentWhileRunning = 0;
    const watch = setInterval(() => {
      if (!answered) sentWhileRunning = Math.max(sentWhileRunning, db.trips() - tripsBefore);
    }, 2);
    await Promise.all([a, b]);
    clearInterval(watch);
    expect(await a).toMatch(/division by zero/);
    expect(sentWhileRunning).toBe(2);
    // B ran in a transaction of its own: A's rollback took none of it, and it saw only its own row.
    expect((await db.query('select n, who from queued order by n')).rows).toEqual([
      { n: 2, who: 'b' },
      { n: 11, who: 'b' },
    ]);
  });

  it('sends nothing of a transaction after its COMMIT, even when the COMMIT fails: the next one keeps its settings', async () => {
    await db.exec(`create table parent (id int primary key);
      create table child (pid int references parent deferrable initially deferred)`);
    // A: its COMMIT fails (the deferred key is checked then) and has ended it. B: sent behind that COMMIT.
    const a = db
      .transaction(async (tx) => void (await tx.query('insert into child values (999)')), { client: 'a' })
      .catch((e: Error) => e.message);
    const b = db.transaction(
      async (tx) => {
        await tx.query('select 1');
        return (await tx.query<{ who: string }>("select current_setting('app.who', true) as who")).rows[0]!.who;
      },
      { client: 'b', prelude: { sql: "select set_config('app.who', $1, true)", params: ['b'] } },
    );
    expect(await a).toMatch(/foreign key/);
    // A ROLLBACK sent after A's failed COMMIT would have run after B's first message and ended B's transaction.
    expect(await b).toBe('b');
    expect((await db.query('select count(*)::int as n from child')).rows).toEqual([{ n: 0 }]);
  });

  it('starts the time bound of a transaction when the engine comes to it, not while it waits behind another', async () => {
    const before = db.engineCpuMs()!;
    await db.transaction(async (tx) => void (await tx.query(HEAVY)), { timeoutMs: 60_000 });
    const heavyMs = db.engineCpuMs()! - before;
    const restarts = db.restarts();
    // The light one's bound is shorter than the heavy one's work in front of it: counted from its sending, it would
    // have ended the engine under the heavy one.
    const lightBound = Math.max(Math.round(heavyMs / 3), 50);
    const heavy = db.transaction(async (tx) => void (await tx.query(HEAVY)), { timeoutMs: 60_000, commitAfter: HEAVY });
    const light = db.transaction(async (tx) => (await tx.query<{ n: number }>('select 7 as n')).rows[0]!.n, {
      timeoutMs: lightBound,
    });
    await expect(heavy).resolves.toBeUndefined();
    await expect(light).resolves.toBe(7);
    expect({ heavyMs, restarts: db.restarts() }).toEqual({ heavyMs, restarts });
  });

  it('fails the statement past its bound as a timeout, and the one sent behind it as a restart (57P01)', async () => {
    await db.query("insert into queued values (100, 'kept')");
    const past = db
      .transaction(async (tx) => void (await tx.query('select count(*) from generate_series(1, 500000000)')), {
        timeoutMs: 300,
        commitAfter: 'select count(*) from generate_series(1, 500000000)',
      })
      .catch((e: { message: string; code?: string }) => ({ code: e.code, message: e.message }));
    const behind = db
      .transaction(async (tx) => void (await tx.query("insert into queued values (101, 'behind')")), {
        commitAfter: "insert into queued values (101, 'behind')",
      })
      .catch((e: { message: string; code?: string }) => ({ code: e.code, message: e.message }));
    expect(await past).toEqual({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(await behind).toMatchObject({ code: '57P01' });
    expect(db.restarts()).toBe(1);
    // The engine never began it: nothing of it is there; the committed row is.
    expect((await db.query('select n, who from queued where n >= 100 order by n')).rows).toEqual([
      { n: 100, who: 'kept' },
    ]);
  });
});

/**
 * A REST call of one function (an order) is one transaction: the request's settings ride with the BEGIN and the
 * call, and the COMMIT with the call. The engine is held for one trip between the threads, not three.
 */
describe('PGlite REST calls between the threads', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend('pglite', { env: { ...process.env, DISPATCH: 'off', RETENTION_AUTO: 'off' } });
    await b.db.exec(`
      create table public.trip_calls (who text);
      create function public.note_trip_call() returns text language plpgsql as $$
      begin
        insert into public.trip_calls values (current_setting('request.jwt.claims', true)::jsonb ->> 'role');
        return current_user;
      end $$;
      grant insert on public.trip_calls to anon;
      grant execute on function public.note_trip_call() to anon;
      notify pgrst, 'reload schema';`);
  });
  afterAll(async () => b?.close());

  const call = (prefer?: string) =>
    fetch(`${b.url}/rest/v1/rpc/note_trip_call`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${b.anonKey}`,
        'content-type': 'application/json',
        ...(prefer ? { prefer } : {}),
      },
      body: '{}',
    });

  it('costs one message, runs as the request role with its claims, and commits', async () => {
    expect(await (await call()).json()).toBe('anon');
    // Other work of the server (realtime reading the published tables as it starts, its jobs) may share the engine
    // meanwhile: the least of the calls is the call's own (three messages before: BEGIN and settings, call, COMMIT).
    const trips: number[] = [];
    while (trips.length < 20 && !trips.includes(1)) {
      const before = (b.db as PgliteDb).trips();
      const r = await call();
      expect(r.status).toBe(200);
      trips.push((b.db as PgliteDb).trips() - before);
    }
    expect(Math.min(...trips)).toBe(1);
    const calls = 1 + trips.length;
    expect((await b.db.query<{ n: number }>('select count(*)::int as n from public.trip_calls')).rows[0]!.n).toBe(
      calls,
    );
    expect((await b.db.query<{ who: string }>('select distinct who from public.trip_calls')).rows).toEqual([
      { who: 'anon' },
    ]);
  });

  it('keeps Prefer: tx=rollback: the call runs and nothing is kept', async () => {
    const count = async () =>
      (await b.db.query<{ n: number }>('select count(*)::int as n from public.trip_calls')).rows[0]!.n;
    const kept = await count();
    const r = await call('tx=rollback');
    expect(r.status).toBe(200);
    expect(await r.json()).toBe('anon');
    expect(await count()).toBe(kept);
  });
});
