// The security review of 28 November 2026 on orders and admin values: one client holding the restaurant's
// capacity with fake pre-orders, tracking by phone, a hijacked phone tracking, an anonymous order of
// 123,750 €, the delivery fee decided by the typed town, unbounded admin values and a phishing restaurant
// name. Each test is an attack that worked on the main branch of that day and is refused now. One backend per
// database, trusting x-forwarded-for, so each request speaks from the client address it names.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { adminToken } from '../reliability/support/orders.js';
import { REFUSALS, orderTotalTooHighMessage } from '../../src/shared/domain/refusals.js';
import { DEFAULT_RESTAURANT_IDENTITY } from '../../src/shared/domain/restaurant-defaults.js';

const CLIENT = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
};
const DAY_MS = 86_400_000;
/** The k-th open day (not Tuesday) at least two days ahead, "YYYY-MM-DD". */
function openDay(k: number): string {
  const day = new Date(Date.now() + 2 * DAY_MS);
  for (let found = -1; ; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 2 && ++found === k) return day.toISOString().slice(0, 10);
  }
}
/** The 15 lunch slots of the installed week: 11:00 to 14:30. */
const LUNCH = Array.from({ length: 15 }, (_, i) => {
  const m = 11 * 60 + 15 * i;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});

const pickup = (day: string, time: string, phone: string, email?: string) => ({
  customer: { name: 'Client Test', phone, ...(email ? { email } : {}) },
  delivery_method: 'pickup',
  payment_method: 'cash',
  is_preorder: true,
  preorder_date: day,
  preorder_time: time,
  items: [{ menuItemId: '32', quantity: 1 }],
});

