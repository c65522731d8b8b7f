import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  RawSocket,
  adminToken,
  closeClients,
  customerToken,
  newUserId,
  settle,
  waitFor,
} from '../fixtures/realtime-supabase/helpers.js';

const FIXTURE = 'tests/fixtures/realtime-broadcast';

type Heard = { event: string; payload: Record<string, unknown>; meta?: { id: string } };

/** A channel that records its broadcasts, its system messages and its statuses. */
function listen(client: SupabaseClient, topic: string, isPrivate: boolean, ack = false) {
  const heard: Heard[] = [];
  const systems: Record<string, unknown>[] = [];
  const statuses: string[] = [];
  const channel = client
    .channel(topic, { config: { private: isPrivate, broadcast: { ack } } })
    .on('broadcast', { event: '*' }, (m) => heard.push(m as never))
    .on('system', {}, (p) => systems.push(p as never));
  const joined = new Promise<RealtimeChannel>((resolve, reject) =>
    channel.subscribe((status, err) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    }),
  );
  return { channel, heard, systems, statuses, joined };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'joined',
    (e: Error) => e.message,
  );
}

async function placeOrder(b: TestBackend, userId: string, cents: number): Promise<number> {
  const r = await b.db.query<{ id: string }>(
    'insert into public.orders (user_id, total_cents) values ($1, $2) returning id',
    [userId, cents],
  );
  return Number(r.rows[0].id);
}

