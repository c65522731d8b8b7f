import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { REFUSALS } from '../../src/shared/domain/refusals.js';
import { restaurantClock } from '../../src/shared/domain/restaurant-time.js';
import { admin, anon, as, failure, service, type Caller, type AnyRow } from './db-support.js';

/*
 * Issue 29, items 1 and 4 in the database: a pre-order for later today (closed now, open later; inside a
 * service of today, not past, after the kitchen's preparation time, within the slot's capacity), and the
 * total the customer saw (expectedTotal), refused when the menu changed in between.
 */

// Monday 24 November 2025 in Luxembourg (UTC+1): 16:00 is between the lunch and the evening service.
const MONDAY = '2025-11-24';
const MONDAY_16 = '2025-11-24T15:00:00Z';
const MONDAY_1745 = '2025-11-24T16:45:00Z';
const MONDAY_NOON = '2025-11-24T11:00:00Z';

let phoneSeq = 0;
const pickup = (extra: Record<string, unknown> = {}) => ({
  customer: { name: 'Joana Silva', phone: `+352 621 400 ${String(100 + phoneSeq++)}`, email: null },
  deliveryMethod: 'pickup',
  paymentMethod: 'cash',
  items: [{ menuItemId: '32', quantity: 1 }],
  ...extra,
});
const today = (time: string, extra: Record<string, unknown> = {}) =>
  pickup({ isPreorder: true, preorderDate: MONDAY, preorderTime: time, ...extra });

