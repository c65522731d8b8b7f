import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { setSupabase } from '../../src/shared/data/client.js';
import { subscribeOn } from '../../src/shared/data/channels.js';
import { createPublicClient } from '../../src/shared/data/public-client.js';
import { providePublicDb, type PublicDb } from '../../src/shared/data/public-db.js';
import {
  fetchMenu,
  fetchOpenOffers,
  fetchOpeningSchedule,
  fetchReviews,
  fetchStoreSettings,
} from '../../src/shared/data/public-fetch.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

/** Polls until `done` holds (a realtime change arrives on its own time). */
async function until(done: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(testDatabases())("the shop's light public client on %s", (kind) => {
  let b: TestBackend;
  let light: PublicDb;

  beforeAll(async () => {
    b = await startTestBackend(kind);
    light = createPublicClient(
      { SUPABASE_URL: b.url, SUPABASE_ANON_KEY: b.anonKey },
      { transport: WebSocket as never },
    );
  });
  afterAll(async () => {
    providePublicDb(() => {
      throw new Error('no client');
    });
    setSupabase(null);
    await b?.close();
  });

  it('reads what supabase-js reads as an anonymous visitor, request for request', async () => {
    const readAll = () =>
      Promise.all([fetchMenu(), fetchStoreSettings(), fetchOpeningSchedule(), fetchOpenOffers(), fetchReviews()]);
    setSupabase(
      createClient(b.url, b.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      }),
    );
    providePublicDb(async () => (await import('../../src/shared/data/client.js')).getSupabase() as never);
    const withSupabaseJs = await readAll();
    providePublicDb(() => light);
    const withLight = await readAll();
    expect(withLight).toEqual(withSupabaseJs);
    const [menu, settings] = withLight;
    expect(menu.items.length).toBeGreaterThan(50);
    expect(menu.categories.map((c) => c.slug)).toContain('hungryburgers');
    expect(settings.ordering.is_enabled).toBeTypeOf('boolean');
  });

  it('follows a change of the menu live, and joins again after its channel is removed', async () => {
    const changes: Record<string, unknown>[] = [];
    let joins = 0;
    const stop = subscribeOn(light, 'menu_items', '*', (c) => changes.push(c.new as Record<string, unknown>), {
      onJoin: () => joins++,
    });
    await until(() => joins === 1, 'the join');
    await b.db.query(`update public.menu_items set unavailable = true where id = '32'`);
    await until(() => changes.some((row) => row.id === '32' && row.unavailable === true), 'the change');
    stop();
    await b.db.query(`update public.menu_items set unavailable = false where id = '32'`);
    const seen = changes.length;
    // A removed channel hears nothing more; a new one joins on the same socket.
    let again = 0;
    const stopAgain = subscribeOn(light, 'store_settings', '*', () => undefined, { onJoin: () => again++ });
    await until(() => again === 1, 'the second join');
    expect(changes.length).toBe(seen);
    stopAgain();
  });

  it('writes nothing: the anonymous key meets the same row-level security', async () => {
    const { error } = await light.from('menu_items').update({ unavailable: true }).eq('id', '32').select('id');
    const row = await b.db.query<{ unavailable: boolean }>(`select unavailable from public.menu_items where id = '32'`);
    expect(row.rows[0].unavailable).toBe(false);
    // PostgREST refuses (no grant) or updates no row (RLS): either way nothing changed.
    expect(error === null || /permission|denied|policy/i.test(error.message)).toBe(true);
    const settings = await light
      .from('store_settings')
      .upsert({ key: 'ordering', value: { is_enabled: false, message: '' } });
    expect(settings.error?.message).toMatch(/permission|denied|policy|row-level/i);
  });

  it('refuses to start without the anonymous key, with the reason', () => {
    expect(() => createPublicClient({ SUPABASE_URL: b.url, SUPABASE_ANON_KEY: '' })).toThrow(/SUPABASE_ANON_KEY/);
  });
});
