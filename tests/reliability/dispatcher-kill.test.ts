import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/backend.js';
import { spawnBackend, freePort, type BackendSpec, type ChildBackend } from './support/child-backend.js';
import { freshStore, JWT_SECRET, type Store } from './support/databases.js';
import { startEmailApi } from './support/email-api.js';
import { shopOrder, supabase } from './support/orders.js';

const ORDERS = 30;
const KILL_AT = 12;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDatabases())('notification dispatcher killed mid-batch on %s', (kind) => {
  let store: Store | undefined;
  let backend: ChildBackend | undefined;
  let api: Awaited<ReturnType<typeof startEmailApi>> | undefined;
  afterAll(async () => {
    await backend?.kill('SIGTERM');
    await api?.close();
    await store?.drop();
  });

  it('sends every confirmation once: the retry after the kill carries the same idempotency key', async () => {
    store = await freshStore(kind, 'dispatchkill');
    let victim: ChildProcess | null = null;
    let killed = false;
    api = await startEmailApi((_r, delivered) => {
      // The provider has the e-mail; the dispatcher is killed before it can report it.
      if (delivered === KILL_AT && victim) killed = victim.kill('SIGKILL');
    });
    const spec: BackendSpec = { ...store, port: await freePort(), jwtSecret: JWT_SECRET };
    const mail = {
      RESEND_API_KEY: 're_test',
      RESEND_API_URL: api.url,
      MAIL_FROM: 'Churrasqueira <commandes@example.lu>',
    };

    // The orders are queued while no dispatcher runs, so the kill lands in the middle of the backlog.
    backend = await spawnBackend({ ...spec, env: { ...mail, DISPATCH: 'off' } });
    const anon = supabase(backend.url, backend.keys.anonKey);
    for (let n = 1; n <= ORDERS; n++) {
      const order = shopOrder('dispatch', n);
      const { error } = await anon.rpc('place_order', {
        p_order: { ...order, customer: { ...(order.customer as object), email: `client${n}@example.lu` } },
      });
      expect(error).toBeNull();
    }
    await backend.kill('SIGTERM');

    // The dispatcher starts with the backend: the kill may come before the backend reports it is ready.
    const starting = spawnBackend({
      ...spec,
      onSpawn: (c) => (victim = c),
      env: { ...mail, DISPATCH: 'on', DISPATCH_INTERVAL_MS: '200' },
    }).catch(() => null);
    for (let i = 0; !killed && i < 600; i++) await sleep(100);
    expect(killed, 'the dispatcher reached the kill point').toBe(true);
    await starting;
    const v = victim as ChildProcess | null;
    if (v && v.exitCode === null && v.signalCode === null) await new Promise((r) => v.once('exit', r));
    const deliveredAtKill = api.delivered.size;
    expect(deliveredAtKill).toBeLessThan(ORDERS);

    backend = await spawnBackend({ ...spec, env: { ...mail, DISPATCH: 'on', DISPATCH_INTERVAL_MS: '200' } });
    const service = supabase(backend.url, backend.keys.serviceRoleKey);
    // The killed run's rows keep their 120 s lease; end it now instead of waiting two minutes.
    const leased = await service
      .from('notification_outbox')
      .update({ lease_expires_at: new Date().toISOString() })
      .eq('status', 'sending')
      .select('id');
    expect(leased.error).toBeNull();
    expect(leased.data!.length).toBeGreaterThan(0);

    let rows: { id: string; status: string; attempts: number; recipient: string }[] = [];
    for (let i = 0; i < 600; i++) {
      const { data, error } = await service.from('notification_outbox').select('id, status, attempts, recipient');
      expect(error).toBeNull();
      rows = data!;
      if (rows.length === ORDERS && rows.every((r) => r.status === 'sent')) break;
      await sleep(100);
    }
    expect(rows.map((r) => r.status)).toEqual(Array(ORDERS).fill('sent'));
    // Every message reached the provider under its outbox id, and the provider holds each one once.
    expect(new Set(api.delivered.keys())).toEqual(new Set(rows.map((r) => r.id)));
    expect([...api.delivered.values()].map((to) => to[0]).sort()).toEqual(rows.map((r) => r.recipient).sort());
    expect(api.requests.every((r) => r.key)).toBe(true);
    // The messages in flight at the kill were posted again, with the same key.
    const posts = new Map<string, number>();
    for (const r of api.requests) posts.set(r.key!, (posts.get(r.key!) ?? 0) + 1);
    expect([...posts.values()].some((n) => n > 1)).toBe(true);
    for (const r of rows) expect(r.attempts).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
