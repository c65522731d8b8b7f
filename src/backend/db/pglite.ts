import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { messages as wire, parse, protocol, types, type Results } from '@electric-sql/pglite';
import { nestsDeeperThan } from '../json-depth.js';
import type { Db, QueryResult, Queryable, TransactionOptions } from './types.js';

// PGlite's WebAssembly stack overflows on a value nested about ten thousand deep that SQL casts to jsonb
// ("bad buffer ID: 0"); PostgreSQL copes up to its max_stack_depth, then refuses with 54001. Such a value is
// refused here the way PostgreSQL refuses it, before it reaches the engine (a REST filter, an RPC argument).
const MAX_PARAM_NESTING = 2000;
/**
 * A bounded statement is ended after its bound in engine CPU time, or after this many times the bound in wall
 * time whatever its CPU time (a statement that waits without working, or a system that does not tell).
 */
const WALL_FACTOR = 20;
function guard(params: unknown[]): unknown[] {
  for (const p of params) {
    if (typeof p === 'string' && nestsDeeperThan(p, MAX_PARAM_NESTING)) {
      throw Object.assign(new Error('stack depth limit exceeded'), {
        code: '54001',
        severity: 'ERROR',
        hint: 'A value is nested too deeply.',
      });
    }
  }
  return params;
}

type PlainError = { message: string; name: string; [k: string]: unknown };
type Message =
  | { type: 'ready'; task?: string | null; arrays?: { element: number; array: number }[] }
  | { type: 'failed'; error: PlainError }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'result'; id: number; ok: true; result: unknown | RawAnswer; ms?: number }
  | { type: 'result'; id: number; ok: false; error: PlainError; ms?: number };

function revive(e: PlainError): Error {
  // An engine abort stays recognisable as one (health/disk.ts isEngineStopped).
  const err = e.name === 'RuntimeError' ? new WebAssembly.RuntimeError(e.message) : new Error(e.message);
  Object.assign(err, e);
  return err;
}

/** A pipelined statement's answer as the engine wrote it (pglite-worker.mjs, pipelined), and which result is the call's. */
interface RawAnswer {
  raw: Uint8Array;
  at: number;
}
const isRaw = (r: unknown): r is RawAnswer =>
  typeof r === 'object' && r !== null && (r as RawAnswer).raw instanceof Uint8Array;

type Parsers = Record<number, (value: string, typeId?: number) => unknown>;
/** Values as node-postgres gives them where PGlite would not: bigint and numeric as text (as in pglite-worker.mjs). */
const ownParsers: Parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};
/**
 * The parsers of an engine's answers: PGlite's and ours, and for each array type the engine named at its start (as
 * PGlite's own parsers of arrays, made at its start), an array of its element's values.
 */
function answerParsers(arrays: { element: number; array: number }[]): Parsers {
  const all: Parsers = { ...ownParsers };
  const elementParser = (oid: number) => all[oid] ?? (types.parsers as Parsers)[oid];
  // An element without a parser stays text, as in PGlite (arrayParser takes none).
  for (const { element, array } of arrays)
    all[array] = (value: string) => types.arrayParser(value, elementParser(element)!, array);
  return all;
}

/**
 * Reads an engine's answer as PGlite's query() would have: the call's result, or its first error; and the
 * notifications it carries (a commit's own NOTIFY comes back with it), in `heard`.
 */
function readAnswer(
  answer: RawAnswer,
  parsers: Parsers,
  heard: [channel: string, payload: string][],
): { ok: true; result: QueryResult<unknown> } | { ok: false; error: Error } {
  const answers: wire.BackendMessage[] = [];
  let error: wire.DatabaseError | null = null;
  let r: Results | undefined;
  try {
    new protocol.Parser().parse(answer.raw, (m) => {
      if (m instanceof wire.NotificationResponseMessage) heard.push([m.channel, m.payload]);
      else if (m instanceof wire.DatabaseError) error ??= m;
      else answers.push(m);
    });
    if (error) return { ok: false, error: revive(plainError(error)) };
    r = parse.parseResults(answers, parsers)[answer.at];
  } catch (e) {
    // An answer that cannot be read (a value no parser takes): the call fails with it, nothing waits for ever.
    return { ok: false, error: e instanceof Error ? e : new Error(String(e)) };
  }
  if (!r) return { ok: true, result: { rows: [], fields: [], rowCount: 0 } };
  const result = {
    rows: r.rows,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: r.affectedRows ?? r.rows.length,
  };
  return { ok: true, result };
}

