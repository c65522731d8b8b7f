import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import type { SupabaseClient } from '@supabase/supabase-js';

describe.each(testDatabases())('REST functions on %s', (kind) => {
  let b: TestBackend;
  let anon: SupabaseClient;
  const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: b.anonKey, 'Content-Type': 'application/json', ...init.headers },
    });

  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/rest-supabase', productRateLimits: true });
    anon = b.client();
  });
  afterAll(async () => b?.close());

  it('calls scalar functions with named arguments and defaults, by POST or GET', async () => {
    expect(await anon.rpc('add_numbers', { a: 2, b: 3 })).toMatchObject({ status: 200, data: 5 });
    expect((await anon.rpc('add_numbers', { a: 2 })).data).toBe(12);
    expect((await anon.rpc('add_numbers', { a: 4, b: 4 }, { get: true })).data).toBe(8);
    expect((await anon.rpc('book_count', {}, { get: true })).data).toBe(5);
    const res = await raw('rpc/add_numbers?a=1&b=1');
    expect(await res.text()).toBe('2');
  });

  it('returns sets of rows that take filters, order, limit, counts and embeds', async () => {
    const titles = await anon.rpc('books_by', { author_name: 'Bruno' }).select('title, authors(name)').order('title');
    expect(titles.data).toEqual([
      { title: 'Grilled Chicken Secrets', authors: { name: 'Bruno' } },
      { title: 'Red Earth', authors: { name: 'Bruno' } },
    ]);
    const filtered = await anon
      .rpc('books_by', { author_name: 'Ada' }, { count: 'exact' })
      .select('id')
      .gt('pages', 200);
    expect(filtered).toMatchObject({ data: [{ id: 1 }], count: 1 });
    const viaGet = await anon.rpc('books_by', { author_name: 'Ada' }, { get: true }).select('title').limit(1);
    expect(viaGet.data).toEqual([{ title: 'Analytical Engines' }]);
    const table = await anon.rpc('author_totals').gte('books', 1);
    expect(table.data).toEqual([
      { author: 'Ada', books: 2 },
      { author: 'Bruno', books: 2 },
    ]);
    const scalars = await anon.rpc('squares', { n: 5 }).gt('squares', 4).order('squares', { ascending: false });
    expect(scalars.data).toEqual([25, 16, 9]);
  });

  it('returns one object for one composite row, runs a volatile set function once even when counted, and 204 for void', async () => {
    const service = b.serviceClient();
    const tag = await service.rpc('add_tag', { tag_name: 'house special' });
    expect(tag).toMatchObject({ status: 200, data: { name: 'house special' } });
    expect(typeof (tag.data as { id: number }).id).toBe('number');
    const added = await service.rpc('add_tags', { names: ['grill', 'oven'] }, { count: 'exact' }).select('name');
    expect(added).toMatchObject({ status: 200, count: 2, data: [{ name: 'grill' }, { name: 'oven' }] });
    const stored = await service.from('tags').select('name', { count: 'exact' }).in('name', ['grill', 'oven']);
    expect(stored.count).toBe(2);
    const nothing = await service.rpc('forget_tags');
    expect(nothing).toMatchObject({ status: 204, data: null, error: null });
  });

  it('resolves overloads by argument names and passes single JSON arguments', async () => {
    expect((await anon.rpc('greet', { name: 'Rui' })).data).toBe('Hello Rui');
    expect((await anon.rpc('greet', { name: 'Rui', greeting: 'Olá' })).data).toBe('Olá Rui');
    expect((await anon.rpc('echo', { dish: 'frango', qty: 2 })).data).toEqual({ dish: 'frango', qty: 2 });
    const single = await raw('rpc/echo', {
      method: 'POST',
      headers: { Prefer: 'params=single-object' },
      body: '[1,2]',
    });
    expect(await single.json()).toEqual([1, 2]);
  });

  it('runs functions as the caller, with the request settings in place', async () => {
    const who = await anon.rpc('whoami');
    expect(who.data).toEqual({ role: 'anon', sub: null, method: 'POST', path: '/rpc/whoami' });
    const sub = '0b7e1b8e-8a55-4f7d-9a4c-0a3f2b1c4d5e';
    const token = await b.context.jwt.sign({ role: 'authenticated', sub, email: 'rui@example.lu' }, 3600);
    const member = await b.client(token).rpc('whoami', {}, { get: true });
    expect(member.data).toEqual({ role: 'authenticated', sub, method: 'GET', path: '/rpc/whoami' });
  });

  it('keeps GET and stable functions read-only', async () => {
    const res = await raw('rpc/add_tag?tag_name=sneaky');
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ code: '25006' });
    const { data } = await anon.from('tags').select('id').eq('name', 'sneaky');
    expect(data).toEqual([]);
  });

  it('reports unknown functions, bad arguments and raised errors in PostgREST shape', async () => {
    const missing = await anon.rpc('place_order', { dish: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.place_order(dish) in the schema cache',
    });
    const wrongArgs = await anon.rpc('add_numbers', { x: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
    const badValue = await anon.rpc('add_numbers', { a: 'one' });
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
    const raised = await anon.rpc('refuse', { reason: 'kitchen closed' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({
      code: 'P0001',
      details: null,
      hint: 'ask nicely',
      message: 'refused: kitchen closed',
    });
    const custom = await anon.rpc('pay_first');
    expect(custom.status).toBe(402);
    expect(custom.error).toMatchObject({ code: 'PT402', message: 'Payment required' });
    const invalid = await raw('rpc/add_numbers', { method: 'POST', body: '{"a":' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'PGRST102' });
  });
});
