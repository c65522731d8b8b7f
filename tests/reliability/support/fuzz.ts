import crypto from 'node:crypto';
import fs from 'node:fs';
import WebSocket from 'ws';
import type { ChildBackend } from './child-backend.js';
import { forgedTokens, httpCase, prng, realtimeFrame, type HttpCase } from './fuzz-cases.js';
import { shopOrder, supabase } from './orders.js';

/** Tables and the column that identifies a row. */
const TABLES: [string, string][] = [
  ['menu_categories', 'id'],
  ['menu_items', 'id'],
  ['offers', 'id'],
  ['store_settings', 'key'],
  ['reviews', 'id'],
  ['orders', 'id'],
  ['reservations', 'id'],
  ['challenge_registrations', 'id'],
  ['notification_outbox', 'id'],
  ['notification_attempts', 'id'],
];
/** anon may add rows here through the public forms and place_order, never change or remove one. */
const INSERT_ONLY = new Set([
  'orders',
  'reservations',
  'challenge_registrations',
  'notification_outbox',
  'notification_attempts',
]);

type Snapshot = Map<string, Map<string, string>>;

async function snapshot(b: ChildBackend): Promise<Snapshot> {
  const service = supabase(b.url, b.keys.serviceRoleKey);
  const snap: Snapshot = new Map();
  for (const [table, key] of TABLES) {
    const rows = new Map<string, string>();
    for (let from = 0; ; from += 1000) {
      const { data, error } = await service
        .from(table)
        .select('*')
        .order(key)
        .range(from, from + 999);
      if (error) throw new Error(`reading ${table}: ${error.message}`);
      for (const row of data as Record<string, unknown>[])
        rows.set(String(row[key]), crypto.createHash('sha256').update(JSON.stringify(row)).digest('hex'));
      if (data.length < 1000) break;
    }
    snap.set(table, rows);
  }
  return snap;
}

export function checksum(s: Snapshot): string {
  const h = crypto.createHash('sha256');
  for (const [table, rows] of s) for (const [id, row] of rows) h.update(`${table}\0${id}\0${row}\n`);
  return h.digest('hex').slice(0, 16);
}

