/**
 * What one order costs the database, in CPU time, whatever the machine's load: place_order called N times one
 * after the other, each in its own transaction as the REST layer runs it (begin, the request's settings, the call,
 * commit), on PGlite and on PostgreSQL.
 *
 *   npm run bench:order-cost                          (PGlite; PostgreSQL too when TEST_DATABASE_URL is set)
 *   BENCH_ORDERS=400 BENCH_TRIGGERS=on npm run bench:order-cost
 *
 * Prints per database: the engine's CPU time per order (PGlite: its worker thread; PostgreSQL: the server process
 * of the connection, both read from /proc), the wall time per order, the time of each step of place_order, and
 * the functions the order runs with their calls and time per order (track_functions = all), the most costly
 * first. BENCH_TRIGGERS=on also prices each trigger on orders: the same orders again with that trigger off.
 */
import fs from 'node:fs';
import pg from 'pg';
import { startTestBackend, type DbKind, type TestBackend } from '../tests/helpers/backend.js';
import { openBoard, shopOrder, type BoardPath } from '../tests/reliability/support/orders.js';
import { ROLE_SETTINGS_SQL, requestSettingsWith } from '../src/backend/rest/index.js';
import type { Queryable } from '../src/backend/db/index.js';
import type { TransactionOptions } from '../src/backend/db/types.js';
import type { PgliteDb } from '../src/backend/db/pglite.js';
import { benchDatabases } from './databases.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const TRIGGERS = process.env.BENCH_TRIGGERS === 'on';
/** Admin dashboards watching new orders through realtime during the HTTP run, as in bench:load. */
const BOARDS = Number(process.env.BENCH_BOARDS ?? 2);
/** How the dashboards hear of orders: broadcast (the back office's private topic orders:admin) or changes (Postgres Changes). */
const BOARD_PATH: BoardPath = process.env.BENCH_BOARD_PATH === 'changes' ? 'changes' : 'broadcast';

/** A runner of one order's transaction, with the CPU clock of the engine that runs it. */
interface Engine {
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  cpuMs(): number | null;
  close(): Promise<void>;
}

