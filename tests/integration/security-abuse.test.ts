import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { closeClientAgents, fetchFrom } from '../helpers/client-address.js';
import { GENEROUS_PRODUCT_LIMITS, startOfFreshWindow } from '../helpers/rate-limits.js';
import { preorderSlot } from '../reliability/support/orders.js';
import { authFetch, mailsTo, newEmail, openLink, signedInCustomer, verifyLinkFor } from './auth-helpers.js';

/**
 * Abuse by one stranger against everyone else: each client connects from its own loopback address
 * (127.0.0.x as the socket's source address, no x-forwarded-for), as distinct machines would.
 */
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
      env: {
        ...process.env,
        AUTH_EMAIL_MAX_FREQUENCY: '0',
        AUTH_RATE_LIMIT_FAILED_SIGN_INS: '',
        // Waits of 10 s, 20 s… instead of 1 s, 2 s…: the same rule, with room for a loaded machine between two requests.
        AUTH_FAILED_SIGN_IN_DELAY_MS: '10000',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await closeClientAgents();
  });

  it('a stranger signing up the unconfirmed address a minute later takes nothing over', async () => {
    const email = newEmail('victime');
    const owner = clientFrom(b, '127.0.0.7');
    const stranger = clientFrom(b, '127.0.0.8');
    expect((await owner.auth.signUp({ email, password: 'owner-password' })).error).toBeNull();
    const ownersLink = await verifyLinkFor(b, email);
    const later = await stranger.auth.signUp({ email, password: 'stranger-password' });
    expect(later.error).toBeNull();
    expect(later.data.session).toBeNull();
    // The owner's link still works and confirms the owner's password; the stranger's never opens the account.
    expect((await openLink(ownersLink)).fragment.get('access_token')).toBeTruthy();
    expect((await owner.auth.signInWithPassword({ email, password: 'owner-password' })).error).toBeNull();
    expect((await stranger.auth.signInWithPassword({ email, password: 'stranger-password' })).error?.code).toBe(
      'invalid_credentials',
    );
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
    // 5 free wrong passwords, then each waits a doubling delay (10 s, 20 s…): the rest are refused.
    expect(guesses.slice(0, 5)).toEqual(Array(5).fill('invalid_credentials'));
    // k tries past the free ones need (2^k - 1) × 10 seconds: a very slow machine earns one or two, no more.
    const seconds = (Date.now() - started) / 1000;
    const tried = guesses.filter((c) => c === 'invalid_credentials').length;
    expect(tried).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds / 10 + 1)) + 1);
    expect(guesses.filter((c) => c === 'over_request_rate_limit').length).toBeGreaterThanOrEqual(16 - tried);
    expect(guesses).not.toContain('signed in');
    // A guessing address waits, even with the right password: right after its fifth wrong one, it has 10 s to wait.
    const another = clientFrom(b, '127.0.0.6');
    for (let i = 0; i < 5; i++)
      expect((await another.auth.signInWithPassword({ email, password: `other-${i}` })).error?.code).toBe(
        'invalid_credentials',
      );
    expect((await another.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'over_request_rate_limit',
    );
  });

  it('/health tells anyone only ok or not; the database and disk details need the service-role key', async () => {
    const stranger = fetchFrom('127.0.0.4');
    const asked: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${b.anonKey}` },
      { apikey: b.serviceRoleKey },
    ];
    for (const headers of asked) {
      const r = await stranger(`${b.url}/health`, { headers });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ status: 'ok' });
    }
    const owner = await fetch(`${b.url}/health`, { headers: { authorization: `Bearer ${b.serviceRoleKey}` } });
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ status: 'ok', database: { kind, ok: true } });
  });

  it('a signed-out token neither exports, reads the order history nor deletes; deletion asks again for the password or the e-mailed code', async () => {
    const alice = await signedInCustomer(b);
    const token = (await alice.client.auth.getSession()).data.session!.access_token;
    const onHerPhone = clientFrom(b, '127.0.0.5', token);
    expect((await onHerPhone.rpc('my_data_export')).data).toMatchObject({ profile: { email: alice.email } });

    // She signs out; the token lingers on a shared computer (or was copied) and is used from elsewhere.
    const out = await authFetch(b, '/logout?scope=global', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    const stranger = clientFrom(b, '127.0.0.6', token);
    const ended = 'Votre session a pris fin. Reconnectez-vous pour gérer les données de votre compte.';
    const exported = await stranger.rpc('my_data_export');
    expect(exported.data).toBeNull();
    expect(exported.error).toMatchObject({ code: '42501', message: ended });
    // Her order history and the cart's prefill carry her address and phone: refused the same way.
    for (const fn of ['my_orders', 'customer_prefill']) {
      const read = await stranger.rpc(fn);
      expect(read.error).toMatchObject({ code: '42501', message: ended });
    }
    const deleted = await stranger.rpc('delete_my_account', { p_password: alice.password });
    expect(deleted.error).toMatchObject({ code: '42501', message: ended });
    expect((await b.serviceClient().auth.admin.getUserById(alice.userId)).data.user?.id).toBe(alice.userId);

    // Signed in again: the code /auth/v1/reauthenticate e-mails also proves it is her (GoTrue's nonce).
    const again = clientFrom(b, '127.0.0.5');
    const { data: signedIn } = await again.auth.signInWithPassword({ email: alice.email, password: alice.password });
    const fresh = clientFrom(b, '127.0.0.5', signedIn.session!.access_token);
    expect((await fresh.rpc('delete_my_account', { p_password: 'guessed' })).data).toEqual({
      deleted: false,
      reason: 'wrong_password',
    });
    const asked = await authFetch(b, '/reauthenticate', {
      headers: { Authorization: `Bearer ${signedIn.session!.access_token}` },
    });
    expect(asked.status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await mailsTo(b, alice.email))[0]!.html)![1];
    const gone = await fresh.rpc('delete_my_account', { p_nonce: code });
    expect(gone.error).toBeNull();
    expect(gone.data).toMatchObject({ deleted: true });
    expect((await b.serviceClient().auth.admin.getUserById(alice.userId)).data.user).toBeNull();
  });

  describe('messages to one inbox or phone', () => {
    const realLimits = () =>
      b.db.query(`update public.rate_limits set max_hits = 10 where bucket in ('email_recipient', 'sms_recipient')`);
    const generous = () =>
      b.db.query(`update public.rate_limits set max_hits = $1 where bucket in ('email_recipient', 'sms_recipient')`, [
        GENEROUS_PRODUCT_LIMITS.max_hits,
      ]);
    afterAll(generous);

    it('one Gmail inbox gets at most 10 an hour, whatever its dots, +tags, case and the senders’ addresses', async () => {
      await startOfFreshWindow(3600, 120);
      await realLimits();
      const name = `joanasilva${Date.now().toString(36).replace(/\d/g, 'x')}`;
      // j.oanasilva…@gmail.com, jo.anasilva…+promo@googlemail.com, JOA.NASILVA…@GMAIL.COM …: all one inbox.
      const variants = Array.from({ length: 18 }, (_, i) => {
        const dotted = `${name.slice(0, (i % 9) + 1)}.${name.slice((i % 9) + 1)}`;
        const local = i % 3 === 2 ? dotted.toUpperCase() : i % 3 === 1 ? `${dotted}+promo${i}` : dotted;
        return `${local}@${i < 9 ? 'gmail.com' : 'googlemail.com'}`;
      });
      expect(new Set(variants).size).toBe(18);
      for (let i = 0; i < 18; i++) {
        const from = clientFrom(b, `127.0.1.${i + 1}`);
        const to = variants[i]!;
        if (i % 3 === 0) {
          const { error } = await from.rpc('place_order', {
            p_order: {
              customer: { name: 'Joana Silva', phone: '+352 621 555 777', email: to },
              delivery_method: 'pickup',
              payment_method: 'cash',
              is_preorder: true,
              ...preorderSlot(),
              items: [{ menuItemId: '32', quantity: 1 }],
            },
          });
          expect(error).toBeNull();
        } else if (i % 3 === 1) {
          const { error } = await from.rpc('create_reservation', {
            p_name: 'Joana',
            p_email: to,
            p_phone: '+352621555777',
            p_reservation_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
            p_reservation_time: '20:00',
            p_people: '2',
          });
          expect(error).toBeNull();
        } else {
          // Sign-ups answer as usual (nobody learns about the limit); the e-mail is simply not sent.
          expect((await from.auth.signUp({ email: to, password: PASSWORD })).error).toBeNull();
        }
      }
      const lowered = variants.map((v) => v.toLowerCase());
      const queued = await b.db.query<{ status: string; last_error: string | null }>(
        `select status, last_error from public.notification_outbox where lower(recipient) = any($1::text[])`,
        [lowered],
      );
      const mailed = await b.db.query<{ n: number }>(
        `select count(*)::int as n from _mailbox.messages m
          where exists (select 1 from unnest(m.recipients) r where lower(r) = any($1::text[]))`,
        [lowered],
      );
      const sent = queued.rows.filter((r) => r.status !== 'failed').length + mailed.rows[0]!.n;
      expect(sent).toBe(10);
      const refused = queued.rows.filter((r) => r.status === 'failed');
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((r) => /too many messages to this address \(rate limit\)/.test(r.last_error ?? ''))).toBe(
        true,
      );
    }, 181_000);

    it('one phone number gets at most 10 SMS an hour, however it is written', async () => {
      await startOfFreshWindow(3600, 60);
      await realLimits();
      const n = String(Date.now() % 1000).padStart(3, '0');
      const written = [`+352 621 777 ${n}`, `00352621777${n}`, `621 777 ${n}`, `621-777-${n}`, `(+352) 621777${n}`];
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await fetchFrom('127.0.2.1')(`${b.url}/_mailbox/api/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${b.serviceRoleKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'sms', to: written[i % written.length], body: `Votre commande ${i}` }),
        });
        answers.push(r.status);
        if (r.status !== 200) expect(await r.text()).toContain('too many messages to this number');
      }
      expect(answers).toEqual([...Array(10).fill(200), 400, 400]);
    }, 121_000);
  });
});
