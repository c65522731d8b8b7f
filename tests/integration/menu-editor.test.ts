import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, as, customer, failure, service, type AnyRow, type Caller } from './db-support.js';

// Wednesday 19 November 2025, 12:00 in Luxembourg: the kitchen is open.
const WEDNESDAY_NOON = '2025-11-19T11:00:00Z';
const pickup = (items: unknown[]) => ({
  customer: { name: 'Joana Silva', phone: '+352 621 123 456', email: 'joana@example.lu' },
  delivery_method: 'pickup',
  payment_method: 'cash',
  items,
});

describe.each(testDatabases())('menu editor rules in the database on %s', (kind) => {
  let b: TestBackend;
  const boss = admin();
  const client = customer('client', 'client@example.lu');
  const place = (order: unknown) =>
    as(
      b,
      service,
      async (tx) =>
        (
          await tx.query<{ o: AnyRow }>(`select public.place_order($1::jsonb, $2::timestamptz) as o`, [
            JSON.stringify(order),
            WEDNESDAY_NOON,
          ])
        ).rows[0]!.o,
    );
  const write = (who: Caller, sql: string, params: unknown[] = []) => as(b, who, (tx) => tx.query(sql, params));

  beforeAll(async () => {
    b = await startTestBackend(kind);
  });
  afterAll(async () => b?.close());

  it('only admins add and edit dishes; customers and anon change nothing', async () => {
    const insert = `insert into public.menu_items (id, category_id, name, description, price, sort_order) values ($1, 'hamburgers', 'Burger Teste', 'Novo', 11.5, 99)`;
    expect(await failure(write(client, insert, ['burger-teste']))).toMatchObject({ code: '42501' });
    expect(await failure(write(boss, insert, ['burger-teste']))).toBeNull();
    const r = await write(client, `update public.menu_items set price = 0.5 where id = 'burger-teste'`);
    expect(r.rowCount).toBe(0);
    await write(
      boss,
      `update public.menu_items set price = 12.9, special_offer = '{"text": "Oferta", "condition": ""}' where id = 'burger-teste'`,
    );
    const o = await place(pickup([{ menuItemId: 'burger-teste', quantity: 2, price: 0.01 }]));
    // place_order takes the price from the database, never from the cart.
    expect(o.order_items).toEqual([
      { id: 'burger-teste', name: 'Burger Teste', quantity: 2, price: 12.9, options: [] },
    ]);
  });

  it('a hidden or softly deleted dish cannot be ordered, and a dish named by an order cannot be removed for real', async () => {
    await write(
      boss,
      `insert into public.menu_items (id, category_id, name, price) values ('prato-oculto', 'grill', 'Prato oculto', 9)`,
    );
    await place(pickup([{ menuItemId: 'prato-oculto', quantity: 1 }]));
    await write(boss, `update public.menu_items set hidden = true where id = 'prato-oculto'`);
    const row = (
      await b.db.query<AnyRow>(`select hidden, unavailable from public.menu_items where id = 'prato-oculto'`)
    ).rows[0];
    expect(row).toEqual({ hidden: true, unavailable: true });
    expect(await failure(place(pickup([{ menuItemId: 'prato-oculto', quantity: 1 }])))).toMatchObject({
      detail: 'item_unavailable',
    });

    const del = await failure(write(boss, `delete from public.menu_items where id = 'prato-oculto'`));
    expect(del).toMatchObject({ code: 'P0001', detail: 'item_in_orders' });
    await write(
      boss,
      `update public.menu_items set deleted_at = now(), hidden = false, unavailable = false where id = 'prato-oculto'`,
    );
    expect(
      (await b.db.query<AnyRow>(`select unavailable from public.menu_items where id = 'prato-oculto'`)).rows[0],
    ).toEqual({ unavailable: true });
    // The order still shows its line as it was taken.
    const orders = await b.db.query<AnyRow>(
      `select order_items from public.orders where order_items @> '[{"id": "prato-oculto"}]'`,
    );
    expect(orders.rows[0].order_items[0]).toMatchObject({ name: 'Prato oculto', price: 9 });

    // A dish nobody ordered may be removed.
    await write(
      boss,
      `insert into public.menu_items (id, category_id, name, price) values ('prato-errado', 'grill', 'Engano', 1)`,
    );
    expect(await failure(write(boss, `delete from public.menu_items where id = 'prato-errado'`))).toBeNull();
  });

  it('categories are renamed and reordered by admins; their slug and id never change', async () => {
    await write(
      boss,
      `update public.menu_categories set name = 'Hambúrgueres', sort_order = 2 where id = 'hamburgers'`,
    );
    expect(
      (await b.db.query<AnyRow>(`select name, slug from public.menu_categories where id = 'hamburgers'`)).rows[0],
    ).toEqual({ name: 'Hambúrgueres', slug: 'hungryburgers' });
    expect(
      await failure(write(boss, `update public.menu_categories set slug = 'burgers' where id = 'hamburgers'`)),
    ).toMatchObject({ detail: 'slug_fixed' });
    expect((await write(client, `update public.menu_categories set name = 'X' where id = 'hamburgers'`)).rowCount).toBe(
      0,
    );
    await write(
      boss,
      `update public.menu_categories set name = 'HungryBurgers', sort_order = 5 where id = 'hamburgers'`,
    );
  });

  it('↑ and ↓ swap a dish with its neighbour as the rows are now, ties included, in one statement', async () => {
    const ids = ['ordem-a', 'ordem-b', 'ordem-c'];
    await write(
      boss,
      `insert into public.menu_categories (id, name, slug, sort_order) values ('ordem', 'Ordem', 'ordem', 90)`,
    );
    // Seeded ties: the editor shows them by id.
    for (const id of ids)
      await write(
        boss,
        `insert into public.menu_items (id, category_id, name, price, sort_order) values ($1, 'ordem', $1, 5, 1)`,
        [id],
      );
    const order = async () =>
      (
        await b.db.query<{ id: string }>(
          `select id from public.menu_items where category_id = 'ordem' order by sort_order, id`,
        )
      ).rows.map((r) => r.id);
    const move = (who: Caller, kind: string, id: string, direction: string) =>
      as(
        b,
        who,
        async (tx) =>
          (await tx.query<{ m: boolean }>(`select public.move_menu_entry($1, $2, $3) as m`, [kind, id, direction]))
            .rows[0]!.m,
      );

    expect(await move(boss, 'item', 'ordem-a', 'down')).toBe(true);
    expect(await order()).toEqual(['ordem-b', 'ordem-a', 'ordem-c']);
    // A second click computed from a stale screen still moves from where the dish is now.
    expect(await move(boss, 'item', 'ordem-a', 'down')).toBe(true);
    expect(await order()).toEqual(['ordem-b', 'ordem-c', 'ordem-a']);
    // The last one has nobody below: nothing changes.
    expect(await move(boss, 'item', 'ordem-a', 'down')).toBe(false);
    expect(await move(boss, 'item', 'ordem-b', 'up')).toBe(false);
    expect(await order()).toEqual(['ordem-b', 'ordem-c', 'ordem-a']);
    expect(
      (
        await b.db.query<{ n: number }>(
          `select count(distinct sort_order)::int as n from public.menu_items where category_id = 'ordem'`,
        )
      ).rows[0]!.n,
    ).toBe(3);
    // Categories move the same way, among all categories.
    const cats = async () =>
      (await b.db.query<{ id: string }>(`select id from public.menu_categories order by sort_order, id`)).rows.map(
        (r) => r.id,
      );
    const before = await cats();
    expect(await move(boss, 'category', 'ordem', 'up')).toBe(true);
    const after = await cats();
    expect(after.indexOf('ordem')).toBe(before.indexOf('ordem') - 1);
    // Customers are refused; a bad direction is a clear error.
    expect(await failure(move(client, 'item', 'ordem-c', 'up'))).toMatchObject({ code: '42501', detail: 'admin_only' });
    expect(await failure(move(boss, 'item', 'ordem-c', 'left'))).toMatchObject({
      code: '22023',
      detail: 'invalid_move',
    });
    expect(await order()).toEqual(['ordem-b', 'ordem-c', 'ordem-a']);
  });

  it('refuses out-of-bounds values with a constraint error', async () => {
    const cases: [string, unknown[]][] = [
      [`update public.menu_items set name = $1 where id = '32'`, ['x'.repeat(121)]],
      [`update public.menu_items set price = 1000.01 where id = '32'`, []],
      [`update public.menu_items set price = -1 where id = '32'`, []],
      // numeric(10, 2) rounds it to 0: a free dish.
      [`update public.menu_items set price = 0.004 where id = '32'`, []],
      [`update public.menu_items set image_src = $1 where id = '32'`, ['javascript:alert(1)']],
      [`update public.menu_items set image_src = $1 where id = '32'`, ['https://x.lu/a b.webp']],
      [`update public.menu_categories set name = $1 where id = 'grill'`, ['y'.repeat(61)]],
    ];
    for (const [sql, params] of cases)
      expect(await failure(write(boss, sql, params)), sql).toMatchObject({ code: '23514' });
    // A file of the project's own Storage: the host the admin's request came to (PostgREST passes it).
    const headers = JSON.stringify({ host: new URL(b.url).host });
    const own = `${b.url}/storage/v1/object/public/menu-images/items/32.webp`;
    expect(
      await failure(
        as(b, boss, async (tx) => {
          await tx.query(`select set_config('request.headers', $1, true)`, [headers]);
          return tx.query(`update public.menu_items set image_src = $1 where id = '32'`, [own]);
        }),
      ),
    ).toBeNull();
    // Another site's picture (or one with the page's scheme, "//host/x.png") is refused.
    for (const url of ['//evil.example/x.png', 'https://evil.example/storage/v1/object/public/menu-images/x.png'])
      expect(
        await failure(write(boss, `update public.menu_items set image_src = $1 where id = '32'`, [url])),
        url,
      ).toMatchObject({ code: '23514', detail: 'image_not_allowed' });
  });

  it('menu categories are published for realtime', async () => {
    const r = await b.db.query(
      `select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'menu_categories'`,
    );
    expect(r.rows).toHaveLength(1);
  });
});
