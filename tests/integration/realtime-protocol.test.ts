import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  REALTIME_FIXTURE,
  RawSocket,
  adminToken,
  closeClients,
  insertOrder,
  newUserId,
  settle,
  subscribed,
  waitFor,
} from '../fixtures/realtime-supabase/helpers.js';

type V1 = {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref: string | null;
};
type V2 = [string | null, string | null, string, string, Record<string, unknown>];

function httpStatusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe.each(testDatabases())('realtime wire protocol on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
  });
  afterAll(async () => b?.close());

  it('speaks 1.0.0 object frames: heartbeat, join reply with ids, system message, changes, leave', async () => {
    const s = await RawSocket.open(b, '1.0.0');
    s.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb1', join_ref: null });
    expect(await s.next((m) => ((m as V1).ref === 'hb1' ? m : undefined))).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: 'hb1',
      join_ref: null,
    });

    const token = await adminToken(b);
    s.send({
      topic: 'realtime:kitchen',
      event: 'phx_join',
      payload: {
        config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'orders' }] },
        access_token: token,
      },
      ref: '1',
      join_ref: '1',
    });
    const reply = await s.next((m) => ((m as V1).ref === '1' ? (m as V1) : undefined));
    expect(reply.event).toBe('phx_reply');
    const response = reply.payload.response as {
      postgres_changes: { id: number; event: string; schema: string; table: string }[];
    };
    expect(reply.payload.status).toBe('ok');
    expect(response.postgres_changes).toEqual([
      { id: expect.any(Number), event: 'INSERT', schema: 'public', table: 'orders' },
    ]);
    const system = await s.next((m) => ((m as V1).event === 'system' ? (m as V1) : undefined));
    expect(system).toMatchObject({
      topic: 'realtime:kitchen',
      join_ref: '1',
      payload: { status: 'ok', message: 'Subscribed to PostgreSQL', extension: 'postgres_changes', channel: 'kitchen' },
    });

    const id = await insertOrder(b, newUserId(), 990);
    const change = await s.next((m) => ((m as V1).event === 'postgres_changes' ? (m as V1) : undefined));
    expect(change.topic).toBe('realtime:kitchen');
    expect(change.payload.ids).toEqual([response.postgres_changes[0].id]);
    const data = change.payload.data as Record<string, unknown>;
    expect(data).toMatchObject({
      schema: 'public',
      table: 'orders',
      type: 'INSERT',
      eventType: 'INSERT',
      errors: null,
    });
    expect(data.record).toMatchObject({ id, total_cents: 990 });
    expect(data.columns).toContainEqual({ name: 'id', type: 'int8' });
    expect(data.columns).toContainEqual({ name: 'created_at', type: 'timestamptz' });

    s.send({ topic: 'realtime:kitchen', event: 'phx_leave', payload: {}, ref: '2', join_ref: '1' });
    expect(await s.next((m) => ((m as V1).ref === '2' ? (m as V1).payload : undefined))).toEqual({
      status: 'ok',
      response: {},
    });
    const before = s.messages.length;
    await insertOrder(b, newUserId(), 991);
    await settle();
    expect(s.messages.length).toBe(before);
    s.close();
  });

  it('speaks 2.0.0 array frames and answers pushes on unjoined topics with an error', async () => {
    const s = await RawSocket.open(b, '2.0.0');
    s.send([null, '7', 'phoenix', 'heartbeat', {}]);
    expect(await s.next((m) => ((m as V2)[1] === '7' ? m : undefined))).toEqual([
      null,
      '7',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    s.send([
      '3',
      '3',
      'realtime:shop',
      'phx_join',
      { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'shop_status' }] } },
    ]);
    const reply = await s.next((m) => ((m as V2)[1] === '3' ? (m as V2) : undefined));
    expect(reply[3]).toBe('phx_reply');
    expect(reply[4].status).toBe('ok');
    await b.db.query(`insert into public.shop_status (id, is_open) values (20, true)`);
    const change = await s.next((m) => ((m as V2)[3] === 'postgres_changes' ? (m as V2) : undefined));
    expect(change[0]).toBe('3');
    expect(change[2]).toBe('realtime:shop');
    expect((change[4].data as { record: unknown }).record).toEqual({ id: 20, is_open: true, message: null });

    s.send(['9', '9', 'realtime:elsewhere', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect(await s.next((m) => ((m as V2)[1] === '9' ? (m as V2)[4] : undefined))).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    s.close();
  });

  it('survives malformed frames and drops oversized ones without harming other sockets', async () => {
    const s = await RawSocket.open(b, '2.0.0');
    s.send('not json at all');
    s.send('[1,2]');
    s.send('{"topic":5}');
    s.send('[null,"1","realtime:x","phx_join","not an object"]');
    s.send([null, '2', 'realtime:x', 'phx_join', { config: { postgres_changes: 'all' } }]);
    s.send([
      null,
      '3',
      'realtime:y',
      'phx_join',
      { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'orders', filter: 42 }] } },
    ]);
    s.ws.send(Buffer.from([3, 200, 200, 200, 200, 200, 1, 0]));
    s.send([null, '4', 'phoenix', 'heartbeat', {}]);
    expect(await s.next((m) => ((m as V2)[1] === '2' ? (m as V2)[4].status : undefined))).toBe('error');
    expect(await s.next((m) => ((m as V2)[1] === '3' ? (m as V2)[4].status : undefined))).toBe('error');
    expect(await s.next((m) => ((m as V2)[1] === '4' ? (m as V2)[4].status : undefined))).toBe('ok');
    expect(s.closed).toBe(false);

    const other = await RawSocket.open(b, '2.0.0');
    s.send('x'.repeat(2 * 1024 * 1024));
    await waitFor(() => s.closed, 5000, 'the oversized socket to close');
    expect(s.closeCode).toBe(1009);
    other.send([null, '5', 'phoenix', 'heartbeat', {}]);
    expect(await other.next((m) => ((m as V2)[1] === '5' ? (m as V2)[4].status : undefined))).toBe('ok');
    other.close();
  });

  it('checks the apikey, the protocol version and the path when upgrading', async () => {
    const base = `${b.url.replace(/^http/, 'ws')}/realtime/v1/websocket`;
    expect(await httpStatusOf(`${base}?vsn=2.0.0`)).toBe(401);
    expect(await httpStatusOf(`${base}?vsn=2.0.0&apikey=not.a.jwt`)).toBe(401);
    const forged = b.anonKey.slice(0, -4) + 'AAAA';
    expect(await httpStatusOf(`${base}?vsn=2.0.0&apikey=${forged}`)).toBe(401);
    expect(await httpStatusOf(`${base}?vsn=3.0.0&apikey=${b.anonKey}`)).toBe(400);
    expect(await httpStatusOf(`${b.url.replace(/^http/, 'ws')}/realtime/v1/other?apikey=${b.anonKey}`)).toBe(404);
    expect(await httpStatusOf(`${base}?vsn=2.0.0&apikey=${b.anonKey}`)).toBe(101);
  });

  it('refuses a join whose access_token is expired', async () => {
    const s = await RawSocket.open(b, '1.0.0');
    const expired = await b.context.jwt.sign(
      { role: 'authenticated', sub: newUserId(), exp: Math.floor(Date.now() / 1000) - 5 },
      0,
    );
    s.send({
      topic: 'realtime:late',
      event: 'phx_join',
      payload: { config: {}, access_token: expired },
      ref: '1',
      join_ref: '1',
    });
    expect(await s.next((m) => ((m as V1).ref === '1' ? (m as V1).payload : undefined))).toEqual({
      status: 'error',
      response: { reason: 'Token has expired' },
    });
    s.close();
  });

  it('answers an invalid access_token with an error, a system message and phx_close', async () => {
    const s = await RawSocket.open(b, '1.0.0', b.serviceRoleKey);
    s.send({
      topic: 'realtime:till',
      event: 'phx_join',
      payload: { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'orders' }] } },
      ref: '1',
      join_ref: '1',
    });
    await s.next((m) => ((m as V1).event === 'system' ? m : undefined));
    s.send({
      topic: 'realtime:till',
      event: 'access_token',
      payload: { access_token: 'not-a-token' },
      ref: '2',
      join_ref: '1',
    });
    const reply = await s.next((m) => ((m as V1).ref === '2' ? (m as V1).payload : undefined));
    expect(reply).toMatchObject({ status: 'error', response: { reason: expect.stringContaining('Invalid token') } });
    await s.next((m) => ((m as V1).event === 'phx_close' ? m : undefined));
    expect(s.messages).toContainEqual(
      expect.objectContaining({
        event: 'system',
        payload: expect.objectContaining({ status: 'error', extension: 'system', channel: 'till' }),
      }),
    );
    const before = s.messages.length;
    await insertOrder(b, newUserId(), 5);
    await settle();
    expect(s.messages.length).toBe(before);
    s.close();
  });

  it('refuses a private channel that no policy on realtime.messages allows (none by default)', async () => {
    const client = b.client();
    const outcome = await subscribed(client.channel('staff-only', { config: { private: true } })).then(
      () => 'joined',
      (e: Error) => e.message,
    );
    expect(outcome).toContain('Unauthorized: You do not have permissions to read from this Channel topic: staff-only');
    await closeClients(client);
  });

  it('relays broadcast between supabase-js clients, with self and ack when asked', async () => {
    const counter = b.client();
    const kitchen = b.client();
    const heardByKitchen: unknown[] = [];
    const heardBySelf: unknown[] = [];
    const k = kitchen.channel('pass').on('broadcast', { event: 'ticket' }, (m) => heardByKitchen.push(m.payload));
    await subscribed(k);
    const c = counter
      .channel('pass', { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'ticket' }, (m) => heardBySelf.push(m.payload));
    await subscribed(c);
    expect(await c.send({ type: 'broadcast', event: 'ticket', payload: { order: 42 } })).toBe('ok');
    await waitFor(() => heardByKitchen.length === 1 && heardBySelf.length === 1, 5000, 'the broadcast');
    expect(heardByKitchen).toEqual([{ order: 42 }]);
    expect(heardBySelf).toEqual([{ order: 42 }]);
    await closeClients(counter, kitchen);
  });
});
