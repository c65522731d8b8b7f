import http from 'node:http';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { subscribed, waitFor, closeClients, type Change } from '../fixtures/realtime-supabase/helpers.js';
import type { PgliteDb } from '../../src/backend/db/pglite.js';

/** A GET from a chosen loopback source address (one client address of the rate limits and of the PGlite queue). */
function get(
  b: TestBackend,
  path: string,
  from: string,
  token = b.anonKey,
): Promise<{ status: number; body: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${b.url}/rest/v1/${path}`,
      { localAddress: from, headers: { apikey: b.anonKey, Authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - t0 }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const ITEM =
  'id,category_id,name,description,price,image_src,image_alt,unavailable,special_offer,item_type,title,kids_menu_options,sort_order,allergens';
const OFFER = 'id,title,body,image_url,item_id,price,delivery_method,starts_on,ends_on';
/** The shop's menu read (src/shared/data/public-fetch.ts fetchMenu). */
const MENU =
  `menu_categories?select=id,name,slug,sort_order,menu_items(${ITEM},offers(${OFFER}))` +
  '&menu_items.hidden=eq.false&menu_items.deleted_at=is.null&order=sort_order,id' +
  '&menu_items.order=sort_order,id&menu_items.offers.order=price,id';

/** The review's attack: menu_categories and menu_items embedding each other six round trips deep. */
let loop = 'id';
for (let i = 0; i < 6; i++) loop = `id,menu_items(id,menu_categories(${loop}))`;
const DEEP = `menu_categories?select=${loop}`;
/** Within the depth limit, but six sibling embeds on each of three to-many levels: tens of megabytes of JSON. */
const wide = (inner: string) => [...'abcdef'].map((a) => `${a}:menu_items(id,${inner})`).join(',');
const WIDE = `menu_categories?select=id,${wide(`menu_categories(id,${wide(`menu_categories(id,${wide('id')})`)})`)}`;

describe.each(testDatabases())('read bounds on %s', (kind) => {
  let b: TestBackend;
  let adminToken = '';
  beforeAll(async () => {
    b = await startTestBackend(kind);
    const adminId = crypto.randomUUID();
    await b.db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, 'gerant@example.lu', now())`, [
      adminId,
    ]);
    adminToken = await b.context.jwt.sign(
      { role: 'authenticated', sub: adminId, email: 'gerant@example.lu', app_metadata: { role: 'admin' } },
      3600,
    );
  });
  afterAll(async () => b?.close());

  it('refuses the looping embed at once, from four addresses at once, while a visitor reads the menu in under 3 s', async () => {
    const deep = await get(b, DEEP, '127.0.0.2');
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body)).toMatchObject({ code: 'PGRST100', details: expect.stringContaining('5 levels') });
    const wideOnce = await get(b, WIDE, '127.0.0.2');
    expect(wideOnce.status).toBe(400);
    expect(JSON.parse(wideOnce.body)).toMatchObject({
      code: 'PGRST100',
      details: 'more than 20 embedded resources',
    });

    const attackers = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map(async (from) => {
      const answers = [];
      for (let round = 0; round < 5; round++)
        answers.push(...(await Promise.all([get(b, WIDE, from), get(b, DEEP, from)])));
      return answers;
    });
    const visitor = (async () => {
      const reads = [];
      for (let i = 0; i < 5; i++) reads.push(await get(b, MENU, '127.0.0.9'));
      return reads;
    })();
    const [attacks, reads] = await Promise.all([Promise.all(attackers), visitor]);
    for (const a of attacks.flat()) {
      expect(a.status).toBe(400);
      expect(a.ms).toBeLessThan(5000);
    }
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(r.ms).toBeLessThan(3000);
    }
    expect((JSON.parse(reads[0].body) as unknown[]).length).toBeGreaterThan(0);
  }, 60_000);

  it("answers the shop's and the admin's real reads (the heaviest: the menu, a year of orders, a customer's orders)", async () => {
    const values = Array.from(
      { length: 1500 },
      (_, g) =>
        `('Client ${g}', '+352 621 000 ${g}', 'c${g}@example.lu', 'pickup', 'cash', '[{"id":"x","name":"Frango","quantity":1,"price":12.5}]', 12.5, 12.5, now() - interval '${g * 5} hours', 'Livrée')`,
    ).join(',');
    await b.db.exec(`set session_replication_role = replica;
      insert into public.orders (customer_name, customer_phone, customer_email, delivery_method, payment_method,
        order_items, total_price, grand_total, created_at, status) values ${values};
      set session_replication_role = origin; analyze public.orders;`);
    const since = new Date(Date.now() - 365 * 86400e3).toISOString();
    const pages: [string, string][] = [
      [MENU, b.anonKey],
      ['reviews?select=id,author,rating,text,date,source&order=date.desc', b.anonKey],
      ['offers?select=*&order=ends_on,id', b.anonKey],
      ['store_settings?select=key,value', b.anonKey],
      [`orders?select=*&created_at=gte.${since}&order=created_at.desc`, adminToken],
      ['orders?select=*&status=eq.En%20attente&order=created_at.asc', adminToken],
      ['orders?select=*&customer_email=ilike.c7%40example.lu&order=created_at.desc', adminToken],
      ['menu_items?select=*&deleted_at=is.null&order=sort_order', adminToken],
      ['reservations?select=*&order=created_at.desc', adminToken],
    ];
    for (const [path, token] of pages) {
      const r = await get(b, path, '127.0.0.10', token);
      expect(r.status, `${path}: ${r.body.slice(0, 200)}`).toBe(200);
    }
  }, 60_000);

  it('answers at most db-max-rows (1000) rows, and an estimated count beyond it from the planner', async () => {
    // The orders of the previous test: 1500 of them, the admin reads them all at once.
    const all = await get(b, 'orders?select=id&order=created_at.desc', '127.0.0.11', adminToken);
    expect(all.status).toBe(200);
    expect((JSON.parse(all.body) as unknown[]).length).toBe(1000);
    const asked = await get(b, 'orders?select=id&limit=5000', '127.0.0.11', adminToken);
    expect((JSON.parse(asked.body) as unknown[]).length).toBe(1000);
    const admin = b.client(adminToken);
    const counted = await admin.from('orders').select('id', { count: 'exact' });
    expect(counted.data).toHaveLength(1000);
    expect(counted.count).toBeGreaterThanOrEqual(1500);
    expect(counted.status).toBe(206);
    // Beyond db-max-rows an estimated count is the planner's (the orders were just analysed: about 1500).
    const estimated = await admin.from('orders').select('id', { count: 'estimated', head: true });
    expect(estimated.count).toBeGreaterThan(1000);
  });

  it('refuses a statement over REST_MAX_PLAN_COST and a response over REST_MAX_RESPONSE_BYTES, PostgREST-shaped', async () => {
    const small = await startTestBackend(kind, { env: { REST_MAX_RESPONSE_BYTES: '2000', REST_MAX_PLAN_COST: '60' } });
    try {
      // The menu read plans at about 130: over this backend's limit, refused before it runs.
      const costly = await get(small, MENU, '127.0.0.12');
      expect(costly.status).toBe(400);
      expect(JSON.parse(costly.body)).toMatchObject({
        code: '54001',
        message: 'plan cost limit exceeded',
        details: expect.stringContaining('over the limit of 60'),
      });
      const big = await get(small, 'menu_items?select=*', '127.0.0.12');
      expect(big.status).toBe(400);
      expect(JSON.parse(big.body)).toMatchObject({
        code: '54000',
        message: 'response too large',
        details: expect.stringContaining('over the limit of 2000'),
      });
      const one = await get(small, 'menu_items?select=id&limit=1', '127.0.0.12');
      expect(one.status).toBe(200);
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('PGlite: a statement past its time bound', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend('pglite');
  });
  afterAll(async () => b?.close());

  it('is ended, the event loop keeps running, committed rows stay, and realtime subscribers still get changes', async () => {
    const db = b.db as PgliteDb;
    const client = b.client();
    const got: Change[] = [];
    await subscribed(
      client
        .channel('categories')
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'menu_categories' }, (p) =>
          got.push(p as never),
        ),
    );
    const kept = `Bound kept ${crypto.randomUUID()}`;
    const dropped = `Bound dropped ${crypto.randomUUID()}`;
    await b.db.query(`insert into public.reviews (author, rating, text) values ($1, 5, 'Top')`, [kept]);
    const restarts = db.restarts();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const t0 = Date.now();
    const slow = b.db.transaction(
      async (tx) => {
        await tx.query(`insert into public.reviews (author, rating, text) values ($1, 4, 'Bon')`, [dropped]);
        await tx.query('select count(*) from generate_series(1, 2000000000)');
      },
      { timeoutMs: 500, client: '127.0.0.2' },
    );
    // A visitor's read queued behind it answers once it is ended.
    const visitor = get(b, 'menu_categories?select=id,name', '127.0.0.9');
    await expect(slow).rejects.toMatchObject({ code: '57014' });
    clearInterval(ticker);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(ticks).toBeGreaterThan(5);
    const read = await visitor;
    expect(read.status).toBe(200);
    expect(db.restarts()).toBe(restarts + 1);
    // It waited for the bound (500 ms) and the reopening: 0.7 s on an idle machine, up to 3.5 s measured
    // while four other test runs shared its two cores.
    expect(read.ms).toBeLessThan(500 + db.lastReopenMs()! + 1500);
    expect(db.lastReopenMs()).toBeLessThan(8000);

    const reviews = await b.db.query<{ author: string }>(`select author from public.reviews where author in ($1, $2)`, [
      kept,
      dropped,
    ]);
    expect(reviews.rows.map((r) => r.author)).toEqual([kept]);

    const { rows } = await b.db.query<{ id: string }>('select id from public.menu_categories order by id limit 1');
    await b.db.query(`update public.menu_categories set name = name || ' ' where id = $1`, [rows[0].id]);
    await waitFor(() => got.length > 0, 10_000, 'the change after the restart');
    expect(got[0].new).toMatchObject({ id: rows[0].id });
    await b.db.query(`update public.menu_categories set name = rtrim(name) where id = $1`, [rows[0].id]);
    await closeClients(client);
  }, 60_000);

  it('bounds an anonymous REST request the same way (PGLITE_TIMEOUT_ANON_MS)', async () => {
    const db = b.db as PgliteDb;
    const restarts = db.restarts();
    // A function too slow for the bound, reachable by anon (made for the test).
    await b.db.exec(`create or replace function public.bounds_probe_slow() returns bigint language sql stable as
      'select count(*) from generate_series(1, 2000000000)';
      grant execute on function public.bounds_probe_slow() to anon;
      notify pgrst, 'reload schema';`);
    const t0 = Date.now();
    const slow = await get(b, 'rpc/bounds_probe_slow', '127.0.0.3');
    expect(slow.status).toBe(500);
    expect(JSON.parse(slow.body)).toMatchObject({ code: '57014' });
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(db.restarts()).toBe(restarts + 1);
    const after = await get(b, 'menu_categories?select=id', '127.0.0.9');
    expect(after.status).toBe(200);
    await b.db.exec('drop function public.bounds_probe_slow()');
  }, 60_000);
});
