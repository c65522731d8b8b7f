import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { SoftwareKey, type CreationOptions, type RequestOptions } from '../helpers/webauthn-authenticator.js';
import { jwtPayload, newEmail } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';
const SITE = 'https://admin.churrasqueira.lu';
const RP_ID = 'admin.churrasqueira.lu';
const RP = { rpId: RP_ID, rpOrigins: [SITE] };

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string; message?: string };
}

describe.each(testDatabases())('security keys (WebAuthn second factor) on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind, {
      env: {
        ...process.env,
        AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'true',
        AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true',
        // The back office's address, as the restaurant lists it beside the site.
        AUTH_ADDITIONAL_REDIRECT_URLS: `${SITE}/admin/login`,
        // Another site allowed to use keys (a second back-office address), to show the allow-list is read.
        AUTH_WEBAUTHN_RP_ORIGINS: 'https://caixa.churrasqueira.lu',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  /** A raw call to /auth/v1 as auth-js makes it (2024 error shape). */
  async function api(token: string, method: string, path: string, json?: unknown): Promise<Answer> {
    const r = await fetch(`${b.url}/auth/v1${path}`, {
      method,
      headers: {
        apikey: b.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: r.status, body: (await r.json()) as Answer['body'] };
  }

  async function signIn(email: string): Promise<string> {
    const { data, error } = await b.client().auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return data.session!.access_token;
  }

  async function user() {
    const email = newEmail('gerente');
    const created = await b.serviceClient().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    if (created.error) throw created.error;
    return { email, id: created.data.user.id, token: await signIn(email) };
  }

  async function enrol(token: string, name = 'Chave USB') {
    const r = await api(token, 'POST', '/factors', { factor_type: 'webauthn', friendly_name: name });
    expect(r.status).toBe(200);
    return r.body.id as string;
  }

  async function challenge(token: string, factorId: string, webauthn: unknown = RP) {
    const r = await api(token, 'POST', `/factors/${factorId}/challenge`, { webauthn });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const w = r.body.webauthn as { type: string; credential_options: { publicKey: unknown } };
    return { id: r.body.id as string, type: w.type, options: w.credential_options.publicKey };
  }

  const verify = (token: string, factorId: string, challengeId: string, type: string, credential: unknown) =>
    api(token, 'POST', `/factors/${factorId}/verify`, {
      challenge_id: challengeId,
      webauthn: { type, ...RP, credential_response: credential },
    });

  /** A user with a registered key, and the aal2 token of the session that registered it. */
  async function registered() {
    const u = await user();
    const key = new SoftwareKey(SITE);
    const factorId = await enrol(u.token);
    const c = await challenge(u.token, factorId);
    const r = await verify(u.token, factorId, c.id, 'create', key.register(c.options as CreationOptions));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { ...u, key, factorId, aal2: r.body.access_token as string };
  }

  /** A new password sign-in answered with the key: the aal2 token. */
  async function authenticated(email: string, factorId: string, key: SoftwareKey) {
    const token = await signIn(email);
    const c = await challenge(token, factorId);
    const r = await verify(token, factorId, c.id, 'request', key.authenticate(c.options as RequestOptions));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.access_token as string;
  }

  it('registers a key: the factor is verified, the session aal2 with amr mfa/webauthn, and the database asks for it', async () => {
    const u = await user();
    const enrolled = await api(u.token, 'POST', '/factors', { factor_type: 'webauthn', friendly_name: 'Chave USB' });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toEqual({ id: expect.any(String), type: 'webauthn', friendly_name: 'Chave USB' });
    const factorId = enrolled.body.id as string;

    const c = await challenge(u.token, factorId);
    expect(c.type).toBe('create');
    const options = c.options as CreationOptions & Record<string, unknown>;
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      user: { name: u.email, displayName: 'Chave USB' },
      attestation: 'none',
      pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
    });
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);

    const key = new SoftwareKey(SITE);
    const r = await verify(u.token, factorId, c.id, 'create', key.register(options));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const claims = jwtPayload(r.body.access_token as string);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['mfa/webauthn', 'password']);

    // Listed on the user and for the admin, without the key itself.
    const me = await api(r.body.access_token as string, 'GET', '/user');
    expect(me.body.factors).toEqual([
      expect.objectContaining({
        id: factorId,
        factor_type: 'webauthn',
        status: 'verified',
        friendly_name: 'Chave USB',
      }),
    ]);
    expect(JSON.stringify(me.body)).not.toContain('public_key');
    const listed = await b.serviceClient().auth.admin.mfa.listFactors({ userId: u.id });
    expect(listed.data!.factors).toEqual([expect.objectContaining({ id: factorId, factor_type: 'webauthn' })]);
    const stored = await b.db.query<{ c: Record<string, unknown> }>(
      `select web_authn_credential as c from auth.mfa_factors where id = $1`,
      [factorId],
    );
    expect(stored.rows[0].c).toMatchObject({
      id: Buffer.from(key.credentialId).toString('base64url'),
      alg: -7,
      sign_count: 1,
      transports: ['usb'],
      rp_id: RP_ID,
    });

    // The back office now asks this account for the key: the password alone is refused by the database.
    const again = await signIn(u.email);
    const refused = await b.client(again).rpc('order_stats');
    expect(refused.error).toMatchObject({ details: 'aal2_required' });
    expect((await b.client(r.body.access_token as string).rpc('order_stats')).error).toBeNull();
  });

  it('signs in with the key: a password session answered with an assertion becomes aal2, and the counter is kept', async () => {
    const u = await registered();
    const token = await signIn(u.email);
    // Without rpId/rpOrigins: the key's own RP ID, the site's origin (here the backend's, which the key's RP ID does
    // not cover: refused), so the back office names its page.
    const none = await api(token, 'POST', `/factors/${u.factorId}/challenge`, {});
    expect(none).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const r0 = await api(token, 'POST', `/factors/${u.factorId}/challenge`, { webauthn: { rpOrigins: [SITE] } });
    expect(r0.status).toBe(200);
    const options = (r0.body.webauthn as { type: string; credential_options: { publicKey: RequestOptions } })
      .credential_options.publicKey;
    expect((r0.body.webauthn as { type: string }).type).toBe('request');
    expect(options).toMatchObject({
      rpId: RP_ID,
      allowCredentials: [{ type: 'public-key', id: Buffer.from(u.key.credentialId).toString('base64url') }],
    });
    const r = await verify(token, u.factorId, r0.body.id as string, 'request', u.key.authenticate(options));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const claims = jwtPayload(r.body.access_token as string);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['mfa/webauthn', 'password']);
    expect((await b.client(r.body.access_token as string).rpc('order_stats')).error).toBeNull();
    const stored = await b.db.query<{ n: number }>(
      `select (web_authn_credential ->> 'sign_count')::int as n from auth.mfa_factors where id = $1`,
      [u.factorId],
    );
    expect(stored.rows[0].n).toBe(2);
    // The next sign-in with the key works the same, its counter one higher.
    await authenticated(u.email, u.factorId, u.key);
  });

  it('refuses a replayed assertion, another challenge, an expired challenge and a lowered counter', async () => {
    const u = await registered();

    // Replay: the same answer twice.
    const first = await signIn(u.email);
    const c1 = await challenge(first, u.factorId);
    const answer = u.key.authenticate(c1.options as RequestOptions);
    expect((await verify(first, u.factorId, c1.id, 'request', answer)).status).toBe(200);
    const replay = await verify(first, u.factorId, c1.id, 'request', answer);
    expect(replay).toMatchObject({ status: 422, body: { code: 'mfa_challenge_expired' } });

    // From here on, a password session (a thief who copied an earlier answer).
    const token = await signIn(u.email);
    const c2 = await challenge(token, u.factorId);
    const old = await verify(token, u.factorId, c2.id, 'request', answer);
    expect(old).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } });
    expect(old.body.message).toContain('not for this challenge');
    // A challenge takes one answer, wrong or right.
    const after = await verify(token, u.factorId, c2.id, 'request', u.key.authenticate(c2.options as RequestOptions));
    expect(after).toMatchObject({ status: 422, body: { code: 'mfa_challenge_expired' } });

    // An answer signed for a challenge the server never made.
    const c3 = await challenge(token, u.factorId);
    const forged = u.key.authenticate(c3.options as RequestOptions, {
      challenge: Buffer.alloc(32, 7).toString('base64url'),
    });
    expect(await verify(token, u.factorId, c3.id, 'request', forged)).toMatchObject({
      status: 422,
      body: { code: 'mfa_verification_failed' },
    });

    // Expired: older than the 5 minutes a challenge lasts.
    const c4 = await challenge(token, u.factorId);
    await b.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [
      c4.id,
    ]);
    const late = await verify(token, u.factorId, c4.id, 'request', u.key.authenticate(c4.options as RequestOptions));
    expect(late).toMatchObject({ status: 422, body: { code: 'mfa_challenge_expired' } });

    // A counter that went back (a cloned key): refused, and so is one that stayed the same.
    const stored = Number(
      (
        await b.db.query<{ n: string }>(
          `select web_authn_credential ->> 'sign_count' as n from auth.mfa_factors where id = $1`,
          [u.factorId],
        )
      ).rows[0].n,
    );
    for (const signCount of [stored - 1, stored]) {
      const c = await challenge(token, u.factorId);
      const cloned = await verify(
        token,
        u.factorId,
        c.id,
        'request',
        u.key.authenticate(c.options as RequestOptions, { signCount }),
      );
      expect(cloned).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } });
      expect(cloned.body.message).toContain('counter');
    }
    // That session is still aal1, and the back office still refuses it.
    const session = await b.db.query<{ aal: string }>(`select aal from auth.sessions where id = $1`, [
      jwtPayload(token).session_id as string,
    ]);
    expect(session.rows[0].aal).toBe('aal1');
    expect((await b.client(token).rpc('order_stats')).error).toMatchObject({ details: 'aal2_required' });
  });

  it('refuses another site: origins outside the site, an RP ID that is not their domain, an answer from another page', async () => {
    const u = await registered();
    const token = await signIn(u.email);
    for (const webauthn of [
      { rpId: 'evil.example', rpOrigins: ['https://evil.example'] },
      { rpId: RP_ID, rpOrigins: [SITE, 'https://admin.churrasqueira.lu.evil.example'] },
      { rpId: 'evil.example', rpOrigins: [SITE] },
      { rpId: 'lu', rpOrigins: [SITE] },
      { rpId: 'churrasqueira.lu', rpOrigins: ['http://admin.churrasqueira.lu'] },
    ]) {
      const r = await api(token, 'POST', `/factors/${u.factorId}/challenge`, { webauthn });
      expect(r, JSON.stringify(webauthn)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    }
    // A challenge made for the site, answered from another page (a phishing copy relaying it).
    const c = await challenge(token, u.factorId);
    const phished = u.key.authenticate(c.options as RequestOptions, { origin: 'https://admin-churrasqueira.example' });
    const r = await verify(token, u.factorId, c.id, 'request', phished);
    expect(r).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } });
    expect(r.body.message).toContain('another origin');
    // The verify body's rpOrigins cannot widen what the challenge allowed.
    const c2 = await challenge(token, u.factorId);
    const widened = await api(token, 'POST', `/factors/${u.factorId}/verify`, {
      challenge_id: c2.id,
      webauthn: {
        type: 'request',
        rpId: RP_ID,
        rpOrigins: ['https://evil.example'],
        credential_response: u.key.authenticate(c2.options as RequestOptions, { origin: 'https://evil.example' }),
      },
    });
    expect(widened).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } });
    // A key signing for another relying party.
    const c3 = await challenge(token, u.factorId);
    const otherRp = u.key.authenticate(c3.options as RequestOptions, { rpId: 'evil.example' });
    expect(await verify(token, u.factorId, c3.id, 'request', otherRp)).toMatchObject({
      status: 422,
      body: { code: 'mfa_verification_failed' },
    });
  });

  it("another user's factor answers as a missing one; a key, a challenge or a session of one account never serves another", async () => {
    const owner = await registered();
    const other = await user();
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [owner.factorId, missing]) {
      const c = await api(other.token, 'POST', `/factors/${id}/challenge`, { webauthn: RP });
      expect(c).toMatchObject({ status: 404, body: { code: 'mfa_factor_not_found', message: 'Factor not found' } });
      const v = await api(other.token, 'POST', `/factors/${id}/verify`, {
        challenge_id: missing,
        webauthn: { type: 'request', ...RP, credential_response: {} },
      });
      expect(v).toMatchObject({ status: 404, body: { code: 'mfa_factor_not_found', message: 'Factor not found' } });
      expect(await api(other.token, 'DELETE', `/factors/${id}`)).toMatchObject({ status: 404 });
    }

    // The other account's own factor: the owner's challenge id is not its challenge.
    const factorId = await enrol(other.token);
    const ownerChallenge = await challenge(owner.aal2, owner.factorId);
    const crossed = await verify(
      other.token,
      factorId,
      ownerChallenge.id,
      'create',
      new SoftwareKey(SITE).register({
        challenge: (ownerChallenge.options as RequestOptions).challenge,
        rp: { id: RP_ID, name: RP_ID },
        user: { id: 'AAAA', name: other.email, displayName: other.email },
      }),
    );
    expect(crossed).toMatchObject({ status: 404, body: { code: 'mfa_factor_not_found' } });

    // The owner's key registered again by the other account: refused, it stays the owner's.
    const c = await challenge(other.token, factorId);
    const again = await verify(other.token, factorId, c.id, 'create', owner.key.register(c.options as CreationOptions));
    expect(again).toMatchObject({ status: 422, body: { code: 'mfa_verified_factor_exists' } });

    // The other account's key registered, then the owner's key answering for it: another credential.
    const key = new SoftwareKey(SITE);
    const c2 = await challenge(other.token, factorId);
    const ok = await verify(other.token, factorId, c2.id, 'create', key.register(c2.options as CreationOptions));
    expect(ok.status).toBe(200);
    const token = await signIn(other.email);
    const c3 = await challenge(token, factorId);
    const wrongKey = await verify(
      token,
      factorId,
      c3.id,
      'request',
      owner.key.authenticate(c3.options as RequestOptions),
    );
    expect(wrongKey).toMatchObject({ status: 422, body: { code: 'mfa_verification_failed' } });
    expect(wrongKey.body.message).toContain('another credential');

    // A stolen password (an aal1 session) cannot add the thief's own key to an account that has one.
    const stolen = await signIn(owner.email);
    const added = await api(stolen, 'POST', '/factors', { factor_type: 'webauthn', friendly_name: 'Ladrão' });
    expect(added).toMatchObject({ status: 422, body: { code: 'insufficient_aal' } });
    expect(await api(stolen, 'DELETE', `/factors/${owner.factorId}`)).toMatchObject({
      status: 422,
      body: { code: 'insufficient_aal' },
    });
  });

  it('removes a key from an aal2 session; the password alone then opens the back office again', async () => {
    const u = await registered();
    const aal2 = await authenticated(u.email, u.factorId, u.key);
    const removed = await api(aal2, 'DELETE', `/factors/${u.factorId}`);
    expect(removed).toMatchObject({ status: 200, body: { id: u.factorId } });
    const plain = await signIn(u.email);
    expect((await api(plain, 'GET', '/user')).body.factors).toBeUndefined();
    expect((await b.client(plain).rpc('order_stats')).error).toBeNull();
  });

  it('enrols with an empty name as auth-js allows; takes the configured origins of a parent domain; refuses an unknown ceremony', async () => {
    const u = await user();
    const r = await api(u.token, 'POST', '/factors', { factor_type: 'webauthn', friendly_name: '' });
    expect(r).toMatchObject({ status: 200, body: { type: 'webauthn', friendly_name: '' } });
    const factorId = r.body.id as string;
    // AUTH_WEBAUTHN_RP_ORIGINS adds the till's address; one key for both under their common domain.
    const both = await challenge(u.token, factorId, {
      rpId: 'churrasqueira.lu',
      rpOrigins: [SITE, 'https://caixa.churrasqueira.lu'],
    });
    expect(both.options).toMatchObject({ rp: { id: 'churrasqueira.lu' } });
    const key = new SoftwareKey('https://caixa.churrasqueira.lu');
    const created = await api(u.token, 'POST', `/factors/${factorId}/verify`, {
      challenge_id: both.id,
      webauthn: { type: 'create', credential_response: key.register(both.options as CreationOptions) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bad = await api(u.token, 'POST', `/factors/${factorId}/verify`, {
      challenge_id: both.id,
      webauthn: { type: 'sideways', ...RP, credential_response: {} },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });
});
