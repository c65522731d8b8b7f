import crypto from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { mailboxFetch } from '../helpers/mailbox.js';

const FIXTURE = 'tests/fixtures/functions-supabase';

describe.each(testDatabases())('Edge Functions on %s', (kind) => {
  let b: TestBackend;
  const call = (name: string, init: RequestInit & { token?: string | null } = {}) => {
    const { token = b.anonKey, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(`${b.url}/functions/v1/${name}`, { ...rest, headers });
  };

  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: FIXTURE,
      maxBodyBytes: 64 * 1024,
      env: { RESTAURANT_NAME: 'Churrasqueira' },
    });
  });
  afterAll(async () => b?.close());

  it('runs a function through supabase-js functions.invoke with the Supabase environment', async () => {
    const { data, error } = await b.client().functions.invoke('hello', { body: { name: 'Ana' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      message: 'Olá Ana!',
      method: 'POST',
      url: `${b.url}/hello`,
      authorization: 'Bearer ',
      supabaseUrl: b.url,
      hasAnonKey: true,
      hasServiceKey: true,
      hasDbUrl: kind === 'postgres',
      restaurant: 'Churrasqueira',
    });
  });

  it('answers 401 {"msg":"Invalid JWT"} without a valid JWT in Authorization', async () => {
    const foreign = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(crypto.randomBytes(32));
    const expired = await b.context.jwt.sign(
      { role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 10 },
      0,
    );
    for (const token of [null, 'not-a-jwt', foreign, expired]) {
      const res = await call('hello', { method: 'POST', token, body: '{"name":"x"}' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ msg: 'Invalid JWT' });
    }
    const apikeyOnly = await call('hello', { token: null, headers: { apikey: b.anonKey } });
    expect(apikeyOnly.status).toBe(401);
    const user = await b.context.jwt.sign({ role: 'authenticated', sub: crypto.randomUUID() }, 60);
    expect((await call('hello', { token: user })).status).toBe(200);
  });

  it('skips the JWT check for functions with verify_jwt = false and passes path and query', async () => {
    const res = await call('public-hello/orders/42?q=frango', { token: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ public: true, path: '/public-hello/orders/42', query: 'frango' });
    expect(await (await call('legacy-serve', { token: null })).text()).toBe('legacy ok');
  });

  it('answers CORS preflight', async () => {
    const res = await fetch(`${b.url}/functions/v1/hello`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example.lu',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(
      /authorization.*x-client-info.*apikey.*content-type/,
    );
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('turns a thrown error into 500 {error} and keeps serving', async () => {
    const res = await call('boom', { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Frango queimado' });
    const { data, error } = await b.client().functions.invoke('boom');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(500);
    expect((await b.client().functions.invoke('hello', { body: { name: 'ainda' } })).data.message).toBe('Olá ainda!');
  });

  it('passes a non-2xx response through, so functions.invoke returns FunctionsHttpError', async () => {
    const { data, error } = await b.client().functions.invoke('teapot');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: 'Rupture de stock' });
  });

  it('reads a table with the service key through npm:, esm.sh and jsr: imports of supabase-js', async () => {
    expect(await (await call('read-menu')).json()).toEqual({
      items: [
        { name: 'Frango inteiro', price_cents: 1250 },
        { name: 'Meio frango', price_cents: 750 },
      ],
    });
    expect(await (await call('read-menu-esm')).json()).toEqual({ count: 2 });
    // The caller's own anon token: RLS without a policy hides every row.
    expect(await (await call('read-menu-jsr')).json()).toEqual({ items: [], error: null });
  });

  it('sends mail through _shared/mailer.ts into the outbox, once per idempotency key', async () => {
    for (let i = 0; i < 2; i++) {
      const { data, error } = await b.client().functions.invoke('send-receipt', {
        body: { email: 'ana@example.lu', phone: '621 123 456', order: 'AB12CD34' },
      });
      expect(error).toBeNull();
      expect(data.mail.provider).toBe('outbox');
      expect(data.sms).toMatchObject({ provider: 'outbox', to: '+352621123456' });
    }
    const mailbox = (await (await mailboxFetch(b, `/api/messages?to=ana@example.lu`)).json()) as {
      messages: { subject: string; html: string }[];
    };
    expect(mailbox.messages).toHaveLength(1);
    expect(mailbox.messages[0].subject).toBe('Commande AB12CD34 reçue – 12,50 €');
    const sms = (await (await mailboxFetch(b, `/api/messages?to=%2B352621123456`)).json()) as {
      messages: { body: string }[];
    };
    expect(sms.messages.map((m) => m.body)).toEqual(['Commande AB12CD34 reçue.', 'Commande AB12CD34 reçue.']);
    const bad = await call('send-receipt', {
      method: 'POST',
      body: JSON.stringify({ email: 'not-an-address', order: 'X' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'backend mailer: HTTP 400 Invalid e-mail address "not-an-address"',
      retryable: false,
    });
  });

  it('runs EdgeRuntime.waitUntil work after the response', async () => {
    const res = await call('background-receipt', {
      method: 'POST',
      body: JSON.stringify({ email: 'fundo@example.lu' }),
    });
    expect(res.status).toBe(202);
    const subjects = async () =>
      (
        (await (await mailboxFetch(b, `/api/messages?to=fundo@example.lu`)).json()) as {
          messages: { subject: string }[];
        }
      ).messages.map((m) => m.subject);
    expect(await subjects()).toEqual([]);
    expect((await call('background-receipt?release')).status).toBe(204);
    await expect.poll(subjects, { timeout: 5_000 }).toEqual(['Envoyé en arrière-plan']);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await call('hello', { method: 'POST', body: 'x'.repeat(64 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toContain('larger than 65536 bytes');
    expect((await call('hello')).status).toBe(200);
  });

  it('answers 404 JSON for unknown functions and the _shared folder', async () => {
    for (const name of ['nope', '_shared', '_shared/cors.ts', '..%2Fmigrations', '']) {
      const res = await call(name);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('gives each function its own globals, prototypes and Deno.env', async () => {
    expect(await (await call('globals-a', { token: null })).json()).toEqual({ leaked: 'from a', polluted: true });
    expect(await (await call('globals-b', { token: null })).json()).toEqual({
      leaked: null,
      polluted: false,
      changedByA: null,
    });
    expect((globalThis as Record<string, unknown>).leaked).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('supports node: imports and top-level await, and refuses Deno.exit', async () => {
    const res = await call('node-crypto', { method: 'POST', body: 'abc' });
    expect(await res.json()).toEqual({
      sha256: crypto.createHash('sha256').update('selabc').digest('hex'),
      base64: Buffer.from('abc').toString('base64'),
      bytes: 0,
      exitBlocked: true,
    });
  });

  it('survives a function that leaves a rejected promise and a throwing timer behind', async () => {
    // Vitest fails a run on any unhandled rejection; this test is about the server surviving one, so its listeners step aside.
    const listeners = process.listeners('unhandledRejection').filter((l) => l.name !== 'onFunctionRejection');
    for (const l of listeners) process.off('unhandledRejection', l);
    try {
      const res = await call('late-rejection');
      expect(await res.text()).toBe('sent anyway');
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      for (const l of listeners) process.on('unhandledRejection', l);
    }
    expect((await call('hello')).status).toBe(200);
  });

  it('reports build and startup failures as 500 with the reason', async () => {
    const bad = await call('bad-import');
    expect(bad.status).toBe(500);
    expect(((await bad.json()) as { error: string }).error).toContain(
      'npm package "left-pad-that-is-not-installed" is not installed',
    );
    const noServe = await call('no-serve');
    expect(await noServe.json()).toEqual({
      error: 'function "no-serve" failed to start: the function did not call Deno.serve(handler)',
    });
  });

  it('streams a response as it is produced and cancels it when the client leaves', async () => {
    const controller = new AbortController();
    const res = await call('ticker', { token: null, signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('data: tick 1\n\n');
    controller.abort();
    await reader.cancel().catch(() => {});
    let status = { cancelled: 0 };
    for (let i = 0; i < 50 && status.cancelled === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await (await call('ticker?status', { token: null })).json()) as typeof status;
    }
    expect(status.cancelled).toBe(1);
  });
});

describe.each(testDatabases())('Edge Functions time limit on %s', (kind) => {
  let b: TestBackend;
  const callQuick = (name: string) =>
    fetch(`${b.url}/functions/v1/${name}`, { headers: { Authorization: `Bearer ${b.anonKey}` } });
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: FIXTURE, env: { FUNCTIONS_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => b?.close());

  it('answers 504 when a function does not answer in time', async () => {
    const res = await callQuick('slow');
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: string }).error).toContain('did not answer within 1000 ms');
    const started = Date.now();
    const slowStart = await callQuick('slow-start');
    expect(slowStart.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('refuses to start with a time limit that is not a number', async () => {
    await expect(
      startTestBackend(kind, { supabaseDir: FIXTURE, env: { FUNCTIONS_TIMEOUT_MS: 'soon' } }),
    ).rejects.toThrow('FUNCTIONS_TIMEOUT_MS must be a positive number of milliseconds, got "soon"');
  });
});