/** Rows of the before-snapshot that changed or vanished, and rows added where anon may not add any. */
function unauthorisedChanges(before: Snapshot, after: Snapshot): { changed: string[]; added: Record<string, number> } {
  const changed: string[] = [];
  const added: Record<string, number> = {};
  for (const [table, rows] of before) {
    const now = after.get(table)!;
    for (const [id, row] of rows) if (now.get(id) !== row) changed.push(`${table}:${id}`);
    const extra = [...now.keys()].filter((id) => !rows.has(id)).length;
    if (extra) added[table] = extra;
    if (extra && !INSERT_ONLY.has(table)) changed.push(`${table}: ${extra} new row(s)`);
  }
  return { changed, added };
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

export interface FuzzReport {
  seed: number;
  httpCases: number;
  realtimeFrames: number;
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  /** Cases answered 5xx, or not answered at all, with their request for replay. */
  serverErrors: { status: number | string; kind: string; method: string; path: string; body?: string; auth?: string }[];
  /** Connections closed without an answer (each one is in serverErrors too). */
  resets: number;
  /** postgres_changes events with row data received by fuzzing sockets (all hold at most anon rights). */
  leakedEvents: number;
  checksumBefore: string;
  checksumAfter: string;
  unauthorisedChanges: string[];
  rowsAdded: Record<string, number>;
  rssMb: { start: number; peak: number; end: number };
  alive: boolean;
}

async function send(b: ChildBackend, c: HttpCase): Promise<number | string> {
  try {
    const res = await fetch(b.url + c.path, {
      method: c.method,
      headers: c.headers,
      body: c.method === 'GET' || c.method === 'HEAD' ? undefined : c.body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return `reset ${cause?.code ?? cause?.message ?? (e as Error).message}`;
  }
}

/** Sends `httpCases` generated requests and `frames` realtime frames; reports what the invariants need. */
export async function runFuzz(
  b: ChildBackend,
  o: { seed: number; httpCases: number; frames: number; concurrency?: number },
): Promise<FuzzReport> {
  const r = prng(o.seed);
  const pid = b.process.pid!;
  const customer = await b.keys.sign(
    {
      role: 'authenticated',
      aud: 'authenticated',
      sub: crypto.randomUUID(),
      email: 'fuzz@example.lu',
      app_metadata: { provider: 'email' },
    },
    3600,
  );
  const forged = await forgedTokens(b.keys);
  const tokens = { anon: b.keys.anonKey, customer, forged };

  // Some rows to protect: orders, a reservation and their outbox messages.
  const service = supabase(b.url, b.keys.serviceRoleKey);
  for (let n = 0; n < 3; n++) {
    const order = shopOrder('fuzz-seed', n) as Record<string, unknown>;
    const { error } = await service.rpc('place_order', {
      p_order: { ...order, customer: { ...(order.customer as object), email: `seed${n}@example.lu` } },
    });
    if (error) throw new Error(`seeding an order: ${error.message}`);
  }
  const before = await snapshot(b);

  const report: FuzzReport = {
    seed: o.seed,
    httpCases: 0,
    realtimeFrames: 0,
    byKind: {},
    byStatus: {},
    serverErrors: [],
    resets: 0,
    leakedEvents: 0,
    checksumBefore: checksum(before),
    checksumAfter: '',
    unauthorisedChanges: [],
    rowsAdded: {},
    rssMb: { start: rssMb(pid), peak: 0, end: 0 },
    alive: true,
  };
  report.rssMb.peak = report.rssMb.start;
  const sampler = setInterval(() => {
    try {
      report.rssMb.peak = Math.max(report.rssMb.peak, rssMb(pid));
    } catch {
      report.alive = false;
    }
  }, 250);

  // Realtime: sockets with every kind of token, fed generated frames, listening for rows they must not see.
  const socketTokens = [tokens.anon, customer, ...forged];
  const sockets: WebSocket[] = [];
  const openSocket = () => {
    const token = r.pick(socketTokens);
    const ws = new WebSocket(
      `${b.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(token)}&vsn=${r.pick(['1.0.0', '2.0.0'])}`,
    );
    ws.on('error', () => {});
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.includes('postgres_changes') && /"record"\s*:\s*\{/.test(text)) report.leakedEvents++;
    });
    sockets.push(ws);
    return ws;
  };
  const realtime = (async () => {
    let ws = openSocket();
    for (let i = 0; i < o.frames; i++) {
      if (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING || r.chance(0.02))
        ws = openSocket();
      if (ws.readyState === WebSocket.CONNECTING)
        await new Promise((res) => (ws.once('open', res), ws.once('close', res), ws.once('error', res)));
      if (ws.readyState === WebSocket.OPEN) ws.send(realtimeFrame(r, socketTokens));
      report.realtimeFrames++;
      if (i % 20 === 0) await new Promise((res) => setTimeout(res, 5));
    }
  })();

  // Cases are generated up front, in order, so the seed alone decides them whatever the timing.
  const cases = Array.from({ length: o.httpCases }, (_, n) => httpCase(r, n, tokens));
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const status = await send(b, c);
      report.httpCases++;
      report.byKind[c.kind] = (report.byKind[c.kind] ?? 0) + 1;
      report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
      // A reset (no answer at all) is a server error whatever the request's size: an oversized or unparseable
      // request is answered 413/431/400 before the connection closes (src/backend/client-errors.ts).
      if (typeof status === 'string') {
        report.resets++;
        report.serverErrors.push({
          status,
          kind: c.kind,
          method: c.method,
          path: c.path.slice(0, 300),
          body: c.body?.slice(0, 300),
          auth: c.headers.Authorization?.slice(0, 60),
        });
      } else if (status >= 500) {
        report.serverErrors.push({
          status,
          kind: c.kind,
          method: c.method,
          path: c.path.slice(0, 300),
          body: c.body?.slice(0, 300),
          auth: c.headers.Authorization?.slice(0, 60),
        });
      }
    }
  };
  await Promise.all([...Array.from({ length: o.concurrency ?? 6 }, worker), realtime]);

  const after = await snapshot(b);
  const diff = unauthorisedChanges(before, after);
  report.unauthorisedChanges = diff.changed;
  report.rowsAdded = diff.added;
  // Over the rows that existed before: equal unless someone changed or removed one.
  report.checksumAfter = checksum(
    new Map([...after].map(([t, rows]) => [t, new Map([...rows].filter(([id]) => before.get(t)!.has(id)))])),
  );

  // A new order now: the fuzzing sockets (anon rights at most) must not receive it.
  const { error } = await service.rpc('place_order', { p_order: shopOrder('fuzz-after', 1) });
  if (error)
    report.serverErrors.push({
      status: 'place_order after the run',
      kind: 'check',
      method: 'POST',
      path: error.message,
    });
  await new Promise((res) => setTimeout(res, 1500));
  for (const ws of sockets) ws.terminate();
  clearInterval(sampler);

  report.alive =
    b.process.exitCode === null &&
    b.process.signalCode === null &&
    (await fetch(`${b.url}/rest/v1/menu_items?select=id&limit=1`, { headers: { apikey: b.keys.anonKey } })).status ===
      200;
  report.rssMb.end = rssMb(pid);
  return report;
}
