import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { restSettings } from '../../src/backend/rest/settings.js';

// Behaviour measured against PostgREST 13 through the upstream postgrest-js suite (npm run conformance:postgrest).
describe.each(testDatabases())('PostgREST fidelity on %s', (kind) => {
  let b: TestBackend;
  let db: SupabaseClient;
  const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: b.serviceRoleKey, 'Content-Type': 'application/json', ...init.headers },
    });

  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/rest-postgrest',
      env: { PGRST_DB_PLAN_ENABLED: 'true' },
      productRateLimits: true,
    });
    db = b.serviceClient();
  });
  afterAll(async () => b?.close());

  it('an upsert sending only the conflict column updates the row and answers 200 with it', async () => {
    const res = await db.from('users').upsert({ username: 'ana' }, { onConflict: 'username' }).select();
    expect(res).toMatchObject({ status: 200, error: null, data: [{ username: 'ana', status: 'ONLINE', age: 30 }] });
    const ignored = await db
      .from('users')
      .upsert({ username: 'ana' }, { onConflict: 'username', ignoreDuplicates: true })
      .select();
    expect(ignored).toMatchObject({ status: 201, data: [] });
  });

  it('an upsert that only updates answers 200, one that inserts answers 201, with or without the rows', async () => {
    const updated = await db.from('channels').upsert({ id: 3, slug: 'quiet', topic: 'calm' }).select('id, topic');
    expect(updated).toMatchObject({ status: 200, data: [{ id: 3, topic: 'calm' }] });
    const minimal = await db.from('channels').upsert({ id: 3, slug: 'quiet', topic: 'still' });
    expect(minimal.status).toBe(200);
    const mixed = await db
      .from('channels')
      .upsert([
        { id: 3, slug: 'quiet' },
        { id: 40, slug: 'new' },
      ])
      .select('id');
    expect(mixed).toMatchObject({ status: 201, data: [{ id: 3 }, { id: 40 }] });
    const inserted = await db.from('channels').upsert({ id: 41, slug: 'newer' });
    expect(inserted.status).toBe(201);
  });

  it('keeps every row of a bulk insert or upsert with missing=default, absent keys taking their column default', async () => {
    const upsert = await db
      .from('channels')
      .upsert([{ id: 2 }, { slug: 'fresh' }], { defaultToNull: false })
      .select('id, slug, topic');
    expect(upsert.status).toBe(201);
    expect(upsert.data).toHaveLength(2);
    expect(upsert.data![0]).toEqual({ id: 2, slug: null, topic: 'general' });
    expect(upsert.data![1]).toMatchObject({ slug: 'fresh', topic: 'general' });
    const insert = await db
      .from('messages')
      .insert(
        [
          { id: 100, message: 'a', username: 'ana', channel_id: 1 },
          { message: 'b', username: 'chen', channel_id: 1 },
        ],
        { defaultToNull: false },
      )
      .select('id, message, likes');
    expect(insert.status).toBe(201);
    expect(insert.data).toHaveLength(2);
    expect(insert.data![0]).toEqual({ id: 100, message: 'a', likes: 0 });
    expect(insert.data![1]).toMatchObject({ message: 'b', likes: 0 });
    await db.from('messages').delete().in('message', ['a', 'b']);
  });

  it('counts the value an RPC returns (count=exact), also for HEAD', async () => {
    expect(await db.rpc('get_status', { name_param: 'chen' }, { count: 'exact' })).toMatchObject({
      status: 200,
      data: 'ONLINE',
      count: 1,
    });
    expect(await db.rpc('get_status', { name_param: 'chen' }, { count: 'exact', head: true })).toMatchObject({
      data: null,
      count: 1,
    });
    expect(await db.rpc('get_status', { name_param: 'chen' }, { count: 'exact', get: true })).toMatchObject({
      data: 'ONLINE',
      count: 1,
    });
  });

  it('gives count=estimated as the exact count up to db-max-rows, the planner only beyond, as PostgREST does', async () => {
    // Under db-max-rows (1000, hosted Supabase's default) the exact count of 4 is answered, whatever the planner
    // estimates; count=planned is the planner's estimate alone.
    const res = await db.from('messages').select('*', { head: true, count: 'estimated' });
    expect(res).toMatchObject({ status: 200, count: 4 });
    const planned = await db.from('messages').select('*', { head: true, count: 'planned' });
    expect(planned.error).toBeNull();
    expect(planned.count).toBeGreaterThan(0);
    const exact = await db.from('messages').select('*', { head: true, count: 'exact' });
    expect(exact).toMatchObject({ status: 200, count: 4 });
  });

  it('resolves a table embedding itself: by name its children, by column its parent', async () => {
    const children = await db.from('collections').select('id, collections(id)').eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ id: 1, collections: [{ id: 2 }, { id: 3 }] });
    const parent = await db.from('collections').select('id, parent_id(id)').eq('id', 4).single();
    expect(parent.data).toEqual({ id: 4, parent_id: { id: 2 } });
  });

  it('refuses the same table embedded twice without aliases (42712), and tells aliased ones apart', async () => {
    const twice = await db.from('best_friends').select('users!first_user(*), users!second_user(*)');
    expect(twice.status).toBe(400);
    expect(twice.error).toMatchObject({
      code: '42712',
      message: 'table name "best_friends_users_1" specified more than once',
    });
    const aliased = await db
      .from('best_friends')
      .select('first:users!first_user(username), second:users!second_user(username)')
      .single();
    expect(aliased.data).toEqual({ first: { username: 'ana' }, second: { username: 'bruno' } });
  });

  it('groups a spread beside count()', async () => {
    const res = await db.from('channels').select('count(), ...channel_details(details)').in('id', [1, 2]);
    expect(res.error).toBeNull();
    expect([...res.data!].sort((x, y) => String(x.details).localeCompare(String(y.details)))).toEqual([
      { count: 1, details: 'Details for public' },
      { count: 1, details: 'Details for random' },
    ]);
    const nested = await db
      .from('users')
      .select('username, messages(channels(count(), ...channel_details(details)))')
      .eq('username', 'ana')
      .single();
    expect(nested.data).toEqual({
      username: 'ana',
      messages: [
        { channels: { count: 1, details: 'Details for public' } },
        { channels: { count: 1, details: 'Details for random' } },
      ],
    });
  });

  it('aggregates columns with grouping, aliases and casts, also inside embeds', async () => {
    const grouped = await db
      .from('messages')
      .select('username, likes.sum(), likes.avg(), id.count(), likes.max(), likes.min()')
      .lt('id', 100)
      .order('username');
    expect(grouped.error).toBeNull();
    const rows = [...grouped.data!].sort((x, y) => x.username.localeCompare(y.username));
    expect(rows.map((r) => [r.username, r.sum, Number(r.avg), r.count, r.max, r.min])).toEqual([
      ['ana', 7, 3.5, 2, 4, 3],
      ['bruno', 5, 5, 1, 5, 5],
      ['chen', 1, 1, 1, 1, 1],
    ]);
    const total = await db.from('messages').select('total:likes.sum()::text').lt('id', 100).single();
    expect(total.data).toEqual({ total: '13' });
    const nested = await db.from('users').select('username, messages(likes.sum())').eq('username', 'ana').single();
    expect(nested.data).toEqual({ username: 'ana', messages: [{ sum: 7 }] });
    const missing = await db.from('messages').select('x:nope.sum()');
    expect(missing.error).toMatchObject({ code: '42703', message: 'column messages.nope does not exist' });
  });

  it('serves the exposed schemas of config.toml through Accept-Profile and Content-Profile', async () => {
    const personal = await db.schema('personal').from('users').select('username, status').order('username');
    expect(personal.data).toEqual([
      { username: 'ana', status: 'OFFLINE' },
      { username: 'dora', status: 'ONLINE' },
    ]);
    // The function reads `users` unqualified: the requested schema comes first on the search path.
    expect((await db.schema('personal').rpc('get_status', { name_param: 'ana' })).data).toBe('OFFLINE');
    expect((await db.rpc('get_status', { name_param: 'ana' })).data).toBe('ONLINE');
    const inserted = await db.schema('personal').from('users').insert({ username: 'eli' }).select().single();
    expect(inserted).toMatchObject({ status: 201, data: { username: 'eli', status: 'ONLINE' } });
    expect((await db.from('users').select('username').eq('username', 'eli')).data).toEqual([]);
    const refused = await raw('users', { headers: { 'Accept-Profile': 'auth' } });
    expect(refused.status).toBe(406);
    expect(await refused.json()).toMatchObject({
      code: 'PGRST106',
      hint: 'Only the following schemas are exposed: public, personal',
    });
  });

  it('embeds by foreign-key constraint name and through views', async () => {
    const byFk = await db
      .from('users')
      .select('username, authored:messages_username_fkey(message)')
      .eq('username', 'bruno')
      .single();
    expect(byFk.data).toEqual({ username: 'bruno', authored: [{ message: 'moien' }] });
    const toView = await db
      .from('messages')
      .select('message, active_users(username)')
      .in('message', ['hello', 'moien'])
      .order('message');
    expect(toView.data).toEqual([
      { message: 'hello', active_users: { username: 'ana' } },
      { message: 'moien', active_users: null },
    ]);
    const fromView = await db
      .from('active_users')
      .select('username, messages(message)')
      .eq('username', 'chen')
      .single();
    expect(fromView.data).toEqual({ username: 'chen', messages: [{ message: 'hi' }] });
  });

  it('spreads a to-many embed into arrays of its fields (PostgREST 13)', async () => {
    const res = await db.from('channels').select('channel_id:id, ...messages(message, likes)').eq('id', 2).single();
    expect(res.data).toEqual({ channel_id: 2, message: ['bom dia'], likes: [4] });
  });

  it('fails a write or an RPC touching more rows than Prefer max-affected under handling=strict, changing nothing', async () => {
    const strict = { Prefer: 'handling=strict, max-affected=1, return=representation' };
    const update = await raw('users?status=eq.ONLINE', {
      method: 'PATCH',
      headers: strict,
      body: JSON.stringify({ age: 99 }),
    });
    expect(update.status).toBe(400);
    expect(await update.json()).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
    });
    const del = await raw('best_friends?id=gt.0', {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=0' },
    });
    expect(del.status).toBe(400);
    const rpc = await raw('rpc/set_offline', {
      method: 'POST',
      headers: strict,
      body: JSON.stringify({ pattern: '%' }),
    });
    expect(await rpc.json()).toMatchObject({ code: 'PGRST124' });
    expect(
      (await db.from('users').select('username').eq('status', 'ONLINE').neq('age', 99).order('username')).data,
    ).toEqual([{ username: 'ana' }, { username: 'chen' }]);
    const allowed = await raw('users?username=eq.chen', {
      method: 'PATCH',
      headers: strict,
      body: JSON.stringify({ age: 26 }),
    });
    expect(allowed.status).toBe(200);
    const lenient = await raw('users?status=eq.ONLINE', {
      method: 'PATCH',
      headers: { Prefer: 'max-affected=1' },
      body: JSON.stringify({ age: 30 }),
    });
    expect(lenient.status).toBe(204);
  });

  it('answers explain() with the plan in text or JSON when plans are enabled', async () => {
    const json = await db.from('users').select().explain({ format: 'json' });
    expect(json.status).toBe(200);
    expect(json.data).toEqual([
      expect.objectContaining({ Plan: expect.objectContaining({ 'Node Type': 'Aggregate' }) }),
    ]);
    const text = await db.from('users').select().explain();
    expect(text.data).toMatch(/^Aggregate {2}\(cost=/);
  });

  it('names an unknown table as PostgREST 13 and 14 do and sets the search path as PostgREST 14 writes it', async () => {
    const missing = await db.from('missing_table').select();
    expect(missing).toMatchObject({
      status: 404,
      error: { code: 'PGRST205', message: "Could not find the table 'public.missing_table' in the schema cache" },
    });
    const plan = await db.from('users').select().explain({ settings: true, format: 'json' });
    expect((plan.data as unknown as { Settings: Record<string, string> }[])[0].Settings).toMatchObject({
      search_path: '"public", "public", "extensions"',
    });
  });

  it('writes CSV as PostgREST does, quoting as PostgreSQL quotes a record', async () => {
    const res = await db.from('messages').select('message, likes, username').in('id', [1, 2]).order('id').csv();
    expect(res.data).toBe('message,likes,username\nhello,3,ana\n"bom dia",4,ana');
    const empty = await db.from('messages').select('message').eq('id', -1).csv();
    expect(empty.data).toBe('\n');
  });

  it('inserts through an updatable view and returns the rows', async () => {
    const res = await db.from('active_users').insert({ username: 'fay', age: 20 }).select();
    expect(res).toMatchObject({ status: 201, data: [{ username: 'fay', age: 20 }] });
    expect((await db.from('users').select('status').eq('username', 'fay').single()).data).toEqual({ status: 'ONLINE' });
  });
});

