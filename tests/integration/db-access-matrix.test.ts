import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { signUp } from './db-support.js';

// 'admin' is the role of the accounts made before there were roles: the owner (docs/DATABASE.md, « Roles »).
type Role = 'anon' | 'customer' | 'other customer' | 'staff' | 'manager' | 'admin';
const ROLES: Role[] = ['anon', 'customer', 'other customer', 'staff', 'manager', 'admin'];
type Levels = Omit<Record<Role, Record<Op, string>>, 'other customer'>;
const OPS = ['select', 'insert', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];

const token = () => crypto.randomBytes(4).toString('hex');
const orderRow = (extra: Record<string, unknown> = {}) => ({
  customer_name: 'Matrix',
  customer_phone: '+352621000000',
  delivery_method: 'pickup',
  payment_method: 'cash',
  order_items: [{ id: '30', name: 'Quart de poulet grillé', quantity: 1, price: 5.5, options: [] }],
  total_price: 5.5,
  grand_total: 5.5,
  ...extra,
});

// Each inserted closure takes its own future day (the day is the key), within the two years allowed.
let exceptionDayOffset = 100 + Math.floor(Math.random() * 400);
function nextExceptionDay(): string {
  exceptionDayOffset += 1;
  return new Date(Date.now() + exceptionDayOffset * 86_400_000).toISOString().slice(0, 10);
}

/** Per table: its key, a fresh valid row and a harmless change. */
const TABLES: Record<string, { key: string; row: () => Record<string, unknown>; change: Record<string, unknown> }> = {
  menu_categories: {
    key: 'id',
    row: () => ({ id: `t_${token()}`, name: 'Test', slug: `t-${token()}` }),
    change: { name: 'Changé' },
  },
  menu_items: {
    key: 'id',
    row: () => ({ id: `t-${token()}`, category_id: 'desserts', name: 'Test', price: 1 }),
    change: { price: 2 },
  },
  // A live offer (today to 10 days on): anon and customers read offers that are not over.
  offers: {
    key: 'id',
    row: () => ({
      title: 'Test',
      item_id: '32',
      price: 1,
      delivery_method: 'both',
      starts_on: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      ends_on: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    }),
    change: { price: 2 },
  },
  store_settings: { key: 'key', row: () => ({ key: `t_${token()}`, value: {} }), change: { value: { changed: true } } },
  opening_exceptions: {
    key: 'day',
    row: () => ({ day: nextExceptionDay(), is_closed: true, reason: 'Test' }),
    change: { reason: 'Changé' },
  },
  reviews: { key: 'id', row: () => ({ author: 'Test', rating: 5, text: 'Très bon' }), change: { rating: 1 } },
  // The national register of postal codes: written by the migrations only (codes starting 0 do not exist).
  postal_codes: {
    key: 'locality',
    row: () => ({ code: `0${crypto.randomInt(100, 999)}`, locality: `Test ${token()}` }),
    change: { locality: 'Changé' },
  },
  orders: { key: 'id', row: () => orderRow(), change: { status: 'Annulée' } },
  reservations: {
    key: 'id',
    row: () => ({
      name: 'Test',
      email: 't@example.lu',
      phone: '+352621000000',
      reservation_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      reservation_time: '12:00',
      people: '2',
    }),
    change: { status: 'Confirmée' },
  },
  challenge_registrations: {
    key: 'id',
    row: () => ({ name: 'Test', email: 't@example.lu', agreed_to_terms: true }),
    change: { name: 'Changé' },
  },
  notification_outbox: {
    key: 'id',
    row: () => ({ kind: 'order_status', channel: 'email', recipient: 't@example.lu' }),
    change: { status: 'failed' },
  },
  notification_attempts: { key: 'id', row: () => ({ ok: true }), change: { error: 'changed' } },
  order_requests: {
    key: 'request_id',
    row: () => ({ request_id: crypto.randomUUID(), order_id: placedOrderId, request_hash: 'x' }),
    change: { request_hash: 'y' },
  },
  // One fresh order per row (order_id is the key): the pool is filled before the matrix runs.
  order_origins: {
    key: 'order_id',
    row: () => ({ order_id: originOrderIds.pop(), client_address: '192.0.2.5' }),
    change: { client_address: '192.0.2.6' },
  },
  // Consent to promotions, per inbox: read and written through its RPCs only (20251128100000_promotions.sql).
  promotion_consents: {
    key: 'inbox',
    row: () => {
      const email = `t-${token()}@example.lu`;
      return { inbox: email, email, consented: true, consented_at: new Date().toISOString(), source: 'checkout' };
    },
    change: { consented: false },
  },
  blocked_clients: {
    key: 'key',
    row: () => ({ kind: 'address', key: `t-${token()}`, blocked_until: new Date(Date.now() + 3600_000).toISOString() }),
    change: { blocked_until: new Date().toISOString() },
  },
  rate_limits: {
    key: 'window_seconds',
    row: () => ({ bucket: 'challenge', window_seconds: 10_000 + crypto.randomInt(70_000), max_hits: 1_000_000 }),
    change: { max_hits: 1 },
  },
  rate_limit_counters: {
    key: 'subject',
    row: () => ({
      bucket: 'order',
      window_seconds: 60,
      subject: `t-${token()}`,
      window_start: new Date().toISOString(),
      hits: 1,
    }),
    change: { hits: 0 },
  },
};
let placedOrderId = '';
const originOrderIds: string[] = [];

