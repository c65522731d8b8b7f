import crypto from 'node:crypto';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { JwtKeys } from '../../../src/backend/jwt.js';

const CLIENT_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket.
  realtime: { transport: WebSocket as never },
};

export function supabase(
  url: string,
  key: string,
  accessToken?: string,
  more: { headers?: Record<string, string>; fetch?: typeof fetch } = {},
): SupabaseClient {
  const headers = { ...more.headers, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) };
  const client = createClient(url, key, {
    ...CLIENT_OPTIONS,
    global: { headers, ...(more.fetch ? { fetch: more.fetch } : {}) },
  });
  if (accessToken) void client.realtime.setAuth(accessToken);
  return client;
}

/** A manager's token: only app_metadata (set by the service role) makes an admin. */
export function adminToken(keys: JwtKeys, expiresIn = 3600): Promise<string> {
  return keys.sign(
    {
      role: 'authenticated',
      aud: 'authenticated',
      sub: crypto.randomUUID(),
      email: 'gerant@churrasqueira.lu',
      app_metadata: { role: 'admin' },
    },
    expiresIn,
  );
}

/** A pre-order slot the seeded opening hours accept, whatever today is: noon, at least two days ahead, not on Tuesday (closed). */
export function preorderSlot(now = new Date()): { preorder_date: string; preorder_time: string } {
  const day = new Date(now.getTime() + 2 * 86_400_000);
  while (day.getUTCDay() === 2) day.setUTCDate(day.getUTCDate() + 1);
  return { preorder_date: day.toISOString().slice(0, 10), preorder_time: '12:00' };
}

/** A valid shop order as the cart sends it, tagged in `notes` so a run can find its own orders. */
export function shopOrder(tag: string, n: number): Record<string, unknown> {
  const delivery = n % 2 === 0;
  return {
    customer: {
      name: `Client ${n}`,
      phone: `+352 621 ${String(100000 + (n % 900000)).slice(0, 3)} ${String(n % 1000).padStart(3, '0')}`,
      ...(delivery ? { address: '12 rue de la Gare', postalCode: '4601', city: 'Differdange' } : {}),
    },
    delivery_method: delivery ? 'delivery' : 'pickup',
    payment_method: n % 3 === 0 ? 'card' : 'cash',
    is_preorder: true,
    ...preorderSlot(),
    items: delivery ? [{ menuItemId: '32', quantity: 2 }] : [{ menuItemId: '32', quantity: 1 }],
    notes: `${tag}#${n}`,
  };
}

export interface Board {
  /** order id → how many realtime INSERT events arrived for it. */
  events: Map<string, number>;
  /** order id → when it was first seen (performance.now()). */
  seenAt: Map<string, number>;
  /** Orders found by a catch-up query rather than an event. */
  caughtUp: Set<string>;
  joins: number;
  catchUps: number;
  /** Re-query since the last order seen, as the admin app does on reconnect. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How a dashboard hears of new orders: `broadcast`, as the back office does (the private topic orders:admin, fed by
 * a trigger, access decided once at join), or `changes`, Postgres Changes on the orders table (RLS per change).
 */
export type BoardPath = 'broadcast' | 'changes';

/**
 * An admin dashboard: subscribed to new orders; on every rejoin after the first it re-queries the
 * orders since the last one it saw (minus a margin: created_at is the transaction's start, not its commit).
 */
export async function openBoard(
  url: string,
  keys: JwtKeys,
  tag: string,
  path: BoardPath = 'broadcast',
): Promise<Board> {
  const client = supabase(url, keys.anonKey, await adminToken(keys, 6 * 3600));
  let lastCreatedAt = new Date(Date.now() - 60_000).toISOString();
  const board: Board = {
    events: new Map(),
    seenAt: new Map(),
    caughtUp: new Set(),
    joins: 0,
    catchUps: 0,
    async catchUp() {
      const since = new Date(new Date(lastCreatedAt).getTime() - 60_000).toISOString();
      for (let from = 0; ; from += 1000) {
        const { data, error } = await client
          .from('orders')
          .select('id, created_at, notes')
          .gte('created_at', since)
          .like('notes', `${tag}#%`)
          .order('created_at')
          .range(from, from + 999);
        if (error) throw new Error(`catch-up: ${error.message}`);
        for (const o of data) see(o.id, o.created_at, true);
        if (data.length < 1000) break;
      }
      board.catchUps++;
    },
    async close() {
      await client.removeAllChannels();
      client.realtime.disconnect();
    },
  };
  function see(id: string, createdAt: string, fromQuery: boolean) {
    if (!board.seenAt.has(id)) {
      board.seenAt.set(id, performance.now());
      if (fromQuery) board.caughtUp.add(id);
    }
    if (createdAt > lastCreatedAt) lastCreatedAt = createdAt;
  }
  function inserted(o: { id: string; created_at: string; notes: string | null }) {
    if (!o.notes?.startsWith(`${tag}#`)) return;
    board.events.set(o.id, (board.events.get(o.id) ?? 0) + 1);
    see(o.id, o.created_at, false);
  }
  await new Promise<void>((resolve, reject) => {
    const channel =
      path === 'broadcast'
        ? client
            .channel('orders:admin', { config: { private: true } })
            .on('broadcast', { event: 'INSERT' }, (m) => inserted((m.payload as { record: never }).record))
        : client
            .channel(`orders-board-${crypto.randomUUID()}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) =>
              inserted(p.new as never),
            );
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') {
        board.joins++;
        if (board.joins === 1) resolve();
        else board.catchUp().catch(() => {});
      } else if (board.joins === 0 && (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT'))
        reject(err ?? new Error(status));
    });
  });
  return board;
}

/** Every order of a run, read with the service role: how many rows carry each id, and each customer order (its note). */
export async function storedOrders(
  url: string,
  keys: JwtKeys,
  tag: string,
): Promise<{ byId: Map<string, number>; byNote: Map<string, number> }> {
  const service = supabase(url, keys.serviceRoleKey);
  const byId = new Map<string, number>();
  const byNote = new Map<string, number>();
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from('orders')
      .select('id, notes')
      .like('notes', `${tag}#%`)
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`reading the orders back: ${error.message}`);
    for (const o of data) {
      byId.set(o.id, (byId.get(o.id) ?? 0) + 1);
      byNote.set(o.notes, (byNote.get(o.notes) ?? 0) + 1);
    }
    if (data.length < 1000) break;
  }
  return { byId, byNote };
}
