import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

describe.each(testDatabases())('REST security on %s', (kind) => {
  let b: TestBackend;
  let anaToken: string;
  let benToken: string;
  const raw = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${b.url}/rest/v1/${path}`, { ...init, headers: { apikey: b.anonKey, ...init.headers } });

  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/rest-supabase', productRateLimits: true });
    anaToken = await b.context.jwt.sign({ role: 'authenticated', sub: ANA, email: 'ana@example.lu' }, 3600);
    benToken = await b.context.jwt.sign({ role: 'authenticated', sub: BEN, email: 'ben@example.lu' }, 3600);
  });
  afterAll(async () => b?.close());

  it('lets members see and change only their own notes, anon only read, service_role everything', async () => {
    const ana = b.client(anaToken);
    const ben = b.client(benToken);
    const mine = await ana.from('notes').insert({ body: 'extra sauce' }).select('body, owner_id').single();
    expect(mine.data).toEqual({ body: 'extra sauce', owner_id: ANA });
    await ben.from('notes').insert({ body: 'no onions' });
    expect((await ana.from('notes').select('body')).data).toEqual([{ body: 'extra sauce' }]);
    expect((await ben.from('notes').select('body')).data).toEqual([{ body: 'no onions' }]);

    const forged = await ana.from('notes').insert({ body: 'as ben', owner_id: BEN });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const hijack = await ana.from('notes').update({ body: 'changed by ana' }).eq('body', 'no onions').select();
    expect(hijack.data).toEqual([]);
    const wipe = await ana.from('notes').delete().eq('body', 'no onions').select();
    expect(wipe.data).toEqual([]);

    const anon = b.client();
    expect((await anon.from('notes').select('body').order('body')).data).toEqual([
      { body: 'extra sauce' },
      { body: 'no onions' },
    ]);
    const anonWrite = await anon.from('notes').insert({ body: 'anonymous' });
    expect(anonWrite.status).toBe(401);
    expect(anonWrite.error?.code).toBe('42501');
    const anonDelete = await anon.from('notes').delete().eq('body', 'no onions');
    expect(anonDelete.status).toBe(401);

    const service = b.serviceClient();
    const all = await service.from('notes').select('body', { count: 'exact' });
    expect(all.count).toBe(2);
    const moved = await service
      .from('notes')
      .update({ body: 'no onions (checked)' })
      .eq('owner_id', BEN)
      .select('body');
    expect(moved.data).toEqual([{ body: 'no onions (checked)' }]);
  });

  it('answers 401 in PostgREST shape for expired, forged and wrong-secret tokens', async () => {
    const expired = await new SignJWT({ role: 'authenticated', sub: ANA })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(b.jwtSecret));
    const res = await raw('books?select=id', { headers: { Authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    expect(res.headers.get('www-authenticate')).toContain('Bearer error="invalid_token"');

    const wrongSecret = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-1234'));
    const wrong = await b.client(wrongSecret).from('notes').select();
    expect(wrong.status).toBe(401);
    expect(wrong.error?.code).toBe('PGRST301');

    const [head, , sig] = anaToken.split('.');
    const body = Buffer.from(
      JSON.stringify({ role: 'service_role', sub: ANA, exp: Math.floor(Date.now() / 1000) + 600 }),
    ).toString('base64url');
    const forged = await raw('notes', { headers: { Authorization: `Bearer ${head}.${body}.${sig}` } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'PGRST301' });

    const none = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');
    const unsigned = await raw('notes', { headers: { Authorization: `Bearer ${none}.${body}.` } });
    expect(unsigned.status).toBe(401);
    const garbage = await raw('notes', { headers: { Authorization: 'Bearer not-a-token' } });
    expect(garbage.status).toBe(401);
    const viaApikey = await fetch(`${b.url}/rest/v1/notes`, { headers: { apikey: 'x.y.z' } });
    expect(viaApikey.status).toBe(401);
    const noToken = await fetch(`${b.url}/rest/v1/books?select=id&limit=1`);
    expect(noToken.status).toBe(200);
  });

  it('keeps values out of the SQL text: injection attempts are plain values', async () => {
    const anon = b.client();
    const evil = "x'; drop table public.books; --";
    expect((await anon.from('books').select('id').eq('title', evil)).data).toEqual([]);
    expect((await anon.from('books').select('id').in('title', [evil, 'a"b', 'c\\d'])).data).toEqual([]);
    expect((await anon.from('books').select('id').or(`title.eq.${evil}`)).data).toEqual([]);
    expect((await anon.from('authors').select('name').eq(`profile->>"x'); drop table books; --"`, 'a')).data).toEqual(
      [],
    );
    const unquotedKey = await anon.from('authors').select('name').eq(`profile->>x'); drop table books; --`, 'a');
    expect(unquotedKey.status).toBe(400);
    expect(unquotedKey.error?.code).toBe('PGRST100');
    expect((await anon.from('books').select('id').like('title', "%' or '1'='1")).data).toEqual([]);
    const stillThere = await anon.from('books').select('id', { count: 'exact', head: true });
    expect(stillThere.count).toBe(5);
  });

  it('keeps identifiers to the catalog: injection through names is an unknown name', async () => {
    const attempts = [
      'books?select=id,title";drop table books;--',
      'books?select=id&order=id;drop table books',
      'books?select=id&order=id.desc,(select 1)',
      'books?select=id::text;drop table books',
      'books?select=id&id);drop table books;--=eq.1',
      'books%22%3B%20drop%20table%20books%3B--?select=id',
      'rpc/add_numbers);drop table books;--',
      'books?select=id,authors!inner;drop(name)',
      'books?select=*&columns=title%22)%3Bdrop',
    ];
    for (const path of attempts) {
      const res = await raw(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(await res.json(), path).toHaveProperty('code');
    }
    const count = await b.client().from('books').select('id', { count: 'exact', head: true });
    expect(count.count).toBe(5);
  });

  it('answers malformed requests with 4xx and keeps serving', async () => {
    const cases: [string, RequestInit, number, string?][] = [
      ['books?id=equals.1', {}, 400, 'PGRST100'],
      ['books?id=eq', {}, 400, 'PGRST100'],
      ['books?select=id,authors(name', {}, 400, 'PGRST100'],
      ['books?select=id,,title', {}, 400, 'PGRST100'],
      ['books?or=(id.eq.1', {}, 400, 'PGRST100'],
      ['books?or=id.eq.1', {}, 400, 'PGRST100'],
      ['books?price=is.maybe', {}, 400, 'PGRST100'],
      ['books?id=in.1,2', {}, 400, 'PGRST100'],
      ['books?limit=-1', {}, 400, 'PGRST100'],
      ['books?order=id.sideways', {}, 400, 'PGRST100'],
      ['books?id=eq.not-a-number', {}, 400, '22P02'],
      ['books?published_at=gt.yesterday-ish', {}, 400, '22007'],
      ['books?select=nope(*)', {}, 400, 'PGRST200'],
      ['books?or=' + '('.repeat(40) + 'id.eq.1' + ')'.repeat(40), {}, 400, 'PGRST100'],
      ['books?id=eq.%00', {}, 400, 'PGRST100'],
      ['rpc/book_count', { method: 'DELETE' }, 405, 'PGRST117'],
      ['a/b/c', {}, 404, 'PGRST125'],
      ['books', { headers: { Accept: 'application/xml' } }, 406, 'PGRST107'],
      ['books', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'not json' }, 400, 'PGRST102'],
      [
        'books',
        { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '[{"title":"x"}]' },
        400,
        'PGRST102',
      ],
      ['books?select=id', { headers: { Range: 'ten-twenty' } }, 400, 'PGRST100'],
      ['books?select=id', { headers: { Range: '0-99999999999999999999' } }, 400, 'PGRST100'],
      ['books?select=id&limit=99999999999999999999', {}, 400, 'PGRST100'],
      ['books?select=id::text);drop', {}, 400, 'PGRST100'],
    ];
    for (const [path, init, status, code] of cases) {
      const res = await raw(path, init as RequestInit & { headers?: Record<string, string> });
      expect(res.status, path).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort(), path).toEqual(['code', 'details', 'hint', 'message']);
      if (code) expect(body.code, path).toBe(code);
    }
    const big = await fetch(`${b.url}/rest/v1/tags`, {
      method: 'POST',
      headers: { apikey: b.serviceRoleKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(b.context.config.maxBodyBytes + 10) }),
    });
    expect(big.status).toBe(413);
    const alive = await b.client().from('authors').select('name').eq('id', 1).single();
    expect(alive.data).toEqual({ name: 'Ada' });
  });

  it('sends CORS headers on answers and errors', async () => {
    const ok = await raw('books?select=id&limit=1');
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const err = await raw('nothing');
    expect(err.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${b.url}/rest/v1/books`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer');
  });

  it('sets the PostgREST request settings for policies to read', async () => {
    const marker = crypto.randomUUID();
    const res = await fetch(`${b.url}/rest/v1/rpc/request_header?name=x-order-ref`, {
      headers: { apikey: b.anonKey, Authorization: `Bearer ${anaToken}`, 'X-Order-Ref': marker },
    });
    expect(await res.json()).toBe(marker);
    const who = await b.client(anaToken).rpc('whoami');
    expect(who.data).toEqual({ role: 'authenticated', sub: ANA, method: 'POST', path: '/rpc/whoami' });
  });
});