/** A database error's fields, as the worker sends an error (pglite-worker.mjs, plain). */
function plainError(e: Error): PlainError {
  const out: PlainError = { message: e.message, name: e.name };
  for (const [k, v] of Object.entries(e)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

const statementTimeout = () =>
  Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' });
const closedError = () => new Error('PGlite is closed');
/** For a message the engine never began, or of a transaction begun on an engine since ended: retry (REST: 503). */
const restartedError = () =>
  Object.assign(new Error('terminating connection: the database engine was restarted'), {
    code: '57P01',
    severity: 'FATAL',
  });
const abortedTransaction = () =>
  Object.assign(new Error('current transaction is aborted, commands ignored until end of transaction block'), {
    code: '25P02',
    severity: 'ERROR',
  });

/** Where an in-memory database lives so that it survives an engine restart: a private folder in RAM if possible. */
function privateTempDir(): string {
  const shm = '/dev/shm';
  let base = os.tmpdir();
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    if (fs.statSync(shm).isDirectory()) base = shm;
  } catch {
    /* no /dev/shm: the system's temp folder */
  }
  return fs.mkdtempSync(path.join(base, 'churrasqueira-pglite-'));
}

/**
 * PGlite's WebAssembly, compiled once per process and its file-system bundle read once: an engine reopened
 * after a statement past its bound then starts in about half the time (0.7 s instead of 1.6–2.2 s measured
 * on a busy 2-core machine).
 */
let engineFiles: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob } | null> | null = null;
function loadEngineFiles() {
  engineFiles ??= (async () => {
    try {
      const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
      const [wasm, data] = await Promise.all([
        fs.promises.readFile(path.join(dist, 'pglite.wasm')),
        fs.promises.readFile(path.join(dist, 'pglite.data')),
      ]);
      return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
    } catch {
      return null; // another layout of the package: each worker loads them itself
    }
  })();
  return engineFiles;
}

/**
 * How much of the engine each client had lately (milliseconds, halving every HALF_LIFE_MS). A client that had
 * several times what the least of the waiting clients had (HEAVY_FACTOR ×, and over HEAVY_FLOOR_MS) is heavy: one
 * address sending slow or many requests waits behind the others, a visitor who just arrived included, instead of
 * holding the queue, until its count has come down. The others are served in the order they came: customers ordering at once each wait for the
 * orders placed before theirs, no more. (Serving always the client that had the least, as before, made a customer
 * whose one order took longer wait behind every later order until the difference had halved away: seconds, place
 * p99 4.7–5.0 s with a p95 of 0.5 s among 50 customers in bench:load.) An address that keeps sending heavy
 * requests keeps a high count whatever the half-life; a customer whose one order was slow is forgotten within a
 * second or two.
 *
 * A client is charged the engine's own time on its statements (measured in the worker), not the time its
 * transaction held the queue: that included every wait for this thread to read an answer and send the next
 * statement (HTTP, JSON, the realtime sockets, a garbage collection), none of it the client's doing.
 */
const HALF_LIFE_MS = 1_000;
const HEAVY_FACTOR = 4;
const HEAVY_FLOOR_MS = 100;
/** Jobs in the engine's hands at once: the one it runs and the next one's first message, waiting behind it. */
const IN_ENGINE = 2;

interface Job {
  client: string;
  since: number;
  start: () => void;
}

export class FairQueue {
  /** Jobs started and not finished; those of them that have not released the queue yet. */
  private active = 0;
  private unreleased = 0;
  private waiting = new Map<string, Job[]>();
  private used = new Map<string, { ms: number; at: number }>();

  private usage(client: string, now: number): number {
    const u = this.used.get(client);
    return u ? u.ms * 0.5 ** ((now - u.at) / HALF_LIFE_MS) : 0;
  }

  /**
   * Whether another job may start: none runs, or every job running has sent its last message and fewer than
   * IN_ENGINE are in the engine's hands. More would empty this queue into the engine's thread, where the messages
   * are taken in the order they came: the choice of the next client (and the server's own work going first) would be
   * lost, and the counter's screens saw new orders 0.4–1.1 s late behind fifty customers' orders.
   */
  private canStart(): boolean {
    return this.active === 0 || (this.unreleased === 0 && this.active < IN_ENGINE);
  }

