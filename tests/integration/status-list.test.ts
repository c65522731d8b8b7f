import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { ACTIVE_STATUS_SPELLINGS, ORDER_STATUSES } from '../../src/shared/domain/order-status.js';

// One status list: the database's check on orders.status holds exactly the domain's list, so a
// status added on one side only fails here (the catalogues are typed over the same list).
describe.each(testDatabases())('the order status list on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  it('orders.status accepts exactly the domain statuses', async () => {
    const { rows } = await b.db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
        where c.conrelid = 'public.orders'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%status%'`,
    );
    const statusChecks = rows.map((r) => r.def).filter((d) => /\(status\b/.test(d) || /\bstatus\s*=/.test(d));
    expect(statusChecks).toHaveLength(1);
    const listed = [...statusChecks[0]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replace(/''/g, "'"));
    expect([...listed].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('every status list in the SQL functions names only statuses of the domain list', async () => {
    const { rows } = await b.db.query<{ src: string }>(
      `select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f' and p.prosrc like '%''Prête pour Livraison''%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // Every SQL list of statuses names only statuses of the domain list (or their stored variants).
    const known = new Set<string>([...ORDER_STATUSES, ...ACTIVE_STATUS_SPELLINGS, 'Livré', 'Annulé']);
    let lists = 0;
    for (const { src } of rows) {
      for (const list of src.matchAll(/status\s+(?:not\s+)?in\s*\(([^)]*)\)/gi)) {
        const names = [...list[1]!.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
        if (names.length) lists += 1;
        for (const name of names) expect(known, `${name} in ${list[0]}`).toContain(name);
      }
    }
    expect(lists).toBeGreaterThan(0);
  });
});
