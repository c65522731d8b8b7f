import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

// PostgREST 14's answers (the default, POSTGREST_VERSION=14) where 13 differs, and 13's kept with POSTGREST_VERSION=13.
const FUNCTIONS = `
create function public.user_messages(u public.users) returns setof public.messages
  language sql stable as $$ select * from public.messages where username = u.username order by id $$;
create function public.first_message(u public.users) returns setof public.messages
  language sql stable rows 1 as $$ select * from public.messages where username = u.username order by id limit 1 $$;
create function public.author(m public.messages) returns public.users
  language sql stable as $$ select * from public.users where username = m.username $$;
create function public.pick(a text) returns text language sql as $$ select 'text' $$;
create function public.pick(a int) returns text language sql as $$ select 'int' $$;
create function public.unnamed_kind(text) returns text language sql as $$ select 'text' $$;
create function public.unnamed_kind(int) returns text language sql as $$ select 'int' $$;
create function public.unnamed_kind(boolean) returns text language sql as $$ select 'boolean' $$;
create function public.unnamed_default() returns text language sql as $$ select 'none' $$;
create function public.unnamed_default(text default 'x') returns text language sql as $$ select 'text' $$;
create function public.polymorphic_unnamed_integer(int) returns int language sql as 'select 1';
create function public.polymorphic_unnamed_text(text) returns int language sql as 'select 1';
grant execute on all functions in schema public to anon, authenticated, service_role;
`;

describe.each(testDatabases())('PostgREST 14 on %s', (kind) => {
  let b14: TestBackend;
  let b13: TestBackend;
  const call = (b: TestBackend, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: b.serviceRoleKey, 'Content-Type': 'application/json', ...init.headers },
    });
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
  const rpc = (b: TestBackend, name: string, args: unknown) =>
    call(b, `rpc/${name}`, { method: 'POST', body: JSON.stringify(args) }).then(json);

  beforeAll(async () => {
    const start = (version: string, env: Record<string, string> = {}) =>
      startTestBackend(kind, {
        supabaseDir: 'tests/fixtures/rest-postgrest',
        env: { POSTGREST_VERSION: version, ...env },
      });
    [b14, b13] = await Promise.all([start('14', { PGRST_DB_MAX_ROWS: '2' }), start('13')]);
    for (const b of [b14, b13]) await b.db.exec(FUNCTIONS);
  });
  afterAll(async () => {
    await b14?.close();
    await b13?.close();
  });

  it('embeds a function of the row as a computed relationship: setof to-many, ROWS 1 and a row to-one', async () => {
    const res = await json(
      await call(
        b14,
        'users?select=username,all:user_messages(message),first:first_message(message)&username=eq.ana&limit=1',
      ),
    );
    expect(res).toEqual({
      status: 200,
      body: [{ username: 'ana', all: [{ message: 'hello' }, { message: 'bom dia' }], first: { message: 'hello' } }],
    });
    const toOne = await json(await call(b14, 'messages?select=message,author(username,age)&id=eq.3'));
    expect(toOne.body).toEqual([{ message: 'moien', author: { username: 'bruno', age: 41 } }]);
    // Filters, order and nesting work on the embedded function's rows as on a table's.
    const nested = await json(
      await call(
        b14,
        'users?select=username,user_messages(id,channels(slug))&username=eq.ana&user_messages.channel_id=eq.2',
      ),
    );
    expect(nested.body).toEqual([{ username: 'ana', user_messages: [{ id: 2, channels: { slug: 'random' } }] }]);
  });

  it('chooses between overloads as PostgREST 14: by names, unnamed parameters by the empty key, else PGRST203', async () => {
    expect(await rpc(b14, 'pick', { a: 'x' })).toMatchObject({ status: 300, body: { code: 'PGRST203' } });
    expect((await rpc(b14, 'pick', { a: 'x' })).body).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    });
    // Only the text overload of an unnamed parameter can be called: it takes a boolean given as JSON too.
    expect(await rpc(b14, 'unnamed_kind', { '': 'word' })).toEqual({ status: 200, body: 'text' });
    expect(await rpc(b14, 'unnamed_kind', { '': true })).toEqual({ status: 200, body: 'text' });
    expect(await rpc(b14, 'unnamed_default', { '': 'y' })).toEqual({ status: 200, body: 'text' });
    expect(await rpc(b14, 'unnamed_default', {})).toEqual({
      status: 300,
      body: expect.objectContaining({
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: public.unnamed_default(), public.unnamed_default( => text)',
      }),
    });
  });

  it('words a function not found as PostgREST 14, with « Perhaps you meant » the closest function', async () => {
    expect(await rpc(b14, 'polymorphic_unnamed_integer', { '': 1 })).toEqual({
      status: 404,
      body: {
        code: 'PGRST202',
        details:
          'Searched for the function public.polymorphic_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.polymorphic_unnamed_text',
        message: 'Could not find the function public.polymorphic_unnamed_integer() in the schema cache',
      },
    });
    const two = await rpc(b14, 'pick', { a: 1, b: 2 });
    expect((two.body as { details: string }).details).toContain('with parameters a, b or with');
  });

  it('answers PGRST116 in 14’s words, and a self-embed hinted by its constraint’s name is PGRST200', async () => {
    const many = await json(
      await call(b14, 'users?select=username', { headers: { Accept: 'application/vnd.pgrst.object+json' } }),
    );
    expect(many).toMatchObject({ status: 406, body: { message: 'Cannot coerce the result to a single JSON object' } });
    const hinted = await json(await call(b14, 'collections?select=id,collections!collections_parent_id_fkey(id)'));
    expect(hinted).toMatchObject({
      status: 400,
      body: {
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 'collections' and 'collections' using the hint 'collections_parent_id_fkey' in the schema 'public', but no matches were found.",
      },
    });
    const byColumn = await json(await call(b14, 'collections?select=id,collections!parent_id(id)&id=eq.1'));
    expect(byColumn).toEqual({ status: 200, body: [{ id: 1, collections: [{ id: 2 }, { id: 3 }] }] });
  });

  it('applies db-max-rows to reads and to an estimated count with head', async () => {
    const read = await call(b14, 'users?select=username&order=username', { headers: { Prefer: 'count=exact' } });
    expect(read.status).toBe(206);
    expect(read.headers.get('content-range')).toBe('0-1/3');
    expect(await read.json()).toEqual([{ username: 'ana' }, { username: 'bruno' }]);
    // An estimated count is exact below db-max-rows' worth of rows and the planner's estimate above; the page is
    // capped either way, so a head request over the cap is partial.
    const head = await call(b14, 'users?select=*', { method: 'HEAD', headers: { Prefer: 'count=estimated' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toMatch(/^0-1\/\d+$/);
  });

  it('keeps PostgREST 13’s answers with POSTGREST_VERSION=13', async () => {
    const many = await json(
      await call(b13, 'users?select=username', { headers: { Accept: 'application/vnd.pgrst.object+json' } }),
    );
    expect(many.body).toMatchObject({ message: 'JSON object requested, multiple (or no) rows returned' });
    const hinted = await json(
      await call(b13, 'collections?select=id,collections!collections_parent_id_fkey(id)&id=eq.1'),
    );
    expect(hinted).toEqual({ status: 200, body: [{ id: 1, collections: [{ id: 2 }, { id: 3 }] }] });
  });
});
