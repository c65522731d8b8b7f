import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import type { SupabaseClient } from '@supabase/supabase-js';

describe.each(testDatabases())('REST writes on %s', (kind) => {
  let b: TestBackend;
  let service: SupabaseClient;
  const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: b.serviceRoleKey, 'Content-Type': 'application/json', ...init.headers },
    });

  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/rest-supabase',
      maxBodyBytes: 64 * 1024,
      productRateLimits: true,
    });
    service = b.serviceClient();
  });
  afterAll(async () => b?.close());

  it('inserts one row or many, returning nothing by default and the rows when asked', async () => {
    const minimal = await service.from('tags').insert({ name: 'spicy' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const one = await service.from('tags').insert({ name: 'mild' }).select('name').single();
    expect(one).toMatchObject({ status: 201, data: { name: 'mild' } });
    const many = await service
      .from('books')
      .insert([
        { title: 'Piri-Piri Nights', author_id: 2, price: 7.5 },
        { title: 'Charcoal', author_id: 2 },
      ])
      .select('title, price, genres, authors(name)');
    expect(many.status).toBe(201);
    expect(many.data).toEqual([
      { title: 'Piri-Piri Nights', price: 7.5, genres: [], authors: { name: 'Bruno' } },
      { title: 'Charcoal', price: null, genres: [], authors: { name: 'Bruno' } },
    ]);
    const { data } = await service.from('tags').select('name').in('name', ['spicy', 'mild']).order('name');
    expect(data).toEqual([{ name: 'mild' }, { name: 'spicy' }]);
  });

  it('fills missing keys with null, or with the column default under missing=default', async () => {
    const withNull = await raw('books?columns=title,genres,pages', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify([{ title: 'Nulls', pages: 1 }]),
    });
    expect(withNull.status).toBe(400);
    expect(await withNull.json()).toMatchObject({ code: '23502' });
    const defaults = await service
      .from('books')
      .insert(
        [
          { title: 'Defaults A', pages: 3 },
          { title: 'Defaults B', genres: ['grill'] },
        ],
        { defaultToNull: false },
      )
      .select('title, pages, genres');
    expect(defaults.data).toEqual([
      { title: 'Defaults A', pages: 3, genres: [] },
      { title: 'Defaults B', pages: null, genres: ['grill'] },
    ]);
    const bigint = await raw('authors?select=name,profile', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: '{"name":"Big","profile":{"n":12345678901234567890}}',
    });
    expect(await bigint.text()).toBe('[{"name":"Big","profile":{"n": 12345678901234567890}}]');
  });

  it('upserts with merge-duplicates and ignore-duplicates on the primary key or on_conflict', async () => {
    const merged = await service.from('tags').upsert({ id: 1, name: 'classic (merged)' }).select();
    expect(merged.data).toEqual([{ id: 1, name: 'classic (merged)' }]);
    const ignored = await service.from('tags').upsert({ id: 2, name: 'ignored' }, { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
    const byName = await service
      .from('authors')
      .upsert({ name: 'Chen', country: 'CN' }, { onConflict: 'name' })
      .select('id, name, country');
    expect(byName.data).toEqual([{ id: 3, name: 'Chen', country: 'CN' }]);
    const { count } = await service.from('authors').select('*', { count: 'exact', head: true }).eq('name', 'Chen');
    expect(count).toBe(1);
  });

  it('updates and deletes the filtered rows with the right status codes', async () => {
    const updated = await service
      .from('books')
      .update({ pages: 999 })
      .eq('author_id', 1)
      .select('id, pages')
      .order('id');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([
      { id: 1, pages: 999 },
      { id: 2, pages: 999 },
    ]);
    const quiet = await service.from('books').update({ pages: 998 }).eq('id', 1);
    expect(quiet).toMatchObject({ status: 204, data: null });
    const counted = await service.from('books').update({ pages: 997 }, { count: 'exact' }).in('id', [1, 2]);
    expect(counted.count).toBe(2);
    const { data: tag } = await service.from('tags').insert({ name: 'temporary' }).select('id').single();
    const deleted = await service.from('tags').delete().eq('id', tag!.id).select();
    expect(deleted).toMatchObject({ status: 200, data: [{ id: tag!.id, name: 'temporary' }] });
    const gone = await service.from('tags').delete().eq('id', tag!.id);
    expect(gone.status).toBe(204);
    const single = await service.from('books').update({ pages: 1 }).gt('id', 0).select().single();
    expect(single.status).toBe(406);
    const untouched = await service.from('books').select('pages').eq('id', 3).single();
    expect(untouched.data).toEqual({ pages: 210 });
  });

  it('rolls back with Prefer: tx=rollback', async () => {
    const res = await raw('tags?select=name', {
      method: 'POST',
      headers: { Prefer: 'return=representation, tx=rollback' },
      body: '{"name":"phantom"}',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ name: 'phantom' }]);
    const { data } = await service.from('tags').select('id').eq('name', 'phantom');
    expect(data).toEqual([]);
  });

  it('maps constraint violations to PostgREST statuses', async () => {
    const duplicate = await service.from('tags').insert({ name: 'signed' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    const foreign = await service.from('books').insert({ title: 'Ghost', author_id: 404 });
    expect(foreign.status).toBe(409);
    expect(foreign.error?.code).toBe('23503');
    const notNull = await service.from('books').insert({ author_id: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const check = await service.from('books').insert({ title: 'Negative', price: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const badValue = await service.from('books').insert({ title: 'Bad', pages: 'many' });
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
  });

  it('refuses bodies it cannot use with 4xx errors', async () => {
    const unknown = await service.from('books').insert({ title: 'x', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'books' in the schema cache",
    });
    const invalid = await raw('tags', { method: 'POST', body: '{"name": ' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const scalar = await raw('tags', { method: 'POST', body: '42' });
    expect(scalar.status).toBe(400);
    const keys = await raw('tags', { method: 'POST', body: '[{"name":"a1"},{"id":77}]' });
    expect(keys.status).toBe(400);
    expect(await keys.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    const big = await raw('tags', { method: 'POST', body: JSON.stringify({ name: 'x'.repeat(70 * 1024) }) });
    expect(big.status).toBe(413);
    const put = await raw('tags', { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    const view = await service.from('book_listings').insert({ title: 'through a view' });
    expect(view.status).toBeGreaterThanOrEqual(400);
    expect(view.status).toBeLessThan(500);
    const ok = await service.from('tags').select('id').limit(1);
    expect(ok.status).toBe(200);
  });
});
