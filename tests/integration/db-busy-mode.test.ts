import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { BUSY_PAUSED } from '../../src/shared/domain/refusals.js';
import { admin, anon, as, customer, failure, service, type AnyRow, type Caller } from './db-support.js';

/**
 * The counter's busy mode (set_busy_mode, store_settings busy_mode): « +20 min » for the next hour lengthens the
 * preparation time of immediate orders, « pause » refuses them for 30 minutes (pre-orders still pass), and each
 * ends by itself at its stored end time, or early with 'end'.
 */
// Wednesday 19 November 2025, 12:00 in Luxembourg (UTC+1): the kitchen is open.
const NOON = '2025-11-19T11:00:00Z';
const at = (minutesAfterNoon: number) => new Date(Date.parse(NOON) + minutesAfterNoon * 60_000).toISOString();

const pickup = (extra: Record<string, unknown> = {}) => ({
  customer: { name: 'Joana Silva', phone: '+352 621 123 456', email: 'joana@example.lu' },
  delivery_method: 'pickup',
  payment_method: 'cash',
  items: [{ menuItemId: '32', quantity: 1 }],
  ...extra,
});
const IDLE = { extra_minutes: 0, extra_until: null, paused_until: null };

describe.each(testDatabases())('the busy mode on %s', (kind) => {
  let b: TestBackend;
  const boss = admin();
  const place = (order: unknown, now: string) =>
    as(
      b,
      service,
      async (tx) =>
        (
          await tx.query<{ o: AnyRow }>(`select public.place_order($1::jsonb, $2::timestamptz) as o`, [
            JSON.stringify(order),
            now,
          ])
        ).rows[0]!.o,
    );
  const setBusy = (who: Caller, mode: string) =>
    as(
      b,
      who,
      async (tx) => (await tx.query<{ v: AnyRow }>(`select public.set_busy_mode($1) as v`, [mode])).rows[0]!.v,
    );
  const store = (value: unknown) =>
    b.db.query(`update public.store_settings set value = $1::jsonb where key = 'busy_mode'`, [JSON.stringify(value)]);
  const setAutoAccept = (on: boolean) =>
    b.db.query(
      `update public.store_settings set value = jsonb_set(value, '{auto_accept}', $1::jsonb) where key = 'order_acceptance'`,
      [JSON.stringify(on)],
    );

  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.db.query(`delete from public.orders`);
    await store(IDLE);
    await setAutoAccept(true);
  });

  it('refuses immediate orders while paused, with the end of the pause, and takes them again once it is over', async () => {
    await store({ ...IDLE, paused_until: at(30) });
    const refused = await failure(place(pickup(), at(0)));
    expect({ code: refused?.detail, title: refused?.hint, message: refused?.message }).toEqual(
      BUSY_PAUSED.refusal('12:30'),
    );
    expect(await failure(place(pickup(), at(29)))).toMatchObject({ detail: 'busy_paused' });
    // A pre-order for tomorrow is still taken during the pause.
    const pre = await place(pickup({ is_preorder: true, preorder_date: '2025-11-20', preorder_time: '12:30' }), at(0));
    expect(pre.is_preorder).toBe(true);
    // At 12:30 the pause is over by itself: nobody had to switch it off.
    const after = await place(pickup(), at(30));
    expect(after.status).toBe('Bien reçu');
  });

  it('adds 20 minutes to the estimate of immediate orders for the hour, then goes back to the usual time', async () => {
    const usual = await place(pickup(), at(0));
    expect([Date.parse(usual.ready_at as string), Date.parse(usual.slot_start as string)]).toEqual([
      Date.parse(at(30)),
      Date.parse(at(30)),
    ]);
    await store({ extra_minutes: 20, extra_until: at(60), paused_until: null });
    const busy = await place(pickup(), at(0));
    // 12:00 + 30 + 20 = 12:50: ready then, in the 12:45 slot (the slot the shop's cart shows).
    expect(Date.parse(busy.ready_at as string)).toBe(Date.parse(at(50)));
    expect(Date.parse(busy.slot_start as string)).toBe(Date.parse(at(45)));
    const later = await place(pickup(), at(60));
    expect(Date.parse(later.ready_at as string)).toBe(Date.parse(at(90)));
    // A pre-order keeps its slot.
    const pre = await place(pickup({ is_preorder: true, preorder_date: '2025-11-20', preorder_time: '12:30' }), at(0));
    expect(pre.preorder_time).toMatch(/^12:30/);
  });

  it('shows the longer estimate to the shop (order_slot_availability) and in the counter’s default acceptance', async () => {
    await setAutoAccept(false);
    await b.db.query(
      `update public.store_settings set value = jsonb_build_object('extra_minutes', 20, 'extra_until', now() + interval '1 hour', 'paused_until', null)
        where key = 'busy_mode'`,
    );
    const { rows } = await as(b, anon, (tx) =>
      tx.query<{ shown: string; expected: string }>(
        `select public.order_slot_availability('pickup') -> 'asap' ->> 'slot' as shown,
                to_char(to_timestamp(floor(extract(epoch from now() + interval '50 minutes') / 900) * 900)
                          at time zone 'Europe/Luxembourg', 'HH24:MI') as expected`,
      ),
    );
    expect(rows[0]!.shown).toBe(rows[0]!.expected);
    const { rows: inserted } = await b.db.query<{ id: string }>(
      `insert into public.orders (customer_name, customer_phone, delivery_method, payment_method, order_items, total_price, grand_total)
       values ('Rui', '+352621000999', 'pickup', 'cash', '[{"id":"32","name":"Poulet","quantity":1,"price":15,"options":[]}]', 15, 15)
       returning id`,
    );
    const accepted = await as(b, boss, async (tx) => {
      const { rows: r } = await tx.query<{ a: AnyRow }>(`select public.accept_order($1) as a`, [inserted[0]!.id]);
      const { rows: n } = await tx.query<{ n: string }>(`select now()::text as n`);
      return { ready: r[0]!.a.ready_at as string, now: n[0]!.n };
    });
    const minutes = (Date.parse(accepted.ready) - Date.parse(accepted.now)) / 60_000;
    expect(minutes).toBeGreaterThan(49);
    expect(minutes).toBeLessThanOrEqual(50);
  });

  it('is set in one call by the counter, with end times in whole minutes, and ended early', async () => {
    const before = Date.now();
    const extra = await setBusy(boss, 'extra');
    expect(extra.extra_minutes).toBe(20);
    const extraEnd = Date.parse(extra.extra_until as string);
    expect(extraEnd % 60_000).toBe(0);
    expect(extraEnd - before).toBeGreaterThan(59 * 60_000);
    expect(extraEnd - before).toBeLessThanOrEqual(61 * 60_000);
    const paused = await setBusy(boss, 'pause');
    // The pause keeps the extra minutes already set.
    expect(paused.extra_until).toBe(extra.extra_until);
    const pauseEnd = Date.parse(paused.paused_until as string);
    expect(pauseEnd - before).toBeGreaterThan(29 * 60_000);
    expect(pauseEnd - before).toBeLessThanOrEqual(31 * 60_000);
    // The shop reads it from the public settings.
    const { rows } = await as(b, anon, (tx) =>
      tx.query<{ value: AnyRow }>(`select value from public.store_settings where key = 'busy_mode'`),
    );
    expect(rows[0]!.value.paused_until).toBe(paused.paused_until);
    expect(await setBusy(boss, 'end')).toEqual(IDLE);
  });

  it('is for the counter only, and keeps its shape', async () => {
    expect((await failure(setBusy(anon, 'pause')))?.code).toBe('42501');
    expect((await failure(setBusy(customer('c', 'joana@example.lu'), 'pause')))?.code).toBe('42501');
    expect((await failure(setBusy(boss, 'forever')))?.detail).toBe('invalid_request');
    // A customer cannot write the row itself either (store_settings: admins only).
    const write = await failure(
      as(b, customer('c', 'joana@example.lu'), (tx) =>
        tx.query(`update public.store_settings set value = '{}' where key = 'busy_mode' returning key`).then((r) => {
          if (r.rows.length) throw new Error('changed');
        }),
      ),
    );
    expect(write === null || write.code === '42501').toBe(true);
    for (const bad of [{ extra_minutes: 500 }, { ...IDLE, paused_until: 'soon' }, { ...IDLE, extra_minutes: 'x' }]) {
      expect((await failure(store(bad)))?.code).toBe('23514');
    }
  });
});
