import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDb } from '../../src/backend/db/pglite.js';

/**
 * The engine's file system keeps each data file's size once read (keepFileSizes in pglite-worker.mjs) instead of
 * asking the disk at every lseek. Whatever PostgreSQL does to its files (extend, truncate, replace, drop), the size
 * it works with must be the file's: a sequential scan reads as many pages as lseek says (one past the end is an
 * error, « could not read block »), and pg_relation_size, which asks the disk (stat), must agree with the pages the
 * engine wrote. No row may be lost.
 */
describe('PGlite data files keep their true size', () => {
  let dir: string;
  let db: PgliteDb;

  async function sizesMatch(): Promise<number> {
    const rels = (
      await db.query<{ file: string; bytes: string }>(
        `select pg_relation_filepath(c.oid) as file, pg_relation_size(c.oid)::text as bytes
           from pg_class c where c.relname like 'sized%' and c.relkind in ('r', 'i')`,
      )
    ).rows;
    expect(rels.length).toBeGreaterThan(0);
    for (const r of rels) {
      const onDisk = fs.statSync(path.join(dir, r.file)).size;
      expect({ file: r.file, bytes: Number(r.bytes) }).toEqual({ file: r.file, bytes: onDisk });
    }
    // Every page the engine believes in is read: a size kept too large fails here.
    await db.query('select count(*) from sized');
    return rels.length;
  }
  const count = async () => Number((await db.query<{ n: string }>('select count(*)::text as n from sized')).rows[0]!.n);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-sizes-'));
    db = await openPglite(dir);
    await db.exec(`create table sized (n int primary key, pad text); alter table sized set (autovacuum_enabled = off)`);
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('grows with every page written, in several transactions', async () => {
    for (let i = 0; i < 5; i++) {
      await db.transaction(async (tx) => {
        await tx.query(`insert into sized select g, repeat('x', 300) from generate_series($1::int, $1::int + 999) g`, [
          i * 1000,
        ]);
      });
      await sizesMatch();
    }
    expect(await count()).toBe(5000);
    expect(
      Number((await db.query<{ b: string }>(`select pg_relation_size('sized')::text as b`)).rows[0]!.b),
    ).toBeGreaterThan(100 * 8192);
  });

  it('shrinks when VACUUM cuts the empty pages at the end, and grows again from there', async () => {
    const before = Number((await db.query<{ b: string }>(`select pg_relation_size('sized')::text as b`)).rows[0]!.b);
    await db.query('delete from sized where n >= 1000');
    await db.exec('vacuum sized');
    const after = Number((await db.query<{ b: string }>(`select pg_relation_size('sized')::text as b`)).rows[0]!.b);
    expect(after).toBeLessThan(before);
    await sizesMatch();
    await db.query(`insert into sized select g, repeat('y', 300) from generate_series(1000, 2999) g`);
    await sizesMatch();
    expect(await count()).toBe(3000);
  });

  it('follows a TRUNCATE rolled back, one committed, a VACUUM FULL and a dropped index', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('truncate sized');
        await tx.query('select 1 / 0');
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await count()).toBe(3000);
    await sizesMatch();
    await db.exec('vacuum full sized');
    await sizesMatch();
    await db.query('create index sized_pad on sized (pad)');
    await sizesMatch();
    await db.query('drop index sized_pad');
    await db.query('truncate sized');
    expect(await count()).toBe(0);
    await sizesMatch();
    await db.query(`insert into sized select g, repeat('z', 300) from generate_series(1, 1500) g`);
    await sizesMatch();
  });

  it('is what a reopened engine finds on disk', async () => {
    await db.close();
    db = await openPglite(dir);
    expect(await count()).toBe(1500);
    await sizesMatch();
    await db.query(`insert into sized select g, repeat('w', 300) from generate_series(1501, 2500) g`);
    await sizesMatch();
    expect(await count()).toBe(2500);
  });
});
