import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, service, signUp, type Caller, type AnyRow } from './db-support.js';

// Wednesday 19 November 2025, 12:00 in Luxembourg (UTC+1): the kitchen is open.
const WEDNESDAY_NOON = '2025-11-19T11:00:00Z';

const pickup = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  customer: { name: 'Joana Silva', phone: '+352 621 123 456', email: 'joana@example.lu' },
  delivery_method: 'pickup',
  payment_method: 'cash',
  items,
  ...extra,
});
/** The postal code decides the zone: a town outside every zone comes with a Luxembourg-City code. */
const delivery = (
  items: unknown[],
  city = 'Differdange',
  extra: Record<string, unknown> = {},
  postalCode?: string,
) => ({
  customer: {
    name: 'Joana Silva',
    phone: '+352 621 123 456',
    email: 'joana@example.lu',
    address: '12 rue de la Gare',
    postalCode: postalCode ?? (city === 'Paris' ? 'L-1111' : '4601'),
    city,
  },
  delivery_method: 'delivery',
  payment_method: 'card',
  items,
  ...extra,
});

describe.each(testDatabases())('place_order on %s', (kind) => {
  let b: TestBackend;
  const place = (who: Caller, order: unknown, now: string | null = WEDNESDAY_NOON) =>
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
  const refusal = async (who: Caller, order: unknown, now: string | null = WEDNESDAY_NOON) =>
    failure(place(who, order, now));
  const setSetting = (key: string, value: unknown) =>
    as(b, admin(), (tx) =>
      tx.query(`update public.store_settings set value = $2::jsonb where key = $1`, [key, JSON.stringify(value)]),
    );

  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await setSetting('ordering', { is_enabled: true, message: '' });
    await setSetting('delivery_options', { is_enabled: true });
  });

  it('recomputes every price and total, ignoring what the browser sent', async () => {
    const o = await place(service, {
      ...delivery(
        [
          { menuItemId: '32', quantity: 2, price: 0.01, name: 'Cheap chicken' },
          { id: 'kid-1_nuggets', quantity: 1, price: 0 },
          { menuItemId: 'hb-1', quantity: 1, options: [{ id: 'acc-5', price: 0 }] },
        ],
        ' niederKORN ',
      ),
      total_price: 1,
      delivery_fee: 0,
      grand_total: 1,
      discount_amount: 50,
      status: 'Livrée',
    });
    expect(o.order_items).toEqual([
      { id: '32', name: 'Poulet entier grillé', quantity: 2, price: 15, options: [] },
      { id: 'kid-1_nuggets', name: 'Menu Enfant (Nuggets)', quantity: 1, price: 9.8, options: [] },
      {
        id: 'hb-1_acc-5',
        name: 'Classic Burger',
        quantity: 1,
        price: 12.77,
        options: [{ id: 'acc-5', name: 'Sauce piri-piri', price: 1 }],
      },
    ]);
    expect([o.subtotal, o.total_price, o.delivery_fee, o.discount_amount, o.grand_total]).toEqual([
      53.57, 53.57, 2, 0, 55.57,
    ]);
    expect(o.status).toBe('En attente');
    expect(o.order_number).toBe(o.id.slice(0, 8));
    expect(o.customer_city).toBe('niederKORN');
    const stored = await b.db.query(`select total_price, grand_total, status from public.orders where id = $1`, [o.id]);
    expect(stored.rows[0]).toEqual({ total_price: '53.57', grand_total: '55.57', status: 'En attente' });
  });

  it('applies the spec checks in the spec order with the spec messages', async () => {
    await setSetting('ordering', {
      is_enabled: false,
      message: 'As encomendas online estão temporariamente fechadas.',
    });
    const bad = { customer: { name: ' ', phone: '' }, delivery_method: 'delivery', payment_method: 'cash', items: [] };
    const steps: [unknown, string, string, string][] = [];
    let r = await refusal(anon, bad);
    steps.push([r?.code, r!.detail!, r!.hint!, r!.message]);
    await setSetting('ordering', { is_enabled: true, message: '' });
    r = await refusal(service, { ...bad, is_preorder: true });
    steps.push([r?.code, r!.detail!, r!.hint!, r!.message]);
    r = await refusal(service, bad);
    steps.push([r?.code, r!.detail!, r!.hint!, r!.message]);
    r = await refusal(service, delivery([]));
    steps.push([r?.code, r!.detail!, r!.hint!, r!.message]);
    r = await refusal(service, delivery([{ menuItemId: '30', quantity: 1 }], 'Paris'));
    steps.push([r?.code, r!.detail!, r!.hint!, r!.message]);
    r = await refusal(service, delivery([{ menuItemId: '32', quantity: 2 }], 'Paris'));
    steps.push([r?.code, r!.detail!, r!.hint!, r!.message]);
    expect(steps).toEqual([
      ['P0001', 'ordering_closed', 'Commandes fermées', 'La commande en ligne est temporairement fermée.'],
      [
        'P0001',
        'preorder_missing_datetime',
        'Information en manque',
        'Veuillez choisir une date et une heure pour votre pré-commande.',
      ],
      ['P0001', 'missing_fields', 'Information en manque', 'Veuillez remplir tous les champs obligatoires.'],
      ['P0001', 'empty_cart', 'Panier vide', 'Votre panier est vide. Ajoutez au moins un article pour commander.'],
      [
        'P0001',
        'minimum_not_met',
        'Montant minimum non atteint',
        'Il vous manque 14,50€ pour atteindre le minimum de 20,00€ pour la commande.',
      ],
      [
        'P0001',
        'invalid_zone',
        'Zone de livraison non valide',
        'Veuillez entrer une ville valide ou nous ne pouvons pas livrer à cette adresse.',
      ],
    ]);
  });

  it('has no minimum and no fee for pickup, and no address stored', async () => {
    const o = await place(
      service,
      pickup([{ menuItemId: '37', quantity: 1 }], {
        customer: { name: 'Rui', phone: '+352661000111', address: 'x', city: 'Paris' },
      }),
    );
    expect([o.grand_total, o.delivery_fee, o.customer_address, o.customer_city, o.customer_email]).toEqual([
      3.5,
      0,
      null,
      null,
      null,
    ]);
  });

  it('refuses unavailable, unknown and malformed cart lines', async () => {
    const cases: [unknown, string][] = [
      [{ menuItemId: 'bo-7', quantity: 1 }, 'item_unavailable'],
      [{ menuItemId: 'grill-poulets', quantity: 1 }, 'item_unavailable'],
      [{ menuItemId: 'cnf-5', quantity: 1 }, 'item_unavailable'],
      [{ menuItemId: 'nope', quantity: 1 }, 'item_unavailable'],
      [{ menuItemId: '32', quantity: 0 }, 'invalid_item'],
      [{ menuItemId: '32', quantity: 1.5 }, 'invalid_item'],
      [{ menuItemId: '32', quantity: '2' }, 'invalid_item'],
      [{ menuItemId: 'kid-1', quantity: 1 }, 'invalid_item'],
      [{ menuItemId: 'kid-1', kidsOption: 'lobster', quantity: 1 }, 'invalid_item'],
      [{ menuItemId: '32', kidsOption: 'nuggets', quantity: 1 }, 'invalid_item'],
      [{ menuItemId: '32', quantity: 1, options: [{ id: 'hb-6', price: 0 }] }, 'invalid_item'],
      [{ menuItemId: '32', quantity: 1, options: ['bo-7'] }, 'invalid_item'],
      ['32', 'invalid_item'],
    ];
    for (const [line, code] of cases) {
      const r = await refusal(anon, pickup([line]), null).then(async (first) =>
        first?.detail === 'outside_hours' ? refusal(service, pickup([line])) : first,
      );
      expect(r?.detail, JSON.stringify(line)).toBe(code);
      expect(r?.code).toBe('P0001');
    }
    const unavailable = await refusal(service, pickup([{ menuItemId: 'bo-8', quantity: 1 }]));
    expect([unavailable?.hint, unavailable?.message]).toEqual([
      'Article indisponible',
      "Cet article n'est pas disponible pour le moment.",
    ]);
    expect(
      (
        await b.db.query(
          `select count(*)::int as n from public.orders where order_items @> '[{"menu_item_id": "bo-7"}]'`,
        )
      ).rows[0],
    ).toEqual({ n: 0 });
  });

  it('decides the zone by the postal code, and matches towns without accents, case or their long name', async () => {
    const chickens = [{ menuItemId: '32', quantity: 2 }];
    for (const [postalCode, city, fee] of [
      ['4601', 'Differdange', 2],
      ['L-4702', '  pétange ', 3],
      ['L-4702', 'Petange', 3],
      ['L-4001', 'ESCH-SUR-ALZETTE', 4.5],
      ['L-4001', 'Esch', 4.5],
      ['L-3813', 'Schifflange', 5],
      // The code decides, whatever the town typed.
      ['L-4702', 'Differdange', 3],
    ] as const) {
      const o = await place(service, delivery(chickens, city, {}, postalCode));
      expect([city, o.delivery_fee, o.grand_total]).toEqual([city, fee, 30 + fee]);
    }
    for (const city of ['Differdange', 'Luxembourg']) {
      expect((await refusal(service, delivery(chickens, city, {}, 'L-1111')))?.detail).toBe('invalid_zone');
    }
  });

  it('uses the special price of the whole chicken from data: pickup, 10 to 13 October', async () => {
    const sunday12Oct = '2025-10-12T10:00:00Z';
    expect((await place(service, pickup([{ menuItemId: '32', quantity: 1 }]), sunday12Oct)).grand_total).toBe(12.5);
    expect((await place(service, delivery([{ menuItemId: '32', quantity: 2 }]), sunday12Oct)).total_price).toBe(30);
    const preorderAfter = pickup([{ menuItemId: '32', quantity: 1 }], {
      is_preorder: true,
      preorder_date: '2025-10-15',
      preorder_time: '19:00',
    });
    expect((await place(service, preorderAfter, sunday12Oct)).grand_total).toBe(15);
    expect((await place(service, pickup([{ menuItemId: '32', quantity: 1 }]), WEDNESDAY_NOON)).grand_total).toBe(15);
  });

  it('refuses delivery when delivery is switched off', async () => {
    await setSetting('delivery_options', { is_enabled: false });
    expect((await refusal(service, delivery([{ menuItemId: '32', quantity: 2 }])))?.detail).toBe('delivery_disabled');
    expect((await place(service, pickup([{ menuItemId: '32', quantity: 2 }]))).delivery_method).toBe('pickup');
  });

  it('takes immediate orders only while the kitchen is open, in Luxembourg time across DST', async () => {
    const order = pickup([{ menuItemId: '37', quantity: 1 }]);
    const cases: [string, boolean][] = [
      ['2025-11-19T10:00:00Z', true], // Wed 11:00 CET
      ['2025-11-19T09:59:00Z', false], // Wed 10:59
      ['2025-11-19T13:30:00Z', true], // Wed 14:30, last order
      ['2025-11-19T13:31:00Z', false], // Wed 14:31
      ['2025-11-19T17:00:00Z', true], // Wed 18:00
      ['2025-11-19T20:31:00Z', false], // Wed 21:31
      ['2025-11-18T11:00:00Z', false], // Tuesday noon: closed all day
      ['2025-03-29T10:15:00Z', true], // Sat 11:15 CET, day before the spring change
      ['2025-03-30T09:30:00Z', true], // Sun 11:30 CEST (would be 10:30 in CET)
      ['2025-03-30T13:00:00Z', false], // Sun 15:00 CEST (would be 14:00 in CET)
      ['2025-10-25T09:45:00Z', true], // Sat 11:45 CEST, day before the autumn change
      ['2025-10-26T09:45:00Z', false], // Sun 10:45 CET (would be 11:45 in CEST)
      ['2025-10-26T13:15:00Z', true], // Sun 14:15 CET (would be 15:15 in CEST)
    ];
    const results = [];
    for (const [now] of cases) {
      const r = await refusal(service, order, now);
      results.push(r === null ? true : r.detail);
    }
    expect(results).toEqual(cases.map(([, open]) => (open ? true : 'outside_hours')));
    const closed = await refusal(service, order, '2025-11-18T11:00:00Z');
    expect(closed?.hint).toBe('Restaurant fermé');
    expect(closed?.message).toMatch(/pré-commande/);
  });

  it('takes pre-orders for another day, inside opening hours, even when ordering is closed', async () => {
    await setSetting('ordering', {
      is_enabled: false,
      message: 'As encomendas online estão temporariamente fechadas.',
    });
    const pre = (date: string, time: string) =>
      pickup([{ menuItemId: '32', quantity: 1 }], { is_preorder: true, preorder_date: date, preorder_time: time });
    const late = '2025-11-18T22:00:00Z'; // Tuesday 23:00, closed
    expect((await place(service, pre('2025-11-19', '12:00'), late)).preorder_date).toBe('2025-11-19');
    // Ordering switched off closes today, pre-orders for later today included; a day already past never.
    expect((await refusal(service, pre('2025-11-18', '19:00'), late))?.detail).toBe('ordering_closed');
    expect((await refusal(service, pre('2025-11-17', '19:00'), late))?.detail).toBe('preorder_too_early');
    expect((await refusal(service, pre('2025-11-19', '16:00'), late))?.detail).toBe('preorder_invalid_time');
    const tuesday = await refusal(service, pre('2025-11-25', '12:00'), late);
    expect([tuesday?.detail, tuesday?.message]).toEqual([
      'preorder_closed_day',
      'Le restaurant est fermé le mardi. Veuillez choisir un autre jour.',
    ]);
    const lateSlot = await refusal(service, pre('2025-11-19', '21:45'), late);
    expect([lateSlot?.detail, lateSlot?.hint, lateSlot?.message]).toEqual([
      'preorder_invalid_time',
      'Heure de pré-commande invalide',
      'Veuillez choisir une heure de commande entre 11:00–14:30 et 18:00–21:30, par tranches de 15 minutes.',
    ]);
    expect((await refusal(service, pre('2025-11-19', '12:10'), late))?.detail).toBe('preorder_invalid_time');
    expect((await refusal(service, pre('2025-02-30', '12:00'), late))?.detail).toBe('preorder_invalid_date');
    expect((await refusal(service, pre('2025-11-20', '25:00'), late))?.detail).toBe('preorder_invalid_time');
    expect((await refusal(service, pre('', '12:00'), late))?.detail).toBe('preorder_missing_datetime');
    const o = await place(service, pre('2025-11-20', '21:30'), late);
    expect([o.is_preorder, o.preorder_time]).toEqual([true, '21:30:00']);
  });

  it('ignores an injected clock unless the caller is the service role', async () => {
    // At a real "now" the kitchen may be open or not; a Tuesday must not leak through from the caller.
    const r = await refusal(anon, pickup([{ menuItemId: '37', quantity: 1 }]), '2025-11-18T11:00:00Z');
    const realOpen = (
      await b.db.query<{ open: boolean }>(
        `select public.kitchen_open_at(now() at time zone 'Europe/Luxembourg') as open`,
      )
    ).rows[0]!.open;
    expect(r === null).toBe(realOpen);
  });

  // Callers other than the service role run on the real clock: pre-orders for the next open day work at any hour.
  const preorderSlot = async () => {
    const day = await b.db.query<{ d: string }>(
      `select d::date::text as d from generate_series((now() at time zone 'Europe/Luxembourg')::date + 1, (now() at time zone 'Europe/Luxembourg')::date + 8, '1 day') d
        where extract(isodow from d) <> 2 limit 1`,
    );
    return { is_preorder: true, preorder_date: day.rows[0]!.d, preorder_time: '12:00' };
  };

  it('stores the signed-in customer and their account e-mail', async () => {
    const joana = customer('customer', 'joana.account@example.lu');
    await signUp(b, joana);
    const slot = await preorderSlot();
    const o = await place(joana, pickup([{ menuItemId: '32', quantity: 1 }], slot), null);
    expect([o.user_id, o.customer_email]).toEqual([joana.sub, 'joana.account@example.lu']);
    const ghost = customer('ghost', 'ghost@example.lu');
    const g = await place(ghost, pickup([{ menuItemId: '32', quantity: 1 }], slot), null);
    expect([g.user_id, g.customer_email]).toEqual([null, 'joana@example.lu']);
  });

  it('places an order sent twice under one request id once, and refuses the id for another order', async () => {
    const slot = await preorderSlot();
    const requestId = crypto.randomUUID();
    const order = pickup([{ menuItemId: '32', quantity: 2 }], { requestId, notes: 'twice', ...slot });
    const first = await place(anon, order);
    const again = await place(anon, order);
    expect(again.id).toBe(first.id);
    expect(again.order_number).toBe(first.order_number);
    expect(again.grand_total).toBe(first.grand_total);
    const stored = await b.db.query(`select count(*)::int as n from public.orders where id = $1 or notes = 'twice'`, [
      first.id,
    ]);
    expect(stored.rows[0]).toEqual({ n: 1 });

    // Same id, other content: refused, nothing placed.
    const other = await refusal(anon, pickup([{ menuItemId: '32', quantity: 3 }], { requestId, ...slot }));
    expect([other?.detail, other?.hint, other?.message]).toEqual([
      'request_reused',
      'Requête invalide',
      'Cette commande a déjà été envoyée avec un autre contenu. Veuillez réessayer.',
    ]);
    // Same id and content from someone else (a signed-in customer): refused too, the order is not disclosed.
    const someone = customer('someone', 'someone@example.lu');
    await signUp(b, someone);
    expect((await refusal(someone, order))?.detail).toBe('request_reused');
    // An id that is not a UUID is refused; an order refused by the rules does not keep its id.
    expect(
      (await refusal(anon, pickup([{ menuItemId: '32', quantity: 1 }], { requestId: "x' or 1=1 --", ...slot })))
        ?.detail,
    ).toBe('invalid_request');
    const laterId = crypto.randomUUID();
    expect(
      (
        await refusal(
          anon,
          delivery([{ menuItemId: '30', quantity: 1 }], 'Differdange', { requestId: laterId, ...slot }),
        )
      )?.detail,
    ).toBe('minimum_not_met');
    const fixed = await place(
      anon,
      delivery([{ menuItemId: '32', quantity: 2 }], 'Differdange', { requestId: laterId, ...slot }),
    );
    expect(fixed.status).toBe('En attente');
    // Only admins read the request ids; a deleted order takes its id with it.
    expect((await failure(as(b, anon, (tx) => tx.query(`select * from public.order_requests`))))?.code).toBe('42501');
    expect((await as(b, someone, (tx) => tx.query(`select * from public.order_requests`))).rows).toEqual([]);
    expect(
      (
        await as(b, admin(), (tx) =>
          tx.query(`select order_id from public.order_requests where request_id = $1`, [requestId]),
        )
      ).rows,
    ).toEqual([{ order_id: first.id }]);
    await b.db.query(`delete from public.orders where id = $1`, [first.id]);
    expect((await b.db.query(`select 1 from public.order_requests where request_id = $1`, [requestId])).rows).toEqual(
      [],
    );
    // The inner function is not an entry point.
    expect(
      (await failure(as(b, anon, (tx) => tx.query(`select public.place_order_once('{}'::jsonb, null)`))))?.code,
    ).toBe('42501');
  });

  it('places one order when the same request arrives twice at the same moment', async () => {
    const requestId = crypto.randomUUID();
    const order = pickup([{ menuItemId: '32', quantity: 1 }], {
      requestId,
      notes: 'same moment',
      ...(await preorderSlot()),
    });
    const [a, c] = await Promise.all([place(anon, order), place(anon, order)]);
    expect(a.id).toBe(c.id);
    const stored = await b.db.query(`select count(*)::int as n from public.orders where notes = 'same moment'`);
    expect(stored.rows[0]).toEqual({ n: 1 });
  });

  it('answers bad input with a refusal, never a crash', async () => {
    for (const body of [
      null,
      [],
      'x',
      { items: 'x' },
      { delivery_method: 'drone' },
      { payment_method: 'bitcoin', delivery_method: 'pickup' },
    ]) {
      const r = await refusal(service, body);
      expect(r?.code, JSON.stringify(body)).toBe('P0001');
    }
  });
});
