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
/** How long a table stays followed after its last follower left, in these tests. */
const LINGER_MS = 1000;

describe.each(testDatabases())('changes captured only while followed, on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: REALTIME_FIXTURE,
      env: { REALTIME_FOLLOW_LINGER_MS: String(LINGER_MS) },
    });
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

  /** The last channel's leave is not answered: its follow is dropped after lingering LINGER_MS. */
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

  it('a table stays followed a while after its last follower left: joining and leaving in a loop follows it once', async () => {
    const client = b.client(await adminToken(b));
    const row = async () =>
      (
        await b.db.query<{ version: string }>(
          `select xmin::text as version from _realtime.followed where rel = 'public.orders'::regclass`,
        )
      ).rows.map((r) => r.version);
    try {
      const cycle = async (name: string) =>
        client.removeChannel(
          await subscribed(
            client
              .channel(name)
              .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, () => {}),
          ),
        );
      await cycle('loop-0');
      const first = await row();
      expect(first).toHaveLength(1);
      const leftAt = performance.now();
      for (let i = 1; i <= 5; i++) await cycle(`loop-${i}`);
      // The joins found the table followed: no new row, no lock, and still captured.
      expect(await row()).toEqual(first);
      expect(await anOrder()).toBe(1);
      await nothingFollowed();
      expect(performance.now() - leftAt).toBeGreaterThanOrEqual(LINGER_MS - 50);
      expect(await followed()).toEqual([]);
      expect(await anOrder()).toBe(0);
    } finally {
      await closeClients(client);
    }
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
    b = await startTestBackend(kind, {
      supabaseDir: REALTIME_FIXTURE,
      env: { REALTIME_FOLLOW_LINGER_MS: String(LINGER_MS) },
    });
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

      // Left and joined again while the table lingers: the join waits for no writer, and misses nothing.
      await client.removeChannel(client.getChannels()[0]!);
      await writer.query('begin');
      await writer.query('insert into public.orders (user_id, total_cents) values ($1, 7003)', [newUserId()]);
      const again: number[] = [];
      const started = performance.now();
      await subscribed(
        client
          .channel('orders-again')
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) =>
            again.push((p as Change).new.total_cents as number),
          ),
      );
      expect(performance.now() - started).toBeLessThan(400);
      await writer.query('commit');
      await waitFor(() => again.includes(7003), 5000, 'the order committed after the quick join');
    } finally {
      await writer.query('rollback').catch(() => {});
      await writer.end();
      await closeClients(client);
    }
  });
});