describe.each(testDatabases())('realtime broadcast from the database and private channels on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: FIXTURE });
  });
  afterAll(async () => b?.close());

  it("brings a trigger's realtime.broadcast_changes to the customer's private channel, with Supabase's payload", async () => {
    const alice = newUserId();
    const client = b.client(await customerToken(b, alice));
    const mine = listen(client, `order:${alice}`, true);
    await mine.joined;
    const id = await placeOrder(b, alice, 1250);
    await b.db.query(`update public.orders set status = 'ready' where id = $1`, [id]);
    await b.db.query('delete from public.orders where id = $1', [id]);
    await waitFor(() => mine.heard.length === 3, 5000, 'three order messages');
    expect(mine.heard.map((m) => m.event)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const [ins, upd, del] = mine.heard;
    expect(ins.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ins.payload).toEqual({
      id: ins.meta?.id,
      operation: 'INSERT',
      schema: 'public',
      table: 'orders',
      old_record: null,
      record: { id, user_id: alice, status: 'new', total_cents: 1250 },
    });
    expect(upd.payload).toMatchObject({
      operation: 'UPDATE',
      old_record: { id, status: 'new' },
      record: { id, status: 'ready' },
    });
    expect(del.payload).toMatchObject({ operation: 'DELETE', old_record: { id }, record: null });
    await closeClients(client);
  });

  it("refuses at join a customer on another customer's topic, and a non-admin on the kitchen", async () => {
    const alice = newUserId();
    const mallory = newUserId();
    const client = b.client(await customerToken(b, mallory));
    // A forged topic: Mallory names Alice's order topic.
    expect(await refusal(listen(client, `order:${alice}`, true).joined)).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: order:${alice}`,
    );
    expect(await refusal(listen(client, 'kitchen', true).joined)).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: kitchen',
    );
    // Anonymous visitors have no policy at all.
    const visitor = b.client();
    expect(await refusal(listen(visitor, `order:${alice}`, true).joined)).toContain('Unauthorized');
    // An admin reads the kitchen and any order topic.
    const admin = b.client(await adminToken(b));
    const kitchen = listen(admin, 'kitchen', true);
    const aliceSeenByAdmin = listen(admin, `order:${alice}`, true);
    await Promise.all([kitchen.joined, aliceSeenByAdmin.joined]);
    const id = await placeOrder(b, alice, 900);
    await waitFor(() => kitchen.heard.length === 1 && aliceSeenByAdmin.heard.length === 1, 5000, 'admin messages');
    expect(kitchen.heard[0].payload.record).toMatchObject({ id });
    await closeClients(client, visitor, admin);
  });

  it('closes a private channel whose token loses its right mid-session: a claim, then a table row', async () => {
    const adminId = newUserId();
    const admin = b.client(
      await b.context.jwt.sign({ role: 'authenticated', sub: adminId, app_metadata: { role: 'admin' } }, 3600),
    );
    const kitchen = listen(admin, 'kitchen', true);
    await kitchen.joined;
    // A refreshed token that still carries the right keeps the channel.
    await admin.realtime.setAuth(
      await b.context.jwt.sign({ role: 'authenticated', sub: adminId, app_metadata: { role: 'admin' } }, 3600),
    );
    await settle(200);
    expect(kitchen.statuses).not.toContain('CLOSED');
    await admin.realtime.setAuth(await customerToken(b, adminId));
    await waitFor(() => kitchen.statuses.includes('CLOSED'), 5000, 'the kitchen channel to close');
    expect(kitchen.systems).toContainEqual(
      expect.objectContaining({
        status: 'error',
        extension: 'system',
        message: 'You no longer have permission to read from this Channel topic: kitchen',
      }),
    );
    await placeOrder(b, newUserId(), 100);
    await settle(300);
    expect(kitchen.heard).toEqual([]);

    const clerk = newUserId();
    await b.db.query('insert into public.counter_staff (user_id) values ($1)', [clerk]);
    const staff = b.client(await customerToken(b, clerk));
    const counter = listen(staff, 'counter', true);
    await counter.joined;
    await b.db.query(`select realtime.send('{"n": 1}'::jsonb, 'call', 'counter')`);
    await waitFor(() => counter.heard.length === 1, 5000, 'the first counter call');
    await b.db.query('delete from public.counter_staff where user_id = $1', [clerk]);
    // A new token (another lifetime, so not the same string), same claims: the row is what changed.
    await staff.realtime.setAuth(await customerToken(b, clerk, 3000));
    await waitFor(() => counter.statuses.includes('CLOSED'), 5000, 'the counter channel to close');
    expect(counter.systems).toContainEqual(
      expect.objectContaining({
        status: 'error',
        message: 'You no longer have permission to read from this Channel topic: counter',
      }),
    );
    await closeClients(admin, staff);
  });

  it('checks the policies again for a new token only, not for the same token sent again', async () => {
    const clerk = newUserId();
    await b.db.query('insert into public.counter_staff (user_id) values ($1)', [clerk]);
    let checks = 0;
    const query = b.db.query.bind(b.db);
    b.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('_realtime.authorize')) checks++;
      return query(sql, params);
    }) as typeof b.db.query;
    const token = await customerToken(b, clerk);
    const raw = await RawSocket.open(b, '2.0.0');
    raw.send(['1', '1', 'realtime:counter', 'phx_join', { config: { private: true }, access_token: token }]);
    const joined = await raw.next((m) =>
      (m as unknown[])[1] === '1' ? (m as [0, 0, 0, 0, { status: string }])[4].status : undefined,
    );
    expect(joined).toBe('ok');
    for (let i = 2; i < 12; i++)
      raw.send(['1', String(i), 'realtime:counter', 'access_token', { access_token: token }]);
    raw.send(['1', '12', 'realtime:counter', 'access_token', { access_token: await customerToken(b, clerk, 3000) }]);
    raw.send(['1', '13', 'phoenix', 'heartbeat', {}]);
    await raw.next((m) => ((m as unknown[])[1] === '13' ? true : undefined));
    b.db.query = query;
    expect(checks).toBe(2);
    raw.close();
  });

  it('sends nothing for a rolled-back transaction, and a committed one after it arrives alone', async () => {
    const alice = newUserId();
    const client = b.client(await customerToken(b, alice));
    const mine = listen(client, `order:${alice}`, true);
    await mine.joined;
    await expect(
      b.db.transaction(async (tx) => {
        await tx.query('insert into public.orders (user_id, total_cents) values ($1, 1)', [alice]);
        await tx.query(`select realtime.send('{"lost": true}'::jsonb, 'note', $1)`, [`order:${alice}`]);
        throw new Error('the customer cancelled before paying');
      }),
    ).rejects.toThrow('cancelled');
    const id = await placeOrder(b, alice, 2);
    await waitFor(() => mine.heard.length >= 1, 5000, 'the committed order');
    await settle(300);
    expect(mine.heard.map((m) => [m.event, m.payload.record])).toEqual([['INSERT', expect.objectContaining({ id })]]);
    await closeClients(client);
  });

  it('delivers realtime.send(..., false) to public channels only, and a private message to private ones only', async () => {
    const visitorClient = b.client();
    const clerk = newUserId();
    await b.db.query('insert into public.counter_staff (user_id) values ($1)', [clerk]);
    const staffClient = b.client(await customerToken(b, clerk));
    const pub = listen(visitorClient, 'counter', false);
    const priv = listen(staffClient, 'counter', true);
    await Promise.all([pub.joined, priv.joined]);
    await b.db.query(`select realtime.send('{"open": true}'::jsonb, 'shop', 'counter', false)`);
    await b.db.query(`select realtime.send('{"staff": true}'::jsonb, 'shop', 'counter')`);
    await waitFor(() => pub.heard.length === 1 && priv.heard.length === 1, 5000, 'one message each');
    await settle(300);
    expect(pub.heard.map((m) => m.payload)).toEqual([expect.objectContaining({ open: true })]);
    expect(priv.heard.map((m) => m.payload)).toEqual([expect.objectContaining({ staff: true })]);
    // A client broadcast on a private channel needs the INSERT policy: staff have it, and it stays private.
    const colleague = newUserId();
    await b.db.query('insert into public.counter_staff (user_id) values ($1)', [colleague]);
    const colleagueClient = b.client(await customerToken(b, colleague));
    const other = listen(colleagueClient, 'counter', true);
    await other.joined;
    expect(await priv.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'clerk' } })).toBe('ok');
    await waitFor(() => other.heard.length === 1, 5000, "the clerk's broadcast");
    await settle(300);
    expect(pub.heard).toHaveLength(1);
    // An admin may read the kitchen but has no INSERT policy there: its broadcast is refused.
    const admin = b.client(await adminToken(b));
    const kitchen = listen(admin, 'kitchen', true, true);
    await kitchen.joined;
    expect(await kitchen.channel.send({ type: 'broadcast', event: 'x', payload: {} })).toBe('error');
    await closeClients(visitorClient, staffClient, colleagueClient, admin);
  });

  it('brings a message too long for a NOTIFY in its order among short ones, each message once', async () => {
    const visitor = b.client();
    const news = listen(visitor, `news-${newUserId()}`, false);
    await news.joined;
    const topic = news.channel.subTopic;
    const send = (tx: { query: (sql: string, params: unknown[]) => Promise<unknown> }, n: number, long = false) =>
      tx.query(`select realtime.send($1::jsonb, 'note', $2, false)`, [
        JSON.stringify({ n, text: long ? 'é'.repeat(6000) : 'court' }),
        topic,
      ]);
    await send(b.db, 1);
    await send(b.db, 2, true);
    await send(b.db, 3);
    // In one transaction too: short, long, short.
    await b.db.transaction(async (tx) => {
      await send(tx, 4);
      await send(tx, 5, true);
      await send(tx, 6);
    });
    await waitFor(() => news.heard.length >= 6, 5000, 'six messages');
    await settle(300);
    const heard = news.heard.map((m) => m.payload.n);
    expect(heard).toEqual([1, 2, 3, 4, 5, 6]);
    expect((news.heard[1]!.payload.text as string).length).toBe(6000);
    expect(new Set(news.heard.map((m) => m.meta?.id)).size).toBe(6);
    await closeClients(visitor);
  });

  it('deletes messages older than three days at a sweep, and keeps the recent ones', async () => {
    const topic = `retention-${newUserId()}`;
    await b.db.query(
      `insert into realtime.messages (topic, extension, event, payload, inserted_at)
       values ($1, 'presence', 'old', '{}', now()::timestamp - interval '3 days 1 minute'),
              ($1, 'presence', 'recent', '{}', now()::timestamp - interval '2 days')`,
      [topic],
    );
    const events = async () =>
      (await b.db.query<{ event: string }>('select event from realtime.messages where topic = $1', [topic])).rows.map(
        (r) => r.event,
      );
    const start = Date.now();
    while ((await events()).includes('old')) {
      if (Date.now() - start > 12_000) throw new Error('the old message was not deleted');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await events()).toEqual(['recent']);
  });

  it('keeps realtime.messages under RLS: outside a join a customer reads none of the stored messages', async () => {
    const alice = newUserId();
    await b.db.query(`select realtime.send('{"x": 1}'::jsonb, 'e', $1)`, [`order:${alice}`]);
    const count = await b.db.query<{ n: string }>(
      `select count(*)::text as n from realtime.messages where topic = $1`,
      [`order:${alice}`],
    );
    expect(Number(count.rows[0].n)).toBe(1);
    // As the customer, the select policy reads realtime.topic(), which is not set outside a join: nothing.
    const seen = await b.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true)`);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: alice }),
      ]);
      return (await tx.query<{ n: string }>('select count(*)::text as n from realtime.messages')).rows[0].n;
    });
    expect(Number(seen)).toBe(0);
  });
});
