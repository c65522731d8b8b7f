import crypto from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_SETTINGS_SQL } from '../../src/backend/rest/index.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { startOfFreshWindow } from '../helpers/rate-limits.js';
import { preorderSlot } from '../reliability/support/orders.js';

const CLIENT = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
};
const STEPS = [
  'bounds',
  'request_id',
  'contact',
  'pricing',
  'zone',
  'rules',
  'capacity',
  'insert',
  'request_record',
  'rate_limit',
];

const order = (extra: Record<string, unknown> = {}) => ({
  customer: { name: 'Ana Sousa', phone: '+352 621 555 777' },
  delivery_method: 'pickup',
  payment_method: 'cash',
  is_preorder: true,
  ...preorderSlot(),
  items: [{ menuItemId: '32', quantity: 1 }],
  ...extra,
});

/** The order path: the time of each step for the load benchmark, and the order rate limit counted last. */
describe.each(testDatabases())('place_order on %s', (kind) => {
  let b: TestBackend;
  let service: SupabaseClient;
  let n = 0;
  /** An anon client whose requests come from its own address (the backend trusts x-forwarded-for here). */
  const from = (ip = `198.51.100.${++n}`, headers: Record<string, string> = {}) =>
    createClient(b.url, b.anonKey, {
      ...CLIENT,
      global: { headers: { 'x-forwarded-for': `${ip}, 10.0.0.1`, ...headers } },
    });

  beforeAll(async () => {
    b = await startTestBackend(kind, { trustProxy: true, productRateLimits: true });
    service = b.serviceClient();
  });
  afterAll(async () => b?.close());

  it('tells the time of each of its steps with « x-order-timing: on », and nothing without it', async () => {
    const timed = from(undefined, { 'x-order-timing': 'on' });
    const withId = await timed.rpc('place_order', { p_order: order({ requestId: crypto.randomUUID() }) });
    expect(withId.error).toBeNull();
    const timing = (withId.data as { timing: Record<string, number> }).timing;
    expect(Object.keys(timing).sort()).toEqual([...STEPS].sort());
    for (const step of STEPS) expect(timing[step], step).toBeGreaterThanOrEqual(0);
    // Without a request id: no lookup nor record of it, the other steps all there.
    const withoutId = await timed.rpc('place_order', { p_order: order() });
    expect(withoutId.error).toBeNull();
    expect(Object.keys((withoutId.data as { timing: object }).timing).sort()).toEqual(
      STEPS.filter((s) => s !== 'request_id' && s !== 'request_record').sort(),
    );
    // A shop's order (no header) answers the order as before.
    const plain = await from().rpc('place_order', { p_order: order({ requestId: crypto.randomUUID() }) });
    expect(plain.error).toBeNull();
    expect(plain.data).not.toHaveProperty('timing');
    expect(plain.data).toMatchObject({ status: 'En attente', order_number: expect.any(String) });
    // The header answers nothing else: a refusal stays the refusal.
    const refused = await timed.rpc('place_order', { p_order: order({ items: [] }) });
    expect(refused.error?.details).toBe('empty_cart');
  });

  it('runs no SQL-language function with its own search path: PostgreSQL plans those again in every transaction', async () => {
    // Such a function is never inlined, and PostgreSQL before 18 (hosted Supabase's 15 and 17) parses and plans
    // its body again at each place it is called, in every transaction: dozens per order. PL/pgSQL keeps its plans.
    const claims = JSON.stringify({ role: 'anon', iss: 'supabase' });
    const headers = JSON.stringify({ 'x-forwarded-for': '198.51.100.200' });
    const called = await b.db.transaction(async (tx) => {
      await tx.query(`set local track_functions = 'all'`);
      await tx.query(REQUEST_SETTINGS_SQL, ['anon', claims, 'POST', '/rpc/place_order', headers, '{}']);
      for (const o of [
        order(),
        order({
          delivery_method: 'delivery',
          customer: {
            name: 'Ana Sousa',
            phone: '+352 621 555 777',
            email: 'ana@example.com',
            address: '12 rue de la Gare',
            postalCode: '4601',
            city: 'Differdange',
          },
          items: [{ menuItemId: '32', quantity: 2 }],
        }),
      ])
        await tx.query('select public.place_order($1::jsonb)', [
          JSON.stringify({ ...o, requestId: crypto.randomUUID() }),
        ]);
      return (
        await tx.query<{ name: string; planned: boolean }>(
          `select n.nspname || '.' || p.proname as name, l.lanname = 'sql' and p.proconfig is not null as planned
             from pg_stat_xact_user_functions f join pg_proc p on p.oid = f.funcid
             join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang order by 1`,
        )
      ).rows;
    });
    // What the order calls is seen (the triggers, the rate limit, the e-mail's queue), and none of it is planned anew.
    expect(called.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'public.place_order',
        'public.snapshot_order_vat_rates',
        'public.hit_rate_limit',
        'public.queue_public_email',
      ]),
    );
    expect(called.filter((f) => f.planned).map((f) => f.name)).toEqual([]);
  });

  it('writes the order, its request id and its address in its own transaction: no subtransaction per order', async () => {
    // A catch block (begin … exception) is a subtransaction, paid by every order even when nothing is caught: a
    // row it writes carries the subtransaction's id, not the transaction's. Two orders with one request id at once,
    // and a number drawn twice, are handled without one (a lock on the request id; on conflict do nothing).
    const claims = JSON.stringify({ role: 'anon', iss: 'supabase' });
    const headers = JSON.stringify({ 'x-forwarded-for': '198.51.100.201' });
    const rows = await b.db.transaction(async (tx) => {
      await tx.query(REQUEST_SETTINGS_SQL, ['anon', claims, 'POST', '/rpc/place_order', headers, '{}']);
      const placed = await tx.query<{ id: string }>(`select public.place_order($1::jsonb) ->> 'id' as id`, [
        JSON.stringify(order({ requestId: crypto.randomUUID() })),
      ]);
      await tx.query('reset role');
      return (
        await tx.query<{ top: string; placed: string; request: string; origin: string }>(
          `select pg_current_xact_id()::xid::text as top, o.xmin::text as placed, r.xmin::text as request,
                  g.xmin::text as origin
             from public.orders o join public.order_requests r on r.order_id = o.id
             join public.order_origins g on g.order_id = o.id where o.id = $1`,
          [placed.rows[0]!.id],
        )
      ).rows;
    });
    expect(rows).toHaveLength(1);
    const [{ top, ...written }] = rows;
    expect(written).toEqual({ placed: top, request: top, origin: top });
  });

  it('counts the order limit after the order is in, exactly: 6 of 10 orders sent at once from one address pass', async () => {
    await startOfFreshWindow(60, 20);
    const client = from();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.rpc('place_order', { p_order: order({ requestId: crypto.randomUUID() }) }),
      ),
    );
    expect(answers.filter((a) => a.error === null)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 429 && a.error?.code === 'PT429')).toHaveLength(4);
    // Refused at once from then on, before any work, as a refused order of any kind counts nothing.
    expect((await client.rpc('place_order', { p_order: order({ items: [] }) })).status).toBe(429);
    const { count } = await service
      .from('rate_limit_counters')
      .select('*', { count: 'exact', head: true })
      .eq('bucket', 'order')
      .eq('subject', `198.51.100.${n}`)
      .eq('hits', 6);
    expect(count).toBe(2);
  });
});

