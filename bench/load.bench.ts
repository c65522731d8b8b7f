/**
 * Orders under load, and under faults, with two admin dashboards watching through realtime (as the back office
 * does, on the private topic orders:admin; BENCH_BOARD_PATH=changes: through Postgres Changes on the orders table).
 * The backend runs as its own process (src/backend/cli/serve.ts) so it can be killed hard.
 *
 *   npm run bench:load                                  (PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set)
 *   BENCH_CUSTOMERS=50 BENCH_SECONDS=60 BENCH_FAULTS=on npm run bench:load
 *   BACKEND_CPU_PROF=/tmp/prof BENCH_FAULTS=off npm run bench:load     (V8 CPU profiles of the server's threads)
 *
 * The CPU per order is read from /proc: the server's process, of it the busiest thread besides the main one
 * (PGlite's engine), PostgreSQL's server processes, and this process (the customers and dashboards): on 2 cores,
 * 250 orders/s leaves 8 ms of CPU per order for all of them together.
 *
 * Each line's invariants: every acknowledged order stored exactly once and seen exactly once by both
 * dashboards (after their catch-up where they were cut off), every failure a clear error.
 *
 * The customers order from 50 loopback addresses of their own (127.0.x.y), as 50 households do: each address
 * has its own rate-limit counters, as in the restaurant.
 *
 * After the table, for each database's steady load: the time of each step of place_order, measured inside the
 * database on the orders of one customer in ten (« x-order-timing: on », BENCH_STEPS=off to leave it out), and the longest stretches
 * without any order acknowledged (a stall: something held the engine or the server's thread), with the clock
 * time to match the backend's log printed beside them.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import {
  spawnBackend,
  freePort,
  type BackendSpec,
  type ChildBackend,
} from '../tests/reliability/support/child-backend.js';
import type { BoardPath } from '../tests/reliability/support/orders.js';
import { freshStore, JWT_SECRET, type Store } from '../tests/reliability/support/databases.js';
import { failureSummary, runLoad, type LoadReport } from '../tests/reliability/support/load.js';
import { localCluster, restartCluster, ensureClusterUp } from '../tests/reliability/support/postgres-cluster.js';
import type { DbKind } from '../tests/helpers/backend.js';
import { benchDatabases } from './databases.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const FAULTS = (process.env.BENCH_FAULTS ?? 'on') !== 'off';
const STEPS = (process.env.BENCH_STEPS ?? 'on') !== 'off';
/** How the dashboards hear of orders: broadcast (the back office's private topic orders:admin) or changes (Postgres Changes). */
const BOARD_PATH: BoardPath = process.env.BENCH_BOARD_PATH === 'changes' ? 'changes' : 'broadcast';

interface Line {
  db: DbKind;
  scenario: string;
  r: LoadReport;
  problems: string[];
  /** What the backend printed (its warnings: a reopened engine, a backup), for a stall's cause. */
  log: string;
  /** CPU per acknowledged order (ms): the backend's process (PGlite's engine thread included) and PostgreSQL's. */
  cpu: { server: number | null; postgres: number | null; engine: number | null; client: number | null };
}

