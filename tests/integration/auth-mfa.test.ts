import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { closeClientAgents, fetchFrom } from '../helpers/client-address.js';
import { authFetch, jwtPayload, newEmail, verifyLinkFor } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';

/** The code an authenticator app shows for this secret, `steps` periods of 30 s from now. */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A code that is none of the three accepted now (the step before, this one, the next one). */
function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}

describe.each(testDatabases())('two-factor sign-in (TOTP) on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { ...process.env, AUTH_EMAIL_MAX_FREQUENCY: '0' } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await closeClientAgents();
  });

  async function signedIn(email: string, client: SupabaseClient = b.client()) {
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { client, session: data.session! };
  }

  async function user(role: 'admin' | 'customer') {
    const email = newEmail(role === 'admin' ? 'gerente' : 'client');
    const created = await b.serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      ...(role === 'admin' ? { app_metadata: { role: 'admin' } } : {}),
    });
    if (created.error) throw created.error;
    return { email, id: created.data.user.id, ...(await signedIn(email)) };
  }

  /** Enrols TOTP and verifies it: the session is then aal2. */
  async function enrolled(role: 'admin' | 'customer' = 'admin') {
    const u = await user(role);
    const enrol = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telemóvel' });
    if (enrol.error) throw enrol.error;
    const secret = enrol.data.totp.secret;
    const verified = await u.client.auth.mfa.challengeAndVerify({ factorId: enrol.data.id, code: codeFor(secret) });
    if (verified.error) throw verified.error;
    return { ...u, factorId: enrol.data.id, secret };
  }

  it('enrols a TOTP factor with its secret, otpauth URI and QR code, and verifies it into an aal2 session', async () => {
    const u = await user('admin');
    const enrol = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telemóvel', issuer: 'Frango' });
    expect(enrol.error).toBeNull();
    expect(enrol.data!.type).toBe('totp');
    expect(enrol.data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrol.data!.totp.uri).toMatch(/^otpauth:\/\/totp\/Frango:.*secret=/);
    expect(enrol.data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // Usable as an <img> source as auth-js builds it: nothing that ends or breaks a data URL.
    expect(enrol.data!.totp.qr_code).not.toMatch(/[#%]/);

    const before = await u.client.auth.mfa.listFactors();
    expect(before.data!.all).toEqual([expect.objectContaining({ id: enrol.data!.id, status: 'unverified' })]);
    expect(before.data!.totp).toEqual([]);

    const challenge = await u.client.auth.mfa.challenge({ factorId: enrol.data!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    const verified = await u.client.auth.mfa.verify({
      factorId: enrol.data!.id,
      challengeId: challenge.data!.id,
      code: codeFor(enrol.data!.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = jwtPayload(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password']);
    const level = await u.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const after = await u.client.auth.mfa.listFactors();
    expect(after.data!.totp).toEqual([expect.objectContaining({ id: enrol.data!.id, status: 'verified' })]);

    // A refresh keeps the level the session reached.
    const refreshed = await u.client.auth.refreshSession();
    expect(jwtPayload(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('the database asks an admin who has a factor for aal2, and an admin without one only for the password', async () => {
    const plain = await user('admin');
    expect((await plain.client.rpc('order_stats')).error).toBeNull();

    const owner = await enrolled();
    expect((await owner.client.rpc('order_stats')).error).toBeNull();
    // Signing in again with the password alone: aal1, next level aal2, and every back-office call refused.
    const again = await signedIn(owner.email);
    expect(jwtPayload(again.session.access_token).aal).toBe('aal1');
    const level = await again.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await again.client.rpc('order_stats');
    expect(refused.error).toMatchObject({ details: 'aal2_required' });
    const hidden = await again.client.from('store_settings').select('key').eq('is_public', false);
    expect(hidden.data).toEqual([]);
    // The second step: the code of the next period (this period's code was spent at enrolment).
    const ok = await again.client.auth.mfa.challengeAndVerify({
      factorId: owner.factorId,
      code: codeFor(owner.secret, 1),
    });
    expect(ok.error).toBeNull();
    expect((await again.client.rpc('order_stats')).error).toBeNull();
    expect(
      (await again.client.from('store_settings').select('key').eq('is_public', false)).data!.length,
    ).toBeGreaterThan(0);
  });

  it('a stolen password cannot add a factor nor remove one; the aal2 session can remove it', async () => {
    const owner = await enrolled();
    const thief = await signedIn(owner.email);
    const add = await thief.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'ladrão' });
    expect(add.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const remove = await thief.client.auth.mfa.unenroll({ factorId: owner.factorId });
    expect(remove.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    // Nor change the password (which would end the owner's sessions) or the e-mail.
    const password = await thief.client.auth.updateUser({ password: 'a-senha-do-ladrao-1' });
    expect(password.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    const email = await thief.client.auth.updateUser({ email: newEmail('ladrao') });
    expect(email.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    expect((await owner.client.auth.updateUser({ data: { nome: 'Dono' } })).error).toBeNull();

    const removed = await owner.client.auth.mfa.unenroll({ factorId: owner.factorId });
    expect(removed.error).toBeNull();
    expect((await owner.client.auth.mfa.listFactors()).data!.all).toEqual([]);
    // No verified factor left: the password is enough again.
    expect((await thief.client.rpc('order_stats')).error).toBeNull();
  });

  it('verifying a new factor ends the sessions that did not pass it', async () => {
    const u = await user('admin');
    const elsewhere = await signedIn(u.email);
    const enrol = await u.client.auth.mfa.enroll({ factorType: 'totp' });
    await u.client.auth.mfa.challengeAndVerify({ factorId: enrol.data!.id, code: codeFor(enrol.data!.totp.secret) });
    const r = await authFetch(b, '/user', { headers: { Authorization: `Bearer ${elsewhere.session.access_token}` } });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('lost phone: a password-recovery link lets the owner remove the factor, for ten minutes', async () => {
    const owner = await enrolled();
    const reset = await b.client().auth.resetPasswordForEmail(owner.email);
    expect(reset.error).toBeNull();
    const link = await verifyLinkFor(b, owner.email);
    const recovered = b.client();
    const v = await recovered.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'recovery' });
    expect(v.error).toBeNull();
    expect(jwtPayload(v.data.session!.access_token).aal).toBe('aal1');
    // Still aal1: no back-office call until the factor is removed or its code given.
    expect((await recovered.rpc('order_stats')).error).toMatchObject({ details: 'aal2_required' });
    const removed = await recovered.auth.mfa.unenroll({ factorId: owner.factorId });
    expect(removed.error).toBeNull();
    expect((await recovered.rpc('order_stats')).error).toBeNull();
  });

  it('the service role lists and removes a user’s factors (auth.admin.mfa); nobody else can', async () => {
    const owner = await enrolled();
    const service = b.serviceClient();
    const listed = await service.auth.admin.mfa.listFactors({ userId: owner.id });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([
      expect.objectContaining({
        id: owner.factorId,
        factor_type: 'totp',
        status: 'verified',
        friendly_name: 'Telemóvel',
      }),
    ]);
    expect(JSON.stringify(listed.data)).not.toContain(owner.secret);

    // The owner's own token (aal2 even) and the anon key are not the service role.
    for (const token of [owner.session.access_token, b.anonKey]) {
      const get = await authFetch(b, `/admin/users/${owner.id}/factors`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(get.status).toBe(403);
      const del = await authFetch(b, `/admin/users/${owner.id}/factors/${owner.factorId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(del.status).toBe(403);
    }
    // Another user's id with this factor: not found, and the factor stays.
    const other = await user('customer');
    const wrongUser = await service.auth.admin.mfa.deleteFactor({ userId: other.id, id: owner.factorId });
    expect(wrongUser.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const unknown = await service.auth.admin.mfa.listFactors({ userId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' });

    expect((await owner.client.rpc('order_stats')).error).toBeNull();
    const removed = await service.auth.admin.mfa.deleteFactor({ userId: owner.id, id: owner.factorId });
    expect(removed.error).toBeNull();
    expect(JSON.stringify(removed.data)).toContain(owner.factorId);
    expect((await service.auth.admin.mfa.listFactors({ userId: owner.id })).data!.factors).toEqual([]);
    // The owner's sessions go on (now aal1, which the database accepts again: no verified factor left).
    expect((await owner.client.rpc('order_stats')).error).toBeNull();
  });

  // auth-js's own MFA tests (supabase-js monorepo, packages/core/auth-js/test/GoTrueClient.test.ts, describe 'MFA'),
  // with a confirmed user made through the admin API instead of an auto-confirmed sign-up.
  describe("auth-js's MFA tests", () => {
    async function withTotp() {
      const u = await user('customer');
      const enrol = await u.client.auth.mfa.enroll({ factorType: 'totp' });
      expect(enrol.error).toBeNull();
      expect(enrol.data!.totp).not.toBeNull();
      return { ...u, factorId: enrol.data!.id };
    }

    it('enroll({factorType: "totp"}) returns totp', async () => {
      const u = await user('customer');
      const { data, error } = await u.client.auth.mfa.enroll({ factorType: 'totp' });
      expect(error).toBeNull();
      expect(data!.totp.qr_code).not.toBeNull();
    });

    it('enroll({factorType: "totp"}) should fail without session', async () => {
      const u = await user('customer');
      await u.client.auth.signOut();
      const { data, error } = await u.client.auth.mfa.enroll({ factorType: 'totp' });
      expect(error).not.toBeNull();
      expect(data).toBeNull();
      // supabase-js sends the anon key when signed out: GoTrue's answer to a token without a user.
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
      // auth-js alone (the upstream test's client) sends no Authorization header at all.
      const bare = await authFetch(b, '/factors', {
        method: 'POST',
        json: { factor_type: 'totp' },
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      });
      expect(bare.status).toBe(401);
      expect(((await bare.json()) as { message: string }).message).toContain('Bearer token');
    });

    it('challenge should create MFA challenge', async () => {
      const { client, factorId } = await withTotp();
      const { data, error } = await client.auth.mfa.challenge({ factorId });
      expect(error).toBeNull();
      expect(data!.id).not.toBeNull();
      expect(data!.expires_at).not.toBeNull();
    });

    it('verify should verify MFA challenge', async () => {
      const { client, factorId } = await withTotp();
      const challenge = await client.auth.mfa.challenge({ factorId });
      expect(challenge.error).toBeNull();
      const { data, error } = await client.auth.mfa.verify({
        factorId,
        challengeId: challenge.data!.id,
        code: '123456',
      });
      expect(error).not.toBeNull();
      expect(error?.message).toContain('Invalid TOTP code');
      expect(data).toBeNull();
    });

    it('challengeAndVerify should handle MFA challenge and verification in one call', async () => {
      const { client, factorId } = await withTotp();
      const { data, error } = await client.auth.mfa.challengeAndVerify({ factorId, code: '123456' });
      expect(error).not.toBeNull();
      expect(error?.message).toContain('Invalid TOTP code');
      expect(data).toBeNull();
    });

    it('unenroll should remove MFA factor', async () => {
      const { client, factorId } = await withTotp();
      const { error } = await client.auth.mfa.unenroll({ factorId });
      expect(error).toBeNull();
      const { data } = await client.auth.mfa.listFactors();
      expect(data!.all).toHaveLength(0);
      expect(data!.totp).toHaveLength(0);
    });

    it('getAuthenticatorAssuranceLevel should return current AAL', async () => {
      const { client } = await withTotp();
      const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(error).toBeNull();
      expect(data!.currentLevel).toBeDefined();
      expect(data!.nextLevel).toBeDefined();
      expect(data!.currentAuthenticationMethods).toBeDefined();
    });

    it('challenge, verify and unenroll without a session are refused', async () => {
      const client = b.client();
      expect((await client.auth.mfa.challenge({ factorId: 'test-factor-id' })).data?.id).toBeUndefined();
      const verify = await client.auth.mfa.verify({
        factorId: 'test-factor-id',
        challengeId: 'f7850041-ba10-4eb3-851c-8ceb7ff8463d',
        code: '123456',
      });
      expect(verify.error).toBeDefined();
      expect(verify.data?.access_token).toBeUndefined();
      expect((await client.auth.mfa.unenroll({ factorId: 'test-factor-id' })).data?.id).toBeUndefined();
    });
  });

  describe('attacks', () => {
    it('brute force of the 6 digits: after 5 wrong codes every try waits, the right code included', async () => {
      const owner = await enrolled();
      const thief = await signedIn(owner.email);
      const wrong = wrongCodeFor(owner.secret);
      for (let i = 0; i < 5; i++) {
        const r = await thief.client.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: wrong });
        expect(r.error).toMatchObject({
          status: 422,
          code: 'mfa_verification_failed',
          message: 'Invalid TOTP code entered',
        });
      }
      const blocked = await thief.client.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code: wrong });
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      // The count is the account's: another session (another address) waits too, right code or not.
      const other = await signedIn(
        owner.email,
        createClient(b.url, b.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: WebSocket as never },
          global: { fetch: fetchFrom('127.0.0.23') },
        }),
      );
      const right = await other.client.auth.mfa.challengeAndVerify({
        factorId: owner.factorId,
        code: codeFor(owner.secret, 1),
      });
      expect(right.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });

    it('a challenge is answered once, and a code is accepted once within its window', async () => {
      const owner = await enrolled();
      const second = await signedIn(owner.email);
      const challenge = await second.client.auth.mfa.challenge({ factorId: owner.factorId });
      const code = codeFor(owner.secret, 1);
      const ok = await second.client.auth.mfa.verify({
        factorId: owner.factorId,
        challengeId: challenge.data!.id,
        code,
      });
      expect(ok.error).toBeNull();
      // The same challenge again (a replayed request).
      const replay = await second.client.auth.mfa.verify({
        factorId: owner.factorId,
        challengeId: challenge.data!.id,
        code,
      });
      expect(replay.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
      // The same code on a new challenge, from a third session (a code read over the owner's shoulder).
      const third = await signedIn(owner.email);
      const reused = await third.client.auth.mfa.challengeAndVerify({ factorId: owner.factorId, code });
      expect(reused.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
      // So is an older code than the last one accepted.
      const older = await third.client.auth.mfa.challengeAndVerify({
        factorId: owner.factorId,
        code: codeFor(owner.secret),
      });
      expect(older.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
      expect(jwtPayload((await third.client.auth.getSession()).data.session!.access_token).aal).toBe('aal1');
    });

    it("another user's factor or challenge answers exactly like one that does not exist", async () => {
      const owner = await enrolled();
      const other = await user('admin');
      const token = other.session.access_token;
      const call = async (path: string, json: unknown = {}, method = 'POST') => {
        const r = await authFetch(b, path, { method, json, headers: { Authorization: `Bearer ${token}` } });
        return { status: r.status, body: await r.json() };
      };
      const random = crypto.randomUUID();
      for (const [suffix, method] of [
        ['/challenge', 'POST'],
        ['/verify', 'POST'],
        ['', 'DELETE'],
      ] as const) {
        const theirs = await call(
          `/factors/${owner.factorId}${suffix}`,
          { challenge_id: random, code: '123456' },
          method,
        );
        const none = await call(`/factors/${random}${suffix}`, { challenge_id: random, code: '123456' }, method);
        expect(theirs).toEqual(none);
        expect(theirs).toMatchObject({ status: 404, body: { error_code: 'mfa_factor_not_found' } });
      }
      // Their challenge presented on my own factor.
      const mine = await other.client.auth.mfa.enroll({ factorType: 'totp' });
      const ownerChallenge = await owner.client.auth.mfa.challenge({ factorId: owner.factorId });
      const crossed = await other.client.auth.mfa.verify({
        factorId: mine.data!.id,
        challengeId: ownerChallenge.data!.id,
        code: codeFor(mine.data!.totp.secret),
      });
      expect(crossed.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
      // Nor does GET /user of one user show another's factors, nor any secret.
      const listed = await (await authFetch(b, '/user', { headers: { Authorization: `Bearer ${token}` } })).json();
      expect(listed.factors).toEqual([expect.objectContaining({ id: mine.data!.id })]);
      expect(JSON.stringify(listed)).not.toContain(mine.data!.totp.secret);
    });

    it('a challenge is answered from the address that asked for it', async () => {
      const owner = await enrolled();
      const second = await signedIn(owner.email);
      const challenge = await second.client.auth.mfa.challenge({ factorId: owner.factorId });
      const r = await fetchFrom('127.0.0.24')(`${b.url}/auth/v1/factors/${owner.factorId}/verify`, {
        method: 'POST',
        headers: {
          apikey: b.anonKey,
          Authorization: `Bearer ${second.session.access_token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ challenge_id: challenge.data!.id, code: codeFor(owner.secret, 1) }),
      });
      expect(r.status).toBe(422);
      expect(await r.json()).toMatchObject({ error_code: 'mfa_ip_address_mismatch' });
    });

    it('bounds: ten factors at most, names unique per user, no MFA without a session', async () => {
      const u = await user('customer');
      const named = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a' });
      expect(named.error).toBeNull();
      const same = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'a' });
      expect(same.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
      for (let i = 1; i < 10; i++) expect((await u.client.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull();
      const eleventh = await u.client.auth.mfa.enroll({ factorType: 'totp' });
      expect(eleventh.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
      const phone = await u.client.auth.mfa.enroll({ factorType: 'phone', phone: '+352621000000' });
      expect(phone.error).toMatchObject({ status: 422 });

      const anon = await authFetch(b, '/factors', { method: 'POST', json: { factor_type: 'totp' } });
      expect(anon.status).toBe(401);
    });
  });
});
