import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  REALTIME_FIXTURE,
  adminToken,
  closeClients,
  insertOrder,
  newUserId,
  subscribed,
  waitFor,
  type Change,
} from '../fixtures/realtime-supabase/helpers.js';

/**
 * Postgres Changes are captured only for the tables a channel follows: a write nobody watches (an order, when the
 * back office and the customer follow it by broadcast) leaves no row in `_realtime.changes`, sends no NOTIFY and
 * costs no delivery.
 */
describe.each(testDatabases())('changes captured only while followed, on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
    // Realtime sets up its tables and triggers once the server listens.
    for (let end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const r = await b.db.query<{ ok: boolean }>(
        `select to_regclass('_realtime.followed') is not null and exists (select 1 from pg_trigger where tgname = '_realtime_capture') as ok`,
      );
      if (r.rows[0]!.ok) break;
    }
  });
  afterAll(async () => b?.close());

  /** Inserts into the table and answers how many changes were captured, read inside the same transaction. */
  async function capturedBy(sql: string, params: unknown[]): Promise<number> {
    return b.db.transaction(async (tx) => {
      await tx.query(sql, params);
      const r = await tx.query<{ n: string }>(
        'select count(*)::text as n from _realtime.changes where txid = txid_current()',
      );
      return Number(r.rows[0]!.n);
    });
  }
  const anOrder = () => capturedBy('insert into public.orders (user_id, total_cents) values ($1, 100)', [newUserId()]);
  const aStatus = () =>
    capturedBy(
      `insert into public.shop_status (id, is_open) values (1, true) on conflict (id) do update set is_open = not public.shop_status.is_open`,
      [],
    );
  const followed = async () =>
    (
      await b.db.query<{ t: string }>(
        `select f.rel::regclass::text as t from _realtime.followed f where f.expires_at > now() order by 1`,
      )
    ).rows.map((r) => r.t);

  /** The last channel's leave is not answered: its follow is dropped just after. */
  async function nothingFollowed() {
    for (const end = Date.now() + 5000; (await followed()).length > 0 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 50));
  }

  it('captures a table from the join of its first follower to the leave of its last, and no other table', async () => {
    expect(await followed()).toEqual([]);
    expect(await anOrder()).toBe(0);

    const first = b.client(await adminToken(b));
    const second = b.client(await adminToken(b));
    const got: Change[] = [];
    await subscribed(
      first
        .channel('orders-one')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) => got.push(p as never)),
    );
    const other = await subscribed(
      second
        .channel('orders-two')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, () => {}),
    );
    expect(await followed()).toEqual(['orders']);
    expect(await anOrder()).toBe(1);
    // The published table nobody follows is still not captured.
    expect(await aStatus()).toBe(0);
    await insertOrder(b, newUserId(), 4200);
    await waitFor(() => got.some((c) => c.new.total_cents === 4200), 5000, 'the order followed');

    // One of two followers leaves: still followed.
    await second.removeChannel(other);
    await new Promise((r) => setTimeout(r, 300));
    expect(await followed()).toEqual(['orders']);
    expect(await anOrder()).toBe(1);
    // The last one leaves: no longer captured.
    await closeClients(first);
    await nothingFollowed();
    expect(await followed()).toEqual([]);
    expect(await anOrder()).toBe(0);
  });

  it('a binding without a table follows every published table of its schema', async () => {
    const client = b.client(await adminToken(b));
    const got: Change[] = [];
    await subscribed(
      client
        .channel('everything')
        .on('postgres_changes', { event: '*', schema: 'public' }, (p) => got.push(p as never)),
    );
    expect(await followed()).toEqual(['orders', 'shop_status']);
    expect(await aStatus()).toBe(1);
    await waitFor(() => got.some((c) => c.table === 'shop_status'), 5000, 'the shop status change');
    await closeClients(client);
    await nothingFollowed();
    expect(await followed()).toEqual([]);
  });

  it('counts another process’s follow until it expires, and drops it an hour after', async () => {
    const orders = `(select 'public.orders'::regclass::oid)`;
    await b.db.query(
      `insert into _realtime.followed (rel, owner, expires_at) values (${orders}, 'gone', now() - interval '1 minute')`,
    );
    expect(await anOrder()).toBe(0);
    await b.db.query(`update _realtime.followed set expires_at = now() + interval '1 minute' where owner = 'gone'`);
    expect(await anOrder()).toBe(1);
    // Renewing (any process, every minute) drops the follows expired for over an hour, and only those.
    await b.db.query(`update _realtime.followed set expires_at = now() - interval '59 minutes' where owner = 'gone'`);
    await b.db.query(`select _realtime.renew_followed('someone', '{}')`);
    expect((await b.db.query(`select 1 from _realtime.followed where owner = 'gone'`)).rows).toHaveLength(1);
    await b.db.query(`update _realtime.followed set expires_at = now() - interval '61 minutes' where owner = 'gone'`);
    await b.db.query(`select _realtime.renew_followed('someone', '{}')`);
    expect((await b.db.query(`select 1 from _realtime.followed where owner = 'gone'`)).rows).toEqual([]);
  });
});

describe.each(testDatabases().filter((k) => k === 'postgres'))('following a table on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
  });
  afterAll(async () => b?.close());

  it('a join waits for the writers already at work on the table: what commits after « subscribed » is delivered', async () => {
    const writer = new pg.Client({ connectionString: b.context.config.databaseUrl! });
    await writer.connect();
    const client = b.client(await adminToken(b));
    try {
      const got: number[] = [];
      await writer.query('begin');
      await writer.query('insert into public.orders (user_id, total_cents) values ($1, 7001)', [newUserId()]);
      let subscribedAt = 0;
      const joining = subscribed(
        client
          .channel('orders-late')
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) =>
            got.push((p as Change).new.total_cents as number),
          ),
      ).then(() => (subscribedAt = performance.now()));
      await new Promise((r) => setTimeout(r, 500));
      const committedAt = performance.now();
      await writer.query('commit');
      await joining;
      // Without the wait, the join was answered while the insert was still uncommitted, and it was never sent.
      expect(subscribedAt).toBeGreaterThanOrEqual(committedAt);
      await insertOrder(b, newUserId(), 7002);
      await waitFor(() => got.includes(7002), 5000, 'the order after the join');
      expect(got).toEqual([7002]);
    } finally {
      await writer.end();
      await closeClients(client);
    }
  });
});
