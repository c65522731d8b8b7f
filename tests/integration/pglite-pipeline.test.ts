import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../src/backend/db/pglite.js';
import type { PgError } from '../../src/backend/db/types.js';

/**
 * A transaction's BEGIN, settings, statement and COMMIT go into the engine in one call, pipelined in the extended
 * protocol (pglite-worker.mjs, `pipelined`), when every parameter is text or null; other values go through PGlite's
 * query() and its serializers. Both must answer alike: rows, types, errors with their SQLSTATE and fields, what is
 * committed and what is not, notifications.
 */
describe('PGlite pipelined transactions', () => {
  let db: PgliteDb;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`
      create table piped (id int primary key, note text, doc jsonb, at timestamptz);
      create table deferred_child (parent int references piped (id) deferrable initially deferred);`);
  });
  afterAll(async () => db?.close());

  const prelude = {
    sql: "select set_config('app.who', $1, true), set_config('app.note', $2, true)",
    params: ['kiosk', null],
  };

  it('answers rows and their types from text parameters, with the transaction’s settings', async () => {
    const sql = `insert into piped (id, note, doc, at) values ($1::int, current_setting('app.who') || $2, $3::jsonb, $4::timestamptz)
                 returning id, note, doc, at, current_setting('app.note', true) as unset`;
    const r = await db.transaction(
      async (tx) => tx.query(sql, ['1', ' at the counter', '{"lines":[1,2]}', '2026-11-29T18:00:00Z']),
      { prelude, commitAfter: sql },
    );
    expect(r.rows).toEqual([
      { id: 1, note: 'kiosk at the counter', doc: { lines: [1, 2] }, at: new Date('2026-11-29T18:00:00Z'), unset: '' },
    ]);
    expect(r.fields.map((f) => f.name)).toEqual(['id', 'note', 'doc', 'at', 'unset']);
    expect((await db.query<{ n: string }>('select count(*)::text as n from piped')).rows[0]!.n).toBe('1');
  });

  it('answers bigint and numeric as text, counts the rows a statement changed, and reads a long answer whole', async () => {
    // The answer is read on the main thread from the engine's bytes (pglite.ts, readAnswer), with the same parsers.
    const numbers = await db.transaction(async (tx) =>
      tx.query<{ big: string; price: string; n: number }>(
        'select $1::bigint as big, $2::numeric(10,2) as price, $3::int as n',
        ['9007199254740993', '12.50', '4'],
      ),
    );
    expect(numbers.rows).toEqual([{ big: '9007199254740993', price: '12.50', n: 4 }]);
    // Arrays as PGlite parses them (a bucket's allowed types, a list of ids), their elements with their own parsers.
    const arrays = await db.transaction(async (tx) =>
      tx.query('select $1::text[] as mimes, $2::int[] as ids, $3::bigint[] as bigs, $4::jsonb[] as docs', [
        '{image/png,"image/jpeg"}',
        '{3,1,2}',
        '{9007199254740993}',
        '{"{\\"a\\":1}"}',
      ]),
    );
    expect(arrays.rows).toEqual([
      { mimes: ['image/png', 'image/jpeg'], ids: [3, 1, 2], bigs: ['9007199254740993'], docs: [{ a: 1 }] },
    ]);
    const update = "update piped set note = note || '!' where id >= $1::int";
    await db.transaction(async (tx) => tx.query("insert into piped (id, note) values (10, 'a'), (11, 'b')"));
    const changed = await db.transaction(async (tx) => tx.query(update, ['10']), { commitAfter: update });
    expect(changed.rowCount).toBe(2);
    expect(changed.rows).toEqual([]);
    // Some megabytes: the engine hands such an answer over in several pieces.
    const long = await db.transaction(async (tx) =>
      tx.query<{ i: number; t: string }>(
        `select i, repeat(chr(65 + i % 26), $1::int) as t from generate_series(1, 3000) i`,
        ['1000'],
      ),
    );
    expect(long.rows).toHaveLength(3000);
    expect(long.rows[2999]).toEqual({ i: 3000, t: 'K'.repeat(1000) });
    expect(long.rows.every((r, k) => r.i === k + 1 && r.t.length === 1000)).toBe(true);
  });

  it('takes other parameter values (numbers, dates, objects, arrays) through the serializers, as before', async () => {
    const r = await db.query<{ id: number; at: Date; doc: unknown; ids: number[] }>(
      'select $1::int as id, $2::timestamptz as at, $3::jsonb as doc, $4::int[] as ids',
      [7, new Date('2026-01-02T03:04:05Z'), { a: 'b' }, [1, 2, 3]],
    );
    expect(r.rows[0]).toEqual({ id: 7, at: new Date('2026-01-02T03:04:05Z'), doc: { a: 'b' }, ids: [1, 2, 3] });
  });

  it('fails with PostgreSQL’s error and its fields, and commits nothing of the transaction', async () => {
    const sql = 'insert into piped (id, note) values ($1::int, $2)';
    const failure = await db
      .transaction(
        async (tx) => {
          await tx.query(`${sql} -- first`, ['2', 'first']);
          await tx.query(sql, ['1', 'taken']);
        },
        { prelude, commitAfter: sql },
      )
      .catch((e: PgError) => e);
    expect(failure).toMatchObject({ code: '23505', constraint: 'piped_pkey' });
    expect((failure as PgError).detail).toMatch(/\(id\)=\(1\)/);
    expect((await db.query('select id from piped where id = 2')).rows).toEqual([]);
    // A bad parameter is PostgreSQL's 22P02, and the next transaction starts clean.
    await expect(db.query('select $1::int as n', ['douze'])).rejects.toMatchObject({ code: '22P02' });
    const ok = await db.transaction(async (tx) => tx.query('select $1::text as t', ['clean']));
    expect(ok.rows).toEqual([{ t: 'clean' }]);
  });

  it('fails at the settings before the statement runs', async () => {
    const sql = "insert into piped (id, note) values ($1::int, 'never')";
    await expect(
      db.transaction(async (tx) => tx.query(sql, ['3']), {
        prelude: { sql: 'select set_config($1, $2, true)', params: ['not a setting name!', 'x'] },
        commitAfter: sql,
      }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^[0-9A-Z]{5}$/) });
    expect((await db.query('select id from piped where id = 3')).rows).toEqual([]);
  });

  it('fails at a COMMIT that a deferred constraint refuses, with nothing kept', async () => {
    const sql = 'insert into deferred_child values ($1::int)';
    await expect(db.transaction(async (tx) => tx.query(sql, ['404']), { commitAfter: sql })).rejects.toMatchObject({
      code: '23503',
    });
    expect((await db.query('select parent from deferred_child')).rows).toEqual([]);
    await db.transaction(async (tx) => tx.query(sql, ['1']), { commitAfter: sql });
    expect((await db.query('select parent from deferred_child')).rows).toEqual([{ parent: 1 }]);
  });

  it('delivers a NOTIFY of a pipelined transaction at its commit, not before and not when rolled back', async () => {
    const heard: string[] = [];
    const stop = await db.listen('piped_channel', (p) => heard.push(p));
    try {
      const sql = "select pg_notify('piped_channel', $1)";
      await db.transaction(async (tx) => tx.query(sql, ['committed']), { commitAfter: sql });
      await expect(
        db.transaction(async (tx) => {
          await tx.query(sql, ['rolled back']);
          await tx.query('select 1 / 0');
        }),
      ).rejects.toMatchObject({ code: '22012' });
      const until = Date.now() + 5000;
      while (!heard.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await db.query('select 1');
      expect(heard).toEqual(['committed']);
    } finally {
      await stop();
    }
  });
});
