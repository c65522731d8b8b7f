import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { JwtKeys } from '../../../src/backend/jwt.js';
import { isLostAnswer } from '../../../src/shared/data/errors.js';
import { closeClientAgents, fetchFrom } from '../../helpers/client-address.js';
import { openBoard, shopOrder, storedOrders, supabase, type Board, type BoardPath } from './orders.js';

export interface LoadOptions {
  url: string;
  keys: JwtKeys;
  customers: number;
  durationMs: number;
  /** Called once, this many ms into the run (a fault), while the customers keep ordering. */
  faultAtMs?: number;
  fault?: () => Promise<void>;
  /** …and not before this many orders were acknowledged (default 1). */
  faultAfterAcks?: number;
  /** Customers keep ordering at least this long after the fault is over (default 2 s). */
  afterFaultMs?: number;
  /** How long to wait for the dashboards to have every order after the run. */
  settleMs?: number;
  /**
   * Customers behave like the shop: an order whose answer was lost (no answer, 502/503/504) is sent
   * again under the same request id until an answer comes (default on). Off: each failure is final.
   */
  retryLostAnswers?: boolean;
  /** A customer gives up on an unanswered order this long after the run's end (default 30 s). */
  giveUpAfterMs?: number;
  /** Ask place_order for the time of each of its steps (« x-order-timing: on », one customer in ten), reported in `steps`. */
  stepTimes?: boolean;
  /**
   * Each customer orders from a loopback address of their own (127.0.x.y), as households do, instead of all from
   * 127.0.0.1: the server's per-address limits and its fair queue of the engine then see one client per customer.
   */
  ownAddresses?: boolean;
  /** How the two dashboards hear of new orders (default: as the back office does, the private topic orders:admin). */
  boardPath?: BoardPath;
}

export interface Failure {
  message: string;
  code: string | null;
  /** HTTP status of the answer; 0 when there was none (connection refused or cut). */
  status: number;
}

export interface LoadReport {
  tag: string;
  seconds: number;
  attempts: number;
  acknowledged: number;
  /** Acknowledged before the fault started, and for orders sent after it was over. */
  acknowledgedBeforeFault: number;
  acknowledgedAfterFault: number;
  failures: Failure[];
  /** Failures without a message: a client could not tell what happened. */
  unclearFailures: number;
  ordersPerSecond: number;
  placeMs: { p50: number; p95: number; p99: number; max: number };
  /**
   * With stepTimes: each step of place_order (its own clock, inside the database) over the acknowledged orders,
   * in milliseconds, in the order the steps run; `outside` is the rest of the customer's wait (HTTP, the queue for
   * the engine or a connection, the request's settings, the commit).
   */
  steps: { step: string; mean: number; p50: number; p99: number }[];
  eventMs: { p50: number; p95: number; p99: number; max: number };
  /** Acknowledged orders missing from the database, or stored more than once. */
  lostOrders: number;
  duplicatedOrders: number;
  /** Stored orders whose customer never got a success answer (the commit happened, every answer was lost). */
  storedDespiteError: number;
  /** One customer order (one request id) stored as two or more orders. */
  placedTwice: number;
  /** Orders that needed more than one try because an answer was lost; and those given up unanswered. */
  retriedOrders: number;
  unansweredOrders: number;
  /**
   * The longest stretches without any order acknowledged while customers were waiting (a stall: the engine or the
   * server's thread held by one thing), longest first: when it began (ms into the run, and the wall clock) and how long.
   */
  stalls: { atMs: number; at: string; ms: number }[];
  /** Per dashboard: acknowledged orders never seen, orders with more than one event, orders found by catch-up. */
  boards: { missed: number; duplicateEvents: number; caughtUp: number; joins: number }[];
}

/** The customers who ask for the time of each step: one in this many. */
const STEP_SAMPLE = 10;

/** place_order's steps (order_step in its migration) in the order they run; the answer's object sorts its keys. */
const STEPS = [
  'bounds',
  'request_id',
  'contact',
  'pricing',
  'zone',
  'rules',
  'capacity',
  'insert',
  'request_record',
  'rate_limit',
];
const stepRank = (step: string) => (STEPS.includes(step) ? STEPS.indexOf(step) : step === 'outside' ? 99 : 50);

