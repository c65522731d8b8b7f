import http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, jwtPayload, mailsTo, newEmail, openLink, verifyLinkFor } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';

/** The 6-digit code in the newest e-mail to `email`. */
async function codeFor(b: TestBackend, email: string): Promise<string> {
  const [latest] = await mailsTo(b, email);
  if (!latest) throw new Error(`no e-mail to ${email}`);
  const m = /<b>(\d{6})<\/b>/.exec(latest.html);
  if (!m) throw new Error(`no code in "${latest.subject}"`);
  return m[1];
}

/** POST /auth/v1/verify from a chosen loopback source address (a distinct client for the rate limits). */
function verifyFrom(b: TestBackend, localAddress: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: b.port,
        path: '/auth/v1/verify',
        method: 'POST',
        localAddress,
        headers: { apikey: b.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A different code than the one sent (six digits). */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(testDatabases())('sign-in by e-mailed code (/otp) on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { ...process.env, AUTH_EMAIL_MAX_FREQUENCY: '0' } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  it('a new address gets a code; typing it signs in, confirms the address, and the code and link are spent', async () => {
    const email = newEmail('code');
    const client = b.client();
    const sent = await client.auth.signInWithOtp({ email, options: { data: { full_name: 'Ana Sousa' } } });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ user: null, session: null });
    const [mail] = await mailsTo(b, email);
    expect(mail.subject).toMatch(/^Votre code de connexion : \d{6}$/);
    expect(mail.html).toContain('/auth/v1/verify?');
    const code = await codeFor(b, email);
    const link = await verifyLinkFor(b, email);
    expect(link.searchParams.get('type')).toBe('magiclink');

    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Ana Sousa' } });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(jwtPayload(data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'otp' })]);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const again = await b.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const followed = await openLink(link);
    expect(followed.fragment.get('error_code')).toBe('otp_expired');
  });

  it('a customer with a password follows the e-mailed link instead; the password keeps working', async () => {
    const email = newEmail('lien');
    expect(
      (await b.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error,
    ).toBeNull();
    const r = await authFetch(b, `/otp?redirect_to=${encodeURIComponent(b.url)}`, {
      method: 'POST',
      json: { email, create_user: false },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({});
    const code = await codeFor(b, email);
    const followed = await openLink(await verifyLinkFor(b, email));
    expect(followed.status).toBe(303);
    expect(followed.fragment.get('type')).toBe('magiclink');
    expect(jwtPayload(followed.fragment.get('access_token')!).email).toBe(email);
    // The code of the same e-mail is spent with the link.
    expect((await b.client().auth.verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe('otp_expired');
    expect((await b.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('a newer code replaces the earlier one', async () => {
    const email = newEmail('deux');
    expect((await b.client().auth.signInWithOtp({ email })).error).toBeNull();
    const first = await codeFor(b, email);
    expect((await b.client().auth.signInWithOtp({ email })).error).toBeNull();
    const second = await codeFor(b, email);
    if (first !== second)
      expect((await b.client().auth.verifyOtp({ email, token: first, type: 'email' })).error?.code).toBe('otp_expired');
    expect((await b.client().auth.verifyOtp({ email, token: second, type: 'email' })).error).toBeNull();
  });

  it('a code only works with the address it was sent to, and not after it expired', async () => {
    const email = newEmail('lie');
    const other = newEmail('autre');
    expect((await b.client().auth.signInWithOtp({ email })).error).toBeNull();
    expect((await b.client().auth.signInWithOtp({ email: other })).error).toBeNull();
    const code = await codeFor(b, email);
    const wrongAddress = await b.client().auth.verifyOtp({ email: other, token: code, type: 'email' });
    expect(wrongAddress.error?.code).toBe('otp_expired');

    await b.db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second'
        where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    const late = await b.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(late.error?.code).toBe('otp_expired');
  });

  it('PKCE (flowType pkce): the link comes back with ?code=, which only the browser holding the verifier exchanges, once', async () => {
    const email = newEmail('pkce');
    const pkce = () =>
      createClient(b.url, b.anonKey, {
        auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
    const browser = pkce();
    const sent = await browser.auth.signInWithOtp({ email, options: { emailRedirectTo: b.url } });
    expect(sent.error).toBeNull();
    const followed = await openLink(await verifyLinkFor(b, email));
    expect(followed.status).toBe(303);
    expect(followed.location.hash).toBe('');
    expect(followed.location.searchParams.has('access_token')).toBe(false);
    const code = followed.location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    // Someone else holding the code (a forwarded link, a mail scanner) has no verifier: refused, and the code is spent.
    const stranger = await authFetch(b, '/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      json: { auth_code: code, code_verifier: 'v'.repeat(64) },
    });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ code: 'bad_code_verifier' });
    expect((await browser.auth.exchangeCodeForSession(code!)).error).toMatchObject({ code: 'flow_state_not_found' });

    // The customer asks again and the browser that asked exchanges the new code.
    const again = pkce();
    expect((await again.auth.signInWithOtp({ email, options: { emailRedirectTo: b.url } })).error).toBeNull();
    const second = (await openLink(await verifyLinkFor(b, email))).location.searchParams.get('code')!;
    const exchanged = await again.auth.exchangeCodeForSession(second);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.user.email).toBe(email);
    expect(jwtPayload(exchanged.data.session!.access_token).amr).toEqual([
      expect.objectContaining({ method: 'magiclink' }),
    ]);
    // Once.
    const twice = await authFetch(b, '/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      json: { auth_code: second, code_verifier: 'v'.repeat(64) },
    });
    expect(twice.status).toBe(404);
    // A malformed challenge is refused before anything is sent.
    const bad = await authFetch(b, '/otp', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      json: { email, code_challenge: 'short', code_challenge_method: 's256' },
    });
    expect(bad.status).toBe(400);
  });

  it('PKCE for the sign-up confirmation and the password reset: each link returns a code its own browser exchanges', async () => {
    const email = newEmail('pkce-inscription');
    const pkce = () =>
      createClient(b.url, b.anonKey, {
        auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
    const signingUp = pkce();
    expect(
      (await signingUp.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: b.url } })).error,
    ).toBeNull();
    const confirmed = await openLink(await verifyLinkFor(b, email));
    expect(confirmed.fragment.has('access_token')).toBe(false);
    const session = await signingUp.auth.exchangeCodeForSession(confirmed.location.searchParams.get('code')!);
    expect(session.error).toBeNull();
    expect(session.data.user!.email_confirmed_at).toBeTruthy();

    const resetting = pkce();
    expect((await resetting.auth.resetPasswordForEmail(email, { redirectTo: b.url })).error).toBeNull();
    const reset = await openLink(await verifyLinkFor(b, email));
    const recovered = await resetting.auth.exchangeCodeForSession(reset.location.searchParams.get('code')!);
    expect(recovered.error).toBeNull();
    expect(jwtPayload(recovered.data.session!.access_token).amr).toEqual([
      expect.objectContaining({ method: 'recovery' }),
    ]);
  });

  it('with create_user false an unknown address gets the same answer and no e-mail, and no account is made', async () => {
    const email = newEmail('inconnu');
    const { error } = await b.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    expect(await mailsTo(b, email)).toEqual([]);
    const r = await b.db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(r.rows).toEqual([]);
  });

  it('an address that signed up without confirming loses the unproven password when the code is used', async () => {
    const email = newEmail('inscrit');
    expect((await b.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await b.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const code = await codeFor(b, email);
    expect((await b.client().auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
    const signIn = await b.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('phone and missing addresses are refused as GoTrue refuses them', async () => {
    const phone = await authFetch(b, '/otp', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      json: { phone: '+352621000000' },
    });
    expect(phone.status).toBe(400);
    expect(await phone.json()).toMatchObject({ code: 'phone_provider_disabled' });
    const bad = await b.client().auth.signInWithOtp({ email: 'pas-une-adresse' });
    expect(bad.error?.status).toBe(400);
  });

  it('while phone sign-in is off a phone code never verifies, and a malformed number is refused as GoTrue does', async () => {
    const sms = await b.client().auth.verifyOtp({ phone: '+352621000000', token: '123456', type: 'sms' });
    expect(sms.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const change = await b.client().auth.verifyOtp({ phone: '352621000000', token: '123456', type: 'phone_change' });
    expect(change.error?.status).toBe(403);
    const malformed = await b.client().auth.verifyOtp({ phone: '352621-invalid', token: '123456', type: 'sms' });
    expect(malformed.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
  });

  it('wrong codes for one address are counted from every client address: the 11th try is refused, the link still works', async () => {
    const email = newEmail('devine');
    expect((await b.client().auth.signInWithOtp({ email })).error).toBeNull();
    const code = await codeFor(b, email);
    for (let i = 0; i < 10; i++) {
      const r = await verifyFrom(b, `127.0.${i + 1}.9`, { type: 'email', email, token: otherCode(code) });
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ code: 'otp_expired' });
    }
    const right = await verifyFrom(b, '127.0.77.9', { type: 'email', email, token: code });
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ code: 'over_request_rate_limit' });
    // Another address is not held up by this one's guesses.
    const neighbour = newEmail('voisin');
    expect((await b.client().auth.signInWithOtp({ email: neighbour })).error).toBeNull();
    const theirs = await verifyFrom(b, '127.0.1.9', {
      type: 'email',
      email: neighbour,
      token: await codeFor(b, neighbour),
    });
    expect(theirs.status).toBe(200);
    // The owner still signs in with the link of the same e-mail.
    const followed = await openLink(await verifyLinkFor(b, email));
    expect(jwtPayload(followed.fragment.get('access_token')!).email).toBe(email);
  });
});