// What each role may do: all/own/public rows or none for select; ok, none (0 rows) or denied for writes.
const r = (select: string, insert: string, update: string, del: string) => ({ select, insert, update, delete: del });
const PUBLIC_READ = {
  anon: r('all', 'denied', 'denied', 'denied'),
  customer: r('all', 'denied', 'none', 'none'),
  // The counter reads the menu, the offers, the reviews and the hours; the manager writes them.
  staff: r('all', 'denied', 'none', 'none'),
  manager: r('all', 'ok', 'ok', 'ok'),
  admin: r('all', 'ok', 'ok', 'ok'),
};
const READ_ONLY = {
  anon: r('all', 'denied', 'denied', 'denied'),
  customer: r('all', 'denied', 'denied', 'denied'),
  staff: r('all', 'denied', 'denied', 'denied'),
  manager: r('all', 'denied', 'denied', 'denied'),
  admin: r('all', 'denied', 'denied', 'denied'),
};
const PRIVATE = {
  anon: r('denied', 'denied', 'denied', 'denied'),
  customer: r('none', 'denied', 'none', 'none'),
  admin: r('all', 'ok', 'ok', 'ok'),
};
// The counter takes, changes and reads orders and reservations (of the last two days for orders: see the
// history test below); removing them is the manager's.
const COUNTER = r('all', 'ok', 'ok', 'none');
// Public forms: anyone may send one, nobody but admins reads them back.
const FORM = {
  anon: r('denied', 'ok', 'denied', 'denied'),
  customer: r('none', 'ok', 'none', 'none'),
  staff: COUNTER,
  manager: r('all', 'ok', 'ok', 'ok'),
  admin: r('all', 'ok', 'ok', 'ok'),
};
const OUTBOX = {
  anon: r('denied', 'denied', 'denied', 'denied'),
  customer: r('none', 'denied', 'denied', 'denied'),
  staff: r('all', 'denied', 'denied', 'denied'),
  manager: r('all', 'denied', 'denied', 'denied'),
  admin: r('all', 'denied', 'denied', 'denied'),
};
const NONE = r('denied', 'denied', 'denied', 'denied');
const SERVICE_ONLY = { anon: NONE, customer: NONE, staff: NONE, manager: NONE, admin: NONE };
const EXPECTED: Record<string, Levels & { 'other customer': Record<Op, string> }> = {
  menu_categories: { ...PUBLIC_READ, 'other customer': PUBLIC_READ.customer },
  menu_items: { ...PUBLIC_READ, 'other customer': PUBLIC_READ.customer },
  offers: { ...PUBLIC_READ, 'other customer': PUBLIC_READ.customer },
  // A new key is the manager's (store_setting_level); the counter reads every key.
  store_settings: {
    anon: r('public', 'denied', 'denied', 'denied'),
    customer: r('public', 'denied', 'none', 'none'),
    'other customer': r('public', 'denied', 'none', 'none'),
    staff: r('all', 'denied', 'none', 'none'),
    manager: r('all', 'ok', 'ok', 'ok'),
    admin: r('all', 'ok', 'ok', 'ok'),
  },
  reviews: { ...PUBLIC_READ, 'other customer': PUBLIC_READ.customer },
  postal_codes: { ...READ_ONLY, 'other customer': READ_ONLY.customer },
  opening_exceptions: { ...PUBLIC_READ, 'other customer': PUBLIC_READ.customer },
  orders: {
    anon: PRIVATE.anon,
    customer: r('own', 'denied', 'none', 'none'),
    'other customer': r('none', 'denied', 'none', 'none'),
    staff: COUNTER,
    manager: PRIVATE.admin,
    admin: PRIVATE.admin,
  },
  reservations: { ...FORM, 'other customer': FORM.customer },
  // The challenge's sign-ups are customer data of a promotion: the manager's; the counter is a customer here.
  challenge_registrations: { ...FORM, staff: FORM.customer, 'other customer': FORM.customer },
  notification_outbox: { ...OUTBOX, 'other customer': OUTBOX.customer },
  notification_attempts: { ...OUTBOX, 'other customer': OUTBOX.customer },
  order_requests: { ...OUTBOX, 'other customer': OUTBOX.customer },
  order_origins: { ...SERVICE_ONLY, 'other customer': SERVICE_ONLY.customer },
  blocked_clients: { ...SERVICE_ONLY, 'other customer': SERVICE_ONLY.customer },
  promotion_consents: { ...SERVICE_ONLY, 'other customer': SERVICE_ONLY.customer },
  rate_limits: { ...SERVICE_ONLY, 'other customer': SERVICE_ONLY.customer },
  rate_limit_counters: { ...SERVICE_ONLY, 'other customer': SERVICE_ONLY.customer },
};

