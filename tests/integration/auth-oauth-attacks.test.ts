import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, signedInCustomer } from './auth-helpers.js';

// The OAuth 2.1 server (src/backend/auth/oauth*.ts) as a stranger, a customer and a malicious registered client
// would attack it: who may answer a request, what a revoked grant or a removed redirect URI still lets through,
// how the token endpoint counts failures, and how redirect URIs are matched.

const OAUTH_ON = {
  AUTH_OAUTH_SERVER_ENABLED: 'true',
  AUTH_OAUTH_SERVER_AUTHORIZATION_URL_PATH: '/oauth/consent',
};
const CALLBACK = 'https://fidelite.example.com/callback';
const LOOPBACK_CALLBACK = 'http://localhost:3000/callback';

interface Registered {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
}
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

async function accessTokenOf(customer: Customer): Promise<string> {
  const { data } = await customer.client.auth.getSession();
  return data.session!.access_token;
}

/** POST /auth/v1/oauth/token as a form, from a chosen loopback source address (a distinct client address). */
function tokenFrom(
  b: TestBackend,
  fields: Record<string, string>,
  localAddress = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: b.port,
        path: '/auth/v1/oauth/token',
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          apikey: b.anonKey,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(testDatabases())('OAuth 2.1 server under attack on %s', (kind) => {
  let b: TestBackend;
  let limited: TestBackend;
  beforeAll(async () => {
    [b, limited] = await Promise.all([
      startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase', env: OAUTH_ON }),
      // token_verifications and token_refresh at 3 per 5 minutes per address, to see the token endpoint count.
      startTestBackend(kind, {
        supabaseDir: 'tests/fixtures/empty-supabase',
        env: { ...OAUTH_ON, AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '3', AUTH_RATE_LIMIT_TOKEN_REFRESH: '3' },
      }),
    ]);
  });
  afterAll(async () => {
    await b?.close();
    await limited?.close();
  });

  async function register(on: TestBackend, params: Record<string, unknown> = {}): Promise<Registered> {
    const { data, error } = await on.serviceClient().auth.admin.oauth.createClient({
      client_name: 'Appli de fidélité',
      redirect_uris: [CALLBACK, LOOPBACK_CALLBACK],
      ...params,
    } as never);
    expect(error).toBeNull();
    return data as unknown as Registered;
  }

  /** The client sends the browser to /oauth/authorize; answers the authorization id the consent page gets. */
  async function requestAuthorization(
    client: Registered,
    redirectUri = client.redirect_uris[0],
  ): Promise<{ authorizationId: string; verifier: string; state: string }> {
    const { verifier, challenge } = pkce();
    const state = crypto.randomBytes(8).toString('hex');
    const r = await fetch(
      `${b.url}/auth/v1/oauth/authorize?${new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'email',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    expect(r.status).toBe(302);
    const authorizationId = new URL(r.headers.get('location')!).searchParams.get('authorization_id')!;
    return { authorizationId, verifier, state };
  }

  const details = async (token: string, id: string) =>
    authFetch(b, `/oauth/authorizations/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const answer = async (token: string, id: string, action: 'approve' | 'deny', headers: Record<string, string> = {}) =>
    authFetch(b, `/oauth/authorizations/${id}/consent`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, ...headers },
      json: { action },
    });

  /** Request, read and approve as `customer`; answers the code from the redirect and its verifier. */
  async function approvedCode(client: Registered, customer: Customer, redirectUri = client.redirect_uris[0]) {
    const token = await accessTokenOf(customer);
    const { authorizationId, verifier } = await requestAuthorization(client, redirectUri);
    const read = (await (await details(token, authorizationId)).json()) as { redirect_url?: string };
    const redirectUrl =
      read.redirect_url ??
      ((await (await answer(token, authorizationId, 'approve')).json()) as { redirect_url: string }).redirect_url;
    return { code: new URL(redirectUrl).searchParams.get('code')!, verifier, authorizationId };
  }

  it('a revoked grant takes back the codes approved but not yet exchanged', async () => {
    const client = await register(b, { token_endpoint_auth_method: 'none' });
    const customer = await signedInCustomer(b);
    const { code, verifier } = await approvedCode(client, customer);
    // The customer changes their mind before the client exchanged the code.
    expect((await customer.client.auth.oauth.revokeGrant({ clientId: client.client_id })).error).toBeNull();
    const late = await tokenFrom(b, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: client.client_id,
    });
    expect(late).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const sessions = await b.db.query(`select 1 from auth.sessions where user_id = $1 and oauth_client_id = $2`, [
      customer.userId,
      client.client_id,
    ]);
    expect(sessions.rows).toHaveLength(0);
  });

  it('another customer cannot read, approve or even probe a request that is not theirs; nobody answers twice', async () => {
    const client = await register(b);
    const alice = await signedInCustomer(b);
    const bruno = await signedInCustomer(b);
    const [aliceToken, brunoToken] = await Promise.all([accessTokenOf(alice), accessTokenOf(bruno)]);
    const { authorizationId, state } = await requestAuthorization(client);
    expect((await details(aliceToken, authorizationId)).status).toBe(200);
    // Bruno got the link (fixation): the request is Alice's.
    for (const r of [
      await details(brunoToken, authorizationId),
      await answer(brunoToken, authorizationId, 'approve'),
    ]) {
      expect(r.status).toBe(404);
      expect(r.headers.get('x-sb-error-code')).toBe('oauth_authorization_not_found');
    }
    // A page of another site cannot answer in Alice's name (her token travels in a header, not a cookie; a foreign
    // Origin is refused), and the request stays hers to answer.
    const foreign = await answer(aliceToken, authorizationId, 'approve', { Origin: 'https://evil.example.com' });
    expect(foreign.status).toBe(400);
    const denied = await answer(aliceToken, authorizationId, 'deny');
    expect(denied.status).toBe(200);
    const back = new URL(((await denied.json()) as { redirect_url: string }).redirect_url);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', state });
    // Once answered, the request tells Bruno nothing more than an unknown id would (no 400 "no longer pending").
    for (const r of [
      await details(brunoToken, authorizationId),
      await answer(brunoToken, authorizationId, 'approve'),
    ]) {
      expect(r.status).toBe(404);
      expect(r.headers.get('x-sb-error-code')).toBe('oauth_authorization_not_found');
    }
    // Alice cannot turn her refusal into an approval.
    expect((await answer(aliceToken, authorizationId, 'approve')).status).toBe(400);
    const approvedOnce = await requestAuthorization(client);
    expect((await details(aliceToken, approvedOnce.authorizationId)).status).toBe(200);
    expect((await answer(aliceToken, approvedOnce.authorizationId, 'approve')).status).toBe(200);
    expect((await answer(aliceToken, approvedOnce.authorizationId, 'approve')).status).toBe(400);
  });

  it('a request left unanswered past its 10 minutes can no longer be read nor approved', async () => {
    const client = await register(b);
    const customer = await signedInCustomer(b);
    const token = await accessTokenOf(customer);
    const { authorizationId } = await requestAuthorization(client);
    expect((await details(token, authorizationId)).status).toBe(200);
    await b.db.query(
      `update auth.oauth_authorizations set expires_at = now() - interval '1 second' where authorization_id = $1`,
      [authorizationId],
    );
    for (const r of [await answer(token, authorizationId, 'approve'), await details(token, authorizationId)]) {
      expect(r.status).toBe(404);
      expect(r.headers.get('x-sb-error-code')).toBe('oauth_authorization_not_found');
    }
    const row = await b.db.query<{ status: string; authorization_code: string | null }>(
      `select status, authorization_code from auth.oauth_authorizations where authorization_id = $1`,
      [authorizationId],
    );
    expect(row.rows[0]).toEqual({ status: 'expired', authorization_code: null });
  });

  it('a redirect URI the owner removed receives no code, even for a request made before', async () => {
    const client = await register(b, { token_endpoint_auth_method: 'none' });
    const customer = await signedInCustomer(b);
    const token = await accessTokenOf(customer);
    const admin = b.serviceClient().auth.admin.oauth;
    const keepOnly = async (uris: string[]) =>
      expect((await admin.updateClient(client.client_id, { redirect_uris: uris })).error).toBeNull();

    // Asked with the loopback URI, which the owner then removes (a developer's machine that was compromised).
    const pending = await requestAuthorization(client, LOOPBACK_CALLBACK);
    expect((await details(token, pending.authorizationId)).status).toBe(200);
    await keepOnly([CALLBACK]);
    const approved = await answer(token, pending.authorizationId, 'approve');
    expect(approved.status).toBe(404);
    expect(JSON.stringify(await approved.json())).not.toContain('localhost');

    // A code already handed to that URI can no longer be exchanged once it is removed.
    await keepOnly([CALLBACK, LOOPBACK_CALLBACK]);
    const { code, verifier } = await approvedCode(client, customer, LOOPBACK_CALLBACK);
    await keepOnly([CALLBACK]);
    const exchanged = await tokenFrom(b, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: client.client_id,
    });
    expect(exchanged).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The URI still registered works as before.
    const ok = await approvedCode(client, customer, CALLBACK);
    const fine = await tokenFrom(b, {
      grant_type: 'authorization_code',
      code: ok.code,
      code_verifier: ok.verifier,
      client_id: client.client_id,
    });
    expect(fine.status).toBe(200);
  });

  it('counts every token request per client address, failed client authentications included', async () => {
    const { data } = await limited.serviceClient().auth.admin.oauth.createClient({
      client_name: 'Appli de fidélité',
      redirect_uris: [CALLBACK],
      token_endpoint_auth_method: 'client_secret_post',
    } as never);
    const client = data as unknown as Registered;
    const guess = { grant_type: 'authorization_code', code: 'x', client_id: client.client_id, client_secret: 'guess' };
    for (let i = 0; i < 3; i++)
      expect(await tokenFrom(limited, guess, '127.0.0.2')).toMatchObject({
        status: 400,
        body: { error_code: 'invalid_credentials' },
      });
    expect(await tokenFrom(limited, guess, '127.0.0.2')).toMatchObject({
      status: 429,
      body: { error_code: 'over_request_rate_limit' },
    });
    // Another address is not held back by the first one.
    expect((await tokenFrom(limited, guess, '127.0.0.3')).status).toBe(400);
    // Refreshes have their own count (token_refresh), unknown clients included.
    const refresh = { grant_type: 'refresh_token', refresh_token: 'x', client_id: crypto.randomUUID() };
    for (let i = 0; i < 3; i++) expect((await tokenFrom(limited, refresh, '127.0.0.4')).status).toBe(400);
    expect((await tokenFrom(limited, refresh, '127.0.0.4')).status).toBe(429);
    expect((await tokenFrom(limited, guess, '127.0.0.4')).status).toBe(400);
  });

  it('authenticates each client by its registered method only, and keeps tokens with their client', async () => {
    const publicClient = await register(b, { token_endpoint_auth_method: 'none' });
    const basic = await register(b, { token_endpoint_auth_method: 'client_secret_basic' });
    const post = await register(b, { token_endpoint_auth_method: 'client_secret_post' });
    const customer = await signedInCustomer(b);
    const basicAuth = (c: Registered, secret = c.client_secret!) => ({
      Authorization: `Basic ${Buffer.from(`${c.client_id}:${secret}`).toString('base64')}`,
    });
    const { code, verifier } = await approvedCode(basic, customer);
    const grant = { grant_type: 'authorization_code', code, code_verifier: verifier };
    // A public client that sends a secret, a confidential one without its secret or by another method: refused,
    // and the code is not spent by these (the client is refused before the code is looked at).
    for (const [fields, headers] of [
      [{ client_id: publicClient.client_id, client_secret: 'anything' }, {}],
      [{ client_id: basic.client_id }, {}],
      [{ client_id: basic.client_id, client_secret: basic.client_secret! }, {}],
      [{}, basicAuth(basic, post.client_secret!)],
      [{}, basicAuth(post)],
    ] as [Record<string, string>, Record<string, string>][]) {
      const r = await tokenFrom(b, { ...grant, ...fields }, '127.0.0.1', headers);
      expect(r, JSON.stringify(fields)).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials' } });
    }
    // A body past the backend's bound (1 MiB) is refused before anything is read from it.
    const huge = await tokenFrom(b, { ...grant, client_id: publicClient.client_id, pad: 'x'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    const first = await tokenFrom(b, grant, '127.0.0.1', basicAuth(basic));
    expect(first.status).toBe(200);
    const refreshToken = first.body.refresh_token as string;
    // Another client (with its own valid secret) cannot refresh it, nor burn it: the owner still can.
    const stolen = await tokenFrom(b, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: post.client_id,
      client_secret: post.client_secret!,
    });
    expect(stolen).toMatchObject({ status: 400, body: { error_code: 'refresh_token_not_found' } });
    // A wider scope asked at refresh is ignored: the grant stays what the customer approved.
    const refreshed = await tokenFrom(
      b,
      { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'email profile phone' },
      '127.0.0.1',
      basicAuth(basic),
    );
    expect(refreshed.status).toBe(200);
    const grants = await customer.client.auth.oauth.listGrants();
    expect(grants.data).toEqual([expect.objectContaining({ scopes: ['email'] })]);
    // The rotated token is no use to the other client either.
    const rotatedElsewhere = await tokenFrom(b, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: post.client_id,
      client_secret: post.client_secret!,
    });
    expect(rotatedElsewhere).toMatchObject({ status: 400, body: { error_code: 'refresh_token_not_found' } });
    // The client's access token is the customer's, never the service role's.
    const clientBearer = { Authorization: `Bearer ${refreshed.body.access_token as string}` };
    for (const path of ['/admin/users', '/admin/oauth/clients']) {
      const r = await authFetch(b, path, { headers: clientBearer });
      expect(r.status, path).toBe(403);
      expect(r.headers.get('x-sb-error-code')).toBe('not_admin');
    }
  });

  it('matches redirect URIs exactly and answers a mismatch without redirecting anywhere', async () => {
    const client = await register(b, { token_endpoint_auth_method: 'none' });
    const { challenge } = pkce();
    for (const uri of [
      'HTTPS://FIDELITE.EXAMPLE.COM/callback',
      'https://fidelite.example.com/Callback',
      'https://fidelite.example.com/callback/',
      'https://fidelite.example.com:443/callback',
      'https://fidelite.example.com:8443/callback',
      'https://user@fidelite.example.com/callback',
      'https://fidelite.example.com.evil.com/callback',
      'https://xn--fidlit-dvab.example.com/callback',
      'https://fidelite.example.com/callback?next=https://evil.example.com',
      'https://fidelite.example.com/callback#x',
      'https://fidelite.example.com/callback/../evil',
      'http://localhost:3001/callback',
      'http://localhost.evil.com:3000/callback',
      'http://127.0.0.1:3000/callback',
    ]) {
      const r = await fetch(
        `${b.url}/auth/v1/oauth/authorize?${new URLSearchParams({
          client_id: client.client_id,
          redirect_uri: uri,
          response_type: 'code',
          state: 's',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        })}`,
        { redirect: 'manual' },
      );
      expect(r.status, uri).toBe(400);
      expect(r.headers.get('location'), uri).toBeNull();
    }
    // An unknown client's error is never sent to the redirect URI it names.
    const unknown = await fetch(
      `${b.url}/auth/v1/oauth/authorize?client_id=${crypto.randomUUID()}&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=token`,
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
    // Nor can the owner register a look-alike of a loopback address, user information or another scheme.
    for (const uri of [
      'http://127.0.0.1.evil.com/cb',
      'http://localhost.evil.com/cb',
      'http://[::1].evil.com/cb',
      'http://evil.com/cb',
      'https://user:pass@fidelite.example.com/cb',
      'javascript:alert(1)',
      'data:text/html,x',
    ]) {
      const { error } = await b
        .serviceClient()
        .auth.admin.oauth.createClient({ client_name: 'x', redirect_uris: [uri] });
      expect(error?.status, uri).toBe(400);
    }
  });
});
