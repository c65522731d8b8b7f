import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { as, failure, service, type AnyRow } from './db-support.js';

const pickup = (extra: Record<string, unknown> = {}) => ({
  customer: { name: 'Joana Silva', phone: '+352 621 123 456', email: 'joana@example.lu' },
  delivery_method: 'pickup',
  payment_method: 'cash',
  items: [{ menuItemId: '32', quantity: 1 }],
  ...extra,
});

const SEEDED_HOURS = {
  timezone: 'Europe/Luxembourg',
  last_order_minutes_before_close: 30,
  slot_minutes: 15,
  days: {
    '1': [
      ['11:00', '15:00'],
      ['18:00', '22:00'],
    ],
    '2': [],
    '3': [
      ['11:00', '15:00'],
      ['18:00', '22:00'],
    ],
    '4': [
      ['11:00', '15:00'],
      ['18:00', '22:00'],
    ],
    '5': [
      ['11:00', '15:00'],
      ['18:00', '22:00'],
    ],
    '6': [
      ['11:00', '15:00'],
      ['18:00', '22:00'],
    ],
    '7': [
      ['11:00', '15:00'],
      ['18:00', '22:00'],
    ],
  },
};

describe.each(testDatabases())('opening hours and closures on %s', (kind) => {
  let b: TestBackend;
  let boss: SupabaseClient;
  let shopper: SupabaseClient;
  let visitor: SupabaseClient;

  /** place_order as the service role with a fixed clock: `at` is a Luxembourg wall-clock time. */
  const placeAt = async (localAt: string, order: unknown) => {
    const now = await utc(localAt);
    return as(
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
  };
  const utc = async (localAt: string) =>
    (
      await b.db.query<{ t: string }>(
        `select to_char(($1::timestamp at time zone 'Europe/Luxembourg') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as t`,
        [localAt],
      )
    ).rows[0]!.t;
  const value = async <T>(sql: string, params: unknown[] = []) => (await b.db.query<{ v: T }>(sql, params)).rows[0]!.v;
  /** The first day from today + offset with this ISO weekday (or any day but Tuesday). */
  const dayFrom = (offset: number, isodow?: number) =>
    value<string>(
      `select d::date::text as v from generate_series(public.restaurant_today() + $1::int, public.restaurant_today() + $1::int + 7, '1 day') d
        where case when $2::int is null then extract(isodow from d) <> 2 else extract(isodow from d) = $2::int end limit 1`,
      [offset, isodow ?? null],
    );
  const dayBefore = (day: string) => value<string>(`select ($1::date - 1)::text as v`, [day]);

  beforeAll(async () => {
    b = await startTestBackend(kind);
    const token = (app: Record<string, unknown>) =>
      b.context.jwt.sign(
        {
          role: 'authenticated',
          aud: 'authenticated',
          sub: crypto.randomUUID(),
          email: 'x@churrasqueira.lu',
          app_metadata: app,
        },
        3600,
      );
    boss = b.client(await token({ role: 'admin' }));
    shopper = b.client(await token({ provider: 'email' }));
    visitor = b.client();
  });
  afterAll(async () => b?.close());
  afterEach(async () => {
    await b.db.query(`delete from public.opening_exceptions`);
    await b.db.query(`update public.store_settings set value = $1::jsonb where key = 'opening_hours'`, [
      JSON.stringify(SEEDED_HOURS),
    ]);
  });

  it('the seed is the spec: closed on Tuesday, 11:00–15:00 and 18:00–22:00, last order 30 minutes before', async () => {
    const { data, error } = await visitor.from('store_settings').select('value').eq('key', 'opening_hours').single();
    expect(error).toBeNull();
    expect(data!.value).toEqual(SEEDED_HOURS);
  });

  it('anyone reads the exceptions, only an admin writes them', async () => {
    const day = await dayFrom(5);
    const row = { day, is_closed: true, services: [], reason: 'Fête nationale' };
    const denied = await visitor.from('opening_exceptions').insert(row);
    expect(denied.error?.code).toBe('42501');
    const customerTry = await shopper.from('opening_exceptions').insert(row);
    expect(customerTry.error?.code).toBe('42501');
    expect((await boss.from('opening_exceptions').insert(row)).error).toBeNull();
    const read = await visitor.from('opening_exceptions').select('day, is_closed, reason');
    expect(read.data).toEqual([{ day, is_closed: true, reason: 'Fête nationale' }]);
    const sneaky = await shopper.from('opening_exceptions').delete().eq('day', day).select();
    expect(sneaky.data).toEqual([]);
    const hours = await shopper
      .from('store_settings')
      .update({ value: { ...SEEDED_HOURS, days: { ...SEEDED_HOURS.days, '2': [['11:00', '15:00']] } } })
      .eq('key', 'opening_hours')
      .select();
    expect(hours.data).toEqual([]);
    expect(await value<AnyRow>(`select value as v from public.store_settings where key = 'opening_hours'`)).toEqual(
      SEEDED_HOURS,
    );
  });

  it('every input is bounded: times, order of services, four per day, offset, dates within two years, reason', async () => {
    const day = await dayFrom(5);
    const bad = async (row: Record<string, unknown>) => (await boss.from('opening_exceptions').insert(row)).error;
    expect((await bad({ day, is_closed: true, reason: 'x'.repeat(201) }))?.code).toBe('23514');
    expect((await bad({ day, is_closed: true, reason: 'Noël\u0007' }))?.code).toBe('23514');
    expect((await bad({ day, is_closed: false, services: [] }))?.code).toBe('23514');
    expect((await bad({ day, is_closed: true, services: [['11:00', '15:00']] }))?.code).toBe('23514');
    expect((await bad({ day, is_closed: false, services: [['25:00', '26:00']] }))?.code).toBe('23514');
    expect((await bad({ day, is_closed: false, services: [['15:00', '11:00']] }))?.code).toBe('23514');
    expect(
      (
        await bad({
          day,
          is_closed: false,
          services: [
            ['11:00', '15:00'],
            ['14:00', '16:00'],
          ],
        })
      )?.code,
    ).toBe('23514');
    const five = [
      ['08:00', '09:00'],
      ['10:00', '11:00'],
      ['12:00', '13:00'],
      ['14:00', '15:00'],
      ['16:00', '17:00'],
    ];
    expect((await bad({ day, is_closed: false, services: five }))?.code).toBe('23514');
    expect(await bad({ day, is_closed: false, services: five.slice(0, 4) })).toBeNull();
    const far = await value<string>(`select (public.restaurant_today() + 731)::text as v`);
    const tooFar = await bad({ day: far, is_closed: true, reason: 'Loin' });
    expect(tooFar).toMatchObject({ code: '23514', message: 'A data deve estar entre hoje e daqui a dois anos.' });
    const past = await value<string>(`select (public.restaurant_today() - 2)::text as v`);
    expect((await bad({ day: past, is_closed: true }))?.code).toBe('23514');

    const weekly = (patch: Record<string, unknown>) =>
      boss
        .from('store_settings')
        .update({ value: { ...SEEDED_HOURS, ...patch } })
        .eq('key', 'opening_hours');
    expect((await weekly({ days: { ...SEEDED_HOURS.days, '2': five } })).error?.code).toBe('23514');
    expect((await weekly({ days: { ...SEEDED_HOURS.days, '8': [] } })).error?.code).toBe('23514');
    expect((await weekly({ last_order_minutes_before_close: 181 })).error?.code).toBe('23514');
    expect((await weekly({ last_order_minutes_before_close: 45 })).error).toBeNull();
  });

  it('a holiday closure refuses that day’s orders and pre-orders with its reason; the next day takes them', async () => {
    const holiday = await dayFrom(3, 4); // a Thursday: the Friday after is open
    const next = await value<string>(`select ($1::date + 1)::text as v`, [holiday]);
    expect(
      (await boss.from('opening_exceptions').insert({ day: holiday, is_closed: true, reason: 'Noël' })).error,
    ).toBeNull();

    const now = await failure(placeAt(`${holiday} 12:00`, pickup()));
    expect(now).toEqual({
      code: 'P0001',
      detail: 'outside_hours',
      hint: 'Restaurant fermé',
      message: "Fermé aujourd'hui (Noël) — réouverture demain à 11:00. Vous pouvez passer une pré-commande.",
    });
    expect(
      await value<string>(`select public.opening_refusal($1::timestamptz) as v`, [await utc(`${holiday} 12:00`)]),
    ).toBe(`Fermé aujourd'hui (Noël) — réouverture demain à 11:00. Vous pouvez passer une pré-commande.`);

    const pre = await failure(
      placeAt(
        `${await dayBefore(holiday)} 12:00`,
        pickup({ is_preorder: true, preorder_date: holiday, preorder_time: '12:00' }),
      ),
    );
    expect(pre).toMatchObject({ detail: 'preorder_closed_day' });
    expect(pre!.message).toBe(
      `Le restaurant est fermé le ${await value<string>(`select public.french_day($1::date) as v`, [holiday])} (Noël). Veuillez choisir un autre jour.`,
    );
    const slot = await value<boolean>(
      `select public.order_slot_offered(($1::date + time '12:00') at time zone 'Europe/Luxembourg', true) as v`,
      [holiday],
    );
    expect(slot).toBe(false);

    expect((await placeAt(`${next} 12:00`, pickup())).status).toBe('En attente');
    await b.db.query(`delete from public.orders`);
  });

  it('a special opening on a Tuesday takes orders in its own service, last order included', async () => {
    const tuesday = await dayFrom(2, 2);
    await expect(failure(placeAt(`${tuesday} 12:30`, pickup()))).resolves.toMatchObject({ detail: 'outside_hours' });
    const special = { day: tuesday, is_closed: false, services: [['12:00', '16:00']], reason: 'Fête des mères' };
    expect((await boss.from('opening_exceptions').insert(special)).error).toBeNull();

    expect((await placeAt(`${tuesday} 12:30`, pickup())).status).toBe('En attente');
    expect((await placeAt(`${tuesday} 15:30`, pickup())).status).toBe('En attente');
    expect(await failure(placeAt(`${tuesday} 15:31`, pickup()))).toMatchObject({ detail: 'outside_hours' });
    expect(await failure(placeAt(`${tuesday} 11:30`, pickup()))).toMatchObject({ detail: 'outside_hours' });
    expect(
      await value<string>(`select public.opening_refusal($1::timestamptz) as v`, [await utc(`${tuesday} 11:30`)]),
    ).toBe('Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.');

    const before = await dayBefore(tuesday);
    const preorder = (time: string) =>
      placeAt(`${before} 12:00`, pickup({ is_preorder: true, preorder_date: tuesday, preorder_time: time }));
    expect((await preorder('15:30')).status).toBe('En attente');
    expect(await failure(preorder('15:45'))).toMatchObject({
      detail: 'preorder_invalid_time',
      message: 'Veuillez choisir une heure de commande entre 12:00–15:30, par tranches de 15 minutes.',
    });
    await b.db.query(`delete from public.orders`);
  });

  it('the last-order offset the owner sets moves the last order of each service', async () => {
    const day = await dayFrom(2);
    expect(
      (
        await boss
          .from('store_settings')
          .update({ value: { ...SEEDED_HOURS, last_order_minutes_before_close: 60 } })
          .eq('key', 'opening_hours')
      ).error,
    ).toBeNull();
    expect((await placeAt(`${day} 14:00`, pickup())).status).toBe('En attente');
    expect(await failure(placeAt(`${day} 14:01`, pickup()))).toMatchObject({ detail: 'outside_hours' });
    const before = await dayBefore(day);
    const preorder = (time: string) =>
      placeAt(`${before} 12:00`, pickup({ is_preorder: true, preorder_date: day, preorder_time: time }));
    expect((await preorder('21:00')).status).toBe('En attente');
    expect(await failure(preorder('21:15'))).toMatchObject({ detail: 'preorder_invalid_time' });
    await b.db.query(`delete from public.orders`);
  });

  it('Luxembourg time across the changes of hour: 11:00 is 10:00 UTC in winter and 09:00 UTC in summer', async () => {
    // Sunday 28 March 2027: summer time from 02:00. 09:15 UTC is 11:15 in Luxembourg.
    expect(
      (
        await as(b, service, (tx) =>
          tx.query<{ o: AnyRow }>(`select public.place_order($1::jsonb, '2027-03-28T09:15:00Z') as o`, [
            JSON.stringify(pickup()),
          ]),
        )
      ).rows[0]!.o.status,
    ).toBe('En attente');
    // Saturday 27 March 2027, still winter time: 09:15 UTC is 10:15, before the first service.
    const winter = await failure(
      as(b, service, (tx) =>
        tx.query(`select public.place_order($1::jsonb, '2027-03-27T09:15:00Z')`, [JSON.stringify(pickup())]),
      ),
    );
    expect(winter).toMatchObject({ detail: 'outside_hours' });
    expect(await value<string>(`select public.opening_refusal('2027-03-27T09:15:00Z') as v`)).toBe(
      'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.',
    );
    const iso = (sql: string) =>
      value<string>(`select to_char((${sql}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as v`);
    expect(await iso(`public.next_opening('2027-03-27T09:15:00Z')`)).toBe('2027-03-27T10:00Z');
    expect(await iso(`public.next_opening('2027-03-27T21:00:00Z')`)).toBe('2027-03-28T09:00Z');
    // Saturday 30 October 2027 closed for stocktaking; summer time ends that night at 03:00, so
    // Sunday's 11:00 is 10:00 UTC.
    const closures = [
      { day: '2027-10-30', is_closed: true, reason: 'Inventaire' },
      { day: '2027-11-01', is_closed: true, reason: 'Toussaint' },
    ];
    expect((await boss.from('opening_exceptions').insert(closures)).error).toBeNull();
    expect(await iso(`public.next_opening('2027-10-30T10:00:00Z')`)).toBe('2027-10-31T10:00Z');
    expect(await value<string>(`select public.opening_refusal('2027-10-30T10:00:00Z') as v`)).toBe(
      "Fermé aujourd'hui (Inventaire) — réouverture demain à 11:00. Vous pouvez passer une pré-commande.",
    );
    // Monday 1 November closed, Tuesday closed every week: Wednesday 3 November 11:00 (10:00 UTC).
    expect(await iso(`public.next_opening('2027-11-01T11:00:00Z')`)).toBe('2027-11-03T10:00Z');
    expect(await value<string>(`select public.opening_refusal('2027-11-01T11:00:00Z') as v`)).toBe(
      "Fermé aujourd'hui (Toussaint) — réouverture le mercredi 3 novembre à 11:00. Vous pouvez passer une pré-commande.",
    );
    await b.db.query(`delete from public.orders`);
  });
});
