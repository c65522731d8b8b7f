import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { fetchMenu, menuItemFromRow, setSupabase } from '../../src/shared/data/index.js';
import { offerFromRow, type OfferRow } from '../../src/shared/data/offers.js';
import type { MenuCategoryRow, MenuItemRow } from '../../src/shared/data/rows.js';
import { offerSpecialPrices } from '../../src/shared/domain/offers.js';
import { unitPrice } from '../../src/shared/domain/pricing.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

/** The menu as the shop read it with three requests (categories, dishes, offers), for comparison. */
async function menuInThreeReads(supabase: SupabaseClient) {
  const [categories, items, offers] = await Promise.all([
    supabase.from('menu_categories').select('id, name, slug, sort_order').order('sort_order'),
    supabase.from('menu_items').select('*').eq('hidden', false).is('deleted_at', null).order('sort_order'),
    supabase.from('offers').select('*').not('item_id', 'is', null),
  ]);
  const rank = new Map((categories.data as MenuCategoryRow[]).map((c, i) => [c.id, i]));
  const rows = (items.data as MenuItemRow[])
    .slice()
    .sort(
      (a, b) =>
        rank.get(a.category_id)! - rank.get(b.category_id)! || a.sort_order - b.sort_order || (a.id < b.id ? -1 : 1),
    );
  return {
    categories: categories.data as MenuCategoryRow[],
    items: rows.map(menuItemFromRow),
    specialPrices: offerSpecialPrices((offers.data as OfferRow[]).map(offerFromRow)),
  };
}

describe.each(testDatabases())('the shop reads the whole menu in one request on %s', (kind) => {
  let b: TestBackend;
  /** Every HTTP request the visitor's client sends, and the text of each answer. */
  const requests: { url: string; body: string }[] = [];
  let visitor: SupabaseClient;

  const sql = async <T>(text: string, params: unknown[] = []) => (await b.db.query<{ v: T }>(text, params)).rows[0]?.v;
  const day = (offset: number) => sql<string>(`select (public.restaurant_today() + $1::int)::text as v`, [offset]);
  const read = async () => {
    requests.length = 0;
    return fetchMenu();
  };

  beforeAll(async () => {
    b = await startTestBackend(kind);
    visitor = createClient(b.url, b.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          requests.push({
            url: String(input instanceof Request ? input.url : input),
            body: await answer.clone().text(),
          });
          return answer;
        },
      },
    });
    setSupabase(visitor);
  });
  afterAll(async () => {
    setSupabase(null);
    await b?.close();
  });

  it('returns the same menu as the three reads did, in one request', async () => {
    const today = await day(0);
    await sql(
      `insert into public.offers (title, item_id, price, delivery_method, starts_on, ends_on)
       values ('Poulet du week-end', '32', 11, 'pickup', $1, $1::date + 3)`,
      [today],
    );
    const before = await menuInThreeReads(visitor);
    const menu = await read();
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/rest/v1/menu_categories']);
    expect(menu).toEqual(before);
    expect(menu.items.length).toBeGreaterThan(50);
    expect(menu.specialPrices).toEqual([
      { itemId: '32', price: 11, method: 'pickup', from: today, until: expect.any(String) },
    ]);
  });

  it('never sends hidden or deleted dishes nor offers that are over; the cheapest rule of a day comes first', async () => {
    await sql(
      `insert into public.menu_items (id, category_id, name, price, hidden, sort_order)
         values ('plat-cache', 'grill', 'Plat retiré du site', 9, true, 1)`,
    );
    await sql(
      `insert into public.menu_items (id, category_id, name, price, deleted_at, sort_order)
         values ('plat-supprime', 'grill', 'Plat supprimé du menu', 9, now(), 1)`,
    );
    const [yesterday, today, later] = [await day(-1), await day(0), await day(5)];
    await sql(
      `insert into public.offers (title, item_id, price, delivery_method, starts_on, ends_on) values
         ('Hier seulement', '33', 4, 'both', $1, $1),
         ('Offre cachée', 'plat-cache', 5, 'both', $2, $3),
         ('Moins cher encore', '32', 10, 'both', $2, $3)`,
      [yesterday, today, later],
    );
    const menu = await read();
    expect(requests).toHaveLength(1);
    const answer = requests[0]!.body;
    expect(answer).not.toMatch(/plat-cache|Plat retiré|plat-supprime|Plat supprimé|Hier seulement|Offre cachée/);
    expect(menu.items.some((i) => i.id === 'plat-cache' || i.id === 'plat-supprime')).toBe(false);
    expect(menu.specialPrices.map((s) => [s.itemId, s.price])).toEqual([
      ['32', 10],
      ['32', 11],
    ]);
    // The shop's price for today is the database's: the cheapest rule that applies.
    const chicken = menu.items.find((i) => i.id === '32')!;
    for (const method of ['pickup', 'delivery'] as const) {
      const shown = unitPrice(chicken, { method, date: today, specialPrices: menu.specialPrices });
      const charged = await sql<string>(`select public.unit_price('32', $1, $2::date)::text as v`, [method, today]);
      expect(shown).toBe(Number(charged));
    }
  });
});
