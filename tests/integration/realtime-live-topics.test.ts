import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  adminToken,
  closeClients,
  customerToken,
  newUserId,
  settle,
  waitFor,
} from '../fixtures/realtime-supabase/helpers.js';
import { subscribeToTopic, type TopicMessage } from '../../src/shared/data/channels.js';
import type { PublicDb } from '../../src/shared/data/public-db.js';

type Heard = { event: string; payload: Record<string, unknown> };

/** A private channel that records its broadcasts, system messages and statuses. */
function listen(client: SupabaseClient, topic: string, ack = false) {
  const heard: Heard[] = [];
  const systems: Record<string, unknown>[] = [];
  const statuses: string[] = [];
  const channel = client
    .channel(topic, { config: { private: true, broadcast: { ack } } })
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

const refusal = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'joined',
    (e: Error) => e.message,
  );

const PERSONAL = ['customer_name', 'customer_phone', 'customer_email', 'customer_address', 'notes', 'user_id'];

/**
 * The product's private Broadcast topics (supabase/migrations/20251128110000_live_topics.sql) over WebSocket with
 * supabase-js: the back office hears every order and reservation on `orders:admin` / `reservations:admin`, a
 * customer's confirmation page hears its order's status on `order:<id>` by the full id, and nothing else joins.
 */
