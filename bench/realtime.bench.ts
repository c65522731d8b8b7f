/**
 * Realtime latency: orders inserted at a steady rate, each seen by 1 or 20 admin dashboards
 * (distinct tokens, so every change goes through one RLS check per subscriber's claims).
 * Latency = the INSERT's commit acknowledged → the supabase-js callback fired.
 *
 *   npm run bench:realtime                       (PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set)
 *   BENCH_INSERTS=5000 BENCH_RATE=100 BENCH_SUBSCRIBERS=1,20 BENCH_DBS=pglite,postgres npm run bench:realtime
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startBackend, type Backend } from '../src/backend/server.js';

const INSERTS = Number(process.env.BENCH_INSERTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SUBSCRIBER_COUNTS = (process.env.BENCH_SUBSCRIBERS ?? '1,20').split(',').map(Number);
const MAX_IN_FLIGHT = 50;
const TARGET_P95_MS = 100;

interface Result {
  db: string;
  subscribers: number;
  inserts: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  lost: number;
  duplicates: number;
  /** Channels that had to join again (socket dropped or heartbeat timed out): what they missed meanwhile is lost, as on Supabase. */
  rejoins: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_realtime_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

async function dashboard(b: Backend, onOrder: (seq: number) => void, onRejoin: () => void): Promise<SupabaseClient> {
  const token = await b.context.jwt.sign(
    { role: 'authenticated', sub: crypto.randomUUID(), app_metadata: { role: 'admin' } },
    3600,
  );
  const client = createClient(b.url, b.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  await client.realtime.setAuth(token);
  let joined = false;
  await new Promise<void>((resolve, reject) => {
    client
      .channel('orders-board')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) =>
        onOrder(Number(p.new.total_cents)),
      )
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED' && joined) onRejoin();
        if (status === 'SUBSCRIBED') {
          joined = true;
          resolve();
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
  });
  return client;
}

async function run(db: string, b: Backend, subscribers: number): Promise<Result> {
  const committedAt = new Map<number, number>();
  const latencies: number[] = [];
  const seen = Array.from({ length: subscribers }, () => new Set<number>());
  // A callback may fire before the INSERT's own acknowledgement is seen: settled afterwards.
  const early: [number, number][] = [];
  let duplicates = 0;
  let rejoins = 0;
  let received = 0;
  const clients: SupabaseClient[] = [];
  for (let s = 0; s < subscribers; s++) {
    clients.push(
      await dashboard(
        b,
        (seq) => {
          const now = performance.now();
          if (seen[s].has(seq)) duplicates++;
          seen[s].add(seq);
          received++;
          const t = committedAt.get(seq);
          if (t !== undefined) latencies.push(now - t);
          else early.push([seq, now]);
        },
        () => rejoins++,
      ),
    );
  }
  await sleep(300);

  const user = crypto.randomUUID();
  const inFlight = new Set<Promise<void>>();
  const period = 1000 / RATE;
  const start = performance.now();
  for (let i = 1; i <= INSERTS; i++) {
    const wait = start + (i - 1) * period - performance.now();
    if (wait > 0) await sleep(wait);
    const p = b.db
      .query('insert into public.orders (user_id, total_cents) values ($1, $2)', [user, i])
      .then(() => {
        committedAt.set(i, performance.now());
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const actualRate = INSERTS / ((performance.now() - start) / 1000);

  const expected = INSERTS * subscribers;
  let last = received;
  let idleSince = performance.now();
  while (received < expected && performance.now() - idleSince < 10_000) {
    await sleep(50);
    if (received !== last) {
      last = received;
      idleSince = performance.now();
    }
  }
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await b.db.query('delete from public.orders');

  for (const [seq, at] of early) latencies.push(Math.max(0, at - (committedAt.get(seq) ?? at)));
  latencies.sort((x, y) => x - y);
  const lost = seen.reduce((sum, set) => sum + (INSERTS - set.size), 0);
  const r2 = (n: number) => Math.round(n * 10) / 10;
  return {
    db,
    subscribers,
    inserts: INSERTS,
    rate: Math.round(actualRate),
    p50: r2(percentile(latencies, 50)),
    p95: r2(percentile(latencies, 95)),
    p99: r2(percentile(latencies, 99)),
    max: r2(latencies[latencies.length - 1] ?? NaN),
    lost,
    duplicates,
    rejoins,
  };
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const wanted = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
  const targets = (['pglite', 'postgres'] as const).filter(
    (db) => wanted.includes(db) && (db === 'pglite' || adminUrl),
  );
  for (const db of targets) {
    const scratch = db === 'postgres' ? await scratchPostgres(adminUrl!) : null;
    const b = await startBackend(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: null,
        databaseUrl: scratch?.url ?? null,
        jwtSecret: crypto.randomBytes(32).toString('hex'),
        supabaseDir: 'tests/fixtures/realtime-supabase',
      },
      { ...process.env, PORT: '0', DATABASE_URL: '' },
    );
    try {
      for (const n of SUBSCRIBER_COUNTS) {
        const r = await run(db, b, n);
        console.error(`[bench] ${db} with ${n} subscriber(s): p95 ${r.p95} ms, lost ${r.lost}`);
        results.push(r);
      }
    } finally {
      await b.close();
      await scratch?.drop();
    }
  }

  console.log(
    `\nRealtime commit-to-callback latency (ms), ${INSERTS} order inserts at ${RATE}/s, admin dashboards under RLS\n`,
  );
  console.table(results);
  const lost = results.reduce((s, r) => s + r.lost, 0);
  const slow = results.filter((r) => !(r.p95 < TARGET_P95_MS));
  if (slow.length)
    console.log(`p95 target ${TARGET_P95_MS} ms missed by: ${slow.map((r) => `${r.db}×${r.subscribers}`).join(', ')}`);
  if (lost > 0) {
    console.log(`${lost} events lost`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
