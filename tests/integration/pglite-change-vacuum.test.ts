import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../helpers/backend.js';
import { waitFor } from './fn-support.js';

/**
 * PGlite has no autovacuum: each delivered change (an order, its message to the back office) leaves a dead row in
 * `_realtime.changes`, whose every read then went through all of them (2.7 MB after a thousand orders, for as long
 * as the server ran). The realtime sweep vacuums it, every 5 seconds when rows were taken since.
 */
describe('PGlite change table', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend('pglite', { env: { ...process.env, DISPATCH: 'off', RETENTION_AUTO: 'off' } });
  });
  afterAll(async () => b?.close());

  const size = async () =>
    Number((await b.db.query<{ n: string }>(`select pg_relation_size('_realtime.changes')::text as n`)).rows[0]!.n);

  it('is vacuumed by the realtime sweep: the delivered changes leave no dead rows behind', async () => {
    // Changes are captured while someone follows the table: a menu page does.
    const client = b.client();
    let delivered = 0;
    await new Promise<void>((resolve, reject) =>
      client
        .channel('menu')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'menu_items' }, () => delivered++)
        .subscribe((status, err) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
        }),
    );
    // 600 captured changes in 20 transactions (menu items are published), each delivered and deleted at once.
    for (let i = 0; i < 20; i++) {
      await b.db.query(
        `update public.menu_items set description = description where id in (select id from public.menu_items order by id limit 30)`,
      );
    }
    await waitFor('the 600 changes to be delivered', async () => (delivered === 600 ? true : null), 15_000);
    // Once delivered, a sweep (every 5 s) vacuums: the table's pages of dead rows are given back (they stayed).
    await waitFor('the change table to be vacuumed', async () => ((await size()) === 0 ? true : null), 15_000);
    expect((await b.db.query(`select 1 from _realtime.changes`)).rows).toEqual([]);
    await client.removeAllChannels();
  });
});