describe.each(testDatabases())('access matrix over REST on %s', (kind) => {
  let b: TestBackend;
  let service: SupabaseClient;
  const clients = {} as Record<Role, SupabaseClient>;
  const customerId = crypto.randomUUID();
  const otherId = crypto.randomUUID();
  let outboxId = '';

  async function fixture(table: string): Promise<Record<string, unknown>> {
    const row = table === 'notification_attempts' ? { outbox_id: outboxId, ok: true } : TABLES[table]!.row();
    const { data, error } = await service.from(table).insert(row).select().single();
    if (error) throw new Error(`${table} fixture: ${error.message}`);
    return data;
  }

  async function attempt(role: Role, table: string, op: Op): Promise<string> {
    const c = clients[role];
    const { key, change } = TABLES[table]!;
    if (op === 'select') {
      const { data, error } = await c.from(table).select('*');
      if (error) return 'denied';
      if (data.length === 0) return 'none';
      if (table === 'orders') return data.every((o) => o.user_id === customerId) ? 'own' : 'all';
      if (table === 'store_settings') return data.some((s) => s.key === 'private_note') ? 'all' : 'public';
      return 'all';
    }
    if (op === 'insert') {
      const row = table === 'notification_attempts' ? { outbox_id: outboxId, ok: false } : TABLES[table]!.row();
      const { error } = await c.from(table).insert(row);
      return error ? 'denied' : 'ok';
    }
    const target = await fixture(table);
    const query = op === 'update' ? c.from(table).update(change) : c.from(table).delete();
    const { error } = await query.eq(key, target[key] as string);
    if (error) return 'denied';
    const { data: after } = await service
      .from(table)
      .select('*')
      .eq(key, target[key] as string);
    const untouched = after?.length === 1 && JSON.stringify(after[0]) === JSON.stringify(target);
    return untouched ? 'none' : 'ok';
  }

  beforeAll(async () => {
    b = await startTestBackend(kind);
    service = b.serviceClient();
    await signUp(b, { sub: customerId, email: 'joana@example.lu' });
    await signUp(b, { sub: otherId, email: 'rui@example.lu' });
    const sign = (sub: string, email: string, appMetadata: Record<string, unknown>) =>
      b.context.jwt.sign({ role: 'authenticated', sub, email, aud: 'authenticated', app_metadata: appMetadata }, 3600);
    clients.anon = b.client();
    clients.customer = b.client(await sign(customerId, 'joana@example.lu', { provider: 'email' }));
    clients['other customer'] = b.client(await sign(otherId, 'rui@example.lu', { provider: 'email' }));
    const adminId = crypto.randomUUID();
    await signUp(b, { sub: adminId, email: 'gerant@example.lu' });
    clients.admin = b.client(await sign(adminId, 'gerant@example.lu', { provider: 'email', role: 'admin' }));
    for (const [role, email] of [
      ['manager', 'gerente@example.lu'],
      ['staff', 'balcao@example.lu'],
    ] as const) {
      const id = crypto.randomUUID();
      await signUp(b, { sub: id, email });
      clients[role] = b.client(await sign(id, email, { provider: 'email', role }));
    }

    const { data: placed } = await service
      .from('orders')
      .insert([orderRow({ user_id: customerId, customer_email: 'joana@example.lu' }), orderRow()])
      .select('id');
    placedOrderId = placed![1]!.id as string;
    const { data: pool } = await service
      .from('orders')
      .insert(Array.from({ length: 24 }, () => orderRow()))
      .select('id');
    originOrderIds.push(...pool!.map((o) => o.id as string));
    await service
      .from('store_settings')
      .insert({ key: 'private_note', value: { note: 'staff only' }, is_public: false });
    outboxId = (await fixture('notification_outbox')).id as string;
    for (const t of [
      'reservations',
      'challenge_registrations',
      'notification_attempts',
      'order_requests',
      'opening_exceptions',
      'offers',
    ])
      await fixture(t);
  });
  afterAll(async () => b?.close());

  it('covers every table of the public schema', async () => {
    const tables = await b.db.query<{ t: string }>(
      `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
    );
    expect(tables.rows.map((r) => r.t)).toEqual(Object.keys(TABLES).sort());
  });

  it('lets each role do exactly what the security model says, table by table', async () => {
    const got: Record<string, Record<Role, Record<Op, string>>> = {};
    const lines: string[] = [];
    for (const table of Object.keys(TABLES)) {
      got[table] = {} as Record<Role, Record<Op, string>>;
      for (const role of ROLES) {
        got[table]![role] = {} as Record<Op, string>;
        for (const op of OPS) got[table]![role]![op] = await attempt(role, table, op);
      }
      lines.push(
        `${table.padEnd(24)}${ROLES.map((role) =>
          OPS.map((op) => got[table]![role]![op])
            .join('/')
            .padEnd(30),
        ).join('')}`,
      );
    }
    console.log(`${''.padEnd(24)}${ROLES.map((role) => `${role} (S/I/U/D)`.padEnd(30)).join('')}\n${lines.join('\n')}`);
    expect(got).toEqual(EXPECTED);

    // Six roles, four operations, nineteen tables: a few hundred requests.
  }, 180_000);

  it('exposes each RPC to the right roles', async () => {
    const day = new Date(Date.now() + 2 * 86400_000);
    if (day.getUTCDay() === 2) day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    const preorder = {
      customer: { name: 'Matrix', phone: '+352621000111' },
      deliveryMethod: 'pickup',
      paymentMethod: 'cash',
      isPreorder: true,
      preorderDate: date,
      preorderTime: '12:00',
      items: [{ menuItemId: '30', quantity: 1 }],
    };
    // refuse_order changes what it refuses: each back-office role gets a waiting order of its own.
    const waitingOrders = {} as Record<Role, string>;
    for (const role of ROLES) {
      const { data: waiting } = await service
        .from('orders')
        .insert({
          customer_name: 'Matrix',
          customer_phone: '+352621000222',
          delivery_method: 'pickup',
          payment_method: 'cash',
          order_items: [{ id: '30', name: 'Matrix', quantity: 1, price: 1, options: [] }],
          total_price: 1,
          grand_total: 1,
        })
        .select('id')
        .single();
      waitingOrders[role] = (waiting as { id: string }).id;
    }
    const matrixOrderId = waitingOrders.admin;
    const { data: toCancel } = await service
      .from('orders')
      .insert({
        customer_name: 'Matrix',
        customer_phone: '621000333',
        delivery_method: 'pickup',
        payment_method: 'cash',
        order_items: [{ id: '30', name: 'Matrix', quantity: 1, price: 1, options: [] }],
        total_price: 1,
        grand_total: 1,
      })
      .select('id')
      .single();
    const cancelledOrderId = (toCancel as { id: string }).id;
    const calls: Record<string, [string, Record<string, unknown> | ((role: Role) => Record<string, unknown>)]> = {
      place_order: ['place_order', { p_order: preorder }],
      track_order: ['track_order', { p_term: '621000111' }],
      order_confirmation: ['order_confirmation', { p_order_id: matrixOrderId }],
      // Already cancelled by the first role: the others get the order as it is.
      cancel_my_order: ['cancel_my_order', { p_order_id: cancelledOrderId }],
      create_reservation: [
        'create_reservation',
        {
          p_name: 'Ana',
          p_email: 'ana@example.lu',
          p_phone: '+352621000000',
          p_reservation_date: date,
          p_reservation_time: '20:00',
          p_people: '2',
        },
      ],
      register_challenge: [
        'register_challenge',
        { p_name: 'Tiago', p_email: 'tiago@example.lu', p_agreed_to_terms: true },
      ],
      my_orders: ['my_orders', {}],
      customer_prefill: ['customer_prefill', {}],
      search_orders_by_term: ['search_orders_by_term', { p_search_term: 'Matrix' }],
      order_stats: ['order_stats', {}],
      day_orders: ['day_orders', {}],
      upcoming_orders: ['upcoming_orders', {}],
      active_order_count: ['active_order_count', {}],
      takings_report: ['takings_report', { p_from: date, p_to: date }],
      order_slot_availability: ['order_slot_availability', { p_method: 'pickup', p_date: date }],
      refuse_order: ['refuse_order', (role) => ({ p_order_id: waitingOrders[role], p_reason: 'Cozinha fechada' })],
      refuse_client_orders: [
        'refuse_client_orders',
        (role) => ({ p_order_id: waitingOrders[role], p_reason: 'Encomendas falsas' }),
      ],
      set_busy_mode: ['set_busy_mode', { p_mode: 'end' }],
      reservation_room: ['reservation_room', { p_date: date }],
      claim_notifications: ['claim_notifications', { p_limit: 1, p_lease_seconds: 60 }],
      complete_notification: ['complete_notification', { p_id: outboxId, p_ok: true }],
      priced_order_item: [
        'priced_order_item',
        { p_line: { menuItemId: '30', quantity: 1 }, p_method: 'pickup', p_day: date },
      ],
      verified_email: ['verified_email', {}],
      require_live_session: ['require_live_session', {}],
      mfa_satisfied: ['mfa_satisfied', {}],
      session_is_live: ['session_is_live', {}],
      note_staff_invite: ['note_staff_invite', {}],
      my_promotion_consent: ['my_promotion_consent', {}],
      promotion_audience: ['promotion_audience', {}],
      unsubscribe_promotions: ['unsubscribe_promotions', { p_token: '0'.repeat(64) }],
      admin_customer_export: ['admin_customer_export', { p_email: 'personne@example.lu' }],
      admin_customer_erase: ['admin_customer_erase', { p_email: 'personne@example.lu' }],
      move_menu_entry: ['move_menu_entry', { p_kind: 'category', p_id: 'desserts', p_direction: 'up' }],
    };
    const PUBLIC = { anon: 'ok', customer: 'ok', 'other customer': 'ok', staff: 'ok', manager: 'ok', admin: 'ok' };
    const SIGNED_IN = { ...PUBLIC, anon: 'denied' };
    // The counter's calls (acceptance, statuses, busy mode, today's and the coming days' orders).
    const ADMIN = {
      anon: 'denied',
      customer: 'denied',
      'other customer': 'denied',
      staff: 'ok',
      manager: 'ok',
      admin: 'ok',
    };
    // Reports, customers, promotions: the manager's and the owner's.
    const MANAGER = { ...ADMIN, staff: 'denied' };
    const NOBODY = { ...ADMIN, staff: 'denied', manager: 'denied', admin: 'denied' };
    const expected: Record<string, Record<Role, string>> = {
      place_order: PUBLIC,
      track_order: PUBLIC,
      order_confirmation: PUBLIC,
      cancel_my_order: PUBLIC,
      create_reservation: PUBLIC,
      register_challenge: PUBLIC,
      order_slot_availability: PUBLIC,
      refuse_order: ADMIN,
      refuse_client_orders: ADMIN,
      set_busy_mode: ADMIN,
      reservation_room: PUBLIC,
      my_orders: SIGNED_IN,
      customer_prefill: SIGNED_IN,
      verified_email: SIGNED_IN,
      require_live_session: SIGNED_IN,
      mfa_satisfied: PUBLIC,
      session_is_live: SIGNED_IN,
      note_staff_invite: { ...MANAGER, manager: 'denied' },
      search_orders_by_term: ADMIN,
      order_stats: ADMIN,
      day_orders: ADMIN,
      upcoming_orders: ADMIN,
      active_order_count: ADMIN,
      takings_report: MANAGER,
      my_promotion_consent: SIGNED_IN,
      promotion_audience: MANAGER,
      unsubscribe_promotions: PUBLIC,
      admin_customer_export: MANAGER,
      admin_customer_erase: MANAGER,
      move_menu_entry: MANAGER,
      claim_notifications: NOBODY,
      complete_notification: NOBODY,
      priced_order_item: NOBODY,
    };
    const got: Record<string, Record<Role, string>> = {};
    for (const [name, [fn, args]] of Object.entries(calls)) {
      got[name] = {} as Record<Role, string>;
      for (const role of ROLES) {
        const { error, status } = await clients[role].rpc(fn, typeof args === 'function' ? args(role) : args);
        got[name]![role] = !error
          ? 'ok'
          : error.code === '42501' && [401, 403].includes(status)
            ? 'denied'
            : `error ${error.code} ${error.message}`;
      }
    }
    console.log(
      Object.entries(got)
        .map(([fn, byRole]) => `${fn.padEnd(24)}${ROLES.map((role) => `${role}: ${byRole[role]}`.padEnd(24)).join('')}`)
        .join('\n'),
    );
    expect(got).toEqual(expected);
    const { data } = await service.rpc('claim_notifications', { p_limit: 1, p_lease_seconds: 60 });
    expect(Array.isArray(data)).toBe(true);
  });

  it('returns a refused order as 400 with the French message, code and title', async () => {
    const { error, status } = await clients.anon.rpc('place_order', {
      p_order: {
        customer: { name: 'Ana', phone: '+352621000000' },
        deliveryMethod: 'pickup',
        paymentMethod: 'cash',
        items: [],
      },
    });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'Votre panier est vide. Ajoutez au moins un article pour commander.',
      details: 'empty_cart',
      hint: 'Panier vide',
    });
  });

  it('gives anon a tracking answer without personal data', async () => {
    // By phone, from the address that placed it: the status only (docs/DATABASE.md, « Reading orders »).
    const { data, error } = await clients.anon.rpc('track_order', { p_term: '+352 621 000 111' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ order_number: null, details_hidden: true, order_items: [] });
    expect(Object.keys(data)).not.toContain('customer_email');
    expect(Object.keys(data)).not.toContain('customer_phone');
    expect(Object.keys(data)).not.toContain('customer_name');
  });

  // The product's private Broadcast topics (20251128110000_live_topics.sql): who may join (read), and who may send
  // (nobody: only the database's triggers write them). `order:<id>` is read by whoever holds the order's full id.
  it('lets each role join and send on exactly the live topics it should', async () => {
    const { data: order, error } = await service
      .from('orders')
      .insert(orderRow({ user_id: customerId }))
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    const id = (order as { id: string }).id;
    // The counter (staff) follows the live orders and reservations as the manager and the owner do.
    const BACK_OFFICE = {
      anon: 'refused',
      customer: 'refused',
      'other customer': 'refused',
      staff: 'read',
      manager: 'read',
      admin: 'read',
    };
    const EVERYONE = {
      anon: 'read',
      customer: 'read',
      'other customer': 'read',
      staff: 'read',
      manager: 'read',
      admin: 'read',
    };
    const NOBODY = {
      anon: 'refused',
      customer: 'refused',
      'other customer': 'refused',
      staff: 'refused',
      manager: 'refused',
      admin: 'refused',
    };
    const TOPICS: Record<string, Record<Role, string>> = {
      'orders:admin': BACK_OFFICE,
      'reservations:admin': BACK_OFFICE,
      [`order:${id}`]: EVERYONE,
      [`order:${id.slice(0, 8)}`]: NOBODY,
      [`order:${id}-x`]: NOBODY,
    };
    const join = async (role: Role, topic: string) => {
      const channel = clients[role].channel(topic, { config: { private: true, broadcast: { ack: true } } });
      const read = await new Promise<string>((resolve) =>
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve('read');
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve('refused');
        }),
      );
      const sent = read === 'read' ? await channel.send({ type: 'broadcast', event: 'x', payload: {} }) : 'error';
      await clients[role].removeChannel(channel);
      return { read, sent };
    };
    const seen: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    for (const [topic, rights] of Object.entries(TOPICS)) {
      for (const role of ROLES) {
        const { read, sent } = await join(role, topic);
        seen[`${topic} ${role}`] = { read, send: sent === 'ok' ? 'ok' : 'refused' };
        expected[`${topic} ${role}`] = { read: rights[role], send: 'refused' };
      }
    }
    expect(seen).toEqual(expected);
  });

  it('never takes user_metadata for an admin', async () => {
    const sub = crypto.randomUUID();
    await signUp(b, { sub, email: 'malin@example.lu' });
    const pretender = b.client(
      await b.context.jwt.sign(
        {
          role: 'authenticated',
          sub,
          email: 'malin@example.lu',
          user_metadata: { role: 'admin' },
          app_metadata: { provider: 'email' },
        },
        3600,
      ),
    );
    expect((await pretender.from('orders').select('id')).data).toEqual([]);
    expect((await pretender.rpc('active_order_count')).error?.code).toBe('42501');
  });

  it('keeps the till’s history from the counter: staff read the last two days and what is to come', async () => {
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const { data } = await service
      .from('orders')
      .insert(orderRow({ created_at: old }))
      .select('id')
      .single();
    const id = (data as { id: string }).id;
    await service.from('orders').update({ created_at: old }).eq('id', id);
    const seen = async (role: Role) => (await clients[role].from('orders').select('id').eq('id', id)).data?.length;
    expect(await seen('staff')).toBe(0);
    expect(await seen('manager')).toBe(1);
    expect(await seen('admin')).toBe(1);
    const search = await clients.staff.rpc('search_orders_by_term', { p_search_term: 'Matrix' });
    expect((search.data as { id: string }[]).map((o) => o.id)).not.toContain(id);
  });

  it('gives each settings key its level: the counter opens and closes, the owner alone names the restaurant', async () => {
    const save = (role: Role, key: string, value: unknown) =>
      clients[role].from('store_settings').update({ value }).eq('key', key).select('key');
    const { data: ordering } = await service.from('store_settings').select('value').eq('key', 'ordering').single();
    expect((await save('staff', 'ordering', ordering!.value)).data).toHaveLength(1);
    const { data: opening } = await service.from('store_settings').select('value').eq('key', 'opening_hours').single();
    expect((await save('staff', 'opening_hours', opening!.value)).data).toHaveLength(0);
    expect((await save('manager', 'opening_hours', opening!.value)).data).toHaveLength(1);
    const { data: restaurant } = await service.from('store_settings').select('value').eq('key', 'restaurant').single();
    expect((await save('manager', 'restaurant', restaurant!.value)).data).toHaveLength(0);
    expect((await save('admin', 'restaurant', restaurant!.value)).data).toHaveLength(1);
    const owner = b.client(
      await b.context.jwt.sign(
        { role: 'authenticated', sub: crypto.randomUUID(), aud: 'authenticated', app_metadata: { role: 'owner' } },
        3600,
      ),
    );
    expect(
      (await owner.from('store_settings').update({ value: restaurant!.value }).eq('key', 'restaurant').select('key'))
        .data,
    ).toHaveLength(1);
  });

  it('tells a staff member their role is too low, and a customer that the back office is closed to them', async () => {
    const staff = await clients.staff.rpc('takings_report', { p_from: '2026-01-01', p_to: '2026-01-02' });
    expect(staff.error).toMatchObject({ code: '42501', details: 'role_not_allowed' });
    const customer = await clients.customer.rpc('takings_report', { p_from: '2026-01-01', p_to: '2026-01-02' });
    expect(customer.error).toMatchObject({ code: '42501', details: 'admin_only' });
  });

  it('keeps the menu photos for the manager: staff cannot upload, replace or remove one', async () => {
    const name = `matrix-${token()}.webp`;
    const bytes = new Blob([new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80])], { type: 'image/webp' });
    const byStaff = await clients.staff.storage.from('menu-images').upload(name, bytes, { contentType: 'image/webp' });
    expect(byStaff.error).not.toBeNull();
    const byManager = await clients.manager.storage
      .from('menu-images')
      .upload(name, bytes, { contentType: 'image/webp' });
    expect(byManager.error).toBeNull();
    const listed = await clients.staff.storage.from('menu-images').list('', { search: name });
    expect(listed.data ?? []).toEqual([]);
    await clients.staff.storage.from('menu-images').remove([name]);
    const still = await service.storage.from('menu-images').list('', { search: name });
    expect(still.data?.map((f) => f.name)).toEqual([name]);
    expect((await clients.manager.storage.from('menu-images').remove([name])).error).toBeNull();
  });

  it('passes the Supabase linter checks that matter here', async () => {
    const noRls = await b.db.query(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(noRls.rows).toEqual([]);
    const mutableSearchPath = await b.db.query(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
    );
    expect(mutableSearchPath.rows).toEqual([]);
    const definerForAnon = await b.db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    expect(definerForAnon.rows.map((r) => r.proname)).toEqual([
      'cancel_my_order',
      'consent_to_promotions_for_order',
      'create_reservation',
      'mfa_satisfied',
      'order_confirmation',
      'order_slot_availability',
      'place_order',
      'register_challenge',
      'reservation_room',
      'track_order',
      'unsubscribe_promotions',
    ]);
    const published = await b.db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`,
    );
    expect(published.rows.map((r) => r.tablename)).toEqual([
      'menu_categories',
      'menu_items',
      'offers',
      'opening_exceptions',
      'orders',
      'reservations',
      'store_settings',
    ]);
  });
});
