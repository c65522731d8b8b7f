// Requests/second and latency of /rest/v1 through HTTP with supabase-js, against the same
// statements run straight on the db adapter in the same transaction shape (settings + statement).
// Run: npx tsx bench/rest.bench.ts   (PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set)
// BENCH_CLIENTS (4), BENCH_SECONDS (3 per case and mode), BENCH_CLIENT_THREAD=0 runs the clients on
// the server's thread, BENCH_FETCH=node gives supabase-js a keep-alive node:http fetch.
// The clients share the machine with the server, so on a busy machine both numbers drop.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startTestBackend, type DbKind, type TestBackend } from '../tests/helpers/backend.js';
import { REQUEST_SETTINGS_SQL } from '../src/backend/rest/index.js';
import { planTable, type RequestInfo } from '../src/backend/rest/operations.js';
import { loadSchemaCache } from '../src/backend/rest/schema-cache.js';
import { benchDatabases } from './databases.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 6;
const CLIENT_THREAD_ON = process.env.BENCH_CLIENT_THREAD !== '0';
const NODE_FETCH = process.env.BENCH_FETCH === 'node';

interface Stats {
  rps: number;
  p50: number;
  p99: number;
  n: number;
}

// The HTTP clients run on their own thread, as browsers would be elsewhere: the server's thread
// (which also runs PGlite) then spends its time on serving, not on supabase-js.
const CLIENT_THREAD = `
const { parentPort, workerData: w } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { createClient } = require('@supabase/supabase-js');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
// A small fetch over node:http with keep-alive (BENCH_FETCH=node): Node 20's built-in fetch costs
// more CPU per call than the server spends answering, which would measure the client, not the server.
function nodeFetch(input, init = {}) {
  return new Promise((resolve, reject) => {
    const headers = {};
    new Headers(init.headers).forEach((v, k) => { headers[k] = v; });
    const req = http.request(String(input), { method: init.method || 'GET', headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) h.set(k, Array.isArray(v) ? v.join(', ') : String(v));
        const body = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD' ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status: res.statusCode, statusText: res.statusMessage, headers: h }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: require('ws') }, ...(w.nodeFetch ? { global: { fetch: nodeFetch } } : {}) };
const clients = { anon: createClient(w.url, w.anonKey, options), service: createClient(w.url, w.serviceKey, options) };
const calls = {
  select: () => clients.anon.from('books').select('id,title,price').eq('author_id', 1).lt('price', 100).order('id'),
  insert: (i) => clients.service.from('tags').insert({ name: 'http-' + w.kind + '-' + i + '-' + Math.random() }).select(),
};
let i = 0;
parentPort.on('message', async ({ call, expect, ms }) => {
  try {
    const once = async () => {
      const { data, error } = await calls[call](i++);
      if (error || data.length !== expect) throw new Error(call + ' failed: ' + JSON.stringify(error));
    };
    const latencies = [];
    const start = performance.now();
    const end = start + ms;
    await Promise.all(Array.from({ length: w.clients }, async () => {
      while (performance.now() < end) { const t = performance.now(); await once(); latencies.push(performance.now() - t); }
    }));
    parentPort.postMessage({ latencies, elapsed: (performance.now() - start) / 1000 });
  } catch (e) {
    parentPort.postMessage({ error: String(e) });
  }
});
`;

interface Sample {
  latencies: number[];
  elapsed: number;
}

function statsOf(samples: Sample[]): Stats {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const elapsed = samples.reduce((t, s) => t + s.elapsed, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), n: latencies.length };
}

interface HttpClients {
  run(call: 'select' | 'insert', expect: number, ms: number): Promise<Sample>;
  close(): Promise<unknown>;
}

/** The same client loop on the server's own thread (BENCH_CLIENT_THREAD=0). */
class InProcessClients implements HttpClients {
  private i = 0;
  constructor(private readonly b: TestBackend) {}
  async run(call: 'select' | 'insert', expect: number, ms: number): Promise<Sample> {
    const anon = this.b.client();
    const service = this.b.serviceClient();
    const once = async () => {
      const { data, error } =
        call === 'select'
          ? await anon.from('books').select('id,title,price').eq('author_id', 1).lt('price', 100).order('id')
          : await service
              .from('tags')
              .insert({ name: `http-${this.b.kind}-${this.i++}-${Math.random()}` })
              .select();
      if (error || data.length !== expect) throw new Error(`${call} failed: ${JSON.stringify(error)}`);
    };
    return runDirect(once, ms);
  }
  async close(): Promise<void> {}
}

class ClientThread implements HttpClients {
  private worker: Worker;
  constructor(b: TestBackend) {
    this.worker = new Worker(CLIENT_THREAD, {
      eval: true,
      workerData: {
        url: b.url,
        anonKey: b.anonKey,
        serviceKey: b.serviceRoleKey,
        kind: b.kind,
        clients: CLIENTS,
        nodeFetch: NODE_FETCH,
      },
    });
  }
  run(call: 'select' | 'insert', expect: number, ms: number): Promise<Sample> {
    return new Promise((resolve, reject) => {
      this.worker.once('message', (m: Sample & { error?: string }) =>
        m.error ? reject(new Error(m.error)) : resolve(m),
      );
      this.worker.postMessage({ call, expect, ms });
    });
  }
  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Runs `fn` from CLIENTS concurrent loops for `ms`. */
async function runDirect(fn: (i: number) => Promise<void>, ms: number): Promise<Sample> {
  let i = 0;
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await fn(i++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - start) / 1000 };
}

