import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, jwtPayload, newEmail, signedInCustomer } from './auth-helpers.js';

describe.each(testDatabases())('auth sessions and tokens on %s (autoconfirm)', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase', authAutoconfirm: true });
  });
  afterAll(async () => b?.close());

  const userStatus = (token: string) => authFetch(b, '/user', { headers: { Authorization: `Bearer ${token}` } });

  it('returns a session on signup, with exactly the claims Supabase puts in its access tokens', async () => {
    const email = newEmail();
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await b
      .client()
      .auth.signUp({ email, password: 'frango-grelhado-42', options: { data: { full_name: 'Rui' } } });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    const claims = jwtPayload(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'aal',
        'amr',
        'app_metadata',
        'aud',
        'email',
        'exp',
        'iat',
        'is_anonymous',
        'iss',
        'phone',
        'role',
        'session_id',
        'sub',
        'user_metadata',
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${b.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Rui' },
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const s = await b.db.query(`select user_id from auth.sessions where id = $1`, [claims.session_id]);
    expect(s.rows).toEqual([{ user_id: data.user!.id }]);
    expect(await b.context.jwt.verify(session.access_token)).toMatchObject({ role: 'authenticated' });

    const twice = await b.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    expect(twice.error).toBeInstanceOf(AuthApiError);
    expect(twice.error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('refuses wrong passwords and unknown addresses alike with invalid_credentials', async () => {
    const { email } = await signedInCustomer(b);
    const wrong = await b.client().auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await b
      .client()
      .auth.signInWithPassword({ email: newEmail('nobody'), password: 'not-the-password' });
    for (const r of [wrong, unknown]) {
      expect(r.error).toBeInstanceOf(AuthApiError);
      expect(r.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    expect(
      (await b.client().auth.signInWithPassword({ email: email.toUpperCase(), password: 'frango-grelhado-42' })).error,
    ).toBeNull();
  });

  it('rotates refresh tokens, tolerates a retry within 10 s, and ends the session when an old token comes back later', async () => {
    const { client, userId } = await signedInCustomer(b);
    const first = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.id).toBe(userId);
    expect(jwtPayload(second.access_token).session_id).toBe(jwtPayload(first.access_token).session_id);
    expect(jwtPayload(second.access_token).amr).toEqual(jwtPayload(first.access_token).amr);
    const rows = await b.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      `select token, revoked, parent from auth.refresh_tokens where user_id = $1 order by id`,
      [userId],
    );
    expect(rows.rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: second.refresh_token, revoked: false, parent: first.refresh_token },
    ]);

    // A client that lost the answer may retry with the old token and gets the same child back.
    const retry = await b.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second.refresh_token);

    await b.db.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [
      first.refresh_token,
    ]);
    const reuse = await b.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error).toBeInstanceOf(AuthApiError);
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const child = await b.client().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(child.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const me = await b.client().auth.getUser(second.access_token);
    expect(me.error).toBeInstanceOf(AuthSessionMissingError);
    const raw = await userStatus(second.access_token);
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('lets two tabs refresh the same token at once: both get the same new token', async () => {
    const { client } = await signedInCustomer(b);
    const { refresh_token } = (await client.auth.getSession()).data.session!;
    const [one, two] = await Promise.all([
      b.client().auth.refreshSession({ refresh_token }),
      b.client().auth.refreshSession({ refresh_token }),
    ]);
    expect(one.error).toBeNull();
    expect(two.error).toBeNull();
    expect(one.data.session!.refresh_token).toBe(two.data.session!.refresh_token);
    expect(one.data.session!.refresh_token).not.toBe(refresh_token);
    const live = await b.db.query(`select 1 from auth.refresh_tokens where parent = $1`, [refresh_token]);
    expect(live.rows).toHaveLength(1);
  });

  it('answers /user for a valid token and refuses expired, forged, malformed and missing ones', async () => {
    const { client, userId, email } = await signedInCustomer(b);
    const session = (await client.auth.getSession()).data.session!;
    const ok = await client.auth.getUser();
    expect(ok.error).toBeNull();
    expect(ok.data.user).toMatchObject({ id: userId, email });

    const claims = jwtPayload(session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await b.context.jwt.sign(
      { ...claims, role: 'authenticated', iat: now - 7200, exp: now - 3600 },
      3600,
    );
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('an-entirely-different-secret-of-32+chars'));
    for (const token of [expired, forged, 'not-a-jwt', 'a.b.c', b.anonKey]) {
      const r = await userStatus(token);
      expect(r.status, token).toBe(403);
      expect(((await r.json()) as { error_code: string }).error_code, token).toBe('bad_jwt');
      const viaClient = await b.client().auth.getUser(token);
      expect(viaClient.error).toBeInstanceOf(AuthApiError);
      expect(viaClient.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    }
    const none = await authFetch(b, '/user');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error_code: 'no_authorization' });
  });

  it('updates user_metadata and e-mail, never app_metadata, and refuses a password change without a session', async () => {
    const { client, userId } = await signedInCustomer(b);
    await b
      .serviceClient()
      .auth.admin.updateUserById(userId, { user_metadata: { phone: '+352 621 000 000', city: 'Differdange' } });
    const upd = await client.auth.updateUser({ data: { city: 'Esch-sur-Alzette', phone: null } });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.user_metadata).toEqual({ city: 'Esch-sur-Alzette' });

    const sneaky = await authFetch(b, '/user', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` },
      json: { app_metadata: { role: 'admin' }, data: { nickname: 'x' } },
    });
    expect(sneaky.status).toBe(200);
    const row = await b.db.query<{ raw_app_meta_data: unknown }>(
      `select raw_app_meta_data from auth.users where id = $1`,
      [userId],
    );
    expect(row.rows[0].raw_app_meta_data).toEqual({ provider: 'email', providers: ['email'] });

    const newAddress = newEmail('moved');
    const moved = await client.auth.updateUser({ email: newAddress });
    expect(moved.error).toBeNull();
    expect(moved.data.user!.email).toBe(newAddress);

    const anonymous = await authFetch(b, '/user', { method: 'PUT', json: { password: 'frango-grelhado-43' } });
    expect(anonymous.status).toBe(401);
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('signs out one session, the others, or all of them', async () => {
    const { client: phone, email, password } = await signedInCustomer(b);
    const laptop = b.client();
    await laptop.auth.signInWithPassword({ email, password });
    const kiosk = b.client();
    await kiosk.auth.signInWithPassword({ email, password });
    const token = async (c: typeof phone) => (await c.auth.getSession()).data.session!.access_token;
    const [phoneToken, laptopToken, kioskToken] = [await token(phone), await token(laptop), await token(kiosk)];

    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await userStatus(laptopToken)).status).toBe(200);
    expect((await userStatus(phoneToken)).status).toBe(403);
    expect((await userStatus(kioskToken)).status).toBe(403);

    const raw = await authFetch(b, '/logout?scope=local', {
      method: 'POST',
      headers: { Authorization: `Bearer ${laptopToken}` },
    });
    expect(raw.status).toBe(204);
    expect((await userStatus(laptopToken)).status).toBe(403);

    const a = b.client();
    const c = b.client();
    await a.auth.signInWithPassword({ email, password });
    await c.auth.signInWithPassword({ email, password });
    const cRefresh = (await c.auth.getSession()).data.session!.refresh_token;
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
    expect((await userStatus(await token(c))).status).toBe(403);
    expect((await b.client().auth.refreshSession({ refresh_token: cRefresh })).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
    const bad = await authFetch(b, '/logout?scope=everywhere', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await token(c)}` },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses the token of a deleted user', async () => {
    const { client, userId } = await signedInCustomer(b);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect((await b.serviceClient().auth.admin.deleteUser(userId)).error).toBeNull();
    const r = await userStatus(token);
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ error_code: 'user_not_found' });
  });
});
