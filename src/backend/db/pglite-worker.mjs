// The PGlite engine, in a worker thread of the backend (see pglite.ts): a statement that runs too long
// blocks this thread only, and the main thread can end it. Plain JavaScript, so that it loads the same
// under tsx, the tests and node.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

// Values come back as text where node-postgres gives text (bigint, numeric).
const parsers = {
  [types.INT8]: (v) => v,
  [types.NUMERIC]: (v) => v,
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
  return out;
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

async function handle(m) {
  switch (m.op) {
    case 'query': {
      const r = await pg.query(m.sql, m.params);
      return {
        rows: r.rows,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        rowCount: r.affectedRows ?? r.rows.length,
      };
    }
    case 'exec':
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
  pg = await PGlite.create(dataDir, {
    ...(workerData.pgliteWasmModule ? { pgliteWasmModule: workerData.pgliteWasmModule } : {}),
    ...(workerData.fsBundle ? { fsBundle: workerData.fsBundle } : {}),
    parsers,
    relaxedDurability: false,
    extensions: { pgcrypto },
    ...(archive ? { loadDataDir: new Blob([fs.readFileSync(archive)]) } : {}),
  });
  for (const channel of workerData.channels ?? []) await listen(channel);
  parentPort.on('message', (m) => {
    handle(m).then(
      (result) => parentPort.postMessage({ type: 'result', id: m.id, ok: true, result }),
      (e) => parentPort.postMessage({ type: 'result', id: m.id, ok: false, error: plain(e) }),
    );
  });
  parentPort.postMessage({ type: 'ready' });
} catch (e) {
  parentPort.postMessage({ type: 'failed', error: plain(e) });
}
