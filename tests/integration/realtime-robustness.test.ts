import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  REALTIME_FIXTURE,
  RawSocket,
  insertOrder,
  newUserId,
  settle,
  waitFor,
} from '../fixtures/realtime-supabase/helpers.js';

type V2 = [string | null, string | null, string, string, Record<string, unknown>];

const ORDERS_JOIN = { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'orders' }] } };

/** A raw 2.0.0 socket joined to order inserts that keeps its heartbeat going (unless told otherwise). */
async function kitchenSocket(b: TestBackend, heartbeat = true): Promise<RawSocket & { stop(): void }> {
  const s = await RawSocket.open(b, '2.0.0', b.serviceRoleKey);
  s.send(['1', '1', 'realtime:kitchen', 'phx_join', ORDERS_JOIN]);
  await s.next((m) => ((m as V2)[3] === 'system' ? m : undefined));
  let n = 0;
  const timer = heartbeat
    ? setInterval(() => s.ws.readyState === s.ws.OPEN && s.send([null, `hb${n++}`, 'phoenix', 'heartbeat', {}]), 300)
    : null;
  return Object.assign(s, { stop: () => timer && clearInterval(timer) });
}

function changesIn(s: RawSocket): number {
  return s.messages.filter((m) => (m as V2)[3] === 'postgres_changes').length;
}

describe.each(testDatabases())('realtime robustness on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: REALTIME_FIXTURE,
      env: { ...process.env, REALTIME_HEARTBEAT_TIMEOUT_MS: '3000', REALTIME_MAX_BUFFERED_BYTES: String(512 * 1024) },
    });
  });
  afterAll(async () => b?.close());

  it('closes a socket that stops sending heartbeats, and keeps one that does', async () => {
    const silent = await kitchenSocket(b, false);
    const alive = await kitchenSocket(b);
    await waitFor(() => silent.closed, 10_000, 'the silent socket to be closed');
    expect(alive.closed).toBe(false);
    await insertOrder(b, newUserId(), 5);
    await waitFor(() => changesIn(alive) === 1, 5000, 'the live socket to get the order');
    alive.stop();
    alive.close();
  });

  it('drops a consumer that does not read instead of buffering for it, and keeps serving the others', async () => {
    // The slow socket keeps its heartbeat going: only the buffer cap may close it.
    const slow = await kitchenSocket(b);
    const fast = await kitchenSocket(b);
    (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const note = 'x'.repeat(20_000);
    const user = newUserId();
    const total = 600;
    // Ten orders a transaction, paced by the reader that keeps up (it shares this event loop).
    for (let i = 0; i < total; i += 10) {
      await b.db.query(
        `insert into public.orders (user_id, total_cents, note) select $1, g, $2 from generate_series($3::int, $4::int) g`,
        [user, note, i + 1, i + 10],
      );
      await waitFor(() => changesIn(fast) === i + 10 || fast.closed, 10_000, 'the fast socket to keep up');
    }
    expect(fast.closed).toBe(false);
    expect(changesIn(fast)).toBe(total);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await waitFor(() => slow.closed, 10_000, 'the slow socket to have been dropped');
    expect(changesIn(slow)).toBeLessThan(total);
    slow.stop();
    fast.stop();
    fast.close();
  });
});

describe.each(testDatabases().filter((k) => k === 'postgres'))('realtime LISTEN reconnect on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: REALTIME_FIXTURE });
  });
  afterAll(async () => b?.close());

  it('delivers the changes committed while the LISTEN connection was down', async () => {
    const s = await kitchenSocket(b);
    const killed = await b.db.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    const user = newUserId();
    for (let i = 0; i < 5; i++) await insertOrder(b, user, 100 + i);
    await waitFor(() => changesIn(s) === 5, 10_000, 'the orders placed during the outage');
    const totals = s.messages
      .filter((m) => (m as V2)[3] === 'postgres_changes')
      .map((m) => ((m as V2)[4].data as { record: { total_cents: number } }).record.total_cents);
    expect(totals).toEqual([100, 101, 102, 103, 104]);
    await settle();
    expect(changesIn(s)).toBe(5);
    s.stop();
    s.close();
  });

  it('delivers the messages sent while the LISTEN connection was down, each once and in order', async () => {
    const s = await RawSocket.open(b, '2.0.0', b.anonKey);
    s.send(['1', '1', 'realtime:news', 'phx_join', { config: { broadcast: { self: false }, private: false } }]);
    await s.next((m) => ((m as V2)[3] === 'phx_reply' ? m : undefined));
    const heard = () =>
      s.messages.filter((m) => (m as V2)[3] === 'broadcast').map((m) => ((m as V2)[4].payload as { n: number }).n);
    const send = (n: number) =>
      b.db.query(`select realtime.send($1::jsonb, 'note', 'news', false)`, [JSON.stringify({ n })]);
    await send(0);
    await waitFor(() => heard().length === 1, 5000, 'the message before the outage');
    const killed = await b.db.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    for (let n = 1; n <= 5; n++) await send(n);
    await waitFor(() => heard().length >= 6, 10_000, 'the messages sent during the outage');
    await send(6);
    await waitFor(() => heard().length >= 7, 5000, 'the message after it');
    await settle();
    expect(heard()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    s.close();
  });
});