/** CPU time a process has used (Linux /proc, all its threads), in ms; null elsewhere. */
function processCpuMs(pid: number | undefined, stat = `/proc/${pid}/stat`): number | null {
  try {
    const s = fs.readFileSync(stat, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU time of each thread of a process (Linux /proc/<pid>/task), in ms by thread id. */
function threadCpuMs(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      out.set(tid, processCpuMs(pid, `/proc/${pid}/task/${tid}/stat`) ?? 0);
    }
  } catch {
    // not Linux, or the process is gone
  }
  return out;
}

/** The CPU of the busiest thread other than the main one between two readings (PGlite's engine thread). */
function busiestThreadMs(pid: number | undefined, before: Map<string, number>): number | null {
  let best: number | null = null;
  for (const [tid, ms] of threadCpuMs(pid)) {
    if (tid === String(pid)) continue;
    const d = ms - (before.get(tid) ?? 0);
    if (best === null || d > best) best = d;
  }
  return best;
}

/** CPU time of PostgreSQL's server processes serving the database (the local server's /proc), in ms. */
async function postgresCpuMs(url: string | null): Promise<number | null> {
  if (!url) return null;
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    let total = 0;
    for (const { pid } of rows) total += processCpuMs(pid) ?? 0;
    return rows.length ? total : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

function problems(r: LoadReport, fault: boolean): string[] {
  const p: string[] = [];
  if (r.acknowledged === 0) p.push('no order acknowledged');
  if (r.lostOrders) p.push(`${r.lostOrders} acknowledged order(s) not stored`);
  if (r.duplicatedOrders) p.push(`${r.duplicatedOrders} order(s) stored twice`);
  if (r.unclearFailures) p.push(`${r.unclearFailures} failure(s) without an error message`);
  if (r.placedTwice) p.push(`${r.placedTwice} customer order(s) placed twice`);
  if (r.storedDespiteError) p.push(`${r.storedDespiteError} order(s) stored but never confirmed to the customer`);
  if (r.unansweredOrders) p.push(`${r.unansweredOrders} order(s) left without an answer`);
  if (fault && r.acknowledgedAfterFault === 0) p.push('no order acknowledged after the fault');
  r.boards.forEach((b, i) => {
    if (b.missed) p.push(`dashboard ${i + 1} missed ${b.missed} order(s)`);
    if (b.duplicateEvents) p.push(`dashboard ${i + 1} got ${b.duplicateEvents} order(s) twice`);
  });
  return p;
}

async function scenario(
  kind: DbKind,
  name: string,
  run: (spec: BackendSpec, b: { current: ChildBackend }) => Promise<LoadReport>,
  fault: boolean,
): Promise<Line | null> {
  const store: Store = await freshStore(kind, 'benchload');
  const spec: BackendSpec = { ...store, port: await freePort(), jwtSecret: JWT_SECRET };
  const holder = { current: await spawnBackend(spec) };
  try {
    const first = holder.current;
    const server0 = processCpuMs(first.process.pid);
    const postgres0 = await postgresCpuMs(store.databaseUrl);
    const threads0 = threadCpuMs(first.process.pid);
    const client0 = process.cpuUsage();
    let r: LoadReport;
    try {
      r = await run(spec, holder);
    } catch (e) {
      // One scenario's failure must not lose the others' figures: say what failed and what the backend said last.
      const said = holder.current.output().split('\n').filter(Boolean).slice(-20).join('\n  ');
      console.error(`FAILED ${kind} ${name}: ${(e as Error).stack ?? e}\n  the backend said last:\n  ${said}`);
      failedScenarios.push(`${kind} ${name}`);
      return null;
    }
    // What the orders cost whatever the machine's load: CPU per acknowledged order (steady load only: a fault
    // replaces the process and PostgreSQL's connections).
    const perOrder = (a: number | null, b: number | null) =>
      fault || a === null || b === null || !r.acknowledged ? null : Math.round(((b - a) / r.acknowledged) * 100) / 100;
    const client = process.cpuUsage(client0);
    const cpu = {
      server: perOrder(server0, processCpuMs(first.process.pid)),
      postgres: perOrder(postgres0, await postgresCpuMs(store.databaseUrl)),
      engine: kind === 'pglite' ? perOrder(0, busiestThreadMs(first.process.pid, threads0)) : null,
      client: perOrder(0, (client.user + client.system) / 1000),
    };
    return { db: kind, scenario: name, r, problems: problems(r, fault), log: holder.current.output(), cpu };
  } finally {
    await holder.current.kill('SIGTERM');
    await store.drop();
  }
}

const kinds: DbKind[] = benchDatabases();
const cluster = localCluster();
const lines: Line[] = [];
const failedScenarios: string[] = [];
const keep = (l: Line | null) => {
  if (l) lines.push(l);
};
const durationMs = SECONDS * 1000;
console.log(
  `${CUSTOMERS} customers, ${SECONDS} s per run, on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of kinds) {
  keep(
    await scenario(
      kind,
      'steady load',
      (_s, b) =>
        runLoad({
          url: b.current.url,
          keys: b.current.keys,
          customers: CUSTOMERS,
          durationMs,
          stepTimes: STEPS,
          ownAddresses: true,
          boardPath: BOARD_PATH,
        }),
      false,
    ),
  );
  console.log(`  done: ${kind} steady load`);
  if (!FAULTS) continue;
  keep(
    await scenario(
      kind,
      'backend SIGKILL + restart',
      (spec, b) =>
        runLoad({
          url: b.current.url,
          keys: b.current.keys,
          customers: CUSTOMERS,
          ownAddresses: true,
          boardPath: BOARD_PATH,
          durationMs: durationMs / 2,
          faultAtMs: durationMs / 4,
          async fault() {
            await b.current.kill('SIGKILL');
            b.current = await spawnBackend(spec);
          },
          afterFaultMs: 5000,
          settleMs: 60_000,
        }),
      true,
    ),
  );
  console.log(`  done: ${kind} backend SIGKILL`);
  if (kind === 'postgres' && cluster) {
    try {
      keep(
        await scenario(
          kind,
          'PostgreSQL restart',
          (_s, b) =>
            runLoad({
              url: b.current.url,
              keys: b.current.keys,
              customers: CUSTOMERS,
              ownAddresses: true,
              boardPath: BOARD_PATH,
              durationMs: durationMs / 2,
              faultAtMs: durationMs / 4,
              fault: () => restartCluster(cluster),
              afterFaultMs: 5000,
              settleMs: 60_000,
            }),
          true,
        ),
      );
    } finally {
      ensureClusterUp(cluster);
    }
    console.log(`  done: ${kind} PostgreSQL restart`);
  }
}

const rows = lines.map(({ db, scenario: s, r, problems: p, cpu }) => ({
  db,
  scenario: s,
  s: r.seconds,
  acked: r.acknowledged,
  errors: r.failures.length,
  'orders/s': r.ordersPerSecond,
  'place p50/p95/p99 ms': `${r.placeMs.p50} / ${r.placeMs.p95} / ${r.placeMs.p99}`,
  'event p50/p95/p99 ms': `${r.eventMs.p50} / ${r.eventMs.p95} / ${r.eventMs.p99}`,
  'CPU ms/order server + PostgreSQL':
    cpu.server === null ? '' : `${cpu.server}${cpu.postgres === null ? '' : ` + ${cpu.postgres}`}`,
  'of it engine thread': cpu.engine ?? '',
  'load generator': cpu.client ?? '',
  lost: r.lostOrders,
  dup: r.duplicatedOrders + r.placedTwice,
  retried: r.retriedOrders,
  'missed (1/2)': r.boards.map((b) => b.missed).join('/'),
  'caught up (1/2)': r.boards.map((b) => b.caughtUp).join('/'),
  ok: p.length === 0 ? 'yes' : 'NO',
}));
console.table(rows);
for (const l of lines.filter((x) => x.r.steps.length)) {
  console.log(
    `${l.db} ${l.scenario}: place_order step by step (ms per order, inside the database; outside: the rest of the wait)`,
  );
  console.table(Object.fromEntries(l.r.steps.map(({ step, ...t }) => [step, t])));
}
for (const l of lines.filter((x) => !x.scenario.includes('restart'))) {
  const stalls = l.r.stalls.filter((s) => s.ms >= 1000);
  if (!stalls.length) continue;
  console.log(
    `${l.db} ${l.scenario}: no order acknowledged for ${stalls.map((s) => `${s.ms} ms from ${s.at} (${(s.atMs / 1000).toFixed(1)} s in)`).join(', ')}`,
  );
  const notes = l.log.split('\n').filter((x) => /^\[(database|backup|disk|realtime|retention)\]/.test(x));
  if (notes.length) console.log(`  the backend said: ${notes.slice(-5).join(' | ')}`);
}
for (const l of lines) {
  if (l.r.failures.length)
    console.log(
      `${l.db} ${l.scenario}: errors seen by customers: ${failureSummary(l.r.failures)}; stored despite an error: ${l.r.storedDespiteError}; acknowledged before the fault: ${l.r.acknowledgedBeforeFault}`,
    );
  if (!l.scenario.includes('restart') && l.r.failures.length)
    console.log(
      `NOTE ${l.db} ${l.scenario}: ${l.r.failures.length} error(s) without a fault (each a clear error; lost answers were sent again under the same request id: ${l.r.retriedOrders} order(s) retried)`,
    );
  for (const p of l.problems) console.error(`FAILED ${l.db} ${l.scenario}: ${p}`);
}
if (lines.some((l) => l.problems.length) || failedScenarios.length) process.exit(1);