/** supabase-js puts a network error's cause in `details`: keep its code (ECONNREFUSED, UND_ERR_SOCKET, …). */
function causeOf(details: string | undefined): string | null {
  return /\b(E[A-Z]{4,}|UND_ERR_[A-Z_]+)\b/.exec(details ?? '')?.[1] ?? null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentiles(values: number[], decimals = 1): { p50: number; p95: number; p99: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN);
  const r = (n: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;
  return { p50: r(at(50)), p95: r(at(95)), p99: r(at(99)), max: r(s[s.length - 1] ?? NaN) };
}

/**
 * N customers place orders through place_order for a fixed time while two admin dashboards watch.
 * Returns the figures and every invariant's count; the caller asserts them.
 */
export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  const tag = `load-${crypto.randomBytes(4).toString('hex')}`;
  const boards: Board[] = [
    await openBoard(o.url, o.keys, tag, o.boardPath),
    await openBoard(o.url, o.keys, tag, o.boardPath),
  ];
  const acked = new Map<string, { ackAt: number; ms: number }>();
  const failures: Failure[] = [];
  let attempts = 0;
  let seq = 0;
  let faultStarted = Infinity;
  let faultOver = o.fault ? Infinity : 0;
  let ackedBeforeFault = 0;
  let ackedAfterFault = 0;

  const start = performance.now();
  const startWall = Date.now();
  const end = start + o.durationMs;
  const faultRun =
    o.fault && o.faultAtMs !== undefined
      ? (async () => {
          // Not before some orders were acknowledged: on a busy machine the first answers can take seconds.
          while (performance.now() - start < o.faultAtMs! || acked.size < (o.faultAfterAcks ?? 1)) await sleep(20);
        })().then(async () => {
          faultStarted = performance.now();
          ackedBeforeFault = acked.size;
          await o.fault!();
          faultOver = performance.now();
        })
      : Promise.resolve();

  const retry = o.retryLostAnswers ?? true;
  let retriedOrders = 0;
  let unansweredOrders = 0;
  const stepMs = new Map<string, number[]>();

  let customers = 0;
  async function customer(): Promise<void> {
    const i = customers++;
    const client = supabase(o.url, o.keys.anonKey, undefined, {
      // One customer in STEP_SAMPLE asks: each step's timer is a statement of its own (about 0.3 ms an order).
      headers: o.stepTimes && i % STEP_SAMPLE === 0 ? { 'x-order-timing': 'on' } : {},
      ...(o.ownAddresses ? { fetch: fetchFrom(`127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`) } : {}),
    });
    const going = () => performance.now() < Math.max(end, faultOver + (o.afterFaultMs ?? 2000));
    const giveUpAt = () => Math.max(end, faultOver) + (o.giveUpAfterMs ?? 30_000);
    while (going()) {
      const n = ++seq;
      // One order, one request id, however many times it is sent.
      const order = { ...shopOrder(tag, n), requestId: crypto.randomUUID() };
      const t0 = performance.now();
      for (let tries = 1; ; tries++) {
        attempts++;
        let failure: Failure | null = null;
        try {
          const { data, error, status } = await client.rpc('place_order', { p_order: order });
          const t1 = performance.now();
          if (error || !data?.id)
            failure = { message: error?.message ?? '', code: error?.code || causeOf(error?.details), status };
          else {
            acked.set(data.id as string, { ackAt: t1, ms: t1 - t0 });
            const timing = (data as { timing?: Record<string, number> }).timing;
            if (timing && tries === 1) {
              let inside = 0;
              for (const [step, ms] of Object.entries(timing)) {
                (stepMs.get(step) ?? stepMs.set(step, []).get(step)!).push(ms);
                inside += ms;
              }
              (stepMs.get('outside') ?? stepMs.set('outside', []).get('outside')!).push(t1 - t0 - inside);
            }
            if (t0 > faultOver) ackedAfterFault++;
          }
        } catch (e) {
          failure = { message: (e as Error).message ?? '', code: 'thrown', status: 0 };
        }
        if (!failure) break;
        failures.push(failure);
        if (!retry || !isLostAnswer(failure.status, { message: failure.message, code: failure.code ?? undefined })) {
          // A refused order is corrected by a person, not retried in a tight loop.
          await sleep(100);
          break;
        }
        if (performance.now() > giveUpAt()) {
          unansweredOrders++;
          break;
        }
        if (tries === 1) retriedOrders++;
        await sleep(Math.min(1000, 150 * tries));
      }
    }
  }
  await Promise.all([...Array.from({ length: o.customers }, customer), faultRun]);
  const seconds = (performance.now() - start) / 1000;

  // Let the dashboards receive the last events; a dashboard that was cut off catches up.
  const settleUntil = performance.now() + (o.settleMs ?? 20_000);
  const complete = () => boards.every((b) => [...acked.keys()].every((id) => b.seenAt.has(id)));
  while (!complete() && performance.now() < settleUntil) await sleep(100);
  if (!complete()) for (const b of boards) await b.catchUp().catch(() => {});

  const { byId: stored, byNote } = await storedOrders(o.url, o.keys, tag);
  const eventMs: number[] = [];
  for (const b of boards)
    for (const [id, a] of acked) {
      const at = b.seenAt.get(id);
      if (at !== undefined && !b.caughtUp.has(id)) eventMs.push(Math.max(0, at - a.ackAt));
    }
  // Acknowledgements in time order: a gap between two while customers were waiting is a stall.
  const ackTimes = [...acked.values()].map((a) => a.ackAt).sort((a, b) => a - b);
  const stalls: LoadReport['stalls'] = [];
  for (let i = 1; i < ackTimes.length; i++) {
    const gap = ackTimes[i]! - ackTimes[i - 1]!;
    if (gap >= 250) {
      const atMs = ackTimes[i - 1]! - start;
      stalls.push({
        atMs: Math.round(atMs),
        at: new Date(startWall + atMs).toISOString().slice(11, 23),
        ms: Math.round(gap),
      });
    }
  }
  stalls.sort((a, b) => b.ms - a.ms);
  const report: LoadReport = {
    tag,
    seconds: Math.round(seconds * 10) / 10,
    attempts,
    acknowledged: acked.size,
    acknowledgedBeforeFault: Number.isFinite(faultStarted) ? ackedBeforeFault : acked.size,
    acknowledgedAfterFault: ackedAfterFault,
    failures,
    unclearFailures: failures.filter((f) => !f.message.trim()).length,
    ordersPerSecond: Math.round((acked.size / seconds) * 10) / 10,
    placeMs: percentiles([...acked.values()].map((a) => a.ms)),
    steps: [...stepMs]
      .sort(([a], [b]) => stepRank(a) - stepRank(b))
      .map(([step, values]) => {
        const p = percentiles(values, 2);
        const mean = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
        return { step, mean, p50: p.p50, p99: p.p99 };
      }),
    eventMs: percentiles(eventMs),
    lostOrders: [...acked.keys()].filter((id) => !stored.has(id)).length,
    duplicatedOrders: [...stored.values()].filter((n) => n > 1).length,
    storedDespiteError: [...stored.keys()].filter((id) => !acked.has(id)).length,
    placedTwice: [...byNote.values()].filter((n) => n > 1).length,
    retriedOrders,
    unansweredOrders,
    stalls: stalls.slice(0, 5),
    boards: boards.map((b) => ({
      missed: [...acked.keys()].filter((id) => !b.seenAt.has(id)).length,
      duplicateEvents: [...b.events.values()].filter((n) => n > 1).length,
      caughtUp: [...acked.keys()].filter((id) => b.caughtUp.has(id)).length,
      joins: b.joins,
    })),
  };
  await Promise.all(boards.map((b) => b.close()));
  if (o.ownAddresses) await closeClientAgents();
  return report;
}

/** The failures grouped by message, for the report. */
export function failureSummary(failures: Failure[]): string {
  const counts = new Map<string, number>();
  for (const f of failures) {
    const key = `${f.status || 'no answer'} ${f.code ?? ''} ${f.message}`.slice(0, 100);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([m, n]) => `${n}× ${m}`).join('; ') || 'none';
}