function procCpuMs(stat: string): number | null {
  try {
    const s = fs.readFileSync(stat, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

async function engineOf(b: TestBackend): Promise<Engine> {
  if (b.kind === 'pglite') {
    const db = b.db as PgliteDb;
    return {
      transaction: (fn, options) => db.transaction(fn, options),
      query: async (sql, params) => (await db.query(sql, params)).rows as never,
      cpuMs: () => db.engineCpuMs(),
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: b.context.config.databaseUrl! });
  await client.connect();
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  return {
    async transaction(fn, options) {
      await client.query('begin');
      try {
        if (options?.prelude) await client.query(options.prelude.sql, options.prelude.params);
        const r = await fn({
          query: async (sql, params) => {
            const x = await client.query(sql, params as unknown[]);
            return { rows: x.rows, fields: [], rowCount: x.rowCount ?? 0 };
          },
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query('commit');
        return r;
      } catch (e) {
        await client.query('rollback');
        throw e;
      }
    },
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    cpuMs: () => procCpuMs(`/proc/${pid}/stat`),
    close: () => client.end(),
  };
}

function claimsOf(jwt: string): string {
  return Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8');
}

interface Pass {
  label: string;
  cpuPerOrder: number | null;
  wallPerOrder: number;
  steps: Map<string, number>;
}

async function pass(e: Engine, b: TestBackend, label: string, n: number, from: number): Promise<Pass> {
  const claims = claimsOf(b.anonKey);
  // The request's settings as the REST layer sends them: anon's own settings read once, as its schema cache does.
  const own = (await e.query<{ name: string; value: string }>(ROLE_SETTINGS_SQL, ['anon'])).flatMap((x) => [
    x.name,
    x.value,
  ]);
  const settingsSql = requestSettingsWith('"public", "extensions"', own.length / 2);
  const steps = new Map<string, number>();
  const cpu0 = e.cpuMs();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const headers = JSON.stringify({
      host: '127.0.0.1',
      'content-type': 'application/json',
      apikey: b.anonKey,
      authorization: `Bearer ${b.anonKey}`,
      'x-client-info': 'supabase-js-node/2',
      'x-order-timing': 'on',
      'x-forwarded-for': `127.0.${1 + (i % 200)}.${1 + ((from + i) % 250)}`,
    });
    const order = { ...shopOrder('cost', from + i), requestId: crypto.randomUUID() };
    // As the REST layer runs it: the request's settings ride with the BEGIN and the call, the COMMIT with the call.
    const call = 'SELECT to_json(public.place_order(p_order := $1::jsonb))::text AS body';
    const answer = await e.transaction(
      async (tx) => {
        const r = await tx.query<{ body: string }>(call, [JSON.stringify(order)]);
        return JSON.parse(r.rows[0]!.body) as { id?: string; timing?: Record<string, number> };
      },
      {
        prelude: { sql: settingsSql, params: ['anon', claims, 'POST', '/rpc/place_order', headers, '{}', ...own] },
        commitAfter: call,
      },
    );
    if (!answer.id) throw new Error(`no order: ${JSON.stringify(answer)}`);
    for (const [k, v] of Object.entries(answer.timing ?? {})) steps.set(k, (steps.get(k) ?? 0) + v / n);
  }
  const wall = performance.now() - t0;
  const cpu1 = e.cpuMs();
  return {
    label,
    cpuPerOrder: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / n,
    wallPerOrder: wall / n,
    steps,
  };
}

const round = (x: number | null, d = 2) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

/** CPU time of the database server's processes serving this database (PostgreSQL), or of PGlite's thread. */
async function serverCpuMs(e: Engine, b: TestBackend): Promise<number | null> {
  if (b.kind === 'pglite') return e.cpuMs();
  const pids = await e.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  let total = 0;
  for (const { pid } of pids) total += procCpuMs(`/proc/${pid}/stat`) ?? 0;
  return total;
}

/** The same orders through HTTP as the shop sends them (REST, JWT, the request's settings): the whole server's CPU. */
async function httpPass(e: Engine, b: TestBackend, n: number, from: number) {
  const tag = `cost${from}`;
  const boards = await Promise.all(
    Array.from({ length: BOARDS }, () => openBoard(b.url, b.context.jwt, tag, BOARD_PATH)),
  );
  const tripsOf = () => (b.kind === 'pglite' ? ((b.db as Partial<PgliteDb>).trips?.() ?? null) : null);
  const trips0 = tripsOf();
  const cpu0 = process.cpuUsage();
  const db0 = await serverCpuMs(e, b);
  const t0 = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const order = { ...shopOrder(tag, from + i), requestId: crypto.randomUUID() };
    const r = await fetch(`${b.url}/rest/v1/rpc/place_order`, {
      method: 'POST',
      headers: { apikey: b.anonKey, authorization: `Bearer ${b.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_order: order }),
    });
    if (!r.ok) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
    ids.push(((await r.json()) as { id: string }).id);
  }
  // The dashboards' deliveries are part of what an order costs.
  const until = performance.now() + 10_000;
  while (boards.some((d) => ids.some((id) => !d.seenAt.has(id))) && performance.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const db1 = await serverCpuMs(e, b);
  const dbMs = db0 === null || db1 === null ? null : (db1 - db0) / n;
  const processMs = (cpu.user + cpu.system) / 1000 / n;
  const trips1 = tripsOf();
  const trips = trips0 === null || trips1 === null ? null : (trips1 - trips0) / n;
  await Promise.all(boards.map((d) => d.close()));
  return {
    'statements to PGlite per order': round(trips, 1),
    'wall ms/order': round(wall / n),
    'database CPU ms/order': round(dbMs),
    // PGlite's engine is a thread of this process: its CPU is in the process's and taken out here.
    'node CPU ms/order (server and client)': round(b.kind === 'pglite' && dbMs !== null ? processMs - dbMs : processMs),
  };
}

async function measure(kind: DbKind): Promise<void> {
  const b = await startTestBackend(kind, { env: { DISPATCH: 'off', RETENTION_AUTO: 'off' } });
  const e = await engineOf(b);
  try {
    await e.query(`set track_functions = 'all'`);
    await pass(e, b, 'warm-up', 300, 0);
    // The steady state: statistics of tables that have orders in them, as autovacuum (PostgreSQL) or the upkeep
    // job (PGlite, jobs/upkeep.ts) keep them within seconds; plans cached on the empty tables are made again.
    await e.query('analyze');
    await e.query('select pg_stat_reset()');
    const full = await pass(e, b, 'all', ORDERS, 1000);
    // PostgreSQL flushes a connection's function statistics when it is idle or ends; the flush is asked for.
    await e.query('select pg_stat_force_next_flush()').catch(() => {});
    await e.transaction(async (tx) => void (await tx.query('select 1')));
    await new Promise((r) => setTimeout(r, 200));
    const read = (view: string) =>
      e.query<{ name: string; calls: string; total: number; self: number }>(
        `select f.schemaname || '.' || f.funcname as name, f.calls::text as calls, f.total_time as total,
                f.self_time as self from ${view} f order by f.self_time desc`,
      );
    // PGlite's single session may never flush them: its pending figures are read instead.
    let fns = await read('pg_stat_user_functions');
    if (!fns.length) fns = await read('pg_stat_xact_user_functions');
    console.log(
      `\n${kind}: ${ORDERS} orders one after the other: engine CPU ${round(full.cpuPerOrder)} ms per order, wall ${round(full.wallPerOrder)} ms per order`,
    );
    console.table(Object.fromEntries([...full.steps].map(([k, v]) => [k, { ms: round(v, 3) }])));
    console.table(
      fns.slice(0, 30).map((f) => ({
        function: f.name,
        'calls/order': round(Number(f.calls) / ORDERS, 1),
        'self ms/order': round(f.self / ORDERS, 3),
        'total ms/order': round(f.total / ORDERS, 3),
      })),
    );
    // What each order reads of each table: rows scanned and rows fetched by index (dead ones included, which
    // PGlite, without autovacuum, leaves behind), and the dead rows left.
    const tables = await e.query<{ name: string; seq: string; fetched: string; dead: string; live: string }>(
      `select schemaname || '.' || relname as name, coalesce(seq_tup_read, 0)::text as seq,
              coalesce(idx_tup_fetch, 0)::text as fetched, n_dead_tup::text as dead, n_live_tup::text as live
         from pg_stat_all_tables where schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')
        order by coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) desc limit 12`,
    );
    console.table(
      tables.map((t) => ({
        table: t.name,
        'rows scanned/order': round(Number(t.seq) / ORDERS, 1),
        'rows by index/order': round(Number(t.fetched) / ORDERS, 1),
        'dead rows': Number(t.dead),
        'live rows': Number(t.live),
      })),
    );
    await httpPass(e, b, 30, 500_000);
    console.log(`${kind}: ${ORDERS} orders through HTTP, one after the other`);
    console.table([await httpPass(e, b, ORDERS, 600_000)]);
    if (TRIGGERS) {
      const triggers = await e.query<{ name: string }>(
        `select tgname as name from pg_trigger where tgrelid = 'public.orders'::regclass and not tgisinternal
            and tgtype & 4 = 4 order by 1`,
      );
      const rows: Record<string, unknown>[] = [];
      const base = await pass(e, b, 'all', ORDERS, 100_000);
      rows.push({
        without: '(nothing)',
        'cpu ms/order': round(base.cpuPerOrder),
        'wall ms/order': round(base.wallPerOrder),
      });
      let k = 2;
      for (const t of triggers) {
        await e.query(`alter table public.orders disable trigger "${t.name}"`);
        try {
          const p = await pass(e, b, t.name, ORDERS, 100_000 * k++);
          rows.push({
            without: t.name,
            'cpu ms/order': round(p.cpuPerOrder),
            'wall ms/order': round(p.wallPerOrder),
            saves: round(base.cpuPerOrder === null || p.cpuPerOrder === null ? null : base.cpuPerOrder - p.cpuPerOrder),
          });
        } finally {
          await e.query(`alter table public.orders enable trigger "${t.name}"`);
        }
      }
      console.table(rows);
    }
  } finally {
    await e.close();
    await b.close();
  }
}

for (const kind of benchDatabases()) await measure(kind);
