import crypto from 'node:crypto';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
