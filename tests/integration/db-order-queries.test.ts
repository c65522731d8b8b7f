import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, service, signUp, type Caller, type AnyRow } from './db-support.js';

const WEDNESDAY_NOON = '2025-11-19T11:00:00Z';
const TRACKING_FIELDS = [
  'accepted_at',
  'created_at',
  'customer_address',
  'customer_city',
  'customer_postal_code',
  'delivery_fee',
  'delivery_method',
  'details_hidden',
  'discount_amount',
  'grand_total',
  'is_preorder',
  'notes',
  'order_items',
  'order_number',
  'preorder_date',
  'preorder_time',
  'ready_at',
  'ready_text',
  'refusal_reason',
  'status',
  'total_price',
  'updated_at',
];

describe.each(testDatabases())('order queries on %s', (kind) => {
  let b: TestBackend;
  /** As `who`, from a client address (x-forwarded-for, as the API passes it) when one is given. */
  const rpc = async (who: Caller, sql: string, params: unknown[] = [], address?: string) =>
    as(b, who, async (tx) => {
      if (address)
        await tx.query(`select set_config('request.headers', $1, true)`, [
          JSON.stringify({ 'x-forwarded-for': address }),
        ]);
      return (await tx.query<AnyRow>(sql, params)).rows;
    });
  /** The customers order from HOME. */
  const HOME = '203.0.113.7';
  const place = async (order: Record<string, unknown>, address = HOME) =>
    (
      await rpc(
        service,
        `select public.place_order($1::jsonb, $2::timestamptz) as o`,
        [JSON.stringify(order), WEDNESDAY_NOON],
        address,
      )
    )[0].o;
  const track = async (term: string, who: Caller = anon, address = HOME) =>
    (await rpc(who, `select public.track_order($1) as t`, [term], address))[0].t;
  const joana = customer('customer', 'joana@example.lu');
  const other = customer('other customer', 'rui@example.lu');
  let delivered: AnyRow;
  let pickedUp: AnyRow;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    await signUp(b, joana);
    await signUp(b, other, false);
    delivered = await place({
      customer: {
        name: 'Joana Silva',
        phone: '+352 621 123 456',
        email: 'Joana@Example.lu',
        address: '12 rue de la Gare',
        postalCode: '4601',
        city: 'Differdange',
      },
      delivery_method: 'delivery',
      items: [{ menuItemId: 'fr-1', quantity: 2 }],
      notes: 'Sonner deux fois',
    });
    pickedUp = await place({
      customer: { name: 'Rui Costa', phone: '+352 691 000 222', email: 'rui@example.lu' },
      delivery_method: 'pickup',
      items: [{ menuItemId: '31', quantity: 1 }],
    });
  });
  afterAll(async () => b?.close());

  it('tracks by order number or full phone number and returns only what the tracking page shows', async () => {
    const byNumber = await track(delivered.order_number.toUpperCase(), anon, '198.51.100.9');
    expect(Object.keys(byNumber).sort()).toEqual(TRACKING_FIELDS);
    expect(byNumber.order_number).toBe(delivered.order_number);
    expect(byNumber.order_items).toEqual([{ name: 'Francesinha classique', quantity: 2, price: 19.49, options: [] }]);
    expect(byNumber.customer_city).toBe('Differdange');
    expect(JSON.stringify(byNumber)).not.toMatch(/example\.lu|621|Joana/i);
    for (const phone of ['621123456', '+352621123456', '00352 621 123 456', ' +352 621 123 456 ']) {
      const byPhone = await track(phone);
      expect(Object.keys(byPhone).sort(), phone).toEqual(TRACKING_FIELDS);
      expect(byPhone, phone).toMatchObject({ status: 'En attente', delivery_method: 'delivery', details_hidden: true });
    }
    for (const miss of ['62112345', 'zzzzzzzz', delivered.order_number.slice(0, 7), "' or 1=1 --", '%']) {
      expect(await track(miss), miss).toBeNull();
    }
    const empty = await failure(rpc(anon, `select public.track_order($1)`, ['   ']));
    expect([empty?.detail, empty?.hint, empty?.message]).toEqual([
      'search_term_required',
      'Terme de recherche requis',
      "Veuillez entrer l'ID de la commande ou le téléphone.",
    ]);
  });

  it('by phone alone shows the status, never the number, items, amounts, town or pre-order time', async () => {
    const preorder = await place({
      customer: {
        name: 'Marta Dias',
        phone: '+352 661 404 404',
        address: '3 rue Haute',
        postalCode: '4601',
        city: 'Differdange',
      },
      delivery_method: 'delivery',
      is_preorder: true,
      preorder_date: '2025-11-21',
      preorder_time: '19:30',
      items: [{ menuItemId: 'fr-1', quantity: 2 }],
    });
    const byPhone = await track('661404404');
    expect(byPhone).toEqual({
      order_number: null,
      status: 'En attente',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      order_items: [],
      total_price: null,
      delivery_fee: null,
      discount_amount: null,
      grand_total: null,
      delivery_method: 'delivery',
      customer_address: null,
      customer_postal_code: null,
      customer_city: null,
      notes: null,
      is_preorder: true,
      preorder_date: null,
      preorder_time: null,
      accepted_at: null,
      ready_at: null,
      ready_text: null,
      refusal_reason: null,
      details_hidden: true,
    });
    expect(JSON.stringify(byPhone)).not.toMatch(/Differdange|19:30|2025-11-21|38[.,]98|fr-1|Francesinha/);
    // The number shows everything, from anywhere.
    expect(await track(preorder.order_number, anon, '198.51.100.10')).toMatchObject({
      customer_city: 'Differdange',
      preorder_time: '19:30:00',
      details_hidden: false,
    });
  });

  it('tracks the latest order of a phone number placed from the same address; another address cannot take its place', async () => {
    const again = await place({
      customer: { name: 'Rui Costa', phone: '+352691000222' },
      delivery_method: 'pickup',
      items: [{ menuItemId: '30', quantity: 1 }],
    });
    const latest = await track('691000222');
    expect(latest).toMatchObject({ status: 'En attente', delivery_method: 'pickup', details_hidden: true });
    expect(latest.created_at).toBe(again.created_at);
    // Someone else places an order with Rui's number from elsewhere: Rui still finds his own, and the
    // other address finds only the fake one.
    const fake = await place(
      {
        customer: { name: 'Faux', phone: '+352 691 000 222' },
        delivery_method: 'pickup',
        items: [{ menuItemId: '31', quantity: 1 }],
      },
      '192.0.2.66',
    );
    expect((await track('691000222')).created_at).toBe(again.created_at);
    expect((await track('691000222', anon, '192.0.2.66')).created_at).toBe(fake.created_at);
    // From an address that placed no order with this number: nothing.
    expect(await track('691000222', anon, '192.0.2.67')).toBeNull();
  });

  it('gives the signed-in customer their own orders and prefill, matched by verified e-mail', async () => {
    const mine = await rpc(joana, `select id from public.my_orders()`);
    expect(mine.map((r: AnyRow) => r.id)).toEqual([delivered.id]);
    const direct = await rpc(joana, `select id from public.orders`);
    expect(direct.map((r: AnyRow) => r.id)).toEqual([delivered.id]);
    const prefill = (await rpc(joana, `select public.customer_prefill() as p`))[0].p;
    expect(prefill).toEqual({
      name: 'Joana Silva',
      phone: '+352621123456',
      email: 'joana@example.lu',
      address: '12 rue de la Gare',
      postalCode: '4601',
      city: 'Differdange',
    });
    // rui@example.lu never confirmed the address: the orders placed under it stay hidden.
    expect(await rpc(other, `select id from public.my_orders()`)).toEqual([]);
    expect(await rpc(other, `select id from public.orders`)).toEqual([]);
    expect((await rpc(other, `select public.customer_prefill() as p`))[0].p).toBeNull();
  });

  it('lets only admins search, count and see statistics', async () => {
    for (const who of [anon, joana]) {
      for (const sql of [
        `select * from public.search_orders_by_term('Rui')`,
        `select public.order_stats()`,
        `select public.active_order_count()`,
      ]) {
        expect((await failure(rpc(who, sql)))?.code, `${who.label}: ${sql}`).toBe('42501');
      }
    }
    const found = await rpc(admin(), `select id from public.search_orders_by_term($1)`, ['  rui ']);
    expect(found.map((r: AnyRow) => r.id)).toContain(pickedUp.id);
    expect(
      (await rpc(admin(), `select id from public.search_orders_by_term($1)`, [delivered.order_number]))[0].id,
    ).toBe(delivered.id);
    expect(await rpc(admin(), `select id from public.search_orders_by_term('%')`)).toEqual([]);
    const count = (await rpc(admin(), `select public.active_order_count() as n`))[0].n;
    await as(b, admin(), (tx) => tx.query(`update public.orders set status = 'Livrée' where id = $1`, [pickedUp.id]));
    expect((await rpc(admin(), `select public.active_order_count() as n`))[0].n).toBe(count - 1);
  });

  it('counts orders today, this week from Monday and this month in Luxembourg time', async () => {
    const at = (iso: string) =>
      b.db.query(
        `insert into public.orders (created_at, customer_name, customer_phone, delivery_method, payment_method, order_items, total_price, grand_total)
       values ($1, 'Stats', '1', 'pickup', 'cash', '[{"id":"30","name":"x","quantity":1,"price":5.5,"options":[]}]', 5.5, 5.5)`,
        [iso],
      );
    await b.db.query(`delete from public.orders`);
    // Sunday 2 November 2025 23:30 in Luxembourg is still Sunday (22:30 UTC); Monday 3rd starts the week.
    await at('2025-11-02T22:30:00Z'); // Sun 23:30 local: month only
    await at('2025-11-02T23:30:00Z'); // Mon 00:30 local: week
    await at('2025-11-05T22:59:00Z'); // Wed 23:59 local: week
    await at('2025-11-05T23:01:00Z'); // Thu 00:01 local: today
    await at('2025-10-31T23:30:00Z'); // Sat 1 Nov 00:30 local: month
    await at('2025-10-31T22:30:00Z'); // Fri 31 Oct 23:30 local: nothing
    const stats = (await rpc(admin(), `select public.order_stats($1) as s`, ['2025-11-06T12:00:00Z']))[0].s;
    expect(stats).toEqual({ today: 1, week: 3, month: 5 });
  });

  it('takes reservations with the spec rules and keeps them from the public', async () => {
    const today = (
      await b.db.query<{ d: string }>(`select ((now() at time zone 'Europe/Luxembourg')::date + 3)::text as d`)
    ).rows[0]!.d;
    const ok = (
      await rpc(
        anon,
        `select public.create_reservation('Ana', 'ana@example.lu', '+352 621 999 888', $1, '19:30', '10+', 'Anniversaire') as r`,
        [today],
      )
    )[0].r;
    expect([ok.status, ok.people, ok.reservation_time]).toEqual(['En attente', '10+', '19:30:00']);
    const refusals: [unknown[], string][] = [
      [['', 'ana@example.lu', '+352621000000', today, '19:30', '2'], 'missing_fields'],
      [['Ana', 'ana@', '+352621000000', today, '19:30', '2'], 'invalid_email'],
      [['Ana', 'ana@example.lu', '+352621000000', '2025-13-01', '19:30', '2'], 'invalid_date'],
      [['Ana', 'ana@example.lu', '+352621000000', '2020-01-01', '19:30', '2'], 'date_in_past'],
      [['Ana', 'ana@example.lu', '+352621000000', today, '7pm', '2'], 'invalid_time'],
      [['Ana', 'ana@example.lu', '+352621000000', today, '19:30', '11'], 'invalid_people'],
      [['Ana', 'ana@example.lu', '+352621000000', today, '19:30', '0'], 'invalid_people'],
    ];
    for (const [args, code] of refusals) {
      const r = await failure(rpc(anon, `select public.create_reservation($1, $2, $3, $4, $5, $6)`, args));
      expect([r?.code, r?.detail], code).toEqual(['P0001', code]);
    }
    // The same form as a plain insert: only a pending reservation from today on.
    const insert = (status: string, date: string) =>
      rpc(
        anon,
        `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people, status)
                 values ('Ana', 'ana@example.lu', '+352621000000', $1, '20:00', '2', $2)`,
        [date, status],
      );
    await insert('En attente', today);
    expect((await failure(insert('Confirmée', today)))?.code).toBe('42501');
    // A time already past today (07:00 booked at 10:06 was taken): refused by the function and the plain insert.
    // Midnight today is past whatever the minute the test runs at.
    const now = (await b.db.query<{ d: string }>(`select (now() at time zone 'Europe/Luxembourg')::date::text as d`))
      .rows[0]!.d;
    const past = await failure(
      rpc(anon, `select public.create_reservation('Ana', 'ana@example.lu', '+352621000000', $1, '00:00', '2')`, [now]),
    );
    expect([past?.code, past?.detail, past?.message]).toEqual([
      'P0001',
      'time_in_past',
      'Cette heure est déjà passée : veuillez choisir une heure à venir.',
    ]);
    const plain = await failure(
      rpc(
        anon,
        `insert into public.reservations (name, email, phone, reservation_date, reservation_time, people, status)
                 values ('Ana', 'ana@example.lu', '+352621000000', $1, '00:00', '2', 'En attente')`,
        [now],
      ),
    );
    expect([plain?.code, plain?.detail]).toEqual(['P0001', 'time_in_past']);
    expect((await failure(insert('En attente', '2020-01-01')))?.code).toBe('42501');
    expect(
      (
        await failure(
          rpc(
            anon,
            `insert into public.challenge_registrations (name, email, agreed_to_terms) values ('Teo', 't@e.lu', false)`,
          ),
        )
      )?.code,
    ).toBe('42501');
    expect(await rpc(admin(), `select name from public.reservations`)).toEqual([{ name: 'Ana' }, { name: 'Ana' }]);
    expect(await rpc(joana, `select name from public.reservations`)).toEqual([]);
  });

  it('registers challengers with the spec messages', async () => {
    const r = (await rpc(anon, `select public.register_challenge('Tiago', 'tiago@example.lu', null, true) as r`))[0].r;
    expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    const cases: [unknown[], string][] = [
      [['  ', 'tiago@example.lu', null, true], 'Veuillez entrer votre nom.'],
      [['Tiago', 'tiago@example', null, true], 'Veuillez entrer une adresse e-mail valide.'],
      [['Tiago', 'tiago@example.lu', '+352621000000', false], 'Vous devez accepter les termes du contrat.'],
    ];
    for (const [args, message] of cases) {
      expect((await failure(rpc(anon, `select public.register_challenge($1, $2, $3, $4)`, args)))?.message).toBe(
        message,
      );
    }
    expect(await rpc(admin(), `select name, phone from public.challenge_registrations`)).toEqual([
      { name: 'Tiago', phone: null },
    ]);
  });
});
