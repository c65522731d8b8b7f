import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  BUSY_PAUSED,
  CLOSED_TODAY,
  closedDayMessage,
  FIELD_LABELS,
  fieldTooLong,
  invalidTimeMessage,
  MINIMUM_NOT_MET_TITLE,
  REFUSALS,
  type RefusalKey,
} from '../../src/shared/domain/refusals.js';
import { formatLongDateFr } from '../../src/shared/domain/french-dates.js';
import { minimumOrderWarning } from '../../src/shared/domain/minimum-order.js';
import type { Refusal } from '../../src/shared/domain/refusal.js';
import { restaurantClock, restaurantDate } from '../../src/shared/domain/restaurant-time.js';

/**
 * Every refusal text of src/shared/domain/refusals.ts against the SQL that raises it: the shop shows the
 * database's words as they come and answers the same words before sending, so the two may never drift.
 */
class Rollback extends Error {}

/** A Monday one to two weeks ahead (dated closures and reservations must lie ahead); Tuesday is closed in the installed week. */
const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const ahead = new Date(Date.now() + 8 * DAY_MS);
const mondayAt = new Date(ahead.getTime() + ((8 - ahead.getUTCDay()) % 7) * DAY_MS);
const dayAfterMonday = (n: number) => isoDay(new Date(mondayAt.getTime() + n * DAY_MS));
const [MONDAY, TUESDAY, WEDNESDAY] = [dayAfterMonday(0), dayAfterMonday(1), dayAfterMonday(2)];
/** Noon and 02:00 or 03:00 in Luxembourg: open, then closed. */
const MONDAY_NOON = `${MONDAY}T11:00:00Z`;
const MONDAY_NIGHT = `${MONDAY}T01:00:00Z`;
const DISH = 'refusal-dish';
const CHEAP = 'refusal-cheap';
const person = {
  name: 'Ana Silva',
  phone: '+352 621 000 000',
  address: 'Rue 1',
  postalCode: 'L-4501',
  city: 'Differdange',
};
const order = (over: Record<string, unknown> = {}) => ({
  deliveryMethod: 'delivery',
  paymentMethod: 'cash',
  customer: person,
  items: [{ menuItemId: DISH, quantity: 1 }],
  ...over,
});
const placeOrder = (body: Record<string, unknown>, now = MONDAY_NOON) =>
  [`select public.place_order($1::jsonb, $2::timestamptz)`, [JSON.stringify(body), now]] as const;
const reservation = (over: Partial<Record<'name' | 'email' | 'date' | 'time' | 'people' | 'message', string>> = {}) => {
  const r = {
    name: 'Ana',
    email: 'ana@example.lu',
    date: MONDAY,
    time: '19:00',
    people: '2',
    message: '',
    ...over,
  };
  return [
    `select public.create_reservation($1, $2, '+352 621 000 000', $3, $4, $5, $6)`,
    [r.name, r.email, r.date, r.time, r.people, r.message],
  ] as const;
};
const challenge = (name: string, agreed: boolean) =>
  [`select public.register_challenge($1, 'ana@example.lu', null, $2)`, [name, agreed]] as const;
const slot = (date: string | null, time: string) =>
  [`select public.check_preorder_slot($1::date, $2, $3::date)`, [date, time, MONDAY]] as const;
const bounds = (body: Record<string, unknown>) =>
  [`select public.check_order_bounds($1::jsonb, $2::timestamptz)`, [JSON.stringify(body), MONDAY_NOON]] as const;

type Call = readonly [string, readonly unknown[]];

/** Settings changed only for the one call (rolled back with it). */
const setting = (key: string, path: string, value: unknown) =>
  [
    `update public.store_settings set value = jsonb_set(value, $2, $3::jsonb) where key = $1`,
    [key, `{${path}}`, JSON.stringify(value)],
  ] as const;

