import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../src/backend/db/pglite.js';
import { startUpkeepJob, upkeepOnce } from '../../src/backend/jobs/upkeep.js';

/**
 * PGlite has no autovacuum (jobs/upkeep.ts does its work): a plan cached while a table was empty must not be kept
 * once the table has grown, and dead rows must not pile up for ever. What the test watches is what the orders paid
 * for: a lookup by primary key, in a PL/pgSQL function, that scanned the whole table at every call.
 */
describe('PGlite upkeep (analyse and vacuum as autovacuum would)', () => {
  let db: PgliteDb;

  /** Rows the engine read by sequential scan from the table so far (its statistics, flushed first). */
  async function rowsScanned(): Promise<number> {
    await db.query('select pg_stat_force_next_flush()');
    await db.query('select 1');
    const r = await db.query<{ n: string }>(
      `select coalesce(seq_tup_read, 0)::text as n from pg_stat_user_tables where relname = 'kept'`,
    );
    return Number(r.rows[0]!.n);
  }
  async function lookups(n: number): Promise<void> {
    for (let i = 1; i <= n; i++) await db.query('select kept_name($1) as v', [i * 7]);
  }

  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`
      create table kept (id int primary key, name text not null);
      create function kept_name(p int) returns text language plpgsql stable as $$
      begin return (select k.name from kept k where k.id = p); end $$;
      analyze kept;`);
    // The function's plan is made and cached while the table is empty.
    for (let i = 0; i < 8; i++) await db.query('select kept_name($1) as v', [i]);
    await db.exec(`insert into kept select g, 'name ' || g from generate_series(1, 20000) g`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('analyses a table that grew, and the cached plan then reads by index', async () => {
    const before = await rowsScanned();
    await lookups(5);
    const stale = (await rowsScanned()) - before;
    // The plan of the empty table: every call reads all 20,000 rows.
    expect(stale).toBeGreaterThanOrEqual(5 * 20_000);

    const done = await upkeepOnce(db);
    expect(done.analyzed).toContain('public.kept');
    const reltuples = await db.query<{ n: number }>(
      `select reltuples::float8 as n from pg_class where relname = 'kept'`,
    );
    expect(reltuples.rows[0]!.n).toBe(20_000);

    const after = await rowsScanned();
    await lookups(50);
    expect((await rowsScanned()) - after).toBe(0);
    expect((await db.query<{ v: string }>('select kept_name(700) as v')).rows[0]!.v).toBe('name 700');
  });

  it('leaves a table alone while it has not changed enough', async () => {
    await db.exec(`update kept set name = name || '!' where id <= 40`);
    const done = await upkeepOnce(db);
    expect(done).toEqual({ analyzed: [], vacuumed: [] });
  });

  it('vacuums a table whose dead rows pass autovacuum’s threshold, and its rows are all there after', async () => {
    await db.exec(`update kept set name = name || '.' where id <= 6000`);
    const dead = async () => {
      await db.query('select pg_stat_force_next_flush()');
      await db.query('select 1');
      const r = await db.query<{ n: string }>(
        `select n_dead_tup::text as n from pg_stat_user_tables where relname = 'kept'`,
      );
      return Number(r.rows[0]!.n);
    };
    expect(await dead()).toBeGreaterThanOrEqual(4000);
    const done = await upkeepOnce(db);
    expect(done.vacuumed).toEqual(['public.kept']);
    expect(done.analyzed).toEqual(['public.kept']);
    expect(await dead()).toBeLessThan(50);
    const n = await db.query<{ n: string; dots: string }>(
      `select count(*)::text as n, count(*) filter (where name like '%.')::text as dots from kept`,
    );
    expect(n.rows[0]).toEqual({ n: '20000', dots: '6000' });
  });

  it('runs by itself on a timer, and not at all on PostgreSQL', async () => {
    await db.exec(`insert into kept select g, 'more ' || g from generate_series(20001, 24000) g`);
    const job = startUpkeepJob(db, 50)!;
    try {
      const until = Date.now() + 10_000;
      let analysed = false;
      while (!analysed && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        const r = await db.query<{ n: number }>(`select reltuples::float8 as n from pg_class where relname = 'kept'`);
        analysed = r.rows[0]!.n === 24_000;
      }
      expect(analysed).toBe(true);
    } finally {
      await job.stop();
    }
    expect(startUpkeepJob({ ...db, kind: 'postgres' } as unknown as PgliteDb, 50)).toBeNull();
  });
});