/** PostgreSQL only: concurrent transactions (PGlite runs one at a time). */
describe.each(testDatabases().filter((k) => k === 'postgres'))('the order rate limit on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { trustProxy: true, productRateLimits: true });
  });
  afterAll(async () => b?.close());

  it('leaves an address’s counter rows alone while an order is checked: another order of that address is not held', async () => {
    const ip = '198.51.100.250';
    const client = createClient(b.url, b.anonKey, {
      ...CLIENT,
      global: { headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } },
    });
    expect((await client.rpc('place_order', { p_order: order() })).error).toBeNull();
    // Another customer of the same address is being placed: its transaction holds the address's counter rows.
    const other = new pg.Client({ connectionString: b.context.config.databaseUrl! });
    await other.connect();
    try {
      await other.query('begin');
      const locked = await other.query(
        `select 1 from public.rate_limit_counters where bucket = 'order' and subject = $1 for update`,
        [ip],
      );
      expect(locked.rowCount).toBe(2);
      const started = performance.now();
      const held = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 4000));
      const answer = await Promise.race([client.rpc('place_order', { p_order: order({ items: [] }) }), held]);
      // Counted first, this waited for the other transaction's commit; checked first, it is answered at once.
      expect(answer).not.toBe('held');
      expect(answer === 'held' ? null : answer.error?.details).toBe('empty_cart');
      expect(performance.now() - started).toBeLessThan(4000);
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
  });
});
