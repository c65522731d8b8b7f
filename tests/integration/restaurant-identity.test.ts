import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import {
  DEFAULT_RESTAURANT_IDENTITY,
  restaurantIdentitySchema,
  type RestaurantIdentity,
} from '../../src/shared/domain/restaurant.js';
import { storeSettingsFromRows } from '../../src/shared/domain/store-settings.js';

// The restaurant's identity is one public row of store_settings: anyone reads it, only an admin
// writes it, and the database refuses a row the admin's form would refuse.
describe.each(testDatabases())('restaurant identity on %s', (kind) => {
  let b: TestBackend;
  let boss: SupabaseClient;
  let shopper: SupabaseClient;
  let visitor: SupabaseClient;

  const save = (who: SupabaseClient, value: unknown) =>
    who.from('store_settings').update({ value }).eq('key', 'restaurant').select('value');
  const read = async (who: SupabaseClient) => {
    const { data, error } = await who.from('store_settings').select('key, value').eq('key', 'restaurant');
    expect(error).toBeNull();
    return data!;
  };

  beforeAll(async () => {
    b = await startTestBackend(kind);
    const token = async (app: Record<string, unknown>) =>
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
    await b.db.query(`update public.store_settings set value = $1::jsonb, is_public = true where key = 'restaurant'`, [
      JSON.stringify(DEFAULT_RESTAURANT_IDENTITY),
    ]);
  });

  it('the installed row is the domain default, and an anonymous visitor reads it', async () => {
    const rows = await read(visitor);
    expect(rows).toEqual([{ key: 'restaurant', value: DEFAULT_RESTAURANT_IDENTITY }]);
    expect(restaurantIdentitySchema.parse(rows[0]!.value)).toEqual(DEFAULT_RESTAURANT_IDENTITY);
    expect(storeSettingsFromRows(rows).restaurant).toEqual(DEFAULT_RESTAURANT_IDENTITY);
  });

  it('an admin changes the phone; the visitor and a customer read the new one', async () => {
    const changed: RestaurantIdentity = {
      ...DEFAULT_RESTAURANT_IDENTITY,
      phone: '+35226584099',
      phone_display: '+352 26 58 40 99',
    };
    const { data, error } = await save(boss, changed);
    expect(error).toBeNull();
    expect(data).toEqual([{ value: changed }]);
    expect((await read(visitor))[0]!.value.phone_display).toBe('+352 26 58 40 99');
    expect((await read(shopper))[0]!.value.phone).toBe('+35226584099');
  });

  it('a visitor or a customer cannot change it, nor hide it', async () => {
    const forged = { ...DEFAULT_RESTAURANT_IDENTITY, phone: '+35299999999' };
    const anon = await save(visitor, forged);
    expect(anon.data ?? []).toEqual([]);
    const customer = await save(shopper, forged);
    expect(customer.data ?? []).toEqual([]);
    expect((await visitor.from('store_settings').delete().eq('key', 'restaurant').select()).data ?? []).toEqual([]);
    const hide = await boss.from('store_settings').update({ is_public: false }).eq('key', 'restaurant').select();
    expect(hide.error?.code).toBe('23514');
    expect((await read(visitor))[0]!.value).toEqual(DEFAULT_RESTAURANT_IDENTITY);
  });

  it('the database refuses what the form refuses, even from an admin', async () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ['no name', { name: '  ' }],
      ['a phone not in E.164', { phone: '26 58 40 12' }],
      ['an e-mail without a domain', { email: 'contact@' }],
      ['a link that is not https', { facebook_url: 'javascript:alert(1)' }],
      ['a number instead of text', { vat: 12 }],
      ['a missing field', { rcs: undefined }],
      ['an overlong name', { name: 'x'.repeat(121) }],
    ];
    for (const [why, patch] of bad) {
      const value = JSON.parse(JSON.stringify({ ...DEFAULT_RESTAURANT_IDENTITY, ...patch }));
      expect(restaurantIdentitySchema.safeParse(value).success, `form: ${why}`).toBe(false);
      const { error } = await save(boss, value);
      expect(error?.code, `database: ${why}`).toBe('23514');
    }
    const empties = {
      ...DEFAULT_RESTAURANT_IDENTITY,
      rcs: '',
      vat: '',
      facebook_url: '',
      instagram_url: '',
      hours_text: '',
    };
    expect((await save(boss, empties)).error).toBeNull();
    expect(restaurantIdentitySchema.safeParse(empties).success).toBe(true);
  });
});