/**
 * Alternates short HTTP and direct slices so both see the same machine load (the machine is
 * shared), after a warm-up of each.
 */
async function compare(
  client: HttpClients,
  call: 'select' | 'insert',
  expect: number,
  direct: (i: number) => Promise<void>,
): Promise<[Stats, Stats]> {
  await client.run(call, expect, 300);
  await runDirect(direct, 300);
  const http: Sample[] = [];
  const straight: Sample[] = [];
  const slice = (SECONDS * 1000) / ROUNDS;
  for (let r = 0; r < ROUNDS; r++) {
    http.push(await client.run(call, expect, slice));
    straight.push(await runDirect(direct, slice));
  }
  return [statsOf(http), statsOf(straight)];
}

function requestInfo(method: string, search: string, prefer: string, body: string | null): RequestInfo {
  return {
    method,
    headers: { prefer },
    search: new URLSearchParams(search),
    prefs: {
      return: prefer.includes('representation') ? 'representation' : null,
      count: null,
      resolution: null,
      missing: null,
      tx: null,
      params: null,
      applied: [],
    },
    media: { type: 'json', stripNulls: false },
    body,
  };
}

async function benchDb(kind: DbKind): Promise<string[][]> {
  const b: TestBackend = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/rest-supabase' });
  const client: HttpClients = CLIENT_THREAD_ON ? new ClientThread(b) : new InProcessClients(b);
  try {
    const cache = await loadSchemaCache(b.db, 'public');
    const headersJson = JSON.stringify({
      host: '127.0.0.1',
      apikey: b.anonKey,
      authorization: `Bearer ${b.anonKey}`,
      'x-client-info': 'bench',
    });
    const anonClaims = JSON.stringify(await b.context.jwt.verify(b.anonKey));
    const serviceClaims = JSON.stringify(await b.context.jwt.verify(b.serviceRoleKey));
    const rows: string[][] = [];

    // (a) a filtered select
    const selectSearch = 'select=id,title,price&author_id=eq.1&price=lt.100&order=id';
    const select = planTable(cache, 'books', requestInfo('GET', selectSearch, '', null)).statement!;
    const [http, direct] = await compare(client, 'select', 2, async () => {
      const r = await b.db.transaction(
        async (tx) => {
          await tx.query(REQUEST_SETTINGS_SQL, ['anon', anonClaims, 'GET', '/books', headersJson, '{}']);
          return tx.query<{ body: string }>(select.text, select.params);
        },
        { readOnly: true },
      );
      if ((JSON.parse(r.rows[0].body) as unknown[]).length !== 2) throw new Error('direct select failed');
    });
    rows.push([kind, 'filtered select', ...fmt(http), ...fmt(direct), (http.rps / direct.rps).toFixed(2)]);

    // (b) an insert with return=representation
    const insert = planTable(
      cache,
      'tags',
      requestInfo('POST', 'select=*', 'return=representation', '{"name":"x"}'),
    ).statement!;
    const [httpInsert, directInsert] = await compare(client, 'insert', 1, async (i) => {
      const params = [JSON.stringify([{ name: `direct-${kind}-${i}-${Math.random()}` }]), ...insert.params.slice(1)];
      const r = await b.db.transaction(async (tx) => {
        await tx.query(REQUEST_SETTINGS_SQL, ['service_role', serviceClaims, 'POST', '/tags', headersJson, '{}']);
        return tx.query<{ n: number }>(insert.text, params);
      });
      if (r.rows[0].n !== 1) throw new Error('direct insert failed');
    });
    rows.push([
      kind,
      'insert + representation',
      ...fmt(httpInsert),
      ...fmt(directInsert),
      (httpInsert.rps / directInsert.rps).toFixed(2),
    ]);
    return rows;
  } finally {
    await client.close();
    await b.close();
  }
}

const fmt = (s: Stats) => [s.rps.toFixed(0), s.p50.toFixed(2), s.p99.toFixed(2)];

function table(rows: string[][]): string {
  const head = [
    'db',
    'case',
    'HTTP req/s',
    'HTTP p50 ms',
    'HTTP p99 ms',
    'direct req/s',
    'direct p50 ms',
    'direct p99 ms',
    'HTTP/direct',
  ];
  const all = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((v, c) => v.padEnd(widths[c])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const kinds: DbKind[] = benchDatabases();
const rows: string[][] = [];
for (const kind of kinds) rows.push(...(await benchDb(kind)));
console.log(
  `\n/rest/v1 benchmark: ${CLIENTS} concurrent supabase-js clients (${CLIENT_THREAD_ON ? 'on a client thread' : 'on the server thread'}), ${SECONDS} s per case, HTTP and direct alternating\n`,
);
console.log(table(rows));
console.log(
  `\nclient transport: ${NODE_FETCH ? 'node:http fetch' : 'built-in fetch'}; load average during the run: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
);
const worst = Math.min(...rows.map((r) => Number(r[8])));
console.log(`\nlowest HTTP/direct ratio: ${worst.toFixed(2)} (target ≥ 0.60)`);
