import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { closeClientAgents, fetchFrom } from '../helpers/client-address.js';
import { mailboxFetch } from '../helpers/mailbox.js';
import { authFetch, jwtPayload, signedInCustomer } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';

let serial = 0;
/** A fresh Luxembourg mobile number per test (+352 691 xxx xxx), as E.164. */
function newMobile(): string {
  serial += 1;
  const six = String((Date.now() * 7 + serial * 7919) % 1_000_000).padStart(6, '0');
  return `+352691${six}`;
}

interface Sms {
  to: string[];
  body: string | null;
}

/** Every SMS the outbox captured for one number (E.164), newest first. */
async function smsTo(b: TestBackend, number: string): Promise<Sms[]> {
  const r = await mailboxFetch(b, `/api/messages?kind=sms&to=${encodeURIComponent(number)}`);
  if (!r.ok) throw new Error(`mailbox answered ${r.status}`);
  return ((await r.json()) as { messages: Sms[] }).messages;
}

/** The 6-digit code of the newest SMS to `number`. */
async function smsCode(b: TestBackend, number: string): Promise<string> {
  const [latest] = await smsTo(b, number);
  const m = /\b(\d{6})\b/.exec(latest?.body ?? '');
  if (!m) throw new Error(`no code texted to ${number}`);
  return m[1];
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const PHONE_ON = { AUTH_PHONE_ENABLED: 'true', SMS_PROVIDER: 'outbox' };

describe.each(testDatabases())('sign-in and phone change by SMS code, on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { ...process.env, ...PHONE_ON, AUTH_SMS_MAX_FREQUENCY: '0' } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await closeClientAgents();
  });

  it('/settings says phone sign-in is on, through the configured provider, with confirmations', async () => {
    const r = await authFetch(b, '/settings');
    expect(await r.json()).toMatchObject({
      external: { email: true, phone: true },
      phone_autoconfirm: false,
      sms_provider: 'outbox',
    });
  });

  it('signInWithOtp({phone}) texts a code; verifyOtp({type: sms}) signs in, once; a wrong code is otp_expired', async () => {
    const number = newMobile();
    const client = b.client();
    // Typed as a Luxembourg customer types it: national, with spaces.
    const national = `${number.slice(4, 7)} ${number.slice(7, 10)} ${number.slice(10)}`;
    const sent = await client.auth.signInWithOtp({ phone: national, options: { data: { nome: 'Rui' } } });
    expect(sent.error).toBeNull();
    const [sms] = await smsTo(b, number);
    expect(sms.to).toEqual([number]);
    expect(sms.body).toMatch(
      /^Votre code de connexion : \d{6}\. Valable 5 min, une seule fois\. Ne le donnez à personne\.$/,
    );
    const code = await smsCode(b, number);

    const wrong = await client.auth.verifyOtp({ phone: number, token: otherCode(code), type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    const v = await client.auth.verifyOtp({ phone: number, token: code, type: 'sms' });
    expect(v.error).toBeNull();
    const user = v.data.session!.user;
    // Stored as GoTrue stores it: E.164 digits without '+'.
    expect(user).toMatchObject({ phone: number.slice(1), email: '', user_metadata: { nome: 'Rui' } });
    expect(user.phone_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({ provider: 'phone', providers: ['phone'] });
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'phone' })]);
    expect(jwtPayload(v.data.session!.access_token)).toMatchObject({ phone: number.slice(1), aal: 'aal1' });

    const again = await b.client().auth.verifyOtp({ phone: number, token: code, type: 'sms' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The same customer later: the same account.
    expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
    const later = await b.client().auth.verifyOtp({ phone: number, token: await smsCode(b, number), type: 'sms' });
    expect(later.data.user!.id).toBe(user.id);
  });

  it('a code expires (otp_exp) and only works with the number it was sent to', async () => {
    const number = newMobile();
    const other = newMobile();
    expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
    expect((await b.client().auth.signInWithOtp({ phone: other })).error).toBeNull();
    const code = await smsCode(b, number);
    expect((await b.client().auth.verifyOtp({ phone: other, token: code, type: 'sms' })).error?.code).toBe(
      'otp_expired',
    );
    await b.db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second'
        where user_id = (select id from auth.users where phone = $1)`,
      [number.slice(1)],
    );
    expect((await b.client().auth.verifyOtp({ phone: number, token: code, type: 'sms' })).error?.code).toBe(
      'otp_expired',
    );
  });

  it('five wrong codes for a number void its code: the right one is refused after them', async () => {
    const number = newMobile();
    expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
    const code = await smsCode(b, number);
    for (let i = 1; i <= 5; i++) {
      // From five different client addresses: the count is the number's, not the caller's.
      const guesser = createClient(b.url, b.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: fetchFrom(`127.0.0.${40 + i}`) },
        realtime: { transport: WebSocket as never },
      });
      const r = await guesser.auth.verifyOtp({
        phone: number,
        token: otherCode(String(Number(code) + i)),
        type: 'sms',
      });
      expect(r.error?.code).toBe('otp_expired');
    }
    expect((await b.client().auth.verifyOtp({ phone: number, token: code, type: 'sms' })).error?.code).toBe(
      'otp_expired',
    );
    // A new code works.
    expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
    const fresh = await b.client().auth.verifyOtp({ phone: number, token: await smsCode(b, number), type: 'sms' });
    expect(fresh.error).toBeNull();
  });

  it('signUp({phone, password}) is confirmed by the texted code; then the password signs in with the phone', async () => {
    const number = newMobile();
    const client = b.client();
    const signed = await client.auth.signUp({ phone: number, password: PASSWORD });
    expect(signed.error).toBeNull();
    expect(signed.data.session).toBeNull();
    expect(signed.data.user).toMatchObject({ phone: number.slice(1) });
    const before = await b.client().auth.signInWithPassword({ phone: number, password: PASSWORD });
    expect(before.error).toMatchObject({ status: 400, code: 'phone_not_confirmed' });

    // The code again (resend), then the newer code confirms.
    expect((await b.client().auth.resend({ type: 'sms', phone: number })).error).toBeNull();
    expect(await smsTo(b, number)).toHaveLength(2);
    expect((await smsTo(b, number))[0].body).toMatch(/^Votre code pour confirmer votre numéro : \d{6}\./);
    const v = await client.auth.verifyOtp({ phone: number, token: await smsCode(b, number), type: 'sms' });
    expect(v.error).toBeNull();

    const signIn = await b.client().auth.signInWithPassword({ phone: number, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user!.id).toBe(signed.data.user!.id);
    const wrong = await b.client().auth.signInWithPassword({ phone: number, password: 'pas-le-bon-mot' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    // Signing up again with a confirmed number texts nothing and says nothing about the account.
    const twice = await b.client().auth.signUp({ phone: number, password: 'autre-mot-de-passe-1' });
    expect(twice.error).toBeNull();
    expect(twice.data.user!.id).not.toBe(signed.data.user!.id);
    expect(await smsTo(b, number)).toHaveLength(2);
  });

  it('a stranger who signed a number up first with a password loses it when the owner signs in by code', async () => {
    const number = newMobile();
    expect((await b.client().auth.signUp({ phone: number, password: 'mot-de-passe-du-voisin' })).error).toBeNull();
    expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
    const owner = await b.client().auth.verifyOtp({ phone: number, token: await smsCode(b, number), type: 'sms' });
    expect(owner.error).toBeNull();
    const stranger = await b.client().auth.signInWithPassword({ phone: number, password: 'mot-de-passe-du-voisin' });
    expect(stranger.error?.code).toBe('invalid_credentials');
  });

  it('updateUser({phone}) texts the new number; verifyOtp({type: phone_change}) adds it; another account cannot take it', async () => {
    const { client, userId } = await signedInCustomer(b);
    const number = newMobile();
    const asked = await client.auth.updateUser({ phone: number });
    expect(asked.error).toBeNull();
    expect(asked.data.user!.phone).toBe('');
    const [sms] = await smsTo(b, number);
    expect(sms.body).toMatch(/^Votre code pour ajouter ce numéro à votre compte : \d{6}\./);
    const code = await smsCode(b, number);

    expect(
      (await b.client().auth.verifyOtp({ phone: number, token: otherCode(code), type: 'phone_change' })).error,
    ).toMatchObject({ status: 403, code: 'otp_expired' });
    // A sign-in code type does not take a phone change code.
    expect((await b.client().auth.verifyOtp({ phone: number, token: code, type: 'sms' })).error?.code).toBe(
      'otp_expired',
    );
    // The code again, then the newer one changes the number.
    expect((await b.client().auth.resend({ type: 'phone_change', phone: number })).error).toBeNull();
    const newer = await smsCode(b, number);
    const v = await b.client().auth.verifyOtp({ phone: number, token: newer, type: 'phone_change' });
    expect(v.error).toBeNull();
    expect(v.data.user).toMatchObject({ id: userId, phone: number.slice(1) });
    expect((await client.auth.getUser()).data.user!.phone_confirmed_at).toBeTruthy();
    expect((await b.client().auth.verifyOtp({ phone: number, token: newer, type: 'phone_change' })).error?.code).toBe(
      'otp_expired',
    );
    // The number now signs in to this account.
    expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
    const bySms = await b.client().auth.verifyOtp({ phone: number, token: await smsCode(b, number), type: 'sms' });
    expect(bySms.data.user!.id).toBe(userId);

    const other = await signedInCustomer(b);
    const taken = await other.client.auth.updateUser({ phone: number });
    expect(taken.error).toMatchObject({ status: 422, code: 'phone_exists' });
  });

  it('a session signed in long ago needs the e-mailed code to add a number (secure_password_change)', async () => {
    const { client, userId } = await signedInCustomer(b);
    await b.db.query(`update auth.sessions set created_at = now() - interval '1 hour' where user_id = $1`, [userId]);
    const number = newMobile();
    const r = await client.auth.updateUser({ phone: number });
    expect(r.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect(await smsTo(b, number)).toHaveLength(0);
  });

  it('codes go only to mobile numbers of LU, FR, BE, DE and PT: premium, fixed and foreign numbers are refused unsent', async () => {
    const refused = {
      '+33899123456': 'French premium-rate',
      '+33142685300': 'Paris fixed line',
      '+447911123456': 'British mobile',
      '+2348031234567': 'Nigerian mobile',
      '+352123': 'too short',
    };
    for (const [number, why] of Object.entries(refused)) {
      const r = await b.client().auth.signInWithOtp({ phone: number });
      expect(r.error, why).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(await smsTo(b, number), why).toHaveLength(0);
    }
    // A French and a Portuguese mobile are fine.
    for (const number of ['+33612345678', '+351912345678']) {
      expect((await b.client().auth.signInWithOtp({ phone: number })).error).toBeNull();
      expect(await smsTo(b, number)).toHaveLength(1);
    }
  });

  it('with create_user false an unknown number gets the same answer, no SMS and no account', async () => {
    const number = newMobile();
    const r = await b.client().auth.signInWithOtp({ phone: number, options: { shouldCreateUser: false } });
    expect(r.error).toBeNull();
    expect(await smsTo(b, number)).toHaveLength(0);
    expect((await b.db.query(`select 1 from auth.users where phone = $1`, [number.slice(1)])).rows).toHaveLength(0);
  });

  it('one number gets 5 codes an hour, whoever asks: the 6th is 429 over_sms_send_rate_limit', async () => {
    const number = newMobile();
    for (let i = 0; i < 5; i++) {
      const r = await fetchFrom(`127.0.1.${i + 1}`)(`${b.url}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: b.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: number }),
      });
      expect(r.status).toBe(200);
    }
    const sixth = await b.client().auth.signInWithOtp({ phone: number });
    expect(sixth.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(await smsTo(b, number)).toHaveLength(5);
  });
});

