import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../src/backend/db/pglite.js';

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
