import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, jwtPayload, mailsTo, newEmail, signedInCustomer } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';

/** POST /auth/v1/signup {} (signInAnonymously) from a chosen loopback source address. */
function anonymousFrom(b: TestBackend, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: b.port,
        path: '/auth/v1/signup',
        method: 'POST',
        localAddress,
        headers: { apikey: b.anonKey, 'Content-Type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe.each(testDatabases())('sign-in ways without a provider, anonymous users and closed sign-ups on %s', (kind) => {
  let b: TestBackend;
  let anonymous: TestBackend;
  let closed: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind);
    anonymous = await startTestBackend(kind, {
      env: { ...process.env, AUTH_ANONYMOUS_SIGN_INS: 'true', AUTH_RATE_LIMIT_ANONYMOUS_USERS: '' },
    });
    closed = await startTestBackend(kind, { env: { ...process.env, AUTH_DISABLE_SIGNUP: 'true' } });
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await anonymous?.close();
    await closed?.close();
  });

  it('ID-token, Web3 and SSO sign-ins answer « provider disabled » as GoTrue does', async () => {
    const idToken = await b.client().auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' });
    expect(idToken.error).toMatchObject({ status: 400, code: 'provider_disabled' });
    expect(idToken.error!.message).toContain('not enabled');
    const web3 = await authFetch(b, '/token?grant_type=web3', {
      method: 'POST',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
      json: { chain: 'solana', message: 'm', signature: 's' },
    });
    expect(web3.status).toBe(400);
    expect(await web3.json()).toMatchObject({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
    const sso = await b.client().auth.signInWithSSO({ domain: 'churrasqueira.lu' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled' });
    expect(sso.error!.message).toContain('SAML 2.0 is disabled');
  });

  it('linking and unlinking identities answer « Manual linking is disabled », and only to a session', async () => {
    const { client } = await signedInCustomer(b);
    const link = await client.auth.linkIdentity({ provider: 'google' });
    expect(link.error?.message).toContain('Manual linking is disabled');
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities.length).toBeGreaterThan(0);
    const unlink = await client.auth.unlinkIdentity(data!.identities[0]);
    expect(unlink.error?.message).toContain('Manual linking is disabled');
    const stranger = await authFetch(b, '/user/identities/authorize?provider=google');
    expect(stranger.status).toBe(401);
  });

  it('listUsers refuses a page below 1 or a per_page that is not a number', async () => {
    const service = b.serviceClient();
    const bad = await service.auth.admin.listUsers({ page: -1, perPage: 10 });
    expect(bad.error).toMatchObject({ status: 400 });
    expect(bad.data.users).toEqual([]);
    const r = await fetch(`${b.url}/auth/v1/admin/users?per_page=abc`, {
      headers: { apikey: b.serviceRoleKey, Authorization: `Bearer ${b.serviceRoleKey}` },
    });
    expect(r.status).toBe(400);
    expect((await service.auth.admin.listUsers({ page: 1, perPage: 10 })).error).toBeNull();
  });

  it('anonymous sign-in is off by default', async () => {
    const { error } = await b.client().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    const settings = (await (await authFetch(b, '/settings')).json()) as Record<string, Record<string, unknown>>;
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('when configured, an anonymous user is signed in at once, 30 per hour from one address', async () => {
    const client = anonymous.client();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { table: 4 } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, user_metadata: { table: 4 } });
    expect(jwtPayload(data.session!.access_token)).toMatchObject({ is_anonymous: true, role: 'authenticated' });
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user!.id);
    for (let i = 0; i < 30; i++) expect(await anonymousFrom(anonymous, '127.0.12.1')).toBe(200);
    expect(await anonymousFrom(anonymous, '127.0.12.1')).toBe(429);
    expect(await anonymousFrom(anonymous, '127.0.12.2')).toBe(200);
  });

  it('with sign-ups disabled nobody new gets an account, by password, code or anonymously; customers still sign in', async () => {
    const settings = (await (await authFetch(closed, '/settings')).json()) as Record<string, unknown>;
    expect(settings.disable_signup).toBe(true);
    const email = newEmail('ferme');
    const signUp = await closed.client().auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 422, code: 'signup_disabled' });
    expect((await closed.client().auth.signInAnonymously()).error?.code).toBe('signup_disabled');
    // The code form answers as for anyone, and sends nothing to an address without an account.
    expect((await closed.client().auth.signInWithOtp({ email })).error).toBeNull();
    expect(await mailsTo(closed, email)).toEqual([]);
    expect((await closed.db.query(`select 1 from auth.users where email = $1`, [email])).rows).toEqual([]);
    const { client, email: customer } = await signedInCustomer(closed);
    expect((await client.auth.getUser()).data.user?.email).toBe(customer);
    expect((await closed.client().auth.signInWithOtp({ email: customer })).error).toBeNull();
    expect(await mailsTo(closed, customer)).toHaveLength(1);
  });
});