describe.each(testDatabases())('pre-orders for later today and the total the customer saw, on %s', (kind) => {
  let b: TestBackend;
  const place = (who: Caller, order: unknown, now: string | null) =>
    as(
      b,
      who,
      async (tx) =>
        (
          await tx.query<{ o: AnyRow }>(`select public.place_order($1::jsonb, $2::timestamptz) as o`, [
            JSON.stringify(order),
            now,
          ])
        ).rows[0]!.o,
    );
  const refusal = (order: unknown, now: string) => failure(place(service, order, now));
  const setSetting = (key: string, value: unknown) =>
    as(b, admin(), (tx) =>
      tx.query(`update public.store_settings set value = $2::jsonb where key = $1`, [key, JSON.stringify(value)]),
    );
  const setPrice = (id: string, price: number) =>
    as(b, admin(), (tx) => tx.query(`update public.menu_items set price = $2 where id = $1`, [id, price]));
  const acceptance = (over: Record<string, unknown> = {}) =>
    setSetting('order_acceptance', {
      default_ready_minutes: 30,
      auto_accept: false,
      capacity: { delivery: null, pickup: null },
      ...over,
    });

  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await setSetting('ordering', { is_enabled: true, message: '' });
    await acceptance();
    await setPrice('32', 15);
  });

  it('closed now, open later today: no order for now, a pre-order for the evening slots is taken', async () => {
    expect((await refusal(pickup(), MONDAY_16))?.detail).toBe('outside_hours');
    const o = await place(service, today('18:00'), MONDAY_16);
    expect([o.is_preorder, o.preorder_date, o.preorder_time, o.status]).toEqual([
      true,
      MONDAY,
      '18:00:00',
      'En attente',
    ]);
    // Still a slot of a service of today: between the services or off the quarter hours is refused.
    expect((await refusal(today('16:30'), MONDAY_16))?.detail).toBe('preorder_invalid_time');
    expect((await refusal(today('18:10'), MONDAY_16))?.detail).toBe('preorder_invalid_time');
    // A slot of today already past: refused with its own words.
    const past = await refusal(today('12:00'), MONDAY_16);
    expect([past?.detail, past?.hint, past?.message]).toEqual([
      'preorder_too_soon',
      REFUSALS.preorder_too_soon.title,
      REFUSALS.preorder_too_soon.message,
    ]);
  });

  it('leaves the kitchen its preparation time (order_acceptance.default_ready_minutes)', async () => {
    expect((await refusal(today('18:00'), MONDAY_1745))?.detail).toBe('preorder_too_soon');
    expect((await place(service, today('18:15'), MONDAY_1745)).preorder_time).toBe('18:15:00');
    await acceptance({ default_ready_minutes: 60 });
    expect((await refusal(today('18:30'), MONDAY_1745))?.detail).toBe('preorder_too_soon');
    expect((await place(service, today('18:45'), MONDAY_1745)).preorder_time).toBe('18:45:00');
    // While open, later today too: at noon, the evening.
    expect((await place(service, today('19:30'), MONDAY_NOON)).preorder_time).toBe('19:30:00');
  });

  it('counts a pre-order of today in its slot’s capacity', async () => {
    await acceptance({ capacity: { delivery: null, pickup: 1 } });
    await place(service, today('20:00'), MONDAY_16);
    const full = await refusal(today('20:00'), MONDAY_16);
    expect([full?.detail, full?.message]).toEqual([
      'slot_full',
      'Le créneau de 20:00 est complet. Prochain créneau libre : 20:15.',
    ]);
  });

  it('ordering switched off closes today: no pre-order for later today, another day still', async () => {
    await setSetting('ordering', {
      is_enabled: false,
      message: 'As encomendas online estão temporariamente fechadas.',
    });
    expect((await refusal(today('19:00'), MONDAY_16))?.detail).toBe('ordering_closed');
    const o = await place(
      service,
      pickup({ isPreorder: true, preorderDate: '2025-11-26', preorderTime: '19:00' }),
      MONDAY_16,
    );
    expect(o.preorder_date).toBe('2025-11-26');
  });

  it('tells the shop from when a pre-order of today is taken (asap.preorder_from)', async () => {
    await acceptance({ default_ready_minutes: 45 });
    const before = Date.now();
    const answer = await as(
      b,
      anon,
      async (tx) =>
        (await tx.query<{ a: AnyRow }>(`select public.order_slot_availability('pickup', null) as a`)).rows[0]!.a,
    );
    const after = Date.now();
    const from = (answer.asap as { preorder_from: string }).preorder_from;
    const bound = (t: number) => {
      const c = restaurantClock(new Date(Math.ceil((t + 45 * 60_000) / 60_000) * 60_000));
      return c.date === restaurantClock(new Date(t)).date ? c.time : '24:00';
    };
    expect(from >= bound(before - 1000) && from <= bound(after + 1000)).toBe(true);
  });

  it('refuses an order whose total is not the total the customer saw, and takes the one they saw', async () => {
    const repriced = pickup({ expectedTotal: 15 });
    expect((await place(service, repriced, MONDAY_NOON)).grand_total).toBe(15);
    // The counter reprices the dish between the cart's last read and the order.
    await setPrice('32', 16.5);
    const changed = await refusal(pickup({ expectedTotal: 15 }), MONDAY_NOON);
    expect([changed?.detail, changed?.hint, changed?.message]).toEqual([
      'total_changed',
      REFUSALS.total_changed.title,
      REFUSALS.total_changed.message,
    ]);
    // Nothing was placed by the refused call; the new total, once seen, is taken.
    expect((await place(service, pickup({ expectedTotal: 16.5 }), MONDAY_NOON)).grand_total).toBe(16.5);
    // The delivery fee is part of what the customer saw.
    const delivery = {
      ...pickup({ expectedTotal: 33 }),
      deliveryMethod: 'delivery',
      items: [{ menuItemId: '32', quantity: 2 }],
      customer: { name: 'Joana', phone: '+352 621 400 999', address: '1 rue', postalCode: '4601', city: 'Differdange' },
    };
    expect((await refusal(delivery, MONDAY_NOON))?.detail).toBe('total_changed');
    const o = await place(service, { ...delivery, expectedTotal: 35 }, MONDAY_NOON);
    expect([o.total_price, o.delivery_fee, o.grand_total]).toEqual([33, 2, 35]);
    // Only a number is read as a total; no expectedTotal: the order is simply priced (older shops).
    expect((await refusal(pickup({ expectedTotal: '16,50' }), MONDAY_NOON))?.detail).toBe('invalid_request');
    expect((await place(service, pickup(), MONDAY_NOON)).grand_total).toBe(16.5);
  });

  it('an offer that started after the cart was read is refused the same way', async () => {
    await as(b, admin(), (tx) =>
      tx.query(
        `insert into public.offers (title, item_id, price, delivery_method, starts_on, ends_on) values ('Lundi', '32', 12.5, 'pickup', $1, $1)`,
        [MONDAY],
      ),
    );
    try {
      expect((await refusal(pickup({ expectedTotal: 15 }), MONDAY_NOON))?.detail).toBe('total_changed');
      expect((await place(service, pickup({ expectedTotal: 12.5 }), MONDAY_NOON)).grand_total).toBe(12.5);
    } finally {
      await as(b, admin(), (tx) => tx.query(`delete from public.offers where title = 'Lundi'`));
    }
  });
});
