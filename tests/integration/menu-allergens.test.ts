import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchMenu, MenuSaveError, setSupabase, updateItem } from '../../src/shared/data/index.js';
import { ALLERGEN_CODES } from '../../src/shared/domain/allergens.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { admin, anon, as, customer, failure, type Caller } from './db-support.js';

/** The allergens of one dish as stored. */
const stored = async (b: TestBackend, id: string) =>
  (await b.db.query<{ allergens: string[] | null }>(`select allergens from public.menu_items where id = $1`, [id]))
    .rows[0]!.allergens;

describe.each(testDatabases())('dish allergens (EU 1169/2011) on %s', (kind) => {
  let b: TestBackend;
  let adminToken = '';
  let customerToken = '';
  const boss = admin();
  const write = (who: Caller, sql: string, params: unknown[] = []) => as(b, who, (tx) => tx.query(sql, params));

  beforeAll(async () => {
    // A plan-cost bound close to what the shop's menu read costs (about 130, docs/POSTGREST.md): the allergens
    // column must not make the one public read of the menu costly.
    b = await startTestBackend(kind, { env: { REST_MAX_PLAN_COST: '300' } });
    const sign = (claims: Record<string, unknown>) => b.context.jwt.sign({ role: 'authenticated', ...claims }, 3600);
    adminToken = await sign({ sub: crypto.randomUUID(), email: 'gerant@example.lu', app_metadata: { role: 'admin' } });
    customerToken = await sign({
      sub: crypto.randomUUID(),
      email: 'joana@example.lu',
      app_metadata: { provider: 'email' },
    });
  });
  beforeEach(() => setSupabase(b.client()));
  afterAll(async () => {
    setSupabase(null);
    await b?.close();
  });

  it('keeps only the 14 regulated codes, as a flat list; empty (none) and null (not declared) are both kept', async () => {
    const set = (value: unknown) =>
      failure(write(boss, `update public.menu_items set allergens = $1::text[] where id = 'hb-1'`, [value]));
    expect(await set([...ALLERGEN_CODES])).toBeNull();
    expect(await stored(b, 'hb-1')).toEqual([...ALLERGEN_CODES]);
    for (const code of ALLERGEN_CODES) expect(await set([code]), code).toBeNull();
    expect(await set([])).toBeNull();
    expect(await stored(b, 'hb-1')).toEqual([]);
    expect(await set(null)).toBeNull();
    expect(await stored(b, 'hb-1')).toBeNull();
    for (const bad of ['{shellfish}', '{Gluten}', '{gluten,NULL}', '{{gluten}}', '{""}']) {
      expect(await set(bad), bad).toMatchObject({ code: '23514', message: expect.stringContaining('allergens_known') });
    }
    expect(await stored(b, 'hb-1')).toBeNull();
    await write(boss, `update public.menu_items set allergens = '{gluten,eggs,milk,mustard,sesame}' where id = 'hb-1'`);
  });

  it('the public menu read carries each dish allergens, none and not declared apart, within the plan-cost bound', async () => {
    const menu = await fetchMenu();
    const dish = (id: string) => menu.items.find((i) => i.id === id)!;
    expect(dish('hb-1').allergens).toEqual(['gluten', 'eggs', 'milk', 'mustard', 'sesame']);
    expect(dish('acc-6').allergens).toEqual(['eggs', 'mustard']);
    expect(dish('32').allergens).toEqual([]);
    expect(dish('acc-7').allergens).toBeNull();
    // The same through a plain request with the anon key.
    const r = await fetch(`${b.url}/rest/v1/menu_items?select=id,allergens&id=in.(32,acc-7,bo-9)&order=id`, {
      headers: { apikey: b.anonKey },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([
      { id: '32', allergens: [] },
      { id: 'acc-7', allergens: null },
      { id: 'bo-9', allergens: ['gluten'] },
    ]);
  });

  it('only an admin sets them (the editor save, under RLS); a customer and a visitor change nothing', async () => {
    setSupabase(b.client(adminToken));
    await updateItem('acc-7', { allergens: ['eggs', 'mustard'] });
    expect(await stored(b, 'acc-7')).toEqual(['eggs', 'mustard']);

    setSupabase(b.client(customerToken));
    await expect(updateItem('acc-7', { allergens: [] })).rejects.toBeInstanceOf(MenuSaveError);
    setSupabase(b.client());
    await expect(updateItem('acc-7', { allergens: [] })).rejects.toThrow();
    expect(
      await failure(write(anon, `update public.menu_items set allergens = '{}' where id = 'acc-7'`)),
    ).toMatchObject({ code: '42501' });
    const client = customer('client', 'client@example.lu');
    expect((await write(client, `update public.menu_items set allergens = '{}' where id = 'acc-7'`)).rowCount).toBe(0);
    expect(await stored(b, 'acc-7')).toEqual(['eggs', 'mustard']);

    // An unknown code from the editor's request is refused by the database, not saved.
    setSupabase(b.client(adminToken));
    await expect(updateItem('acc-7', { allergens: ['shellfish'] })).rejects.toBeInstanceOf(MenuSaveError);
    expect(await stored(b, 'acc-7')).toEqual(['eggs', 'mustard']);
    await updateItem('acc-7', { allergens: null });
  });
});