/** For each refusal: the settings it needs, then the call that must raise it. */
const TRIGGERS: Record<RefusalKey, { before?: Call[]; call: Call }> = {
  ordering_closed: { before: [setting('ordering', 'is_enabled', false)], call: placeOrder(order()) },
  preorder_missing_datetime: { call: placeOrder(order({ isPreorder: true })) },
  missing_fields: { call: placeOrder(order({ customer: { ...person, phone: null } })) },
  client_blocked: {
    before: [
      [
        `insert into public.blocked_clients (kind, key, blocked_until) values ('phone', public.phone_key($1), now() + interval '1 hour')`,
        [person.phone],
      ],
    ],
    call: placeOrder(order()),
  },
  invalid_name: { call: placeOrder(order({ customer: { ...person, name: 'x' } })) },
  invalid_phone: { call: placeOrder(order({ customer: { ...person, phone: 'abc' } })) },
  invalid_postal_code: { call: placeOrder(order({ customer: { ...person, postalCode: 'zzz' } })) },
  invalid_email: { call: placeOrder(order({ customer: { ...person, email: 'ana@' } })) },
  empty_cart: { call: placeOrder(order({ items: [] })) },
  item_unavailable: { call: placeOrder(order({ items: [{ menuItemId: 'no-such-dish', quantity: 1 }] })) },
  invalid_item: { call: placeOrder(order({ items: [{ menuItemId: DISH, quantity: 0 }] })) },
  // The postal code decides the zone: Luxembourg City's, wherever the town typed.
  invalid_zone: { call: placeOrder(order({ customer: { ...person, postalCode: 'L-1111', city: 'Differdange' } })) },
  order_total_too_high: { call: placeOrder(order({ items: [{ menuItemId: DISH, quantity: 21 }] })) },
  too_many_waiting: {
    before: [
      [`update public.rate_limits set max_hits = 1 where bucket = 'waiting_orders'`, []],
      // As the service role, so the order is placed at MONDAY_NOON (its slot is on that day).
      [
        `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
        [],
      ],
      placeOrder(order({ deliveryMethod: 'pickup' })),
    ],
    call: [`select public.check_waiting_orders_share($1::timestamptz, $2, null)`, [MONDAY_NOON, person.phone]],
  },
  total_changed: { call: placeOrder(order({ expectedTotal: 0.01 })) },
  preorder_too_soon: {
    // As the service role, so the order is placed at MONDAY_NOON: 11:00 that day is already past.
    before: [
      [
        `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
        [],
      ],
    ],
    call: placeOrder(
      order({ deliveryMethod: 'pickup', isPreorder: true, preorderDate: MONDAY, preorderTime: '11:00' }),
    ),
  },
  delivery_disabled: { before: [setting('delivery_options', 'is_enabled', false)], call: placeOrder(order()) },
  outside_hours: { call: placeOrder(order({ deliveryMethod: 'pickup' }), MONDAY_NIGHT) },
  preorder_invalid_date: { call: slot(null, '12:00') },
  preorder_too_early: { call: slot(dayAfterMonday(-1), '12:00') },
  preorder_closed_day: { call: slot(TUESDAY, '12:00') },
  preorder_invalid_time: { call: slot(WEDNESDAY, '03:00') },
  too_many_lines: { call: bounds({ items: Array.from({ length: 51 }, () => ({ menuItemId: DISH, quantity: 1 })) }) },
  too_many_options: { call: bounds({ items: [{ menuItemId: DISH, quantity: 1, options: Array(11).fill('x') }] }) },
  preorder_too_far: { call: bounds({ isPreorder: true, preorderDate: dayAfterMonday(62), preorderTime: '12:00' }) },
  date_too_far: { call: reservation({ date: '2099-01-05' }) },
  invalid_date: { call: reservation({ date: '2030-02-30' }) },
  date_in_past: { call: reservation({ date: '2000-01-07' }) },
  // Midnight today in Luxembourg: already past, whatever the minute the test runs at.
  time_in_past: { call: reservation({ date: restaurantDate(new Date()), time: '00:00' }) },
  invalid_time: { call: reservation({ time: '25:00' }) },
  invalid_people: { call: reservation({ people: '11' }) },
  // A service of 4 guests with 3 booked: 2 more do not fit.
  reservation_full: {
    before: [
      [
        `insert into public.store_settings (key, value, is_public) values ('reservation_capacity', '{"guests_per_service": 4}', false)
         on conflict (key) do update set value = excluded.value`,
        [],
      ],
      [
        `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people)
         values ('Rui', 'rui@example.lu', '+352621000001', $1::date, '19:30', '3')`,
        [MONDAY],
      ],
    ],
    // As the trigger of a public booking does (the service role itself is not counted).
    call: [`select public.check_reservation_room($1::date, '19:00'::time, '2')`, [MONDAY]],
  },
  name_required: { call: challenge(' ', true) },
  terms_not_accepted: { call: challenge('Ana', false) },
  search_term_required: { call: [`select * from public.track_order($1)`, ['  ']] },
  // The 8-character number is not the order's link: only its full id is.
  order_not_found: { call: [`select public.cancel_my_order(left(gen_random_uuid()::text, 8))`, []] },
  cancel_too_late: {
    before: [
      [
        `insert into public.orders (id, customer_name, customer_phone, delivery_method, payment_method, order_items,
           total_price, delivery_fee, grand_total, status)
         values ('7e1c0a55-0000-4000-8000-00000000ca11', 'Ana', $1, 'pickup', 'cash', $2::jsonb, 25, 0, 25, 'Bien reçu')`,
        [person.phone, JSON.stringify([{ id: DISH, name: 'Plat du test', price: 25, quantity: 1, options: [] }])],
      ],
    ],
    call: [`select public.cancel_my_order('7e1c0a55-0000-4000-8000-00000000ca11')`, []],
  },
  // A guest order placed with the customer's confirmed e-mail, still waiting: it counts as theirs.
  open_order: {
    before: [
      [
        `insert into public.orders (customer_name, customer_phone, customer_email, delivery_method, payment_method,
           order_items, total_price, delivery_fee, grand_total)
         values ('Ana', $1, 'ana@example.lu', 'pickup', 'cash', $2::jsonb, 25, 0, 25)`,
        [person.phone, JSON.stringify([{ id: DISH, name: 'Plat du test', price: 25, quantity: 1, options: [] }])],
      ],
    ],
    call: [`select public.check_no_open_order(gen_random_uuid(), 'ana@example.lu')`, []],
  },
};

