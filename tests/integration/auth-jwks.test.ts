import { SignJWT, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { signedInCustomer } from './auth-helpers.js';

async function jwksOf(b: TestBackend): Promise<{ keys: JWK[] }> {
  const r = await fetch(`${b.url}/auth/v1/.well-known/jwks.json`);
  expect(r.status).toBe(200);
  return (await r.json()) as { keys: JWK[] };
}

/** What each API answers to a token: the caller on /auth/v1/user, the menu on /rest/v1, buckets on Storage, a function. */
async function answers(b: TestBackend, token: string) {
  const h = { apikey: b.anonKey, Authorization: `Bearer ${token}` };
  const user = await fetch(`${b.url}/auth/v1/user`, { headers: h });
  const rest = await fetch(`${b.url}/rest/v1/menu_items?select=id&limit=1`, { headers: h });
  const storage = await fetch(`${b.url}/storage/v1/bucket`, { headers: h });
  const fn = await fetch(`${b.url}/functions/v1/get-users`, { method: 'POST', headers: h, body: '{}' });
  return { user: user.status, rest: rest.status, storage: storage.status, functionJwt: fn.status !== 401 };
}

const ACCEPTED = { user: 200, rest: 200, storage: 200, functionJwt: true };

describe.each(testDatabases())('asymmetric signing keys and the JWKS on %s', (kind) => {
  let hs: TestBackend;
  let es: TestBackend;
  beforeAll(async () => {
    hs = await startTestBackend(kind);
    es = await startTestBackend(kind, { env: { ...process.env, AUTH_JWT_SIGNING_ALG: 'ES256' } });
  }, 180_000);
  afterAll(async () => {
    await hs?.close();
    await es?.close();
  });

  it('the JWKS always publishes the ES256 public key; user tokens stay HS256 unless the setting says ES256', async () => {
    const { keys } = await jwksOf(hs);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    const { client } = await signedInCustomer(hs);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(await answers(hs, token)).toEqual(ACCEPTED);
  });

  it('with AUTH_JWT_SIGNING_ALG=ES256 tokens are signed with the published key, and every API accepts them', async () => {
    const jwks = await jwksOf(es);
    const { client } = await signedInCustomer(es);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload.role).toBe('authenticated');
    expect(await answers(es, token)).toEqual(ACCEPTED);
    // A refreshed session too, and the HS256 keys the apps ship keep working.
    const refreshed = await client.auth.refreshSession();
    expect(decodeProtectedHeader(refreshed.data.session!.access_token).alg).toBe('ES256');
    expect(decodeProtectedHeader(es.anonKey).alg).toBe('HS256');
    expect(
      (await fetch(`${es.url}/rest/v1/menu_items?select=id&limit=1`, { headers: { apikey: es.anonKey } })).status,
    ).toBe(200);
  });

  it('a token signed with another key under the published kid, an unknown kid, or no signature is refused everywhere', async () => {
    const jwks = await jwksOf(es);
    const { client } = await signedInCustomer(es);
    const real = (await client.auth.getSession()).data.session!.access_token;
    const claims = JSON.parse(Buffer.from(real.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = { ...claims, role: 'service_role' };
    const { privateKey } = await generateKeyPair('ES256');
    const sameKid = await new SignJWT(forged)
      .setProtectedHeader({ alg: 'ES256', kid: jwks.keys[0].kid })
      .sign(privateKey);
    const otherKid = await new SignJWT(forged).setProtectedHeader({ alg: 'ES256', kid: 'made-up' }).sign(privateKey);
    const noKid = await new SignJWT(forged).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${real.split('.')[1]}.`;
    // The ES256 key of one backend opens nothing on another (each data directory makes its own).
    const fromOtherBackend = (await (await signedInCustomer(es)).client.auth.getSession()).data.session!.access_token;
    const hsKid = (await jwksOf(hs)).keys[0].kid;
    expect(hsKid).not.toBe(jwks.keys[0].kid);
    for (const token of [sameKid, otherKid, noKid, unsigned]) {
      const a = await answers(es, token);
      expect(a.user).toBe(403);
      expect(a.rest).toBe(401);
      expect([400, 401, 403]).toContain(a.storage);
      expect(a.functionJwt).toBe(false);
    }
    expect((await answers(hs, fromOtherBackend)).user).toBe(403);
  });
});