describe.each(testDatabases())('PostgREST defaults on %s', (kind) => {
  let b: TestBackend;
  let anon: SupabaseClient;

  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/rest-supabase', productRateLimits: true });
    anon = b.client();
  });
  afterAll(async () => b?.close());

  it('exposes only public without [api] schemas and refuses explain() unless plans are enabled', async () => {
    const other = await anon.schema('personal').from('users').select();
    expect(other).toMatchObject({
      status: 406,
      error: { code: 'PGRST106', hint: 'Only the following schemas are exposed: public' },
    });
    const plan = await anon.from('authors').select().explain({ format: 'json' });
    expect(plan).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
    expect((await anon.from('authors').select('name').order('id').limit(1)).data).toEqual([{ name: 'Ada' }]);
  });
});

describe.each(testDatabases())('PostgREST 12.2 answers (POSTGREST_VERSION=12) on %s', (kind) => {
  let b: TestBackend;
  let db: SupabaseClient;

  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/rest-postgrest',
      env: { POSTGREST_VERSION: '12' },
      productRateLimits: true,
    });
    db = b.serviceClient();
  });
  afterAll(async () => b?.close());

  it('names an unknown table with the database error and refuses a to-many spread, as PostgREST 12.2', async () => {
    const missing = await db.from('missing_table').select();
    expect(missing).toMatchObject({
      status: 404,
      error: { code: '42P01', message: 'relation "public.missing_table" does not exist' },
    });
    const spread = await db.from('channels').select('channel_id:id, ...messages(message)').eq('id', 2).single();
    expect(spread).toMatchObject({
      status: 400,
      error: {
        code: 'PGRST119',
        message: "A spread operation on 'messages' is not possible",
        details: "'channels' and 'messages' do not form a many-to-one or one-to-one relationship",
      },
    });
    const toOne = await db.from('messages').select('message, ...channels(slug)').eq('channel_id', 2).single();
    expect(toOne.data).toEqual({ message: 'bom dia', slug: 'random' });
  });

  it('accepts only the versions it can answer as', () => {
    const base = { supabaseDir: 'tests/fixtures/rest-postgrest' };
    expect(restSettings({ ...base, env: {} }).version).toBe(14);
    expect(restSettings({ ...base, env: { POSTGREST_VERSION: '13' } }).version).toBe(13);
    expect(restSettings({ ...base, env: { POSTGREST_VERSION: '12.2' } }).version).toBe(12);
    expect(() => restSettings({ ...base, env: { POSTGREST_VERSION: '11' } })).toThrow(
      'POSTGREST_VERSION must be 12, 13 or 14, got "11"',
    );
  });
});