describe.each(testDatabases())('the refusal texts of the domain are the database’s on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    await b.db.query(
      `insert into public.menu_items (id, category_id, name, price, unavailable, item_type)
       select v.id, c.id, v.name, v.price, false, 'dish'
         from (values ($1, 'Plat du test', 25), ($2, 'Petit plat du test', 5)) as v(id, name, price),
              (select id from public.menu_categories order by sort_order limit 1) c`,
      [DISH, CHEAP],
    );
  });
  afterAll(async () => b?.close());

  /** The refusal one call raises, in a transaction that is rolled back (settings, rows and rate limits leave no trace). */
  async function refusalOf({ before = [], call }: { before?: Call[]; call: Call }): Promise<Refusal> {
    let answer: Refusal | undefined;
    await b.db
      .transaction(async (tx) => {
        for (const [sql, params] of before) await tx.query(sql, [...params]);
        await tx.query(
          `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
        );
        try {
          await tx.query(call[0], [...call[1]]);
        } catch (e) {
          const err = e as { code?: string; detail?: string; hint?: string; message: string };
          if (err.code !== 'P0001') throw e;
          answer = { code: err.detail!, title: err.hint!, message: err.message };
        }
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    if (!answer) throw new Error(`${call[0]} raised no refusal`);
    return answer;
  }

  it.each(Object.keys(TRIGGERS) as RefusalKey[])('%s', async (key) => {
    expect(await refusalOf(TRIGGERS[key])).toEqual(REFUSALS[key]);
  });

  it('the texts with a value in them: too long fields, the minimum, a dated closure, other hours, closed today', async () => {
    for (const [field, max, call] of [
      ['name', 200, bounds({ customer: { name: 'A'.repeat(201) } })],
      ['phone', 40, bounds({ customer: { phone: '1'.repeat(41) } })],
      ['email', 254, bounds({ customer: { email: 'a'.repeat(255) } })],
      ['address', 300, bounds({ customer: { address: 'a'.repeat(301) } })],
      ['postalCode', 20, bounds({ customer: { postalCode: '1'.repeat(21) } })],
      ['city', 100, bounds({ customer: { city: 'a'.repeat(101) } })],
      ['notes', 2000, bounds({ notes: 'a'.repeat(2001) })],
      ['message', 2000, reservation({ message: 'a'.repeat(2001) })],
    ] as const) {
      expect(await refusalOf({ call })).toEqual(fieldTooLong(FIELD_LABELS[field], max));
    }

    expect(await refusalOf({ call: placeOrder(order({ items: [{ menuItemId: CHEAP, quantity: 1 }] })) })).toEqual({
      code: 'minimum_not_met',
      title: MINIMUM_NOT_MET_TITLE,
      message: minimumOrderWarning(5, 'delivery'),
    });

    const closure = `insert into public.opening_exceptions (day, is_closed, reason) values ($1::date, true, $2)`;
    expect(await refusalOf({ before: [[closure, [WEDNESDAY, 'Inventaire']]], call: slot(WEDNESDAY, '12:00') })).toEqual(
      {
        ...REFUSALS.preorder_closed_day,
        message: closedDayMessage(`${formatLongDateFr(WEDNESDAY).replace(/ \d{4}$/, '')} (Inventaire)`),
      },
    );

    expect(
      await refusalOf({
        before: [setting('opening_hours', 'slot_minutes', 30)],
        call: slot(WEDNESDAY, '11:15'),
      }),
    ).toEqual({ ...REFUSALS.preorder_invalid_time, message: invalidTimeMessage('11:00–14:30 et 18:00–21:30', 30) });

    // The counter paused immediate orders for half an hour (busy mode): the end of the pause, in Luxembourg time.
    const pausedUntil = new Date(Date.parse(MONDAY_NOON) + 30 * 60_000);
    const busy = await refusalOf({
      before: [setting('busy_mode', 'paused_until', pausedUntil.toISOString())],
      call: placeOrder(order({ deliveryMethod: 'pickup' })),
    });
    expect(busy).toEqual(BUSY_PAUSED.refusal(restaurantClock(pausedUntil).time));

    const closedToday = await refusalOf({
      before: [[closure, [WEDNESDAY, 'Inventaire']]],
      call: placeOrder(order({ deliveryMethod: 'pickup' }), `${WEDNESDAY}T11:00:00Z`),
    });
    const notice = CLOSED_TODAY.notice('Inventaire', CLOSED_TODAY.reopeningTomorrow('11:00'));
    expect(closedToday).toEqual({ ...REFUSALS.outside_hours, message: CLOSED_TODAY.refusal(notice) });
  });
});
