import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { signUp } from './db-support.js';
import {
  DataError,
  createReservation,
  fetchActiveOrderCount,
  fetchChallengeRegistrations,
  fetchCustomerOrders,
  fetchCustomerPrefill,
  fetchMenu,
  fetchMyOrders,
  fetchOrderNotifications,
  fetchOrderStats,
  fetchReservations,
  fetchReviews,
  fetchStoreSettings,
  placeOrder,
  refusalOf,
  registerForChallenge,
  searchOrders,
  setOrderingEnabled,
  setSupabase,
  subscribeToOrders,
  subscribeToStoreSettings,
  trackOrder,
  updateOrderStatus,
} from '../../src/shared/data/index.js';
import type { OrderRequest } from '../../src/shared/domain/order-request.js';
import type { StoreSettings } from '../../src/shared/domain/store-settings.js';

/** The next day the kitchen is open (not a Tuesday), at least two days ahead. */
function openDay(): string {
  const d = new Date(Date.now() + 2 * 86400_000);
  if (d.getUTCDay() === 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const preorder = (email = ''): OrderRequest => ({
  customer: {
    name: 'Joana Silva',
    phone: '+352 621 555 444',
    email,
    address: '3 rue Michel Rodange',
    postalCode: '4660',
    city: 'Differdange',
    notes: '',
  },
  deliveryMethod: 'delivery',
  paymentMethod: 'card',
  isPreorder: true,
  preorderDate: openDay(),
  preorderTime: '19:00',
  items: [
    { menuItemId: '32', quantity: 1 },
    { menuItemId: 'kid-2', quantity: 1, kidsOption: 'wings' },
  ],
});

async function until<T>(read: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting for a realtime change');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDatabases())('data layer through supabase-js on %s', (kind) => {
  let b: TestBackend;
  const customerId = crypto.randomUUID();
  let customerToken = '';
  let adminToken = '';
  const as = (token?: string) => setSupabase(b.client(token));

  beforeAll(async () => {
    b = await startTestBackend(kind);
    await signUp(b, { sub: customerId, email: 'joana@example.lu' });
    customerToken = await b.context.jwt.sign(
      { role: 'authenticated', sub: customerId, email: 'joana@example.lu', app_metadata: { provider: 'email' } },
      3600,
    );
    const adminId = crypto.randomUUID();
    await signUp(b, { sub: adminId, email: 'gerant@example.lu' });
    adminToken = await b.context.jwt.sign(
      { role: 'authenticated', sub: adminId, email: 'gerant@example.lu', app_metadata: { role: 'admin' } },
      3600,
    );
  });
  beforeEach(() => as());
  afterAll(async () => {
    setSupabase(null);
    await b?.close();
  });

  it('reads the menu in menu order, in the domain shape, with special prices and reviews', async () => {
    const menu = await fetchMenu();
    expect(menu.categories.map((c) => c.slug)).toEqual([
      'entrees',
      'chic-n-fries',
      'grillades',
      'casadasfrancesinhas',
      'hungryburgers',
      'boissons',
      'menu-enfant',
      'accompagnements',
      'desserts',
    ]);
    const chicken = menu.items.find((i) => i.id === '32')!;
    expect(chicken).toMatchObject({
      categoryId: 'grill',
      price: 15,
      imageSrc: '/images/menu/32.webp',
    });
    // The seed pins no ended offer on the dish any more: its card shows the live offers of public.offers.
    expect(chicken.specialOffer).toBeUndefined();
    expect(menu.items.find((i) => i.id === 'kid-1')).toMatchObject({
      isKidsMenuWithOptions: true,
      options: [{ id: 'nuggets' }, { id: 'wings' }, { id: 'quarter_chicken' }],
    });
    expect(menu.items.find((i) => i.id === 'grill-poulets')).toMatchObject({ type: 'sectionTitle' });
    expect(menu.items.find((i) => i.id === 'cnf-5')).toMatchObject({ type: 'comingSoon' });
    expect(menu.items[0]!.categoryId).toBe('entrees');
    expect(menu.items.at(-1)!.categoryId).toBe('desserts');
    // The seeded offer (item 32 for pickup, 10–13 October 2025) is over: the shop reads no price rule.
    expect(menu.specialPrices).toEqual([]);
    expect((await fetchReviews()).length).toBeGreaterThanOrEqual(8);
  });

  it('places an order priced by the database and reports refusals with code, title and message', async () => {
    as(customerToken);
    const placed = await placeOrder(preorder('someone.else@example.lu'));
    expect([placed.total_price, placed.delivery_fee, placed.grand_total, placed.status]).toEqual([
      25.78,
      2,
      27.78,
      'En attente',
    ]);
    expect([placed.user_id, placed.customer_email, placed.order_number]).toEqual([
      customerId,
      'joana@example.lu',
      placed.id.slice(0, 8),
    ]);
    expect(placed.order_items[1]).toEqual({
      id: 'kid-2_wings',
      name: 'Menu Enfant Gourmand (Ailes de poulet)',
      quantity: 1,
      price: 10.78,
      options: [],
    });

    const e = await placeOrder({ ...preorder(), items: [{ menuItemId: '30', quantity: 1 }] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(refusalOf(e)).toEqual({
      code: 'minimum_not_met',
      title: 'Montant minimum non atteint',
      message: 'Il vous manque 14,50€ pour atteindre le minimum de 20,00€ pour la commande.',
    });

    expect((await fetchMyOrders()).map((o) => o.id)).toEqual([placed.id]);
    expect(await fetchCustomerPrefill()).toEqual({
      name: 'Joana Silva',
      phone: '+352621555444',
      email: 'joana@example.lu',
      address: '3 rue Michel Rodange',
      postalCode: '4660',
      city: 'Differdange',
    });
    as();
    const tracked = await trackOrder(placed.order_number);
    expect(tracked).toMatchObject({
      order_number: placed.order_number,
      status: 'En attente',
      grand_total: 27.78,
      customer_city: 'Differdange',
    });
    expect(await trackOrder('00000000')).toBeNull();
    expect(refusalOf(await trackOrder(' ').catch((x: unknown) => x))?.code).toBe('search_term_required');
  });

  it('an order whose answer is lost is sent again under the same request id and placed once', async () => {
    // The request reaches the database and the order is placed, but the answer never comes back
    // (the connection drops): twice in a row. The third try gets the answer.
    let calls = 0;
    let lose = 2;
    const ids = new Set<string>();
    const losing: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).includes('/rpc/place_order')) {
        calls++;
        ids.add(JSON.parse(String(init?.body)).p_order.requestId);
        if (lose > 0) {
          lose--;
          await res.arrayBuffer();
          throw new TypeError('fetch failed');
        }
      }
      return res;
    };
    setSupabase(
      createClient(b.url, b.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
        global: { fetch: losing, headers: { Authorization: `Bearer ${customerToken}` } },
      }),
    );
    const before = (await fetchMyOrders()).length;
    const placed = await placeOrder(
      { ...preorder(), customer: { ...preorder().customer, notes: 'answer lost twice' } },
      { attempts: 3, delayMs: 10 },
    );
    expect(calls).toBe(3);
    expect(ids.size).toBe(1);
    const mine = await fetchMyOrders();
    expect(mine).toHaveLength(before + 1);
    expect(mine.filter((o) => o.notes === 'answer lost twice').map((o) => o.id)).toEqual([placed.id]);

    // A refusal is an answer: it is not retried.
    calls = 0;
    lose = 0;
    const refused = await placeOrder(
      { ...preorder(), items: [{ menuItemId: '30', quantity: 1 }], requestId: crypto.randomUUID() },
      { attempts: 3, delayMs: 10 },
    ).catch((x: unknown) => x);
    expect(refusalOf(refused)?.code).toBe('minimum_not_met');
    expect(calls).toBe(1);

    // When every try loses its answer, the customer is told it failed (and nothing is placed twice).
    lose = 10;
    const lost = await placeOrder(
      { ...preorder(), customer: { ...preorder().customer, notes: 'answer always lost' } },
      { attempts: 2, delayMs: 10 },
    ).catch((x: unknown) => x);
    expect(lost).toBeInstanceOf(DataError);
    expect(refusalOf(lost)).toBeNull();
    expect((await fetchMyOrders()).filter((o) => o.notes === 'answer always lost')).toHaveLength(1);
  });

  it('gives admins stats, search, counts and status changes that queue a message', async () => {
    as(customerToken);
    const placed = await placeOrder(preorder());
    as(adminToken);
    expect(await fetchActiveOrderCount()).toBeGreaterThanOrEqual(1);
    expect((await fetchOrderStats()).month).toBeGreaterThanOrEqual(1);
    expect((await searchOrders(placed.order_number)).map((o) => o.id)).toEqual([placed.id]);
    expect((await fetchCustomerOrders(' JOANA@Example.lu ')).map((o) => o.id)).toContain(placed.id);
    expect(await fetchCustomerOrders('joan_@example.lu')).toEqual([]);
    const updated = await updateOrderStatus(placed.id, 'En préparation');
    expect(updated.status).toBe('En préparation');
    const queued = await fetchOrderNotifications(placed.id);
    expect(queued.map((n) => [n.kind, n.status, n.recipient])).toEqual([
      ['order_confirmation', 'pending', 'joana@example.lu'],
      ['order_status', 'pending', 'joana@example.lu'],
    ]);
    as(customerToken);
    const denied = await fetchActiveOrderCount().catch((x: unknown) => x);
    expect(denied).toBeInstanceOf(DataError);
    expect((denied as DataError).isForbidden).toBe(true);
  });

  it('sends the public forms and lets only admins read them', async () => {
    await createReservation({
      name: 'Ana',
      email: 'ana@example.lu',
      phone: '621 000 111',
      date: openDay(),
      time: '20:00',
      people: '4',
      message: 'Terrasse',
    });
    const refused = await createReservation({
      name: 'Ana',
      email: 'ana@example.lu',
      phone: '621 000 111',
      date: '2020-01-01',
      time: '20:00',
      people: '4',
    }).catch((x: unknown) => x);
    expect(refusalOf(refused)?.code).toBe('date_in_past');
    await registerForChallenge({ name: 'Tiago', email: 'tiago@example.lu', phone: '', agreedToTerms: true });
    expect(
      refusalOf(await registerForChallenge({ name: 'Tiago', email: 'x', agreedToTerms: true }).catch((x: unknown) => x))
        ?.message,
    ).toBe('Veuillez entrer une adresse e-mail valide.');
    expect((await fetchReservations().catch((x: unknown) => x)) instanceof DataError).toBe(true);
    as(adminToken);
    expect((await fetchReservations()).map((r) => [r.name, r.people, r.reservation_time, r.status])).toEqual([
      ['Ana', '4', '20:00', 'En attente'],
    ]);
    expect((await fetchChallengeRegistrations()).map((r) => [r.name, r.phone])).toEqual([['Tiago', null]]);
  });

  it('pushes settings changes and order changes through realtime', async () => {
    as(adminToken);
    let settings: StoreSettings | undefined;
    const live = new Set<string>();
    const stopSettings = subscribeToStoreSettings((s) => (settings = s), {
      onStatus: (s) => s === 'SUBSCRIBED' && live.add('settings'),
    });
    let inserted: string | undefined;
    const stopOrders = subscribeToOrders(
      (change) => {
        if (change.eventType === 'INSERT') inserted = (change.new as { id: string }).id;
      },
      { onStatus: (s) => s === 'SUBSCRIBED' && live.add('orders') },
    );
    await until(() => (live.size === 2 ? true : undefined), 20_000);
    await setOrderingEnabled(false);
    expect((await until(() => (settings?.ordering.is_enabled === false ? settings : undefined))).ordering.message).toBe(
      'As encomendas online estão temporariamente fechadas.',
    );
    await setOrderingEnabled(true);
    expect((await fetchStoreSettings()).ordering).toEqual({ is_enabled: true, message: '' });
    const placed = await placeOrder(preorder());
    expect(await until(() => inserted)).toBe(placed.id);
    stopSettings();
    stopOrders();
  });
});