  /**
   * Runs `fn` when the engine is free and it is this client's turn. The client is charged the time `fn` reports
   * through `charge` (the engine's own time on its statements), or the time it held the queue if it reports none.
   * `fn` calls `release` once its last message is on its way to the engine (the engine takes them in order, one
   * at a time): the next job may then send its own, which waits in the engine's thread instead of the engine
   * waiting for this thread to read an answer and start the next job.
   */
  async run<T>(client: string, fn: (charge: (ms: number) => void, release: () => void) => Promise<T>): Promise<T> {
    if (this.waiting.size > 0 || !this.canStart()) {
      // Counted as started by next() when it starts this job.
      await new Promise<void>((start) => {
        const list = this.waiting.get(client) ?? [];
        list.push({ client, since: Date.now(), start });
        this.waiting.set(client, list);
      });
    } else {
      this.active++;
      this.unreleased++;
    }
    const t0 = Date.now();
    const bill = { ms: null as number | null };
    const charge = (ms: number) => {
      bill.ms = (bill.ms ?? 0) + ms;
    };
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.unreleased--;
      this.next(Date.now());
    };
    try {
      return await fn(charge, release);
    } finally {
      const now = Date.now();
      this.used.set(client, { ms: this.usage(client, now) + (bill.ms ?? now - t0), at: now });
      if (this.used.size > 10_000) {
        for (const [c, u] of this.used) if (now - u.at > 60 * HALF_LIFE_MS) this.used.delete(c);
      }
      if (!released) {
        released = true;
        this.unreleased--;
      }
      this.active--;
      this.next(now);
    }
  }

  private next(now: number): void {
    if (this.waiting.size === 0 || !this.canStart()) return;
    const clients = [...this.waiting.keys()].map((client) => ({ client, u: this.usage(client, now) }));
    // The server's own work ('': realtime delivery to every open page, sign-ins, jobs) is done for all the clients
    // at once: it counts as one of them, its use shared among those seen lately, and goes first while that share is
    // the least. Compared whole with one address, it came last among 50 customers ordering at once, and the
    // counter's screens saw new orders 5–9 s late.
    const server = clients.find((c) => c.client === '');
    if (server) {
      let shared = 0;
      for (const u of this.used.values()) if (now - u.at < 5 * HALF_LIFE_MS) shared++;
      server.u /= Math.max(1, shared - 1);
    }
    let best = clients[0]!;
    for (const c of clients) if (c.u < best.u) best = c;
    if (best.client !== '') {
      const heavy = Math.max(HEAVY_FACTOR * best.u, HEAVY_FLOOR_MS);
      let oldest = Infinity;
      for (const c of clients) {
        const since = this.waiting.get(c.client)![0]!.since;
        if (c.u <= heavy && since < oldest) [best, oldest] = [c, since];
      }
    }
    const list = this.waiting.get(best.client)!;
    const job = list.shift()!;
    if (list.length === 0) this.waiting.delete(best.client);
    this.active++;
    this.unreleased++;
    job.start();
  }
}

export type PgliteDb = Db & {
  onListenerReconnect(cb: () => void): () => void;
  /** How many times the engine was ended and reopened (a statement over its time bound). */
  restarts(): number;
  /** How long the last reopening took, in milliseconds (null before any). */
  lastReopenMs(): number | null;
  /** CPU time the engine thread has used, in ms (10 ms steps; null where the system does not tell). */
  engineCpuMs(): number | null;
  /** Messages sent to the engine's thread so far (a transaction of one statement: two, BEGIN riding with it). */
  trips(): number;
};

/**
 * PGlite runs in a worker thread of this process, one engine for everyone. The queue of transactions is
 * kept here, in the main thread: each runs alone, the clients served in turn (FairQueue). A statement
 * over its time bound (TransactionOptions.timeoutMs: PGlite ignores statement_timeout, and a long statement
 * would block this thread) ends the worker; PGlite is reopened from the same data directory, where crash
 * recovery keeps every committed transaction, the LISTEN channels are registered again and the realtime
 * layer told to catch up. An in-memory database lives in a private temporary folder for that reason,
 * removed on close.
 * `archive` (in memory only): a data-directory archive from `dumpDataDir` to start from; a new cluster
 * otherwise, which costs PGlite an initdb.
 */
