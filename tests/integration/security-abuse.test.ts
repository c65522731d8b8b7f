import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Agent, fetch as undiciFetch } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { newEmail } from './auth-helpers.js';

/**
 * Abuse by one stranger against everyone else: each client connects from its own loopback address
 * (127.0.0.x as the socket's source address, no x-forwarded-for), as distinct machines would.
 */
const agents = new Map<string, Agent>();
export function fetchFrom(ip: string): typeof fetch {
  let dispatcher = agents.get(ip);
  if (!dispatcher) {
    dispatcher = new Agent({ localAddress: ip });
    agents.set(ip, dispatcher);
  }
  const d = dispatcher;
  return ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher: d } as never)) as unknown as typeof fetch;
}

function clientFrom(b: TestBackend, ip: string, accessToken?: string): SupabaseClient {
  return createClient(b.url, b.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: fetchFrom(ip),
      ...(accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {}),
    },
  });
}

const PASSWORD = 'frango-grelhado-42';

describe.each(testDatabases())('one stranger against everyone else on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    // The real wrong-password throttle; the other auth limits stay raised (tests/helpers/backend.ts).
    b = await startTestBackend(kind, {
      env: { ...process.env, AUTH_EMAIL_MAX_FREQUENCY: '0', AUTH_RATE_LIMIT_FAILED_SIGN_INS: '' },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    for (const a of agents.values()) await a.close();
    agents.clear();
  });

  it('wrong passwords from 127.0.0.2 keep coming; the admin signs in from 127.0.0.3 every time', async () => {
    const email = newEmail('patron');
    const created = await b.serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const attacker = clientFrom(b, '127.0.0.2');
    const admin = clientFrom(b, '127.0.0.3');
    const guesses: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 16; i++) {
      guesses.push(
        (await attacker.auth.signInWithPassword({ email, password: `guess-${i}` })).error?.code ?? 'signed in',
      );
      const { data, error } = await admin.auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
    }
    // 5 free wrong passwords, then each waits a doubling delay (1 s, 2 s, 4 s…): most of the rest are refused.
    expect(guesses.slice(0, 5)).toEqual(Array(5).fill('invalid_credentials'));
    // k tries past the free ones need 1 + 2 + … + 2^(k-1) = 2^k - 1 seconds: a slow machine earns a few, no more.
    const seconds = (Date.now() - started) / 1000;
    const tried = guesses.filter((c) => c === 'invalid_credentials').length;
    expect(tried).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds + 1)) + 1);
    expect(guesses.filter((c) => c === 'over_request_rate_limit').length).toBeGreaterThanOrEqual(16 - tried);
    expect(guesses).not.toContain('signed in');
    // The guessing address waits, even with the right password.
    expect((await attacker.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'over_request_rate_limit',
    );
  });

  it('/health tells anyone only ok or not; the database and disk details need the service-role key', async () => {
    const stranger = fetchFrom('127.0.0.4');
    for (const headers of [{}, { authorization: `Bearer ${b.anonKey}` }, { apikey: b.serviceRoleKey }]) {
      const r = await stranger(`${b.url}/health`, { headers });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ status: 'ok' });
    }
    const owner = await fetch(`${b.url}/health`, { headers: { authorization: `Bearer ${b.serviceRoleKey}` } });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ status: 'ok', database: { kind, ok: true } });
  });
});
