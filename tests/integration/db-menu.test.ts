import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, type AnyRow } from './db-support.js';

const SPEC_RANGES: Record<string, [number, number]> = {
  entrees: [3.86, 12.3],
  grill: [3.5, 25.64],
  francesinhas: [19.49, 28.2],
  hamburgers: [12.77, 23.69],
  boissons: [2.87, 6.83],
  desserts: [5.84, 5.84],
};

describe.each(testDatabases())('menu and settings on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  it('has the nine categories in the spec order with the grill as Grillades', async () => {
    const rows = await as(b, anon, (tx) =>
      tx.query<{ id: string; name: string; slug: string }>(
        `select id, name, slug from public.menu_categories order by sort_order`,
      ),
    );
    expect(rows.rows.map((r) => r.id)).toEqual([
      'entrees',
      'chic_n_fries',
      'grill',
      'francesinhas',
      'hamburgers',
      'boissons',
      'menu_enfant',
      'accompagnements',
      'desserts',
    ]);
    expect(rows.rows[2]).toEqual({ id: 'grill', name: 'Grillades', slug: 'grillades' });
  });

  it('seeds every category with dishes priced inside the spec ranges', async () => {
    const { rows } = await as(b, anon, (tx) =>
      tx.query<{ id: string; category_id: string; price: string; unavailable: boolean; image_src: string | null }>(
        `select id, category_id, price, unavailable, image_src from public.menu_items where item_type = 'dish'`,
      ),
    );
    const byCategory = new Map<string, typeof rows>();
    for (const r of rows) byCategory.set(r.category_id, [...(byCategory.get(r.category_id) ?? []), r]);
    expect([...byCategory.keys()].sort()).toHaveLength(9);
    for (const [category, [lo, hi]] of Object.entries(SPEC_RANGES)) {
      const prices = byCategory.get(category)!.map((r) => Number(r.price));
      expect(Math.min(...prices), category).toBe(lo);
      expect(Math.max(...prices), category).toBe(hi);
    }
    expect(
      byCategory
        .get('menu_enfant')!
        .map((r) => Number(r.price))
        .sort(),
    ).toEqual([10.78, 9.8].sort());
    expect(byCategory.get('boissons')!.filter((r) => r.unavailable)).toHaveLength(2);
    for (const r of rows) expect(r.image_src).toBe(`/images/menu/${r.id}.webp`);
  });

  it('has the whole grilled chicken at 15.00, its dated pickup offer in offers and no fixed label on the dish', async () => {
    const item = await as(b, anon, (tx) =>
      tx.query(`select name, price, special_offer is not null as has_offer from public.menu_items where id = '32'`),
    );
    expect(item.rows[0]).toEqual({ name: 'Poulet entier grillé', price: '15.00', has_offer: false });
    // The offer is over, so only an admin (or the service) still reads it.
    const special = await b.db.query(
      `select title, price, delivery_method, starts_on::text, ends_on::text from public.offers where item_id = '32'`,
    );
    expect(special.rows).toEqual([
      {
        title: 'Poulet grillé entier',
        price: '12.50',
        delivery_method: 'pickup',
        starts_on: '2025-10-10',
        ends_on: '2025-10-13',
      },
    ]);
  });

  it('has default settings: open, delivery on, zones and opening hours', async () => {
    const { rows } = await as(b, anon, (tx) =>
      tx.query<{ key: string; value: AnyRow }>(`select key, value from public.store_settings order by key`),
    );
    const settings = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(settings.ordering.is_enabled).toBe(true);
    expect(settings.delivery_options.is_enabled).toBe(true);
    expect(settings.delivery_zones.map((z: AnyRow) => z.name)).toContain('Differdange');
    for (const z of settings.delivery_zones as AnyRow[]) expect(z.fee).toBeGreaterThanOrEqual(2);
    expect(settings.opening_hours.days['2']).toEqual([]);
  });

  it('lets only admins write menu and settings', async () => {
    const cust = customer('customer', 'client@example.lu');
    const denied = await failure(
      as(b, anon, (tx) => tx.query(`update public.menu_items set price = 0 where id = '32'`)),
    );
    expect(denied?.code).toBe('42501');
    const silent = await as(b, cust, (tx) => tx.query(`update public.menu_items set price = 0 where id = '32'`));
    expect(silent.rowCount).toBe(0);
    const done = await as(b, admin(), (tx) =>
      tx.query(`insert into public.store_settings (key, value) values ('ordering', '{"is_enabled": false, "message": "As encomendas online estão temporariamente fechadas."}')
                on conflict (key) do update set value = excluded.value returning key`),
    );
    expect(done.rowCount).toBe(1);
    const bad = await failure(
      as(b, admin(), (tx) =>
        tx.query(`update public.store_settings set value = '[{"name": "", "fee": 2}]' where key = 'delivery_zones'`),
      ),
    );
    expect(bad?.code).toBe('23514');
    await as(b, admin(), (tx) =>
      tx.query(`update public.store_settings set value = '{"is_enabled": true, "message": ""}' where key = 'ordering'`),
    );
  });

  it('refuses settings the order rules could not read', async () => {
    const save = (key: string, value: unknown) =>
      failure(
        as(b, admin(), (tx) =>
          tx.query(`update public.store_settings set value = $2::jsonb where key = $1`, [key, JSON.stringify(value)]),
        ),
      );
    const hours = (over: Record<string, unknown>) => ({
      timezone: 'Europe/Luxembourg',
      last_order_minutes_before_close: 30,
      slot_minutes: 15,
      days: { '1': [['11:00', '15:00']] },
      ...over,
    });
    const bad: [string, unknown][] = [
      ['ordering', { is_enabled: 'yes' }],
      ['delivery_options', {}],
      ['delivery_zones', [{ name: 'Differdange', fee: '2,00' }]],
      [
        'delivery_zones',
        [
          { name: 'Differdange', fee: 2 },
          { name: ' differdange ', fee: 3 },
        ],
      ],
      ['delivery_zones', [{ name: 'Oberkorn', fee: -1 }]],
      ['opening_hours', hours({ timezone: 'Europe/Differdange' })],
      ['opening_hours', hours({ days: { '8': [] } })],
      ['opening_hours', hours({ days: { '1': [['11h', '15h']] } })],
      ['opening_hours', hours({ days: { '1': [['15:00', '11:00']] } })],
      ['opening_hours', hours({ slot_minutes: 0 })],
    ];
    for (const [key, value] of bad) expect((await save(key, value))?.code, JSON.stringify(value)).toBe('23514');
    expect(await save('opening_hours', hours({}))).toBeNull();
    expect(
      await save('delivery_zones', [
        { name: 'Differdange', fee: 2 },
        { name: 'Niederkorn', fee: 2.5 },
      ]),
    ).toBeNull();
  });
});