export async function openPglite(dataDir: string | null, archive?: string | null): Promise<PgliteDb> {
  const tempDir = dataDir ? null : privateTempDir();
  const dir = dataDir ?? path.join(tempDir!, 'pglite');
  const removeTemp = () => {
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
  process.once('exit', removeTemp);

  const listeners = new Map<string, Set<(payload: string) => void>>();
  let parsers = answerParsers([]);
  const heard = (channel: string, payload: string) => {
    for (const cb of listeners.get(channel) ?? []) cb(payload);
  };
  const reconnectHooks = new Set<() => void>();
  const pending = new Map<
    number,
    {
      resolve: (v: unknown) => void;
      reject: (e: unknown) => void;
      charge?: (ms: number) => void;
      /** Starts the message's time bound: when the engine comes to it (the messages before it answered). */
      startBound?: (() => void) | null;
    }
  >();
  /** The messages sent to the engine and not answered yet, in the order sent: the engine runs the first. */
  const inflight: number[] = [];
  /**
   * The id of the message the engine is running (0: none), written by its thread: read by a time bound before it
   * ends the engine, since an answer may still wait in this thread's port while the engine runs the next message.
   */
  let running = new BigInt64Array(new SharedArrayBuffer(8));
  const queue = new FairQueue();
  let nextId = 1;
  let worker: Worker | null = null;
  let generation = 0;
  let ready: Promise<void>;
  let closed = false;
  let restarts = 0;
  let trips = 0;
  let lastReopenMs: number | null = null;
  /** The engine thread's /proc stat file (Linux), to bound statements by the CPU time they use. */
  let engineStat: string | null = null;

  /** CPU time the engine thread has used, in ms (10 ms steps), or null where the system does not tell. */
  function engineCpuMs(): number | null {
    if (!engineStat) return null;
    try {
      const stat = fs.readFileSync(engineStat, 'utf8');
      // Fields after the command name in parentheses: state is the 3rd, utime the 14th and stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  }

  async function start(first: boolean): Promise<void> {
    const files = await loadEngineFiles();
    running = new BigInt64Array(new SharedArrayBuffer(8));
    const w = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: {
        running: running.buffer,
        dataDir: dir,
        archive: first && !dataDir ? (archive ?? null) : null,
        channels: [...listeners.keys()],
        ...files,
      },
    });
    worker = w;
    generation++;
    return new Promise<void>((resolve, reject) => {
      w.on('message', (m: Message) => {
        if (m.type === 'ready') {
          engineStat = typeof m.task === 'string' ? `/proc/${m.task}/stat` : null;
          parsers = answerParsers(m.arrays ?? []);
          resolve();
        } else if (m.type === 'failed') reject(revive(m.error));
        else if (m.type === 'notify') heard(m.channel, m.payload);
        else if (m.type === 'result') {
          settled(m.id);
          const p = pending.get(m.id);
          // The notifications an answer carries are heard before its result, and even when nobody waits for it.
          const notes: [string, string][] = [];
          const outcome = !m.ok
            ? null
            : isRaw(m.result)
              ? readAnswer(m.result, parsers, notes)
              : { ok: true as const, result: m.result };
          for (const [channel, payload] of notes) heard(channel, payload);
          if (!p) return;
          pending.delete(m.id);
          if (m.ms !== undefined) p.charge?.(m.ms);
          if (!m.ok) p.reject(revive(m.error));
          else if (outcome?.ok) p.resolve(outcome.result);
          else if (outcome) p.reject(outcome.error);
        }
      });
      w.on('error', (e) => {
        reject(e);
        if (worker === w) failPending(e);
      });
      w.on('exit', () => {
        reject(closedError());
        if (worker === w) {
          worker = null;
          failPending(closedError());
        }
      });
    });
  }

  /** A message is answered (or was never sent): out of the in-flight list, and the next one's time bound starts. */
  function settled(id: number): void {
    const at = inflight.indexOf(id);
    if (at >= 0) inflight.splice(at, 1);
    const head = inflight.length > 0 ? pending.get(inflight[0]!) : undefined;
    const start = head?.startBound;
    if (start) {
      head.startBound = null;
      start();
    }
  }

  /**
   * Fails every message not answered: the one the engine was running with `e`; those sent after it, which it never
   * began, as a restarted engine (57P01: the REST layer answers 503, and clients send them again).
   */
  function failPending(e: unknown): void {
    const head = inflight[0];
    inflight.length = 0;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(head === undefined || id === head ? e : restartedError());
    }
  }

  /** Ends the engine in the middle of a statement and reopens it from its data directory. */
  async function restart(): Promise<void> {
    const w = worker;
    worker = null;
    // A transaction begun on this engine may not send anything to the next one, even a first message it has not
    // sent yet (its other statements would fail there, and it would stay open).
    generation++;
    failPending(statementTimeout());
    restarts++;
    ready = (async () => {
      await w?.terminate();
      if (closed) return;
      const t = Date.now();
      await start(false);
      lastReopenMs = Date.now() - t;
      console.warn(`[database] a statement ran past its time bound: PGlite reopened in ${lastReopenMs} ms.`);
      for (const cb of reconnectHooks) cb();
    })();
    ready.catch(() => {});
    await ready;
  }

  /**
   * Sends a message to the engine; `posted` is called once it is on its way (FairQueue's release). `of`: the
   * engine's generation the message's transaction began on; a message of a transaction the engine was restarted
   * under is refused here, never sent to the new engine.
   */
  async function call<T>(
    msg: Record<string, unknown>,
    timeoutMs?: number,
    charge?: (ms: number) => void,
    posted?: () => void,
    of?: number,
  ): Promise<T> {
    await ready;
    if (of !== undefined && of !== generation) throw restartedError();
    if (closed || !worker) throw closedError();
    const w = worker;
    const engineRunning = running;
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | null = null;
      const entry = {
        charge,
        startBound: null as (() => void) | null,
        resolve: (v: unknown) => {
          if (timer) clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e: unknown) => {
          if (timer) clearTimeout(timer);
          reject(e);
        },
      };
      pending.set(id, entry);
      if (timeoutMs !== undefined && timeoutMs > 0) {
        // The bound is on the engine's CPU time where the system tells it (a busy machine slows a statement
        // without making it heavier), and on wall time otherwise; WALL_FACTOR × the bound ends it regardless.
        // It starts when the engine comes to the message, not while the message waits behind another.
        let startedCpu: number | null = null;
        let startedAt = 0;
        const check = (wait: number) => {
          timer = setTimeout(() => {
            if (!pending.has(id) || worker !== w) return;
            const now = engineCpuMs();
            const used = startedCpu === null || now === null ? timeoutMs : now - startedCpu;
            if (used < timeoutMs && Date.now() - startedAt < timeoutMs * WALL_FACTOR)
              return check(Math.max(timeoutMs - used, 20));
            // Only while the engine runs this very message: finished, its answer may still be on its way here while
            // the engine's time goes to the next one.
            if (Atomics.load(engineRunning, 0) !== BigInt(id)) return check(20);
            void restart().catch(() => {});
          }, wait);
        };
        const startBound = () => {
          startedCpu = engineCpuMs();
          startedAt = Date.now();
          check(timeoutMs);
        };
        if (inflight.length === 0) startBound();
        else entry.startBound = startBound;
      }
      inflight.push(id);
      try {
        w.postMessage({ ...msg, id });
      } catch (e) {
        // Not sent (a value that cannot be copied to the engine's thread): as if it had never been asked.
        settled(id);
        pending.delete(id);
        entry.reject(e);
        return;
      }
      trips++;
      posted?.();
    });
  }

  /** What rides with a transaction's first statement: its BEGIN and its prelude (TransactionOptions.prelude). */
  interface Opening {
    begin: string | null;
    prelude: { sql: string; params: unknown[] } | null;
  }
  const opened = (o?: Opening) =>
    o ? { begin: o.begin, prelude: o.prelude && { sql: o.prelude.sql, params: guard(o.prelude.params) } } : {};

  const runQuery = <T>(
    sql: string,
    params: unknown[],
    timeoutMs?: number,
    charge?: (ms: number) => void,
    opening?: Opening,
    commit = false,
    posted?: () => void,
    of?: number,
  ) =>
    call<QueryResult<T>>(
      { op: 'query', sql, params: guard(params), ...opened(opening), ...(commit ? { commit } : {}) },
      timeoutMs,
      charge,
      posted,
      of,
    );

  ready = start(true);
  try {
    await ready;
  } catch (e) {
    await (worker as Worker | null)?.terminate();
    removeTemp();
    throw e;
  }

  const db: PgliteDb = {
    kind: 'pglite',
    restarts: () => restarts,
    lastReopenMs: () => lastReopenMs,
    engineCpuMs,
    trips: () => trips,
    query: <T>(sql: string, params: unknown[] = []) =>
      queue.run('', (charge, release) => runQuery<T>(sql, params, undefined, charge, undefined, false, release)),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      // The queue is released as soon as the transaction's last message is sent (the statement that commits, or
      // COMMIT, or ROLLBACK): the next transaction's first message then waits in the engine's thread.
      return queue.run(options.client ?? '', async (charge, release) => {
        const timeoutMs = options.timeoutMs;
        await ready;
        const mine = generation;
        // The BEGIN and the prelude are sent with the first statement (one trip between the threads for them all);
        // a transaction that ran nothing has nothing to commit. `ended`: the engine already committed (or rolled
        // back) with the statement named by commitAfter, in the same trip.
        const tx = {
          begin: (options.readOnly ? 'begin read only' : 'begin') as string | null,
          prelude: options.prelude ?? null,
          ended: false,
        };
        const opening = (): Opening => {
          const o = { begin: tx.begin, prelude: tx.prelude };
          tx.begin = null;
          tx.prelude = null;
          return o;
        };
        // After a restart the transaction is gone: nothing more of it may run on the new engine.
        const alive = () => {
          // Nothing sent yet: the engine was restarted before this transaction reached it (retry); else it is gone.
          if (generation !== mine) throw tx.begin === null ? abortedTransaction() : restartedError();
          if (tx.ended) throw Object.assign(new Error('the transaction is already committed'), { code: '25000' });
        };
        let result: T;
        try {
          result = await fn({
            query: async <R>(sql: string, params: unknown[] = []) => {
              alive();
              const last = options.commitAfter !== undefined && sql === options.commitAfter;
              // Whether it succeeds or fails, the engine ends the transaction with this statement.
              if (last) tx.ended = true;
              return runQuery<R>(sql, params, timeoutMs, charge, opening(), last, last ? release : undefined, mine);
            },
            exec: async (sql: string) => {
              alive();
              await call({ op: 'exec', sql, ...opened(opening()) }, timeoutMs, charge, undefined, mine);
            },
          });
          if (generation !== mine) throw abortedTransaction();
          // Once COMMIT or ROLLBACK is sent, nothing more of the transaction may be: the next transaction's first
          // message may already be behind it (a COMMIT that fails has ended the transaction all the same).
          if (tx.begin === null && !tx.ended) {
            tx.ended = true;
            await call({ op: 'exec', sql: 'commit' }, timeoutMs, charge, release, mine);
          }
        } catch (e) {
          if (tx.begin === null && !tx.ended && generation === mine && worker) {
            tx.ended = true;
            await call({ op: 'exec', sql: 'rollback' }, undefined, charge, release, mine).catch(() => {});
          }
          throw e;
        }
        return result;
      });
    },
    exec: (sql: string) =>
      queue.run('', async (charge, release) => {
        await call({ op: 'exec', sql }, undefined, charge, release);
      }),
    async listen(channel: string, onNotify: (payload: string) => void) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await queue.run('', (_, release) => call({ op: 'listen', channel }, undefined, undefined, release));
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          if (!closed)
            await queue
              .run('', (_, release) => call({ op: 'unlisten', channel }, undefined, undefined, release))
              .catch(() => {});
        }
      };
    },
    onListenerReconnect(cb: () => void) {
      reconnectHooks.add(cb);
      return () => reconnectHooks.delete(cb);
    },
    async close() {
      if (closed) return;
      await ready.catch(() => {});
      const w = worker;
      if (w) await call({ op: 'close' }).catch(() => {});
      closed = true;
      worker = null;
      await w?.terminate();
      failPending(closedError());
      process.off('exit', removeTemp);
      removeTemp();
    },
  };
  return db;
}
