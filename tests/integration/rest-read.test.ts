import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import type { SupabaseClient } from '@supabase/supabase-js';

describe.each(testDatabases())('REST reads on %s', (kind) => {
  let b: TestBackend;
  let anon: SupabaseClient;
  const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${b.url}/rest/v1/${path}`, { method, headers: { apikey: b.anonKey, ...headers } });

  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/rest-supabase', productRateLimits: true });
    anon = b.client();
  });
  afterAll(async () => b?.close());

  it('selects columns with aliases, casts and JSON paths, formatted by PostgreSQL', async () => {
    const { data, error } = await anon
      .from('authors')
      .select(
        'id, writer:name, id_text:id::text, city:profile->address->>city, first_lang:profile->langs->0, created_at',
      )
      .eq('name', 'Ada');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, writer: 'Ada', id_text: '1', city: 'London', first_lang: 'en', created_at: '2024-01-02T03:04:05+00:00' },
    ]);
    const books = await anon.from('books').select('*').eq('id', 1).single();
    expect(books.data).toMatchObject({
      id: 1,
      title: 'Analytical Engines',
      price: 12.5,
      genres: ['science', 'history'],
      published_at: '2020-05-01T10:00:00+00:00',
    });
    const bodyText = await (await raw('books?select=price&id=eq.1')).text();
    expect(bodyText).toBe('[{"price":12.50}]');
  });

  it('embeds many-to-one, one-to-many, many-to-many and one-to-one resources', async () => {
    const { data, error } = await anon
      .from('books')
      .select('title, author:authors(name, country), tags(name), book_covers(colour)')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: 'Analytical Engines',
        author: { name: 'Ada', country: 'UK' },
        tags: [{ name: 'classic' }, { name: 'signed' }],
        book_covers: { colour: 'blue' },
      },
    ]);
    const orphan = await anon.from('books').select('title, authors(name), book_covers(colour)').eq('id', 5).single();
    expect(orphan.data).toEqual({ title: 'Orphan Pages', authors: null, book_covers: null });
    const authors = await anon
      .from('authors')
      .select('name, books(title)')
      .order('name')
      .order('title', { referencedTable: 'books', ascending: false });
    expect(authors.data).toEqual([
      { name: 'Ada', books: [{ title: 'Notes on Numbers' }, { title: 'Analytical Engines' }] },
      { name: 'Bruno', books: [{ title: 'Red Earth' }, { title: 'Grilled Chicken Secrets' }] },
      { name: 'Chen', books: [] },
    ]);
    const nested = await anon.from('tags').select('name, books(title, authors(name))').eq('name', 'new').single();
    expect(nested.data).toEqual({
      name: 'new',
      books: [{ title: 'Grilled Chicken Secrets', authors: { name: 'Bruno' } }],
    });
    const spread = await anon.from('books').select('title, ...authors(author_name:name)').eq('id', 3).single();
    expect(spread.data).toEqual({ title: 'Grilled Chicken Secrets', author_name: 'Bruno' });
  });

  it('filters embedded resources, with !inner dropping parents that have no match', async () => {
    const left = await anon.from('authors').select('name, books(title)').eq('books.pages', 300).order('name');
    expect(left.data).toEqual([
      { name: 'Ada', books: [{ title: 'Analytical Engines' }] },
      { name: 'Bruno', books: [] },
      { name: 'Chen', books: [] },
    ]);
    const inner = await anon.from('authors').select('name, books!inner(title)').eq('books.pages', 300);
    expect(inner.data).toEqual([{ name: 'Ada', books: [{ title: 'Analytical Engines' }] }]);
    const toOne = await anon.from('books').select('title, authors!inner(name)').eq('authors.country', 'LU').order('id');
    expect(toOne.data?.map((r) => r.title)).toEqual(['Grilled Chicken Secrets', 'Red Earth']);
    const notNull = await anon
      .from('books')
      .select('title, authors(name)')
      .not('authors', 'is', null)
      .eq('authors.name', 'Ada')
      .order('id');
    expect(notNull.data?.map((r) => r.title)).toEqual(['Analytical Engines', 'Notes on Numbers']);
    const limited = await anon
      .from('authors')
      .select('name, books(title)')
      .eq('name', 'Bruno')
      .limit(1, { referencedTable: 'books' })
      .order('id', { referencedTable: 'books' });
    expect(limited.data).toEqual([{ name: 'Bruno', books: [{ title: 'Grilled Chicken Secrets' }] }]);
  });

  it('reads, filters and orders by computed columns (functions of the row)', async () => {
    const { data, error } = await anon
      .from('books')
      .select('id, title_length')
      .gt('title_length', 15)
      .order('title_length', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 3, title_length: 23 },
      { id: 1, title_length: 18 },
      { id: 2, title_length: 16 },
    ]);
    const embedded = await anon
      .from('authors')
      .select('name, books(title_length)')
      .eq('name', 'Bruno')
      .order('id', { referencedTable: 'books' });
    expect(embedded.data).toEqual([{ name: 'Bruno', books: [{ title_length: 23 }, { title_length: 9 }] }]);
  });

  it('counts rows of embedded resources and of the table', async () => {
    const perAuthor = await anon.from('authors').select('name, books(count)').order('name');
    expect(perAuthor.data).toEqual([
      { name: 'Ada', books: [{ count: 2 }] },
      { name: 'Bruno', books: [{ count: 2 }] },
      { name: 'Chen', books: [{ count: 0 }] },
    ]);
    const total = await anon.from('books').select('count()').lt('pages', 200);
    expect(total.data).toEqual([{ count: 3 }]);
    const grouped = await anon
      .from('books')
      .select('author_id, n:count()')
      .not('author_id', 'is', null)
      .order('author_id');
    expect(grouped.data).toEqual([
      { author_id: 1, n: 2 },
      { author_id: 2, n: 2 },
    ]);
  });

  it('asks for a hint when two foreign keys lead to the same table', async () => {
    const ambiguous = await anon.from('dedications').select('words, authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const hinted = await anon.from('dedications').select('words, to:authors!to_author_id(name)').order('id');
    expect(hinted.data).toEqual([
      { words: 'For Bruno', to: { name: 'Bruno' } },
      { words: 'For Ada', to: { name: 'Ada' } },
    ]);
    const byName = await anon
      .from('dedications')
      .select('from:authors!dedications_from_author_id_fkey(name)')
      .eq('id', 1)
      .single();
    expect(byName.data).toEqual({ from: { name: 'Ada' } });
    const none = await anon.from('books').select('title, dedications(words)');
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'books' and 'dedications' in the schema cache",
    });
  });

  it('supports every filter operator', async () => {
    const ids = async (q: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.id);
    };
    const books = () => anon.from('books').select('id').order('id');
    expect(await ids(books().eq('pages', 120))).toEqual([2]);
    expect(await ids(books().neq('pages', 120))).toEqual([1, 3, 4, 5]);
    expect(await ids(books().gt('pages', 200))).toEqual([1, 3]);
    expect(await ids(books().gte('pages', 210))).toEqual([1, 3]);
    expect(await ids(books().lt('price', 10))).toEqual([2, 5]);
    expect(await ids(books().lte('price', 12.5))).toEqual([1, 2, 5]);
    expect(await ids(books().like('title', '*Numbers'))).toEqual([2]);
    expect(await ids(books().ilike('title', '%red%'))).toEqual([4]);
    expect(await ids(books().is('price', null))).toEqual([4]);
    expect(await ids(books().not('published_at', 'is', null))).toEqual([1, 2, 3]);
    expect(await ids(books().in('id', [2, 4, 99]))).toEqual([2, 4]);
    expect(await ids(books().in('title', ['Red Earth', 'Notes on Numbers']))).toEqual([2, 4]);
    expect(await ids(books().contains('genres', ['history']))).toEqual([1, 4]);
    expect(await ids(books().containedBy('genres', ['science', 'history']))).toEqual([1, 2, 5]);
    expect(await ids(books().overlaps('genres', ['travel', 'cooking']))).toEqual([3, 4]);
    expect(await ids(books().textSearch('title_search', 'engine'))).toEqual([1]);
    expect(await ids(books().textSearch('title', 'chicken & secrets', { config: 'english' }))).toEqual([3]);
    expect(await ids(books().textSearch('title', 'red earth', { type: 'plain', config: 'english' }))).toEqual([4]);
    expect(await ids(books().or('pages.gt.250,and(price.lt.10,pages.lt.100)'))).toEqual([1, 5]);
    expect(await ids(books().or('id.eq.1,not.and(pages.gt.50,or(price.is.null,price.gt.0))'))).toEqual([1, 5]);
    expect(await ids(books().not('id', 'in', '(1,2,3)'))).toEqual([4, 5]);
    expect(await ids(books().filter('title', 'like(any)', '{*Earth,*Pages}'))).toEqual([4, 5]);
    expect(await ids(books().match({ author_id: 2, pages: 90 }))).toEqual([4]);
    const json = await anon.from('authors').select('name').eq('profile->address->>city', 'Differdange');
    expect(json.data).toEqual([{ name: 'Bruno' }]);
    const jsonContains = await anon
      .from('authors')
      .select('name')
      .contains('profile', { langs: ['fr'] });
    expect(jsonContains.data).toEqual([{ name: 'Ada' }]);
    const quoted = await anon.from('books').select('id').or('title.eq."Red Earth",title.eq."a,b"');
    expect(quoted.data).toEqual([{ id: 4 }]);
  });

  it('orders, pages and counts like PostgREST', async () => {
    const ordered = await anon.from('books').select('id').order('price', { ascending: false, nullsFirst: true });
    expect(ordered.data?.map((r) => r.id)).toEqual([4, 3, 1, 2, 5]);
    const byEmbed = await raw('books?select=id,authors(name)&order=authors(name).desc.nullslast,id.asc');
    expect(((await byEmbed.json()) as { id: number }[]).map((r) => r.id)).toEqual([3, 4, 1, 2, 5]);
    const page = await anon.from('books').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page).toMatchObject({ status: 206, count: 5, data: [{ id: 2 }, { id: 3 }] });
    const all = await raw('books?select=id&order=id', { Prefer: 'count=exact' });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-4/5');
    const none = await raw('books?select=id&id=gt.100', { Prefer: 'count=exact' });
    expect(none.headers.get('content-range')).toBe('*/0');
    const noCount = await raw('books?select=id&limit=2');
    expect(noCount.headers.get('content-range')).toBe('0-1/*');
    const ranged = await raw('books?select=id&order=id', { Range: '3-10', 'Range-Unit': 'items' });
    expect(await ranged.json()).toEqual([{ id: 4 }, { id: 5 }]);
    const beyond = await raw('books?select=id&offset=10', { Prefer: 'count=exact' });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ code: 'PGRST103' });
    const planned = await anon.from('books').select('id', { count: 'planned', head: true });
    expect(planned.error).toBeNull();
    expect(planned.count).toBeGreaterThan(0);
    // Without db-max-rows, PostgREST answers the larger of the exact count and the planner's estimate.
    const estimated = await anon.from('books').select('id', { count: 'estimated' }).limit(1);
    expect(estimated.count).toBeGreaterThanOrEqual(5);
  });

  it('answers HEAD with headers only', async () => {
    const head = await anon.from('books').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ status: 200, count: 5, data: null, error: null });
    const res = await raw('books?select=id', { Prefer: 'count=exact' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-4/5');
    expect(await res.text()).toBe('');
  });

  it('returns one object for single() and PGRST116 otherwise (PostgREST 14’s wording), and null for maybeSingle() without rows', async () => {
    const one = await anon.from('authors').select('name').eq('id', 2).single();
    expect(one).toMatchObject({ status: 200, data: { name: 'Bruno' } });
    const many = await anon.from('authors').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 3 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const maybe = await anon.from('authors').select('name').eq('id', 99).maybeSingle();
    expect(maybe).toMatchObject({ status: 200, data: null, error: null });
  });

  it('reads views and strips nulls or answers CSV when asked', async () => {
    const view = await anon.from('book_listings').select('title, author_name').eq('id', 3).single();
    expect(view.data).toEqual({ title: 'Grilled Chicken Secrets', author_name: 'Bruno' });
    const stripped = await anon.from('books').select('id, price').eq('id', 4).stripNulls();
    expect(stripped.data).toEqual([{ id: 4 }]);
    const csv = await anon.from('authors').select('id, name, country').order('id').csv();
    expect(csv.data).toBe('id,name,country\n1,Ada,UK\n2,Bruno,LU\n3,Chen,');
  });

  it('reports unknown tables, columns and schemas in PostgREST shape', async () => {
    const table = await anon.from('dishes').select();
    expect(table.status).toBe(404);
    expect(table.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.dishes' in the schema cache",
    });
    const column = await anon.from('books').select('id, colour');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column books.colour does not exist' });
    const filterColumn = await anon.from('books').select('id').eq('colour', 'red');
    expect(filterColumn.status).toBe(400);
    expect(filterColumn.error?.code).toBe('42703');
    const orderColumn = await raw('books?order=colour.desc');
    expect(orderColumn.status).toBe(400);
    const schema = await b.client().schema('auth').from('users').select();
    expect(schema.status).toBe(406);
    expect(schema.error?.code).toBe('PGRST106');
    const notEmbedded = await raw('books?select=id&authors.name=eq.Ada');
    expect(notEmbedded.status).toBe(400);
    expect(await notEmbedded.json()).toMatchObject({ code: 'PGRST108' });
  });

  it('sees tables created after start, reloading the schema cache on a miss or on NOTIFY', async () => {
    await b.db.exec(
      `create table public.specials (id int primary key, dish text); insert into public.specials values (1, 'piri-piri')`,
    );
    const first = await anon.from('specials').select('dish');
    expect(first.data).toEqual([{ dish: 'piri-piri' }]);
    await b.db.exec(`alter table public.specials add column price numeric`);
    const col = await anon.from('specials').select('dish, price');
    expect(col.data).toEqual([{ dish: 'piri-piri', price: null }]);
    await b.db.exec(`alter table public.specials rename column dish to name; notify pgrst, 'reload schema'`);
    await expect
      .poll(async () => (await anon.from('specials').select('*')).data, { timeout: 5000 })
      .toEqual([{ id: 1, name: 'piri-piri', price: null }]);
  });
});