describe.each(testDatabases())('SMS pumping limits (real per-address and per-number limits), on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, {
      env: {
        ...process.env,
        ...PHONE_ON,
        AUTH_RATE_LIMIT_SMS_SENT: '',
        AUTH_SMS_MAX_FREQUENCY: '60',
        // The backend's hourly total, lowered so the test reaches it (100 by default).
        AUTH_RATE_LIMIT_SMS_TOTAL: '14',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await closeClientAgents();
  });

  const otpFrom = async (ip: string, phone: string) => {
    const r = await fetchFrom(ip)(`${b.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ phone }),
    });
    return { status: r.status, body: (await r.json()) as { code?: string; message?: string } };
  };

  it('one number: a second code within the minute is refused, from any address', async () => {
    const number = newMobile();
    expect((await otpFrom('127.0.2.1', number)).status).toBe(200);
    const again = await otpFrom('127.0.2.2', number);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'over_sms_send_rate_limit' });
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await smsTo(b, number)).toHaveLength(1);
  });

  it('one address texting many numbers: 10 an hour, then 429; others go on until the backend’s total', async () => {
    const pump = '127.0.3.1';
    for (let i = 0; i < 10; i++) expect((await otpFrom(pump, newMobile())).status).toBe(200);
    const eleventh = newMobile();
    expect(await otpFrom(pump, eleventh)).toMatchObject({ status: 429, body: { code: 'over_sms_send_rate_limit' } });
    expect(await smsTo(b, eleventh)).toHaveLength(0);
    // Another customer is not held up by that address ... (1 SMS from the test above, 10 from the pump: 11 of 14)
    expect((await otpFrom('127.0.3.2', newMobile())).status).toBe(200);
    expect((await otpFrom('127.0.3.3', newMobile())).status).toBe(200);
    expect((await otpFrom('127.0.3.4', newMobile())).status).toBe(200);
    // ... until the backend's hourly total is reached (many addresses pumping together).
    const over = newMobile();
    expect(await otpFrom('127.0.3.5', over)).toMatchObject({ status: 429, body: { code: 'over_sms_send_rate_limit' } });
    expect(await smsTo(b, over)).toHaveLength(0);
  });
});

describe.each(testDatabases())('phone sign-in off, on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    // Turned on in the settings, but no SMS provider chosen: nothing would reach a phone, so it stays off.
    b = await startTestBackend(kind, { env: { ...process.env, AUTH_PHONE_ENABLED: 'true', SMS_PROVIDER: '' } });
  }, 120_000);
  afterAll(async () => b?.close());

  it('answers GoTrue’s phone_provider_disabled everywhere and says external.phone: false', async () => {
    const number = newMobile();
    expect(await (await authFetch(b, '/settings')).json()).toMatchObject({
      external: { phone: false },
      sms_provider: '',
    });
    const otp = await b.client().auth.signInWithOtp({ phone: number });
    expect(otp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const signUp = await b.client().auth.signUp({ phone: number, password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const password = await b.client().auth.signInWithPassword({ phone: number, password: PASSWORD });
    expect(password.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const { client } = await signedInCustomer(b);
    expect((await client.auth.updateUser({ phone: number })).error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
    });
    expect((await b.client().auth.resend({ type: 'sms', phone: number })).error).toMatchObject({
      code: 'phone_provider_disabled',
    });
    const verify = await b.client().auth.verifyOtp({ phone: number, token: '123456', type: 'sms' });
    expect(verify.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(await smsTo(b, number)).toHaveLength(0);
  });
});
