// The PGlite engine, in a worker thread of the backend (see pglite.ts): a statement that runs too long
// blocks this thread only, and the main thread can end it. Plain JavaScript, so that it loads the same
// under tsx, the tests and node.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, protocol } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

// Values come back as text where node-postgres gives text (bigint, numeric).
const parsers = {
  [types.INT8]: (v) => v,
  [types.NUMERIC]: (v) => v,
};

// A text parameter goes to the engine as text, as node-postgres sends it, and PostgreSQL's own input function
// judges it: PGlite's JavaScript serializers for boolean and bytea would otherwise throw a plain Error without a
// SQLSTATE for a value such as "-397" (a REST filter `unavailable=lt.-397`), which the REST layer could only
// answer with a 500. PostgreSQL answers 22P02 "invalid input syntax for type boolean", a 400.
const textThrough = (fallback) => (v) => (typeof v === 'string' ? v : fallback(v));
const serializers = {
  [types.BOOL]: textThrough(types.serializers[types.BOOL]),
  [types.BYTEA]: textThrough(types.serializers[types.BYTEA]),
};

/** An error as plain data (structured clone keeps only some of an Error). */
function plain(e) {
  const out = { message: String(e?.message ?? e), name: e?.name ?? 'Error' };
  if (e instanceof WebAssembly.RuntimeError) out.name = 'RuntimeError';
  if (e && typeof e === 'object') {
    for (const [k, v] of Object.entries(e)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    }
  }
  // Any other value a PGlite serializer refuses ("Invalid input for date type") is bad input, as PostgreSQL says.
  const refused = /^Invalid input for (\w+) type$/.exec(out.message);
  if (refused && out.code === undefined) {
    out.code = '22P02';
    out.severity = 'ERROR';
    out.message = `invalid input syntax for type ${refused[1]}`;
  }
  return out;
}

/**
 * PostgreSQL asks a relation's size (lseek to its end) whenever it plans a query over it, scans it or adds a row:
 * dozens of times per order. Emscripten's NODEFS answers each with a stat of the file through Node (fstatSync),
 * about a tenth of the engine's time on the order path. Every write to the data directory goes through this file
 * system (the engine owns it: one worker, a lock), so the size of each file is kept beside its node once read,
 * moved by the writes and truncations made through it, and read again only for a file not seen yet.
 */
function keepFileSizes(NODEFS) {
  const sizes = new WeakMap();
  const streams = NODEFS.stream_ops;
  const nodes = NODEFS.node_ops;
  const { llseek, write } = streams;
  streams.llseek = function (stream, offset, whence) {
    if (whence !== 2) return llseek.call(this, stream, offset, whence);
    let end = sizes.get(stream.node);
    if (end === undefined) sizes.set(stream.node, (end = llseek.call(this, stream, 0, 2)));
    // Before the start: the file system's own answer (EINVAL).
    return end + offset < 0 ? llseek.call(this, stream, offset, whence) : end + offset;
  };
  streams.write = function (stream, buffer, offset, length, position) {
    try {
      const n = write.call(this, stream, buffer, offset, length, position);
      const known = sizes.get(stream.node);
      // An append-only stream writes at the end whatever the position says: its size is read again.
      if (known !== undefined && typeof position === 'number' && !(stream.flags & 1024))
        sizes.set(stream.node, Math.max(known, position + n));
      else sizes.delete(stream.node);
      return n;
    } catch (e) {
      sizes.delete(stream.node);
      throw e;
    }
  };
  // A truncation, by path or by descriptor, anything else that changes a node's attributes, and an allocation
  // (posix_fallocate, should this file system learn it): the size is read again.
  for (const [ops, name, nodeOf] of [
    [nodes, 'setattr', (node) => node],
    [streams, 'setattr', (stream) => stream.node],
    [streams, 'allocate', (stream) => stream.node],
  ]) {
    const op = ops[name];
    if (typeof op !== 'function') continue;
    ops[name] = function (target, ...rest) {
      sizes.delete(nodeOf(target));
      try {
        return op.call(this, target, ...rest);
      } finally {
        sizes.delete(nodeOf(target));
      }
    };
  }
}

