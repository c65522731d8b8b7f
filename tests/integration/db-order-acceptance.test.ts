import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, service, type AnyRow, type Caller } from './db-support.js';

// Wednesday 19 November 2025, 12:00 in Luxembourg (UTC+1): the kitchen is open.
const WEDNESDAY_NOON = '2025-11-19T11:00:00Z';

const pickup = (extra: Record<string, unknown> = {}) => ({
  customer: { name: 'Joana Silva', phone: '+352 621 123 456', email: 'joana@example.lu' },
  delivery_method: 'pickup',
  payment_method: 'cash',
  items: [{ menuItemId: '32', quantity: 1 }],
  ...extra,
});
const delivery = (extra: Record<string, unknown> = {}) => ({
  customer: {
    name: 'Rui Costa',
    phone: '+352 691 000 111',
    email: 'rui@example.lu',
    address: '12 rue de la Gare',
    postalCode: '4601',
    city: 'Differdange',
  },
  delivery_method: 'delivery',
  payment_method: 'card',
  items: [{ menuItemId: '32', quantity: 2 }],
  ...extra,
});

const DEFAULTS = { default_ready_minutes: 30, auto_accept: false, capacity: { delivery: null, pickup: null } };

describe.each(testDatabases())('order acceptance and slot capacity on %s', (kind) => {
  let b: TestBackend;
  const boss = admin();
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
  const rpc = (who: Caller, sql: string, params: unknown[] = []) =>
    as(b, who, async (tx) => (await tx.query<{ r: AnyRow }>(sql, params)).rows[0]!.r);
  const accept = (who: Caller, id: string, readyAt: string | null = null, minutes: number | null = null) =>
    rpc(who, `select public.accept_order($1, $2::timestamptz, $3::int) as r`, [id, readyAt, minutes]);
  const refuseOrder = (who: Caller, id: string, reason: string | null) =>
    rpc(who, `select public.refuse_order($1, $2) as r`, [id, reason]);
  const setAcceptance = (value: unknown) =>
    as(b, boss, (tx) =>
      tx.query(`update public.store_settings set value = $1::jsonb where key = 'order_acceptance'`, [
        JSON.stringify(value),
      ]),
    );
  // The words of a ready time: « vers 19:45 » today, « le 29/11 vers 00:24 » when it falls on the next day (late
  // in the evening in Luxembourg, an order ready after midnight).
  const luxDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Luxembourg' }).format(at);
  const readyWords = (at: string, hhmi: string) => {
    const day = luxDay(new Date(at));
    return day === luxDay(new Date()) ? `vers ${hhmi}` : `le ${day.slice(8, 10)}/${day.slice(5, 7)} vers ${hhmi}`;
  };
  const luxTime = async (at: string) =>
    (
      await b.db.query<{ t: string }>(
        `select to_char($1::timestamptz at time zone 'Europe/Luxembourg', 'HH24:MI') as t`,
        [at],
      )
    ).rows[0]!.t;
  /** The first day from tomorrow that is not a Tuesday (closed), in Luxembourg. */
  const openDay = async () =>
    (
      await b.db.query<{ d: string }>(
        `select d::date::text as d from generate_series((now() at time zone 'Europe/Luxembourg')::date + 1, (now() at time zone 'Europe/Luxembourg')::date + 8, '1 day') d
          where extract(isodow from d) <> 2 limit 1`,
      )
    ).rows[0]!.d;

  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    await b.db.query(`delete from public.orders`);
    await b.db.query(`delete from public.notification_outbox`);
    await setAcceptance(DEFAULTS);
  });

  it('accepts with a ready time: status, times, tracking and the message to the customer', async () => {
    const o = await place(service, pickup());
    expect([o.status, o.accepted_at, o.ready_at, o.auto_accepted]).toEqual(['En attente', null, null, false]);
    const before = Date.now();
    const a = await accept(boss, o.id, null, 20);
    expect(a.status).toBe('Bien reçu');
    expect(Date.parse(a.accepted_at)).toBeGreaterThanOrEqual(before - 2000);
    const readyMs = Date.parse(a.ready_at);
    expect(Math.abs(readyMs - (before + 20 * 60_000))).toBeLessThan(90_000);
    const hhmi = `Prête ${readyWords(a.ready_at, await luxTime(a.ready_at))}`;

    const tracked = await rpc(anon, `select public.track_order($1) as r`, [o.order_number]);
    expect([tracked.status, tracked.ready_text, tracked.refusal_reason]).toEqual(['Bien reçu', hhmi, null]);

    const queued = await b.db.query<AnyRow>(
      `select kind, recipient, payload from public.notification_outbox where order_id = $1 order by created_at`,
      [o.id],
    );
    expect(queued.rows.map((r) => r.kind)).toEqual(['order_confirmation', 'order_status']);
    const msg = queued.rows[1]!;
    expect(msg.recipient).toBe('joana@example.lu');
    expect([msg.payload.status, msg.payload.previous_status, msg.payload.ready_text]).toEqual([
      'Bien reçu',
      'En attente',
      hhmi,
    ]);

    // Accepting again (a second device a moment later) is refused with a clear message.
    const again = await failure(accept(boss, o.id, null, 15));
    expect([again?.detail, again?.message]).toEqual([
      'already_handled',
      'Cette commande a déjà été traitée (statut : Bien reçu).',
    ]);
  });

  it('says "Livraison prévue vers" for a delivery, and takes an explicit ready time', async () => {
    const o = await place(service, delivery());
    const at = new Date(Date.now() + 45 * 60_000);
    at.setUTCSeconds(0, 0);
    const a = await accept(boss, o.id, at.toISOString());
    expect(Date.parse(a.ready_at)).toBe(at.getTime());
    const payload = (
      await b.db.query<AnyRow>(
        `select payload from public.notification_outbox where order_id = $1 and kind = 'order_status'`,
        [o.id],
      )
    ).rows[0]!.payload;
    expect(payload.ready_text).toBe(
      `Livraison prévue ${readyWords(at.toISOString(), await luxTime(at.toISOString()))}`,
    );
  });

  it('uses the pre-order time, else the default minutes, when no ready time is given', async () => {
    const day = await openDay();
    const pre = await place(anon, pickup({ is_preorder: true, preorder_date: day, preorder_time: '19:30' }), null);
    const a = await accept(boss, pre.id);
    expect(await luxTime(a.ready_at)).toBe('19:30');
    const tracked = await rpc(anon, `select public.track_order($1) as r`, [pre.order_number]);
    expect(tracked.ready_text).toBe(`Prête le ${day.slice(8, 10)}/${day.slice(5, 7)} vers 19:30`);

    await setAcceptance({ ...DEFAULTS, default_ready_minutes: 45 });
    const now = await place(service, pickup());
    const start = Date.now();
    const n = await accept(boss, now.id);
    expect(Math.abs(Date.parse(n.ready_at) - (start + 45 * 60_000))).toBeLessThan(90_000);
  });

  it('refuses bad ready times, unknown orders and everyone but admins', async () => {
    const o = await place(service, pickup());
    for (const [readyAt, minutes, text] of [
      [null, 0, 'Le délai doit être entre 1 et 240 minutes.'],
      [null, 241, 'Le délai doit être entre 1 et 240 minutes.'],
      [
        new Date(Date.now() + 3600_000).toISOString(),
        20,
        'Indiquez soit une heure, soit un délai en minutes, pas les deux.',
      ],
      [
        new Date(Date.now() - 3600_000).toISOString(),
        null,
        "L'heure de préparation doit être entre maintenant et dans 61 jours.",
      ],
      [
        new Date(Date.now() + 62 * 86400_000).toISOString(),
        null,
        "L'heure de préparation doit être entre maintenant et dans 61 jours.",
      ],
    ] as const) {
      const r = await failure(accept(boss, o.id, readyAt, minutes));
      expect([r?.code, r?.detail, r?.message]).toEqual(['P0001', 'invalid_ready_time', text]);
    }
    expect((await failure(accept(boss, 'nope-0000')))?.detail).toBe('unknown_order');
    const joana = customer('customer', 'joana@example.lu');
    for (const who of [anon, joana] as Caller[]) {
      expect((await failure(accept(who, o.id, null, 20)))?.code).toBe('42501');
      expect((await failure(refuseOrder(who, o.id, 'Fermé')))?.code).toBe('42501');
    }
    // Nothing moved.
    expect((await b.db.query(`select status, accepted_at from public.orders where id = $1`, [o.id])).rows[0]).toEqual({
      status: 'En attente',
      accepted_at: null,
    });
  });

  it('refuses an order with a reason the customer sees and receives', async () => {
    const o = await place(service, pickup());
    for (const [reason, code] of [
      [null, 'reason_required'],
      ['  a ', 'reason_required'],
      ['x'.repeat(301), 'reason_too_long'],
    ] as const) {
      expect((await failure(refuseOrder(boss, o.id, reason)))?.detail).toBe(code);
    }
    const r = await refuseOrder(boss, o.id, '  Plus de poulet ce soir, désolés.\u0007 ');
    expect([r.status, r.refusal_reason, r.accepted_at, r.ready_at]).toEqual([
      'Annulée',
      'Plus de poulet ce soir, désolés.',
      null,
      null,
    ]);
    const tracked = await rpc(anon, `select public.track_order($1) as r`, [o.order_number]);
    expect([tracked.status, tracked.refusal_reason, tracked.ready_text]).toEqual([
      'Annulée',
      'Plus de poulet ce soir, désolés.',
      null,
    ]);
    const payload = (
      await b.db.query<AnyRow>(
        `select payload from public.notification_outbox where order_id = $1 and kind = 'order_status'`,
        [o.id],
      )
    ).rows[0]!.payload;
    expect([payload.status, payload.refusal_reason]).toEqual(['Annulée', 'Plus de poulet ce soir, désolés.']);
    expect((await failure(accept(boss, o.id, null, 20)))?.detail).toBe('already_handled');
  });

  it('counts an order moved on by the status select as accepted, and one moved back as waiting', async () => {
    const o = await place(service, pickup());
    await as(b, boss, (tx) => tx.query(`update public.orders set status = 'En préparation' where id = $1`, [o.id]));
    const moved = (await b.db.query<AnyRow>(`select accepted_at from public.orders where id = $1`, [o.id])).rows[0]!;
    expect(moved.accepted_at).not.toBeNull();
    await as(b, boss, (tx) => tx.query(`update public.orders set status = 'En attente' where id = $1`, [o.id]));
    expect(
      (await b.db.query<AnyRow>(`select accepted_at from public.orders where id = $1`, [o.id])).rows[0]!.accepted_at,
    ).toBeNull();
  });

  it('keeps the acceptance settings in shape', async () => {
    for (const bad of [
      { ...DEFAULTS, default_ready_minutes: 2 },
      { ...DEFAULTS, default_ready_minutes: 30.5 },
      { ...DEFAULTS, auto_accept: 'yes' },
      { ...DEFAULTS, capacity: { delivery: 0, pickup: null } },
      { ...DEFAULTS, capacity: { delivery: null, pickup: 'x' } },
      [],
    ]) {
      expect((await failure(setAcceptance(bad)))?.code, JSON.stringify(bad)).toBe('23514');
    }
    // Staff read it; customers do not.
    expect(
      (await as(b, anon, (tx) => tx.query(`select value from public.store_settings where key = 'order_acceptance'`)))
        .rows,
    ).toEqual([]);
    expect(
      (await as(b, boss, (tx) => tx.query(`select value from public.store_settings where key = 'order_acceptance'`)))
        .rows,
    ).toEqual([{ value: DEFAULTS }]);
  });

  it('auto-accepts with the default ready time when the setting is on', async () => {
    await setAcceptance({ ...DEFAULTS, auto_accept: true, default_ready_minutes: 25 });
    const o = await place(service, pickup());
    expect([o.status, o.auto_accepted, o.accepted_at === null]).toEqual(['Bien reçu', true, false]);
    expect(new Date(o.ready_at).toISOString()).toBe('2025-11-19T11:25:00.000Z');
    const queued = await b.db.query<AnyRow>(
      `select kind, payload from public.notification_outbox where order_id = $1`,
      [o.id],
    );
    expect(queued.rows.map((r) => r.kind)).toEqual(['order_confirmation']);
    expect(queued.rows[0]!.payload.ready_text).toBe('Prête le 19/11 vers 12:25');
  });

  it('refuses a full pre-order slot and names the next free one; greys it out for the shop', async () => {
    await setAcceptance({ ...DEFAULTS, capacity: { delivery: null, pickup: 2 } });
    const day = await openDay();
    const at = (time: string) => pickup({ is_preorder: true, preorder_date: day, preorder_time: time });
    await place(anon, at('19:00'), null);
    await place(anon, at('19:00'), null);
    await place(anon, at('19:15'), null);
    await place(anon, at('19:15'), null);
    // Delivery has no limit and is counted apart.
    await place(anon, delivery({ is_preorder: true, preorder_date: day, preorder_time: '19:00' }), null);
    const r = await failure(place(anon, at('19:00'), null));
    expect([r?.code, r?.detail, r?.hint, r?.message]).toEqual([
      'P0001',
      'slot_full',
      'Créneau complet',
      'Le créneau de 19:00 est complet. Prochain créneau libre : 19:30.',
    ]);

    const avail = await rpc(anon, `select public.order_slot_availability('pickup', $1::date) as r`, [day]);
    expect([avail.capacity_limited, avail.full, avail.asap]).toEqual([true, ['19:00', '19:15'], null]);
    expect((await rpc(anon, `select public.order_slot_availability('delivery', $1::date) as r`, [day])).full).toEqual(
      [],
    );

    // A refused order frees its place.
    const first = (
      await b.db.query<{ id: string }>(
        `select id from public.orders where delivery_method = 'pickup' and preorder_time = '19:00' limit 1`,
      )
    ).rows[0]!;
    await refuseOrder(boss, first.id, 'Four en panne');
    expect((await place(anon, at('19:00'), null)).status).toBe('En attente');

    // The last slot of the evening: nothing later that day.
    await place(anon, at('21:30'), null);
    await place(anon, at('21:30'), null);
    expect((await failure(place(anon, at('21:30'), null)))?.message).toBe(
      "Le créneau de 21:30 est complet. Il n'y a plus de créneau libre ce jour-là. Veuillez choisir un autre jour.",
    );
    for (const [m, d] of [
      ['drone', day],
      ['pickup', '2000-01-01'],
    ]) {
      expect((await failure(rpc(anon, `select public.order_slot_availability($1, $2::date) as r`, [m, d])))?.code).toBe(
        'P0001',
      );
    }
  });

  it('shows an immediate order the next free time when the kitchen is full, and places it there once chosen', async () => {
    await setAcceptance({ ...DEFAULTS, capacity: { delivery: null, pickup: 1 } });
    const first = await place(service, pickup());
    expect(await luxTime(first.slot_start)).toBe('12:30');
    const busy = await failure(place(service, pickup()));
    expect([busy?.detail, busy?.hint, busy?.message]).toEqual([
      'kitchen_busy',
      'Cuisine complète',
      'La cuisine est complète pour le moment. Prochain créneau libre : 12:45. Confirmez pour commander pour 12:45.',
    ]);
    // An earlier or full time is not taken; the offered one is.
    expect((await failure(place(service, pickup({ asap_slot: '12:30' }))))?.detail).toBe('kitchen_busy');
    expect((await failure(place(service, pickup({ asap_slot: '9:99' }))))?.detail).toBe('kitchen_busy');
    const later = await place(service, pickup({ asap_slot: '12:45' }));
    expect([later.status, await luxTime(later.slot_start)]).toEqual(['En attente', '12:45']);
    expect((await failure(place(service, pickup({ asapSlot: '12:45' }))))?.message).toContain(
      'Prochain créneau libre : 13:00.',
    );
  });

  it('gives the last place of a slot to one of two customers ordering at the same moment', async () => {
    await setAcceptance({ ...DEFAULTS, capacity: { delivery: 1, pickup: null } });
    const day = await openDay();
    const order = (name: string) =>
      delivery({
        is_preorder: true,
        preorder_date: day,
        preorder_time: '20:00',
        customer: { ...delivery().customer, name },
      });

    // One transaction takes the place and stays open; the other starts meanwhile, then must see it taken.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let placedFirst!: () => void;
    const firstPlaced = new Promise<void>((r) => (placedFirst = r));
    const a = as(b, anon, async (tx) => {
      await tx.query(`select public.place_order($1::jsonb, null)`, [JSON.stringify(order('Ana'))]);
      placedFirst();
      await held;
    });
    await firstPlaced;
    const c = failure(place(anon, order('Carla'), null));
    await new Promise((r) => setTimeout(r, 300));
    release();
    await a;
    const lost = await c;
    expect([lost?.detail, lost?.message]).toEqual([
      'slot_full',
      'Le créneau de 20:00 est complet. Prochain créneau libre : 20:15.',
    ]);

    // And truly at once: exactly one of two wins the next slot.
    const results = await Promise.allSettled([
      place(anon, delivery({ is_preorder: true, preorder_date: day, preorder_time: '20:15', notes: 'x' }), null),
      place(anon, delivery({ is_preorder: true, preorder_date: day, preorder_time: '20:15', notes: 'y' }), null),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as { detail?: string }).detail).toBe('slot_full');
    const stored = await b.db.query(
      `select customer_name, to_char(preorder_time, 'HH24:MI') as t from public.orders order by preorder_time, customer_name`,
    );
    expect(stored.rows.map((r: AnyRow) => r.t)).toEqual(['20:00', '20:15']);
    expect((stored.rows[0] as AnyRow).customer_name).toBe('Ana');
  });
});
