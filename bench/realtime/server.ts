/**
 * The backend of `npm run bench:realtime`, in a process of its own as `npm run serve` runs it (startBackend with the
 * project's migrations), driven by the bench over IPC: it seeds the orders the pages follow and their customers,
 * signs the tokens, makes the order changes at a steady rate (writing their commit times), and reports its own CPU
 * time (process.cpuUsage) around them.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startBackend } from '../../src/backend/server.js';
import type { ServerReply, ServerRequest } from './protocol.js';

/** A change's number is carried by the order's ready time: BASE + seq seconds. */
export const READY_BASE_MS = Date.UTC(2030, 0, 1);

const now = () => performance.timeOrigin + performance.now();
const reply = (m: ServerReply) => process.send!(m);

const b = await startBackend(
  {
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
  },
  { ...process.env, PORT: '0', DATABASE_URL: '' },
);
let cpu = process.cpuUsage();
let delivery = { ...b.realtime.stats };

async function seed(pages: number, admins: number) {
  await b.db.query('delete from public.orders');
  const items = JSON.stringify([{ id: '30', name: 'Quart de poulet grillé', quantity: 1, price: 5.5, options: [] }]);
  const out: { orderId: string; customerToken: string }[] = [];
  for (let i = 0; i < pages; i++) {
    const sub = crypto.randomUUID();
    await b.db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`, [
      sub,
      `bench-${sub}@example.lu`,
    ]);
    const { rows } = await b.db.query<{ id: string }>(
      `insert into public.orders (user_id, customer_name, customer_phone, delivery_method, payment_method, order_items,
         total_price, grand_total, status)
       values ($1, 'Bench', '+352621000000', 'pickup', 'cash', $2::jsonb, 5.5, 5.5, 'En attente') returning id`,
      [sub, items],
    );
    out.push({
      orderId: rows[0]!.id,
      customerToken: await b.context.jwt.sign({ role: 'authenticated', sub, app_metadata: {} }, 7200),
    });
  }
  const adminTokens: string[] = [];
  for (let i = 0; i < admins; i++)
    adminTokens.push(
      await b.context.jwt.sign(
        { role: 'authenticated', sub: crypto.randomUUID(), app_metadata: { role: 'admin' } },
        7200,
      ),
    );
  return { pages: out, adminTokens };
}

/** `count` changes at `rate` a second, each on the order of a page in turn; resolves with each commit's time. */
async function drive(orderIds: string[], count: number, rate: number, firstSeq: number) {
  const commits: [number, string, number][] = [];
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const seq = firstSeq + i;
    const orderId = orderIds[i % orderIds.length]!;
    const p = b.db
      .query(`update public.orders set ready_at = $2 where id = $1`, [
        orderId,
        new Date(READY_BASE_MS + seq * 1000).toISOString(),
      ])
      .then(() => void commits.push([seq, orderId, now()]))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= 20) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return commits;
}

process.on('message', (m: ServerRequest) => {
  const run = async (): Promise<ServerReply> => {
    switch (m.type) {
      case 'seed':
        return { type: 'seeded', url: b.url, anonKey: b.anonKey, ...(await seed(m.pages, m.admins)) };
      case 'cpu-start':
        cpu = process.cpuUsage();
        delivery = { ...b.realtime.stats };
        return { type: 'cpu', userMicros: 0, systemMicros: 0, calls: 0, claimsChecks: 0, databaseMs: 0 };
      case 'cpu-end': {
        const used = process.cpuUsage(cpu);
        const now = b.realtime.stats;
        return {
          type: 'cpu',
          userMicros: used.user,
          systemMicros: used.system,
          calls: now.calls - delivery.calls,
          claimsChecks: now.claimsChecks - delivery.claimsChecks,
          databaseMs: now.databaseMs - delivery.databaseMs,
        };
      }
      case 'drive':
        return { type: 'driven', commits: await drive(m.orderIds, m.count, m.rate, m.firstSeq) };
      case 'stop':
        await b.close();
        process.exit(0);
    }
  };
  run().then(reply, (e: Error) => reply({ type: 'error', message: e.stack ?? e.message }));
});
reply({ type: 'ready' });
