import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { offerSpecialPrices } from '../../src/shared/domain/offers.js';
import { unitPrice } from '../../src/shared/domain/pricing.js';
import { offerFromRow, type OfferRow } from '../../src/shared/data/offers.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

const customer = { name: 'Joana Silva', phone: '+352 621 123 456', email: 'joana@example.lu' };
const chickens = [{ menuItemId: '32', quantity: 2 }];
const pickup = { customer, delivery_method: 'pickup', payment_method: 'cash', items: chickens };
const delivery = {
  customer: { ...customer, address: '12 rue de la Gare', postalCode: '4601', city: 'Differdange' },
  delivery_method: 'delivery',
  payment_method: 'card',
  items: chickens,
};

describe.each(testDatabases())('offers as data on %s', (kind) => {
  let b: TestBackend;
  let boss: SupabaseClient;
  let shopper: SupabaseClient;
  let visitor: SupabaseClient;
  let svc: SupabaseClient;

  const value = async <T>(sql: string, params: unknown[] = []) => (await b.db.query<{ v: T }>(sql, params)).rows[0]!.v;
  /** The first day from today + offset that is not a Tuesday (the restaurant's closed day). */
  const openDay = (offset: number) =>
    value<string>(
      `select d::date::text as v from generate_series(public.restaurant_today() + $1::int, public.restaurant_today() + $1::int + 7, '1 day') d
        where extract(isodow from d) <> 2 limit 1`,
      [offset],
    );
  const today = () => value<string>(`select public.restaurant_today()::text as v`);
  const shift = (day: string, days: number) => value<string>(`select ($1::date + $2::int)::text as v`, [day, days]);
  /** place_order over HTTP as the service role, its clock set to this Luxembourg day at 12:30 (or the time given). */
  const placeOn = async (day: string, order: unknown, time = '12:30') => {
    const now = await value<string>(
      `select to_char((($1::date + $2::time) at time zone 'Europe/Luxembourg') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as v`,
      [day, time],
    );
    const { data, error } = await svc.rpc('place_order', { p_order: order, p_now: now });
    if (error) throw new Error(`place_order on ${day}: ${error.message}`);
    return data as { total_price: number; order_items: { id: string; price: number }[] };
  };
  const offer = (extra: Record<string, unknown> = {}) => ({
    title: 'Poulet du week-end',
    body: 'Le poulet entier à petit prix.',
    item_id: '32',
    price: 11,
    delivery_method: 'pickup',
    ...extra,
  });

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
    svc = b.serviceClient();
  });
  afterAll(async () => b?.close());
  afterEach(async () => {
    // Back to the seed: only the spec's (ended) offer.
    await b.db.query(`delete from public.offers where item_id is distinct from '32' or price <> 12.50`);
  });

  it('seeds the spec offer, over today: only the admin still reads it, and it prices nothing now', async () => {
    const all = await boss
      .from('offers')
      .select('title, image_url, item_id, price, delivery_method, starts_on, ends_on');
    expect(all.error).toBeNull();
    expect(all.data).toEqual([
      {
        title: 'Poulet grillé entier',
        image_url: '/images/offer-chicken.webp',
        item_id: '32',
        price: 12.5,
        delivery_method: 'pickup',
        starts_on: '2025-10-10',
        ends_on: '2025-10-13',
      },
    ]);
    expect((await visitor.from('offers').select('id')).data).toEqual([]);
    expect((await shopper.from('offers').select('id')).data).toEqual([]);
    // In its range it priced the whole chicken at 12,50 for pickup, not for delivery.
    expect((await placeOn('2025-10-12', pickup)).total_price).toBe(25);
    expect((await placeOn('2025-10-12', delivery)).total_price).toBe(30);
    expect((await placeOn(await openDay(1), pickup)).total_price).toBe(30);
  });

  it('lets only an admin write offers; the shop reads the live and coming ones, never the ended', async () => {
    const t = await today();
    const live = offer({ starts_on: t, ends_on: await shift(t, 3) });
    expect((await visitor.from('offers').insert(live)).error?.code).toBe('42501');
    expect((await shopper.from('offers').insert(live)).error?.code).toBe('42501');
    const created = await boss.from('offers').insert(live).select('id').single();
    expect(created.error).toBeNull();
    const id = created.data!.id as number;
    const coming = await boss
      .from('offers')
      .insert(offer({ title: 'Bientôt', starts_on: await shift(t, 10), ends_on: await shift(t, 12) }))
      .select('id')
      .single();
    const ended = await boss
      .from('offers')
      .insert(offer({ title: 'Fini', starts_on: await shift(t, -5), ends_on: await shift(t, -1) }))
      .select('id')
      .single();
    expect([coming.error, ended.error]).toEqual([null, null]);

    for (const reader of [visitor, shopper]) {
      const seen = await reader.from('offers').select('title').order('starts_on');
      expect(seen.data!.map((o) => o.title)).toEqual(['Poulet du week-end', 'Bientôt']);
      const tampered = await reader.from('offers').update({ price: 1 }).eq('id', id).select();
      expect(tampered.data ?? []).toEqual([]);
      const removed = await reader.from('offers').delete().eq('id', id).select();
      expect(removed.data ?? []).toEqual([]);
    }
    expect(await value<string>(`select price::text as v from public.offers where id = $1`, [id])).toBe('11.00');
    expect((await boss.from('offers').select('id')).data).toHaveLength(4);

    const edited = await boss.from('offers').update({ title: 'Poulet du mois' }).eq('id', id).select('title');
    expect(edited.data).toEqual([{ title: 'Poulet du mois' }]);
    expect((await boss.from('offers').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
  });

  it('bounds every field, the dates and the number of open offers with a clear refusal', async () => {
    const t = await today();
    const base = offer({ starts_on: t, ends_on: await shift(t, 1) });
    const refusal = async (row: Record<string, unknown>) => {
      const { error } = await boss.from('offers').insert(row);
      return error ? `${error.code} ${error.message}` : 'accepted';
    };
    expect(await refusal({ ...base, title: ' ' })).toMatch(/23514 .*offers_title_length/);
    expect(await refusal({ ...base, title: 'x'.repeat(81) })).toMatch(/23514 .*offers_title_length/);
    expect(await refusal({ ...base, title: 'Deux\nlignes' })).toMatch(/23514 .*offers_text_plain/);
    expect(await refusal({ ...base, body: 'x'.repeat(301) })).toMatch(/23514 .*offers_body_length/);
    expect(await refusal({ ...base, price: 0 })).toMatch(/23514 .*offers_price_range/);
    expect(await refusal({ ...base, price: 1000.01 })).toMatch(/23514 .*offers_price_range/);
    expect(await refusal({ ...base, delivery_method: 'takeaway' })).toMatch(/23514 .*offers_delivery_method/);
    expect(await refusal({ ...base, price: null })).toMatch(/23514 .*offers_rule_whole/);
    expect(await refusal({ ...base, item_id: 'no-such-dish' })).toMatch(/23503/);
    expect(await refusal({ ...base, image_url: 'javascript:alert(1)' })).toMatch(/23514 .*offers_image_url/);
    expect(await refusal({ ...base, image_url: `/images/${'x'.repeat(500)}.webp` })).toMatch(/offers_image_url/);
    expect(await refusal({ ...base, ends_on: await shift(t, -1) })).toMatch(/23514 .*offers_dates/);
    expect(await refusal({ ...base, ends_on: await shift(t, 731) })).toMatch(/23514 .*offers_dates/);
    expect(await refusal({ ...base, starts_on: await shift(t, 731), ends_on: await shift(t, 732) })).toBe(
      '23514 Uma oferta começa no máximo daqui a dois anos.',
    );
    // Largest values still accepted; an announcement without a price rule too.
    expect(
      await refusal({
        ...base,
        title: 'x'.repeat(80),
        body: 'é'.repeat(300),
        price: 1000,
        ends_on: await shift(t, 730),
      }),
    ).toBe('accepted');
    expect(
      await refusal({
        title: 'Soirée fado',
        starts_on: t,
        ends_on: t,
        item_id: null,
        price: null,
        delivery_method: null,
      }),
    ).toBe('accepted');

    // 20 live or coming offers at most (the two above count); ended ones do not.
    const more = await Promise.all(
      Array.from({ length: 18 }, async (_, i) => ({ ...base, title: `Offre ${i}`, starts_on: await shift(t, i) })),
    );
    for (const row of more) expect(await refusal({ ...row, ends_on: row.starts_on })).toBe('accepted');
    expect(await refusal(base)).toBe('23514 No máximo 20 ofertas em curso ou programadas.');
    const past = { ...base, starts_on: await shift(t, -9), ends_on: await shift(t, -8) };
    expect(await refusal(past)).toBe('accepted');
  });

  it('prices through place_order only inside the dates, both ends included, and only for its method', async () => {
    const first = await openDay(20);
    const created = await boss
      .from('offers')
      .insert(offer({ starts_on: first, ends_on: first }))
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const id = created.data!.id as number;
    const before = await openDay(5);
    const after = await openDay(30);

    const totals = async () => ({
      pickupIn: (await placeOn(first, pickup, '11:05')).total_price,
      pickupLate: (await placeOn(first, pickup, '21:20')).total_price,
      deliveryIn: (await placeOn(first, delivery)).total_price,
      pickupBefore: (await placeOn(before, pickup)).total_price,
      pickupAfter: (await placeOn(after, pickup)).total_price,
    });
    expect(await totals()).toEqual({ pickupIn: 22, pickupLate: 22, deliveryIn: 30, pickupBefore: 30, pickupAfter: 30 });
    const stored = await placeOn(first, pickup);
    expect(stored.order_items).toMatchObject([{ id: '32', price: 11 }]);

    await boss.from('offers').update({ delivery_method: 'delivery' }).eq('id', id);
    expect(await totals()).toEqual({ pickupIn: 30, pickupLate: 30, deliveryIn: 22, pickupBefore: 30, pickupAfter: 30 });
    await boss.from('offers').update({ delivery_method: 'both', price: 10.5 }).eq('id', id);
    expect(await totals()).toEqual({
      pickupIn: 21,
      pickupLate: 21,
      deliveryIn: 21,
      pickupBefore: 30,
      pickupAfter: 30,
    });
    // Deleted: the menu price again.
    await boss.from('offers').delete().eq('id', id);
    expect((await placeOn(first, pickup)).total_price).toBe(30);
  });

  it('gives the cart the same price as the database, from the rows the shop reads', async () => {
    const t = await today();
    await boss.from('offers').insert([
      offer({ starts_on: t, ends_on: await shift(t, 2) }),
      offer({
        title: 'Frites',
        item_id: 'bo-3',
        price: 2,
        delivery_method: 'both',
        starts_on: await shift(t, 1),
        ends_on: await shift(t, 1),
      }),
      offer({ title: 'Hier', price: 5, starts_on: await shift(t, -3), ends_on: await shift(t, -1) }),
    ]);
    const { data, error } = await visitor.from('offers').select('*').not('item_id', 'is', null);
    expect(error).toBeNull();
    const specialPrices = offerSpecialPrices((data as OfferRow[]).map(offerFromRow));
    expect(specialPrices).toHaveLength(2);
    const { data: items } = await visitor.from('menu_items').select('id, price').in('id', ['32', 'bo-3']);
    for (const offset of [0, 1, 2, 3]) {
      const day = await shift(t, offset);
      for (const method of ['pickup', 'delivery'] as const) {
        for (const item of items as { id: string; price: number }[]) {
          const inDatabase = Number(
            await value<string>(`select public.unit_price($1, $2, $3::date)::text as v`, [item.id, method, day]),
          );
          const inCart = unitPrice({ id: item.id, price: Number(item.price) }, { method, date: day, specialPrices });
          expect([day, method, item.id, inCart]).toEqual([day, method, item.id, inDatabase]);
        }
      }
    }
  });
});