describe.each(testDatabases())('orders and admin values under abuse on %s', (kind) => {
  let b: TestBackend;
  let admin: SupabaseClient;
  let n = 0;
  /** A client address of its own for each call that does not name one. */
  const ip = () => `198.51.100.${++n}`;
  const from = (address = ip(), accessToken?: string) =>
    createClient(b.url, b.anonKey, {
      ...CLIENT,
      global: {
        headers: { 'x-forwarded-for': address, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
      },
    });
  const place = (order: Record<string, unknown>, address = ip()) =>
    from(address).rpc('place_order', { p_order: order });
  const fullSlots = async (day: string) => {
    const { data, error } = await from().rpc('order_slot_availability', { p_method: 'pickup', p_date: day });
    expect(error).toBeNull();
    return (data as { full: string[] }).full;
  };

  beforeAll(async () => {
    b = await startTestBackend(kind, { trustProxy: true });
    admin = from('192.0.2.1', await adminToken(b.context.jwt));
    // The installed share (the tests' setup raised it with the other product limits), and one pickup per slot.
    await b.db.query(`update public.rate_limits set max_hits = 3 where bucket = 'waiting_orders'`);
    await b.db.query(
      `update public.store_settings set value = jsonb_set(value, '{capacity,pickup}', '1') where key = 'order_acceptance'`,
    );
  }, 300_000);
  afterAll(async () => b?.close());

  describe('slot capacity held by one client (fixed)', () => {
    it('one address with fresh phones and e-mails fills at most 3 of the 15 lunch slots', async () => {
      const day = openDay(0);
      const address = '203.0.113.10';
      const answers = [];
      for (const [i, time] of LUNCH.entries())
        answers.push(
          await place(pickup(day, time, `+352 621 10${String(i).padStart(4, '0')}`, `faux${i}@example.lu`), address),
        );
      expect(answers.filter((a) => !a.error)).toHaveLength(3);
      for (const a of answers.slice(3))
        expect([a.error?.details, a.error?.hint, a.error?.message]).toEqual([
          'too_many_waiting',
          REFUSALS.too_many_waiting.title,
          REFUSALS.too_many_waiting.message,
        ]);
      expect((await fullSlots(day)).length).toBeLessThanOrEqual(4);
      // A real customer still finds a free slot that day.
      expect((await place(pickup(day, '13:00', '+352 691 777 001'))).error).toBeNull();
    });

    it('one phone from 15 addresses fills at most 3 of them too; an accepted order frees its share', async () => {
      const day = openDay(1);
      const answers = [];
      for (const [i, time] of LUNCH.entries())
        answers.push(await place(pickup(day, time, '+352 621 200 200', i % 2 ? `x${i}@example.lu` : undefined)));
      const placed = answers.filter((a) => !a.error);
      expect(placed).toHaveLength(3);
      expect(answers.slice(3).every((a) => a.error?.details === 'too_many_waiting')).toBe(true);
      expect((await fullSlots(day)).length).toBeLessThanOrEqual(4);
      // The counter accepts one (a real customer, after all): the number may hold one more.
      const first = placed[0].data as { id: string };
      expect((await admin.rpc('accept_order', { p_order_id: first.id })).error).toBeNull();
      expect((await place(pickup(day, LUNCH[14], '+352 621 200 200'))).error).toBeNull();
      expect((await place(pickup(day, LUNCH[13], '+352 621 200 200'))).error?.details).toBe('too_many_waiting');
    });

    it('the counter refuses every waiting order of a phone or address at once and blocks both for the day', async () => {
      const day = openDay(2);
      const address = '203.0.113.20';
      const a = await place(pickup(day, '11:00', '+352 621 300 001'), address);
      const bOrder = await place(pickup(day, '11:15', '+352 621 300 002'), address);
      const samePhone = await place(pickup(day, '11:30', '+352 621 300 001'));
      const bystander = await place(pickup(day, '11:45', '+352 621 300 999'));
      for (const r of [a, bOrder, samePhone, bystander]) expect(r.error).toBeNull();
      const id = (r: typeof a) => (r.data as { id: string }).id;

      // Nobody but an admin may do it.
      for (const who of [from(), from(ip(), await customerToken())]) {
        const denied = await who.rpc('refuse_client_orders', { p_order_id: id(a), p_reason: 'Faux' });
        expect(denied.error?.code).toBe('42501');
      }
      const done = await admin.rpc('refuse_client_orders', { p_order_id: id(a), p_reason: 'Commandes fictives' });
      expect(done.error).toBeNull();
      expect(done.data).toMatchObject({ refused: 3, address_blocked: true });
      const { data: rows } = await admin
        .from('orders')
        .select('id, status, refusal_reason')
        .in('id', [id(a), id(bOrder), id(samePhone), id(bystander)]);
      const status = Object.fromEntries((rows ?? []).map((r) => [r.id, [r.status, r.refusal_reason]]));
      expect(status[id(a)]).toEqual(['Annulée', 'Commandes fictives']);
      expect(status[id(bOrder)]).toEqual(['Annulée', 'Commandes fictives']);
      expect(status[id(samePhone)]).toEqual(['Annulée', 'Commandes fictives']);
      expect(status[id(bystander)]).toEqual(['En attente', null]);

      // The address with a new phone, and the phone from a new address: refused, with the text to call.
      for (const r of [
        await place(pickup(day, '12:00', '+352 621 300 777'), address),
        await place(pickup(day, '12:15', '00352 621 300 001')),
      ])
        expect([r.error?.details, r.error?.hint, r.error?.message]).toEqual([
          'client_blocked',
          REFUSALS.client_blocked.title,
          REFUSALS.client_blocked.message,
        ]);
      expect((await place(pickup(day, '12:30', '+352 621 300 778'))).error).toBeNull();
    });
  });

  /** A signed-in customer's token (not an admin). */
  const customerToken = () =>
    b.context.jwt.sign(
      { role: 'authenticated', aud: 'authenticated', sub: crypto.randomUUID(), email: 'client@example.lu' },
      600,
    );

  it('forgets where an order came from after 60 days', async () => {
    const old = await place(pickup(openDay(6), '20:00', '+352 621 700 001'), '203.0.113.60');
    expect(old.error).toBeNull();
    const id = (old.data as { id: string }).id;
    await b.db.query(`update public.order_origins set created_at = now() - interval '61 days' where order_id = $1`, [
      id,
    ]);
    expect((await place(pickup(openDay(6), '20:15', '+352 621 700 002'))).error).toBeNull();
    const { rows } = await b.db.query(`select 1 from public.order_origins where order_id = $1`, [id]);
    expect(rows).toHaveLength(0);
  });

  describe('tracking by phone (fixed)', () => {
    const delivery = (phone: string) => ({
      customer: { name: 'Ana Sousa', phone, address: '5 rue de la Gare', postalCode: '4601', city: 'Differdange' },
      delivery_method: 'delivery',
      payment_method: 'cash',
      is_preorder: true,
      preorder_date: openDay(3),
      preorder_time: '19:30',
      items: [{ menuItemId: 'fr-1', quantity: 2 }],
    });

    it('shows the town, items, total and pre-order time only with the order number', async () => {
      const home = '203.0.113.30';
      const placed = await place(delivery('+352 661 500 001'), home);
      expect(placed.error).toBeNull();
      const byPhone = (await from(home).rpc('track_order', { p_term: '661500001' })).data;
      expect(byPhone).toMatchObject({ status: 'En attente', details_hidden: true, order_number: null });
      expect(JSON.stringify(byPhone)).not.toMatch(/Differdange|Francesinha|19:30|40[.,]98|38[.,]98/);
      const byNumber = (
        await from().rpc('track_order', { p_term: (placed.data as { order_number: string }).order_number })
      ).data;
      expect(byNumber).toMatchObject({ customer_city: 'Differdange', grand_total: 40.98, details_hidden: false });
    });

    it('a fake order with the same phone from elsewhere does not replace the customer’s order', async () => {
      const home = '203.0.113.31';
      const real = await place(delivery('+352 661 500 002'), home);
      const fake = await place(delivery('00352 661 500 002'), '192.0.2.99');
      expect(real.error).toBeNull();
      expect(fake.error).toBeNull();
      const seen = (await from(home).rpc('track_order', { p_term: '+352661500002' })).data as { created_at: string };
      expect(seen.created_at).toBe((real.data as { created_at: string }).created_at);
      expect((await from('192.0.2.100').rpc('track_order', { p_term: '661500002' })).data).toBeNull();
    });
  });

  describe('an anonymous order of 123,750 € (fixed)', () => {
    it('refuses an order without an account above the setting (500 € installed), with the text to call', async () => {
      const huge = pickup(openDay(4), '19:00', '+352 621 400 001');
      huge.items = Array.from({ length: 50 }, () => ({ menuItemId: '32', quantity: 99 }));
      const r = await place(huge);
      expect([r.error?.details, r.error?.hint, r.error?.message]).toEqual([
        'order_total_too_high',
        REFUSALS.order_total_too_high.title,
        orderTotalTooHighMessage('500,00€'),
      ]);
      // 33 chickens (495 €) pass; the owner may raise the limit.
      const fine = pickup(openDay(4), '19:15', '+352 621 400 002');
      fine.items = [{ menuItemId: '32', quantity: 33 }];
      expect((await place(fine)).error).toBeNull();
      const limits = (max_anonymous_total: number) =>
        admin.from('store_settings').update({ value: { max_anonymous_total } }).eq('key', 'order_limits');
      expect((await limits(1000)).error).toBeNull();
      const bigger = pickup(openDay(4), '19:30', '+352 621 400 003');
      bigger.items = [{ menuItemId: '32', quantity: 40 }];
      expect((await place(bigger)).error).toBeNull();
      expect((await place(huge)).error?.message).toBe(orderTotalTooHighMessage('1000,00€'));
      for (const max of [1e9, 0, -1]) expect((await limits(max)).error?.code, String(max)).toBe('23514');
      expect((await limits(500)).error).toBeNull();
    });
  });

  describe('the delivery fee decided by the typed town (fixed)', () => {
    it('decides the zone from the postal code when the zones list theirs; a zone without codes matches the town', async () => {
      const { data: before } = await admin.from('store_settings').select('value').eq('key', 'delivery_zones').single();
      const zones = [
        { name: 'Differdange', fee: 2, postal_codes: ['4501', '4601', '4602'] },
        { name: 'Luxembourg', fee: 9.5, postal_codes: ['1111', '2449'] },
        { name: 'Sanem', fee: 3 },
      ];
      expect(
        (await admin.from('store_settings').update({ value: zones }).eq('key', 'delivery_zones')).error,
      ).toBeNull();
      const order = (postalCode: string, city: string) => ({
        customer: {
          name: 'Ana Sousa',
          phone: `+352 661 6${String(++n).padStart(5, '0')}`,
          address: '1 rue X',
          postalCode,
          city,
        },
        delivery_method: 'delivery',
        payment_method: 'cash',
        is_preorder: true,
        preorder_date: openDay(5),
        preorder_time: '19:00',
        items: [{ menuItemId: 'fr-1', quantity: 2 }],
      });
      const fee = async (postalCode: string, city: string) => {
        const r = await place(order(postalCode, city));
        return r.error ? r.error.details : (r.data as { delivery_fee: number }).delivery_fee;
      };
      expect(await fee('L-2449', 'Differdange')).toBe(9.5);
      expect(await fee('l 4501', 'Luxembourg')).toBe(2);
      expect(await fee('4601', 'Differdange')).toBe(2);
      expect(await fee('L-9999', 'Differdange')).toBe('invalid_zone');
      expect(await fee('D-4601', 'Differdange')).toBe('invalid_postal_code');
      // A zone without codes: the towns of a code the register knows (4984 is Sanem's), else the typed town.
      expect(await fee('L-4984', 'Paris')).toBe(3);
      expect(await fee('4000', 'Sanem')).toBe(3);
      expect(await fee('4440', 'Sanem')).toBe('invalid_zone');
      const r = await place(order('9999', 'Differdange'));
      expect([r.error?.hint, r.error?.message]).toEqual([REFUSALS.invalid_zone.title, REFUSALS.invalid_zone.message]);

      for (const bad of [
        [{ name: 'A', fee: 2, postal_codes: ['45'] }],
        [{ name: 'A', fee: 2, postal_codes: 'L-4501' }],
        [
          { name: 'A', fee: 2, postal_codes: ['4501'] },
          { name: 'B', fee: 2, postal_codes: ['4501'] },
        ],
      ]) {
        const refused = await admin.from('store_settings').update({ value: bad }).eq('key', 'delivery_zones');
        expect(refused.error?.code, JSON.stringify(bad)).toBe('23514');
      }
      await admin.from('store_settings').update({ value: before!.value }).eq('key', 'delivery_zones');
    });
  });

  describe('admin values (fixed)', () => {
    it('refuses a dish at 0.004 €, a zone fee of 1e20 and a picture from another site', async () => {
      const price = await admin.from('menu_items').update({ price: 0.004 }).eq('id', '32');
      expect(price.error?.code).toBe('23514');
      expect((await admin.from('menu_items').update({ price: 15.5 }).eq('id', '32')).error).toBeNull();
      await admin.from('menu_items').update({ price: 15 }).eq('id', '32');

      const { data: zones } = await admin.from('store_settings').select('value').eq('key', 'delivery_zones').single();
      for (const fee of [1e20, 51, 2.005, -1]) {
        const r = await admin
          .from('store_settings')
          .update({ value: [{ name: 'Differdange', fee }] })
          .eq('key', 'delivery_zones');
        expect(r.error?.code, String(fee)).toBe('23514');
      }
      expect((await admin.from('store_settings').select('value').eq('key', 'delivery_zones').single()).data).toEqual({
        value: zones!.value,
      });

      const image = (url: string) => admin.from('menu_items').update({ image_src: url }).eq('id', '32');
      for (const url of [
        '//evil.example/x.png',
        'https://evil.example/x.png',
        'http://evil.example/storage/v1/object/public/menu-images/x.png',
      ]) {
        const r = await image(url);
        expect([r.error?.code, r.error?.details], url).toEqual(['23514', 'image_not_allowed']);
      }
      expect((await image('/\\evil.example/x.png')).error?.code).toBe('23514');
      const own = `${b.url}/storage/v1/object/public/menu-images/${crypto.randomUUID()}.webp`;
      for (const url of ['/images/menu/32.webp', own]) expect((await image(url)).error, url).toBeNull();
      expect((await image('https://cdn.example.lu/poulet.webp')).error?.code).toBe('23514');
      const hosts = await admin
        .from('store_settings')
        .insert({ key: 'image_hosts', value: { hosts: ['cdn.example.lu'] } });
      expect(hosts.error).toBeNull();
      expect((await image('https://cdn.example.lu/poulet.webp')).error).toBeNull();
      expect((await image('http://cdn.example.lu/poulet.webp')).error?.code).toBe('23514');
      const offer = await admin.from('offers').insert({
        title: 'Promo',
        image_url: '//evil.example/x.png',
        starts_on: openDay(0),
        ends_on: openDay(1),
      });
      expect(offer.error?.details).toBe('image_not_allowed');
      await image('/images/menu/32.webp');
    });

    it('bounds the restaurant name that goes out in every branded e-mail', async () => {
      const save = (name: string) =>
        admin
          .from('store_settings')
          .update({ value: { ...DEFAULT_RESTAURANT_IDENTITY, name } })
          .eq('key', 'restaurant');
      for (const name of [
        'Churrasqueira — votre colis: http://evil.example',
        'Churrasqueira www.evil.example',
        'Churrasqueira evil.example',
        'Appelez le +352 621 000 000',
        'Remboursement <a>ici</a>',
        'Churrasqueira Differdange '.repeat(3),
        'X',
      ]) {
        const r = await save(name);
        expect(r.error?.code, name).toBe('23514');
      }
      for (const name of ['Chez Émile & Fils (depuis 1987)', 'Churrasqueira Differdange', "O'Frango, Grill-Bar!"])
        expect((await save(name)).error, name).toBeNull();
      await save(DEFAULT_RESTAURANT_IDENTITY.name);
    });
  });
});
