import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  REALTIME_FIXTURE,
  adminToken,
  closeClients,
  customerToken,
  newUserId,
  settle,
  subscribed,
  waitFor,
  type Change,
} from '../fixtures/realtime-supabase/helpers.js';

describe.each(testDatabases())('realtime postgres_changes: one RLS evaluation per claims set on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
  });
  afterAll(async () => b?.close());

  it('delivers to each of many channels exactly the rows its own token may read, checking each claims set once per batch', async () => {
    // What the dispatcher asks the database: one take_changes call per batch, with its claims sets.
    const calls: { groups: number }[] = [];
    const query = b.db.query.bind(b.db);
    b.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('_realtime.take_changes'))
        calls.push({ groups: (JSON.parse(String(params?.[1] ?? '[]')) as unknown[]).length });
      return query(sql, params);
    }) as typeof b.db.query;

    const adminJwt = await adminToken(b);
    const customers = [newUserId(), newUserId(), newUserId(), newUserId()];
    const subscribers: { name: string; client: SupabaseClient; got: Change[] }[] = [];
    const open = async (name: string, client: SupabaseClient, channels: number) => {
      for (let i = 0; i < channels; i++) {
        const got: Change[] = [];
        subscribers.push({ name, client, got });
        await subscribed(
          client
            .channel(`${name}-${i}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) =>
              got.push(p as never),
            ),
        );
      }
    };
    // Two admin pages with the same token, three channels each; two pages per customer; anonymous visitors.
    const admins = [b.client(adminJwt), b.client(adminJwt)];
    for (const [i, c] of admins.entries()) await open(`admin${i}`, c, 3);
    const customerClients: SupabaseClient[] = [];
    for (const [i, id] of customers.entries()) {
      const token = await customerToken(b, id);
      for (let page = 0; page < 2; page++) {
        const c = b.client(token);
        customerClients.push(c);
        await open(`customer${i}-${page}`, c, 2);
      }
    }
    const visitor = b.client();
    await open('visitor', visitor, 3);
    const distinctClaims = 1 + customers.length + 1;

    // Orders of the customers and of strangers, one or several per transaction.
    const owners = [...customers, newUserId(), newUserId()];
    const placed: number[] = [];
    for (let round = 0; round < 3; round++) {
      await b.db.transaction(async (tx) => {
        for (const owner of owners) {
          const r = await tx.query<{ id: string }>(
            'insert into public.orders (user_id, total_cents) values ($1, $2) returning id',
            [owner, 100 + round],
          );
          placed.push(Number(r.rows[0].id));
        }
      });
      for (const owner of owners.slice(0, 2)) {
        const r = await b.db.query<{ id: string }>(
          'insert into public.orders (user_id, total_cents) values ($1, 1) returning id',
          [owner],
        );
        placed.push(Number(r.rows[0].id));
      }
    }

    // What each token may read, asked of PostgREST one token at a time: the per-subscriber answer.
    const readable = async (client: SupabaseClient) => {
      const { data, error } = await client.from('orders').select('id').in('id', placed);
      if (error) return [];
      return (data as { id: number }[]).map((r) => Number(r.id)).sort((x, y) => x - y);
    };
    const expected = new Map<SupabaseClient, number[]>();
    for (const s of subscribers) if (!expected.has(s.client)) expected.set(s.client, await readable(s.client));
    expect(expected.get(admins[0])).toHaveLength(placed.length);
    expect(expected.get(visitor)).toEqual([]);

    await waitFor(
      () => subscribers.every((s) => s.got.length >= expected.get(s.client)!.length),
      10_000,
      'every channel to hear its orders',
    );
    await settle(300);
    for (const s of subscribers) {
      const ids = s.got.map((c) => Number(c.new.id));
      // 0 lost, 0 duplicated, nothing that its token may not read; in commit order.
      expect(ids, s.name).toEqual(expected.get(s.client));
    }
    expect(calls.length).toBeGreaterThan(0);
    // 25 channels, 6 distinct claims sets: never more evaluations than claims sets, in one call per batch.
    expect(subscribers).toHaveLength(25);
    expect(Math.max(...calls.map((c) => c.groups))).toBe(distinctClaims);
    b.db.query = query;
    await closeClients(...admins, ...customerClients, visitor);
  });
});
