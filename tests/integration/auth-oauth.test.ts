import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, jwtPayload, newEmail, signedInCustomer } from './auth-helpers.js';

// GoTrue's OAuth 2.1 server (src/backend/auth/oauth*.ts): off by default; the admin API for the service role only;
// the authorization code flow with PKCE S256, consent by the signed-in customer, code exchange and refresh.

const OAUTH_ON = {
  AUTH_OAUTH_SERVER_ENABLED: 'true',
  AUTH_OAUTH_SERVER_AUTHORIZATION_URL_PATH: '/oauth/consent',
};

function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** GET from a chosen loopback source address (a distinct client for the rate limits); the answer's status. */
function getFrom(b: TestBackend, path: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: b.port, path, method: 'GET', localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

interface Registered {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}

describe.each(testDatabases())('OAuth 2.1 server on %s', (kind) => {
  let b: TestBackend;
  let off: TestBackend;
  let limited: TestBackend;
  beforeAll(async () => {
    [b, off, limited] = await Promise.all([
      startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase', env: OAUTH_ON }),
      startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase', env: {} }),
      // The real sign_in_sign_ups limit (30 per 5 minutes per client address), which /oauth/authorize counts against.
      startTestBackend(kind, {
        supabaseDir: 'tests/fixtures/empty-supabase',
        env: { ...OAUTH_ON, AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '30' },
      }),
    ]);
  });
  afterAll(async () => {
    await b?.close();
    await off?.close();
    await limited?.close();
  });

  async function register(params: Record<string, unknown> = {}): Promise<Registered> {
    const { data, error } = await b.serviceClient().auth.admin.oauth.createClient({
      client_name: 'Appli de fidélité',
      redirect_uris: ['https://fidelite.example.com/callback', 'http://localhost:3000/callback'],
      ...params,
    } as never);
    expect(error).toBeNull();
    return data as unknown as Registered;
  }

  /** GET /oauth/authorize as the client's browser would send it; the answer is not followed. */
  async function authorizeRequest(query: Record<string, string>): Promise<Response> {
    return fetch(`${b.url}/auth/v1/oauth/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' });
  }

  /** The whole front half: the request, then the customer's approval; answers the code and the verifier. */
  async function approvedCode(
    client: Registered,
    customer: Awaited<ReturnType<typeof signedInCustomer>>,
    redirectUri = client.redirect_uris[0],
  ): Promise<{ code: string; verifier: string; state: string }> {
    const { verifier, challenge } = pkce();
    const state = crypto.randomBytes(8).toString('hex');
    const r = await authorizeRequest({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'email',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(r.status).toBe(302);
    const consentPage = new URL(r.headers.get('location')!);
    expect(`${consentPage.origin}${consentPage.pathname}`).toBe(`${b.url}/oauth/consent`);
    const authorizationId = consentPage.searchParams.get('authorization_id')!;
    const details = await customer.client.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(details.error).toBeNull();
    let redirectUrl: string;
    if ('redirect_url' in details.data!) redirectUrl = details.data.redirect_url;
    else {
      const approved = await customer.client.auth.oauth.approveAuthorization(authorizationId);
      expect(approved.error).toBeNull();
      redirectUrl = approved.data!.redirect_url;
    }
    const back = new URL(redirectUrl);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, verifier, state };
  }

  async function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
    const r = await fetch(`${b.url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }

  it('is off unless configured: every route answers 404 feature_disabled', async () => {
    const listed = await off.serviceClient().auth.admin.oauth.listClients();
    expect(listed.error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
    const created = await off
      .serviceClient()
      .auth.admin.oauth.createClient({ client_name: 'x', redirect_uris: ['https://x.example.com/cb'] });
    expect(created.error).toMatchObject({ status: 404, code: 'feature_disabled' });
    for (const [method, path] of [
      ['GET', '/oauth/authorize?client_id=00000000-0000-0000-0000-000000000000&redirect_uri=https://x.example.com'],
      ['POST', '/oauth/token'],
      ['GET', '/oauth/authorizations/abc'],
      ['POST', '/oauth/authorizations/abc/consent'],
      ['GET', '/.well-known/oauth-authorization-server'],
    ]) {
      const r = await authFetch(off, path, { method, redirect: 'manual' });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.headers.get('x-sb-error-code')).toBe('feature_disabled');
    }
    // And the session of a customer there never carries a client.
    const customer = await signedInCustomer(off);
    const grants = await customer.client.auth.oauth.listGrants();
    expect(grants.error).toMatchObject({ status: 404, code: 'feature_disabled' });
  });

  it('lets only the service role manage clients (anon key, customer, admin customer, no token are refused)', async () => {
    const anon = await b.client().auth.admin.oauth.listClients();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const customer = await signedInCustomer(b);
    const token = (await customer.client.auth.getSession()).data.session!.access_token;
    const asCustomer = await b
      .client(token)
      .auth.admin.oauth.createClient({ client_name: 'x', redirect_uris: ['https://x.example.com/cb'] });
    expect(asCustomer.error).toMatchObject({ status: 403, code: 'not_admin' });
    // A back-office admin is still a user: the admin API wants the service role itself.
    const email = newEmail('gerente');
    await b.serviceClient().auth.admin.createUser({
      email,
      password: 'frango-grelhado-42',
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    const staff = b.client();
    await staff.auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    const staffToken = (await staff.auth.getSession()).data.session!.access_token;
    for (const [method, path] of [
      ['GET', '/admin/oauth/clients'],
      ['POST', '/admin/oauth/clients'],
      ['GET', '/admin/oauth/clients/00000000-0000-0000-0000-000000000000'],
      ['PUT', '/admin/oauth/clients/00000000-0000-0000-0000-000000000000'],
      ['DELETE', '/admin/oauth/clients/00000000-0000-0000-0000-000000000000'],
      ['POST', '/admin/oauth/clients/00000000-0000-0000-0000-000000000000/regenerate_secret'],
    ]) {
      for (const bearer of [token, staffToken]) {
        const r = await authFetch(b, path, {
          method,
          headers: { Authorization: `Bearer ${bearer}` },
          ...(method === 'GET' ? {} : { json: {} }),
        });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      expect((await fetch(`${b.url}/auth/v1${path}`, { method })).status).toBe(401);
    }
    expect(Number((await b.db.query<{ n: string }>(`select count(*) as n from auth.oauth_clients`)).rows[0].n)).toBe(0);
  });

  it('registers, reads, lists, changes, re-keys and removes a client; the secret is shown once and stored hashed', async () => {
    const admin = b.serviceClient().auth.admin.oauth;
    const created = await register({ client_uri: 'https://fidelite.example.com' });
    expect(created).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      registration_type: 'manual',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Appli de fidélité',
    });
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await b.db.query<{ client_secret_hash: string }>(
      `select client_secret_hash from auth.oauth_clients where id = $1`,
      [created.client_id],
    );
    expect(stored.rows[0].client_secret_hash).toBe(
      crypto.createHash('sha256').update(created.client_secret!).digest('base64url'),
    );

    const got = await admin.getClient(created.client_id);
    expect(got.error).toBeNull();
    expect(got.data).not.toHaveProperty('client_secret');
    expect(got.data).toMatchObject({ client_id: created.client_id, client_uri: 'https://fidelite.example.com' });

    const updated = await admin.updateClient(created.client_id, { logo_uri: 'https://fidelite.example.com/logo.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({
      client_name: 'Appli de fidélité',
      logo_uri: 'https://fidelite.example.com/logo.png',
    });
    expect(updated.data).not.toHaveProperty('client_secret');
    const empty = await admin.updateClient(created.client_id, {});
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'No fields provided for update',
    });
    const wrongMethod = await admin.updateClient(created.client_id, { token_endpoint_auth_method: 'none' });
    expect(wrongMethod.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const regenerated = await admin.regenerateClientSecret(created.client_id);
    expect(regenerated.error).toBeNull();
    expect(regenerated.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data!.client_secret).not.toBe(created.client_secret);
    // The old secret no longer authenticates the client; the new one does (its grant then fails on the code).
    const basic = (secret: string) => ({
      Authorization: `Basic ${Buffer.from(`${created.client_id}:${secret}`).toString('base64')}`,
    });
    const old = await tokenRequest({ grant_type: 'authorization_code', code: 'x' }, basic(created.client_secret!));
    expect(old).toMatchObject({ status: 400, body: { code: 400, error_code: 'invalid_credentials' } });
    const fresh = await tokenRequest(
      { grant_type: 'authorization_code', code: 'x' },
      basic(regenerated.data!.client_secret!),
    );
    expect(fresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const publicClient = await register({ token_endpoint_auth_method: 'none' });
    expect(publicClient).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(publicClient).not.toHaveProperty('client_secret');
    expect((await admin.regenerateClientSecret(publicClient.client_id)).error).toMatchObject({
      status: 400,
      message: 'Cannot regenerate secret for public client',
    });
    const inconsistent = await admin.createClient({
      client_name: 'x',
      redirect_uris: ['https://x.example.com/cb'],
      client_type: 'public',
      token_endpoint_auth_method: 'client_secret_post',
    } as never);
    expect(inconsistent.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const page = await admin.listClients({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.clients).toHaveLength(1);
    expect(page.data.clients[0]).not.toHaveProperty('client_secret');
    expect(page.data).toMatchObject({ total: 2, nextPage: 2, lastPage: 2 });
    const all = await admin.listClients();
    expect(all.data.clients.map((c) => c.client_id).sort()).toEqual([created.client_id, publicClient.client_id].sort());

    expect((await admin.deleteClient(created.client_id)).error).toBeNull();
    expect((await admin.getClient(created.client_id)).error).toMatchObject({
      status: 404,
      code: 'oauth_client_not_found',
    });
    expect((await admin.deleteClient(created.client_id)).error).toMatchObject({ status: 404 });
    expect((await admin.getClient('not-a-uuid')).error).toMatchObject({ status: 400, code: 'validation_failed' });
    await admin.deleteClient(publicClient.client_id);
  });

  it('accepts only https redirect URIs, or http on loopback, without fragment or user information', async () => {
    const admin = b.serviceClient().auth.admin.oauth;
    for (const bad of [
      [],
      ['http://fidelite.example.com/callback'],
      ['javascript:alert(1)'],
      ['fidelite://callback'],
      ['https://fidelite.example.com/callback#x'],
      ['https://user:pw@fidelite.example.com/callback'],
      ['/callback'],
      Array.from({ length: 11 }, (_, i) => `https://fidelite.example.com/cb${i}`),
    ]) {
      const r = await admin.createClient({ client_name: 'x', redirect_uris: bad });
      expect(r.error, JSON.stringify(bad)).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const ok = await register({ redirect_uris: ['http://127.0.0.1:8080/cb', 'https://fidelite.example.com/cb'] });
    const change = await admin.updateClient(ok.client_id, { redirect_uris: ['http://fidelite.example.com/cb'] });
    expect(change.error).toMatchObject({ status: 400, code: 'validation_failed' });
    await admin.deleteClient(ok.client_id);
  });

  it('runs the whole flow: authorize, consent, code for tokens naming the client, refresh by that client only', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    const customer = await signedInCustomer(b);
    const { code, verifier } = await approvedCode(client, customer);
    const stored = await b.db.query(`select 1 from auth.oauth_authorizations where authorization_code = $1`, [code]);
    expect(stored.rows).toHaveLength(0); // only its hash is kept

    const first = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: client.redirect_uris[0],
      client_id: client.client_id,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const claims = jwtPayload(first.body.access_token as string);
    expect(claims).toMatchObject({
      sub: customer.userId,
      aud: 'authenticated',
      role: 'authenticated',
      client_id: client.client_id,
      amr: [{ method: 'oauth_provider/authorization_code' }],
    });
    const me = await b.client().auth.getUser(first.body.access_token as string);
    expect(me.data.user?.email).toBe(customer.email);

    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
      client_id: client.client_id,
    });
    expect(refreshed.status).toBe(200);
    expect(jwtPayload(refreshed.body.access_token as string).client_id).toBe(client.client_id);
    // The client's refresh token is no use at the site's own /token, nor the site's at /oauth/token.
    const viaSite = await authFetch(b, '/token?grant_type=refresh_token', {
      method: 'POST',
      json: { refresh_token: refreshed.body.refresh_token },
    });
    expect(viaSite.status).toBe(400);
    const siteRefresh = (await customer.client.auth.getSession()).data.session!.refresh_token;
    const viaClient = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: siteRefresh,
      client_id: client.client_id,
    });
    expect(viaClient).toMatchObject({ status: 400, body: { code: 400, error_code: 'refresh_token_not_found' } });

    // The same customer and scopes again: approved at once, as GoTrue.
    const again = await approvedCode(client, customer);
    expect(again.code).toBeTruthy();

    // The grant is listed; revoking it ends the client's sessions for this customer.
    const grants = await customer.client.auth.oauth.listGrants();
    expect(grants.data).toEqual([
      expect.objectContaining({ client: expect.objectContaining({ id: client.client_id }), scopes: ['email'] }),
    ]);
    expect((await customer.client.auth.oauth.revokeGrant({ clientId: client.client_id })).error).toBeNull();
    const afterRevoke = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token as string,
      client_id: client.client_id,
    });
    expect(afterRevoke.status).toBe(400);
    // The client's own token cannot answer consent requests in the customer's name.
    const fresh = await approvedCode(client, customer);
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: fresh.code,
      code_verifier: fresh.verifier,
      client_id: client.client_id,
    });
    const asClient = await authFetch(b, '/user/oauth/grants', {
      headers: { Authorization: `Bearer ${tokens.body.access_token as string}` },
    });
    expect(asClient.status).toBe(403);
    // Nor take the account: no new password, e-mail or second factor from the client's session.
    for (const [method, path, json] of [
      ['PUT', '/user', { password: 'mot-de-passe-du-client-42' }],
      ['PUT', '/user', { email: newEmail('voleur') }],
      ['POST', '/factors', { factor_type: 'totp' }],
    ] as const) {
      const r = await authFetch(b, path, {
        method,
        headers: { Authorization: `Bearer ${tokens.body.access_token as string}` },
        json,
      });
      expect(r.status, `${method} ${path}`).toBe(403);
    }
    const stillOk = await b.client().auth.signInWithPassword({ email: customer.email, password: customer.password });
    expect(stillOk.error).toBeNull();
    // It may end its own session, not the customer's others.
    const bearer = { Authorization: `Bearer ${tokens.body.access_token as string}` };
    expect((await authFetch(b, '/logout?scope=global', { method: 'POST', headers: bearer })).status).toBe(403);
    expect((await authFetch(b, '/logout', { method: 'POST', headers: bearer })).status).toBe(403);
    expect((await customer.client.auth.getUser()).error).toBeNull();
    expect((await authFetch(b, '/logout?scope=local', { method: 'POST', headers: bearer })).status).toBe(204);
    const ended = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token as string,
      client_id: client.client_id,
    });
    expect(ended.status).toBe(400);
  });

  it('spends a code once: a replay is invalid_grant and ends the session the code opened', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    const customer = await signedInCustomer(b);
    const { code, verifier } = await approvedCode(client, customer);
    const exchange = () =>
      tokenRequest({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(await exchange()).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
    });
    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token as string,
      client_id: client.client_id,
    });
    expect(refresh.status).toBe(400);
  });

  it('refuses a code without its verifier, with a wrong redirect URI, for another client, or too late', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    const other = await register({ token_endpoint_auth_method: 'client_secret_post' });
    const customer = await signedInCustomer(b);
    const grant = (code: string, extra: Record<string, string>) =>
      tokenRequest({ grant_type: 'authorization_code', code, client_id: client.client_id, ...extra });

    // Stolen without the verifier: refused, and spent (the right verifier afterwards gets nothing either).
    const stolen = await approvedCode(client, customer);
    expect(await grant(stolen.code, { code_verifier: pkce().verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await grant(stolen.code, {})).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await grant(stolen.code, { code_verifier: stolen.verifier })).status).toBe(400);

    const wrongUri = await approvedCode(client, customer);
    expect(
      await grant(wrongUri.code, { code_verifier: wrongUri.verifier, redirect_uri: client.redirect_uris[1] }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid redirect_uri' } });

    const foreign = await approvedCode(client, customer);
    const asOther = await tokenRequest({
      grant_type: 'authorization_code',
      code: foreign.code,
      code_verifier: foreign.verifier,
      client_id: other.client_id,
      client_secret: other.client_secret!,
    });
    expect(asOther).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Authorization code was not issued for this client' },
    });
    const wrongSecret = await tokenRequest({
      grant_type: 'authorization_code',
      code: 'x',
      client_id: other.client_id,
      client_secret: 'not-the-secret',
    });
    expect(wrongSecret).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials' } });

    const late = await approvedCode(client, customer);
    await b.db.query(
      `update auth.oauth_authorizations set expires_at = now() - interval '1 second', created_at = now() - interval '10 minutes'
        where client_id = $1 and status = 'approved'`,
      [client.client_id],
    );
    expect(await grant(late.code, { code_verifier: late.verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Authorization code has expired' },
    });
  });

  it('never redirects to an unregistered URI, wants PKCE S256, and sends a refusal back as access_denied', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    const { challenge } = pkce();
    const base = {
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      response_type: 'code',
      state: 'etat-42',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    for (const redirect_uri of [
      'https://evil.example.com/callback',
      `${client.redirect_uris[0]}/../evil`,
      `${client.redirect_uris[0]}?next=https://evil.example.com`,
    ]) {
      const r = await authorizeRequest({ ...base, redirect_uri });
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
      expect(r.headers.get('x-sb-error-code')).toBe('validation_failed');
    }
    const unknown = await authorizeRequest({ ...base, client_id: crypto.randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('x-sb-error-code')).toBe('oauth_client_not_found');

    for (const [change, description] of [
      [{ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) }, "code_challenge_method must be 'S256'"],
      [{ code_challenge: '' }, 'PKCE flow requires both code_challenge and code_challenge_method'],
      [{ scope: 'openid admin' }, 'unsupported scope: openid'],
      [{ response_type: 'token' }, 'only response_type=code is supported'],
    ] as const) {
      const r = await authorizeRequest({ ...base, ...change });
      expect(r.status).toBe(302);
      const back = new URL(r.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(client.redirect_uris[0]);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'invalid_request',
        error_description: description,
        state: 'etat-42',
      });
    }

    const customer = await signedInCustomer(b);
    const r = await authorizeRequest(base);
    const authorizationId = new URL(r.headers.get('location')!).searchParams.get('authorization_id')!;
    // Another customer cannot read or answer it once it is the first one's.
    const details = await customer.client.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(details.data).toMatchObject({
      authorization_id: authorizationId,
      redirect_uri: client.redirect_uris[0],
      client: { id: client.client_id, name: 'Appli de fidélité' },
      user: { id: customer.userId, email: customer.email },
      scope: 'email',
    });
    const stranger = await signedInCustomer(b);
    expect((await stranger.client.auth.oauth.getAuthorizationDetails(authorizationId)).error).toMatchObject({
      status: 404,
      code: 'oauth_authorization_not_found',
    });
    expect((await stranger.client.auth.oauth.approveAuthorization(authorizationId)).error).toMatchObject({
      status: 404,
      code: 'oauth_authorization_not_found',
    });
    const fromElsewhere = await authFetch(b, `/oauth/authorizations/${authorizationId}`, {
      headers: {
        Authorization: `Bearer ${(await customer.client.auth.getSession()).data.session!.access_token}`,
        Origin: 'https://evil.example.com',
      },
    });
    expect(fromElsewhere.status).toBe(400);

    const denied = await customer.client.auth.oauth.denyAuthorization(authorizationId);
    expect(denied.error).toBeNull();
    const back = new URL(denied.data!.redirect_url);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'User denied the request',
      state: 'etat-42',
    });
    expect((await customer.client.auth.oauth.approveAuthorization(authorizationId)).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
  });

  it('counts authorization requests per client address (30 per 5 minutes), not for everyone', async () => {
    const { data } = await limited.serviceClient().auth.admin.oauth.createClient({
      client_name: 'Appli de fidélité',
      redirect_uris: ['https://fidelite.example.com/callback'],
      token_endpoint_auth_method: 'none',
    });
    const path = `/auth/v1/oauth/authorize?${new URLSearchParams({
      client_id: data!.client_id,
      redirect_uri: 'https://fidelite.example.com/callback',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    })}`;
    for (let i = 0; i < 30; i++) expect(await getFrom(limited, path, '127.0.0.61')).toBe(302);
    expect(await getFrom(limited, path, '127.0.0.61')).toBe(429);
    expect(await getFrom(limited, path, '127.0.0.62')).toBe(302);
  });
});