describe.each(testDatabases())('the product’s live topics on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  const insertOrder = async (): Promise<string> =>
    (
      await b.db.query<{ id: string }>(
        `insert into public.orders (customer_name, customer_phone, customer_email, delivery_method, payment_method,
           customer_address, customer_postal_code, customer_city, order_items, total_price, grand_total)
         values ('Ana Live', '+352621555010', 'ana.live@example.lu', 'delivery', 'cash', '12 rue de la Gare', '4601',
           'Differdange', '[{"id":"30","name":"Quart de poulet grillé","quantity":1,"price":5.5,"options":[]}]', 5.5, 5.5)
         returning id`,
      )
    ).rows[0]!.id;

  it('brings every order change to the back office on orders:admin, the whole row, as the admin updates it', async () => {
    const adminJwt = await adminToken(b);
    const admin = b.client(adminJwt);
    const feed = listen(admin, 'orders:admin');
    await feed.joined;
    const id = await insertOrder();
    // The admin's own update through the API: the trigger sends as the table's owner, under the admin's RLS.
    const { error } = await admin.from('orders').update({ status: 'Bien reçu' }).eq('id', id);
    expect(error).toBeNull();
    await b.db.query('delete from public.orders where id = $1', [id]);
    await waitFor(() => feed.heard.length === 3, 15_000, 'three order messages');
    expect(feed.heard.map((m) => m.event)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(feed.heard[0]!.payload).toMatchObject({
      operation: 'INSERT',
      table: 'orders',
      schema: 'public',
      old_record: null,
      record: { id, status: 'En attente', customer_name: 'Ana Live', grand_total: 5.5 },
    });
    expect(feed.heard[1]!.payload).toMatchObject({
      operation: 'UPDATE',
      old_record: { id, status: 'En attente' },
      record: { id, status: 'Bien reçu' },
    });
    expect(feed.heard[2]!.payload).toMatchObject({ operation: 'DELETE', old_record: { id }, record: null });
    await closeClients(admin);
  });

  it('tells the counter only the id of a change to an order older than its two days, the whole row of a recent one', async () => {
    const staffClaims = { role: 'authenticated' as const, sub: newUserId(), app_metadata: { role: 'staff' } };
    const staff = b.client(await b.context.jwt.sign(staffClaims, 3600));
    const feed = listen(staff, 'orders:admin');
    await feed.joined;
    const old = await insertOrder();
    await b.db.query(`update public.orders set created_at = now() - interval '10 days' where id = $1`, [old]);
    await waitFor(() => feed.heard.length === 2, 15_000, 'the insert and the backdating');
    feed.heard.length = 0;
    // A manager's correction in the archive, then an erasure-like rewrite of the customer's name.
    await b.db.query(`update public.orders set status = 'Livrée', customer_name = 'Client anonymisé' where id = $1`, [
      old,
    ]);
    await b.db.query('delete from public.orders where id = $1', [old]);
    const recent = await insertOrder();
    await waitFor(() => feed.heard.length === 3, 15_000, 'three order messages');
    expect(feed.heard[0]).toMatchObject({
      event: 'UPDATE',
      payload: { operation: 'UPDATE', table: 'orders', record: { id: old }, old_record: { id: old } },
    });
    expect(Object.keys(feed.heard[0]!.payload.record as object)).toEqual(['id']);
    expect(Object.keys(feed.heard[0]!.payload.old_record as object)).toEqual(['id']);
    expect(feed.heard[1]!.payload).toMatchObject({ operation: 'DELETE', record: null, old_record: { id: old } });
    expect(Object.keys(feed.heard[1]!.payload.old_record as object)).toEqual(['id']);
    expect(feed.heard[2]!.payload).toMatchObject({
      operation: 'INSERT',
      record: { id: recent, customer_name: 'Ana Live' },
    });
    // What the staff's screen re-reads: the recent order, not the old one.
    const { data } = await staff.from('orders').select('id').in('id', [recent]);
    expect(data).toEqual([{ id: recent }]);
    await b.db.query('delete from public.orders where id = $1', [recent]);
    await closeClients(staff);
  });

  it('brings each new reservation to the back office on reservations:admin', async () => {
    const admin = b.client(await adminToken(b));
    const feed = listen(admin, 'reservations:admin');
    await feed.joined;
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const { rows } = await b.db.query<{ id: string }>(
      `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people)
       values ('Rui Mesa', 'rui@example.lu', '+352621000111', $1, '12:30', '4') returning id`,
      [day],
    );
    await waitFor(() => feed.heard.length === 1, 15_000, 'the reservation');
    expect(feed.heard[0]!.payload).toMatchObject({
      operation: 'INSERT',
      record: { id: rows[0]!.id, name: 'Rui Mesa', reservation_time: '12:30:00', people: '4' },
    });
    await closeClients(admin);
  });

  it("brings a customer's confirmation page its order's status and ready time on order:<id>, nothing personal", async () => {
    const id = await insertOrder();
    const otherId = await insertOrder();
    const visitor = b.client();
    const page = listen(visitor, `order:${id}`);
    const otherPage = listen(b.client(), `order:${otherId}`);
    await Promise.all([page.joined, otherPage.joined]);
    await b.db.query(
      `update public.orders set status = 'Bien reçu', ready_at = now() + interval '30 minutes' where id = $1`,
      [id],
    );
    // A change the page does not show (the notes) sends nothing.
    await b.db.query(`update public.orders set notes = 'sonner deux fois' where id = $1`, [id]);
    await b.db.query(`update public.orders set status = 'En préparation' where id = $1`, [id]);
    await waitFor(() => page.heard.length === 2, 15_000, 'two status messages');
    await settle(300);
    expect(page.heard.map((m) => [m.event, m.payload.status])).toEqual([
      ['status', 'Bien reçu'],
      ['status', 'En préparation'],
    ]);
    expect(Object.keys(page.heard[0]!.payload).sort()).toEqual(['id', 'ready_at', 'status', 'updated_at']);
    for (const m of page.heard) for (const key of PERSONAL) expect(m.payload).not.toHaveProperty(key);
    expect(otherPage.heard).toEqual([]);
    await closeClients(visitor);
  });

  it('refuses forged topics at join: a guessed number, another shape, the back office to a customer', async () => {
    const id = await insertOrder();
    const visitor = b.client();
    const customer = b.client(await customerToken(b, newUserId()));
    const forged = [
      `order:${id.slice(0, 8)}`,
      `order:${id}x`,
      `order:${id.toUpperCase()}`,
      'order:%',
      `orders:${id}`,
      'orders:admin',
      'reservations:admin',
      'kitchen',
    ];
    for (const topic of forged) {
      for (const client of [visitor, customer]) {
        expect(await refusal(listen(client, topic).joined)).toBe(
          `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
        );
      }
    }
    await closeClients(visitor, customer);
  });

  it('refuses a broadcast sent by a page on its own order topic: only the database writes it', async () => {
    const id = await insertOrder();
    const sender = b.client();
    const page = listen(sender, `order:${id}`, true);
    await page.joined;
    const admin = b.client(await adminToken(b));
    const feed = listen(admin, 'orders:admin', true);
    await feed.joined;
    expect(await page.channel.send({ type: 'broadcast', event: 'status', payload: { status: 'Livrée' } })).toBe(
      'error',
    );
    expect(await feed.channel.send({ type: 'broadcast', event: 'INSERT', payload: {} })).toBe('error');
    await closeClients(sender, admin);
  });

  it('closes orders:admin when the token is replaced by one without the admin role', async () => {
    const sub = newUserId();
    const adminClaims = { role: 'authenticated' as const, sub, app_metadata: { role: 'admin' } };
    const client = b.client(await b.context.jwt.sign(adminClaims, 3600));
    const feed = listen(client, 'orders:admin');
    await feed.joined;
    await client.realtime.setAuth(await customerToken(b, sub));
    await waitFor(() => feed.statuses.includes('CLOSED'), 15_000, 'the feed to close');
    expect(feed.systems).toContainEqual(
      expect.objectContaining({
        status: 'error',
        message: 'You no longer have permission to read from this Channel topic: orders:admin',
      }),
    );
    await insertOrder();
    await settle(300);
    expect(feed.heard).toEqual([]);
    await closeClients(client);
  });

  it("shares one channel per topic among a client's screens, each told of the join for its catch-up read", async () => {
    const admin = b.client(await adminToken(b)) as unknown as PublicDb;
    const got: [string, TopicMessage][] = [];
    const joins: string[] = [];
    const stopA = subscribeToTopic(admin, 'orders:admin', (m) => got.push(['a', m]), {
      onJoin: () => joins.push('a'),
    });
    await waitFor(() => joins.length === 1, 15_000, 'the first join');
    const stopB = subscribeToTopic(admin, 'orders:admin', (m) => got.push(['b', m]), {
      onJoin: () => joins.push('b'),
    });
    expect(joins).toEqual(['a', 'b']);
    expect((admin as unknown as SupabaseClient).getChannels()).toHaveLength(1);
    await insertOrder();
    await waitFor(() => got.length === 2, 15_000, 'the order on both screens');
    stopA();
    await insertOrder();
    await waitFor(() => got.length === 3, 15_000, 'the second order on the screen left');
    expect(got.map(([who]) => who)).toEqual(['a', 'b', 'b']);
    stopB();
    await closeClients(admin as unknown as SupabaseClient);
  });

  it('keeps a uuid topic of no order joinable and silent: the id is the secret, not its existence', async () => {
    const visitor = b.client();
    const page = listen(visitor, `order:${crypto.randomUUID()}`);
    await page.joined;
    const id = await insertOrder();
    await b.db.query(`update public.orders set status = 'Bien reçu' where id = $1`, [id]);
    await settle(300);
    expect(page.heard).toEqual([]);
    await closeClients(visitor);
  });
});
