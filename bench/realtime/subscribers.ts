/**
 * Subscribers of `npm run bench:realtime`, in a process apart from the server's: each is its own supabase-js
 * client (its own socket), as each open page or screen is. On the Broadcast path a page joins `order:<id>` with
 * the anon key and a screen `orders:admin` with an admin's token; on the Postgres Changes path a page follows its
 * order (`id=eq.<id>`) with its customer's token, and a screen every order. Arrivals go back in batches.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Path, Subscriber, WorkerReply, WorkerRequest } from './protocol.js';

const READY_BASE_MS = Date.UTC(2030, 0, 1);
const now = () => performance.timeOrigin + performance.now();
const reply = (m: WorkerReply) => process.send!(m);

let events: [number, number, number][] = [];
let rejoins = 0;
const clients: SupabaseClient[] = [];

const seqOf = (row: unknown): number | null => {
  const ready = (row as { ready_at?: string | null } | null)?.ready_at;
  return ready ? Math.round((Date.parse(ready) - READY_BASE_MS) / 1000) : null;
};

async function open(url: string, anonKey: string, path: Path, s: Subscriber): Promise<boolean> {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  if (s.token) await client.realtime.setAuth(s.token);
  const heard = (row: unknown) => {
    const seq = seqOf(row);
    if (seq !== null) events.push([s.index, seq, now()]);
  };
  const channel =
    path === 'broadcast'
      ? client
          .channel(s.kind === 'admin' ? 'orders:admin' : `order:${s.orderId}`, { config: { private: true } })
          .on('broadcast', { event: '*' }, (m) =>
            heard(s.kind === 'admin' ? (m.payload as { record: unknown }).record : m.payload),
          )
      : client.channel(`orders-${s.index}`).on(
          'postgres_changes',
          {
            event: 'UPDATE',
            schema: 'public',
            table: 'orders',
            ...(s.kind === 'page' ? { filter: `id=eq.${s.orderId}` } : {}),
          },
          (p) => heard(p.new),
        );
  let joined = false;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') {
        if (joined) rejoins++;
        joined = true;
        clearTimeout(timer);
        resolve(true);
      } else if (!joined && (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')) {
        clearTimeout(timer);
        resolve(false);
      }
    });
  });
}

const batches = setInterval(() => {
  if (events.length === 0) return;
  reply({ type: 'heard', events, rejoins });
  events = [];
}, 200);

process.on('message', (m: WorkerRequest) => {
  const run = async (): Promise<WorkerReply> => {
    switch (m.type) {
      case 'open': {
        let failed = 0;
        // 25 joins at a time: a page's join is one authorisation query on the server.
        for (let i = 0; i < m.subscribers.length; i += 25) {
          const oks = await Promise.all(m.subscribers.slice(i, i + 25).map((s) => open(m.url, m.anonKey, m.path, s)));
          failed += oks.filter((ok) => !ok).length;
        }
        return { type: 'opened', failed, rejoins };
      }
      case 'flush':
        reply({ type: 'heard', events, rejoins });
        events = [];
        return { type: 'flushed' };
      case 'close':
        clearInterval(batches);
        await Promise.all(clients.map((c) => c.removeAllChannels()));
        setTimeout(() => process.exit(0), 50);
        return { type: 'closed' };
    }
  };
  run().then(reply, (e: Error) => reply({ type: 'error', message: e.stack ?? e.message }));
});