/** PGlite's Node file system for a data directory, with keepFileSizes. */
class DataDirFS extends NodeFS {
  async init(pg, opts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), (mod) => keepFileSizes(mod.NODEFS)],
      },
    };
  }
}

const { dataDir, archive } = workerData;
const listeners = new Map();
let pg;

async function listen(channel) {
  if (listeners.has(channel)) return;
  listeners.set(
    channel,
    await pg.listen(channel, (payload) => parentPort.postMessage({ type: 'notify', channel, payload })),
  );
}

/**
 * A transaction's messages in one call into the engine, pipelined in PostgreSQL's extended protocol as libpq's
 * pipeline mode sends them: each statement Parse, Bind, Describe, Execute, and one Sync at the end. PGlite's query()
 * makes six calls into the engine per statement (parse, describe, bind, describe, execute, sync: it reads the
 * parameters' types to choose their serializers) and its exec() two, each with its cost in JavaScript and
 * WebAssembly: about 200 µs of the engine's thread for a `select 1`, 16 calls for an order's BEGIN, settings, call
 * and COMMIT. Parameters go as text, as node-postgres sends them, so only when every one is a string or null (the
 * REST layer's are); any other value goes through PGlite's query() and its serializers. An error skips the rest up
 * to the Sync, as on a socket.
 *
 * The engine's answer leaves this thread as it came, PostgreSQL's bytes, moved (not copied) to the main thread, which
 * reads them (pglite.ts, readAnswer): rows, the first error, and the notifications that came with them (a commit's own
 * NOTIFY). Reading them here cost this thread, the one every order waits for, about a tenth of an order's time with
 * the copy of the rows to the main thread. Only the message types are read here, to roll back a transaction that
 * failed in a call meant to commit it.
 */
const { serialize } = protocol;
const onlyText = (params) => (params ?? []).every((v) => v === null || v === undefined || typeof v === 'string');
function statement(sql, params) {
  return [
    serialize.parse({ text: sql }),
    serialize.bind({ values: (params ?? []).map((v) => v ?? null) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
  ];
}
/** Whether an answer holds an ErrorResponse ('E'): each message is its type, then its length (4 bytes, itself included). */
function failed(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getUint32(at + 1)) if (bytes[at] === 0x45) return true;
  return false;
}
async function pipelined(m) {
  const parts = [];
  if (m.begin) parts.push(...statement(m.begin));
  if (m.prelude) parts.push(...statement(m.prelude.sql, m.prelude.params));
  parts.push(...statement(m.sql, m.params));
  if (m.commit) parts.push(...statement('commit'));
  parts.push(serialize.sync());
  // The engine hands its answer over in pieces, views of its own memory: each is copied once, into one buffer.
  const pieces = [];
  let size = 0;
  await pg.execProtocolRawStream(Buffer.concat(parts), {
    onRawData: (piece) => {
      pieces.push(piece.slice());
      size += piece.length;
    },
  });
  let bytes = pieces[0] ?? new Uint8Array(0);
  if (pieces.length > 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const piece of pieces) {
      bytes.set(piece, at);
      at += piece.length;
    }
  }
  if (m.commit && failed(bytes)) await pg.exec('rollback').catch(() => {});
  // The call's result is the one after the BEGIN's and the settings'.
  return { raw: bytes, at: (m.begin ? 1 : 0) + (m.prelude ? 1 : 0) };
}

async function handle(m) {
  switch (m.op) {
    case 'query': {
      // A transaction's BEGIN travels with its first statement, and with them the statement whose rows nobody
      // reads (the request's settings): one trip between the threads for all three, and one call into the engine
      // (pipelined, above). With `commit`, the statement is the transaction's last: it is committed here (rolled
      // back if anything failed), in the same trip.
      try {
        if (onlyText(m.params) && (!m.prelude || onlyText(m.prelude.params))) return await pipelined(m);
        if (m.begin) await pg.exec(m.begin);
        if (m.prelude) await pg.query(m.prelude.sql, m.prelude.params);
        const r = await pg.query(m.sql, m.params);
        if (m.commit) await pg.exec('commit');
        return {
          rows: r.rows,
          fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
          rowCount: r.affectedRows ?? r.rows.length,
        };
      } catch (e) {
        if (m.commit) await pg.exec('rollback').catch(() => {});
        throw e;
      }
    }
    case 'exec':
      if (m.begin) await pg.exec(m.begin);
      if (m.prelude) await pg.query(m.prelude.sql, m.prelude.params);
      await pg.exec(m.sql);
      return null;
    case 'listen':
      await listen(m.channel);
      return null;
    case 'unlisten': {
      const unsub = listeners.get(m.channel);
      listeners.delete(m.channel);
      if (unsub) await unsub();
      return null;
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

try {
  pg = await PGlite.create({
    fs: new DataDirFS(dataDir),
    ...(workerData.pgliteWasmModule ? { pgliteWasmModule: workerData.pgliteWasmModule } : {}),
    ...(workerData.fsBundle ? { fsBundle: workerData.fsBundle } : {}),
    parsers,
    serializers,
    relaxedDurability: false,
    extensions: { pgcrypto },
    ...(archive ? { loadDataDir: new Blob([fs.readFileSync(archive)]) } : {}),
  });
  for (const channel of workerData.channels ?? []) await listen(channel);
  // One message at a time, in the order sent: the main thread sends the next transaction's first message while the
  // engine still runs the last one of the transaction before (pglite.ts, FairQueue's release), and a message must
  // not begin before the one before it has ended (PGlite would otherwise run its BEGIN inside that transaction).
  let previous = Promise.resolve();
  // The message the engine runs, for the main thread's time bounds (pglite.ts): 0 between messages.
  const running = workerData.running ? new BigInt64Array(workerData.running) : null;
  const answer = (message) => {
    try {
      const raw = message.result?.raw;
      parentPort.postMessage(message, raw ? [raw.buffer] : []);
    } catch (e) {
      // An answer that cannot be copied to the main thread: its error instead, so that nothing waits for ever.
      parentPort.postMessage({ type: 'result', id: message.id, ok: false, error: plain(e), ms: message.ms });
    }
  };
  parentPort.on('message', (m) => {
    previous = previous.then(() => {
      // The time the engine spent on the message, for the main thread's fair queue (what a client is charged):
      // the wait for the main thread to read the answer is not the client's doing.
      const started = performance.now();
      if (running) Atomics.store(running, 0, BigInt(m.id));
      return handle(m)
        .then(
          (result) => ({ ok: true, result }),
          (e) => ({ ok: false, error: plain(e) }),
        )
        .then((outcome) => {
          if (running) Atomics.store(running, 0, 0n);
          answer({ type: 'result', id: m.id, ...outcome, ms: performance.now() - started });
        });
    });
    // A message that could not be answered must not stop the ones after it.
    previous = previous.catch(() => {});
  });
  // This thread's own CPU clock, for the main thread to read while a statement runs (Linux: /proc/thread-self).
  let task = null;
  try {
    task = fs.readlinkSync('/proc/thread-self');
  } catch {
    task = null;
  }
  // The array types PGlite read at its start (its parsers of arrays, by each array type's element type): the main
  // thread, which reads the pipelined answers (pglite.ts, readAnswer), parses them alike.
  const arrays = (
    await pg.query(`select b.oid as element, b.typarray as array
                      from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
                     where a.typcategory = 'A' group by b.oid, b.typarray`)
  ).rows.filter((t) => typeof pg.parsers[t.array] === 'function');
  parentPort.postMessage({ type: 'ready', task, arrays });
} catch (e) {
  parentPort.postMessage({ type: 'failed', error: plain(e) });
}
