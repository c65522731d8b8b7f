import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, jwtPayload, newEmail, signedInCustomer } from './auth-helpers.js';

describe.each(testDatabases())('auth admin API on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase' });
  });
  afterAll(async () => b?.close());

  it('is refused to the anon key, to signed-in users and to requests without a token', async () => {
    const anon = await b.client().auth.admin.listUsers();
    expect(anon.error).toBeInstanceOf(AuthApiError);
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });

    const { client } = await signedInCustomer(b);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const asUser = await b.client(token).auth.admin.createUser({ email: newEmail(), password: 'frango-grelhado-42' });
    expect(asUser.error).toMatchObject({ status: 403, code: 'not_admin' });
    const raw = await authFetch(b, '/admin/users', { headers: { Authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(403);
    const none = await fetch(`${b.url}/auth/v1/admin/users`);
    expect(none.status).toBe(401);
    const forgedRole = await b.context.jwt.sign(
      { ...jwtPayload(token), role: 'authenticated', app_metadata: { role: 'admin' } },
      60,
    );
    expect((await authFetch(b, '/admin/users', { headers: { Authorization: `Bearer ${forgedRole}` } })).status).toBe(
      403,
    );
  });

  it('creates a confirmed admin whose app_metadata reaches the access token', async () => {
    const email = newEmail('gerente');
    const { data, error } = await b.serviceClient().auth.admin.createUser({
      email,
      password: 'frango-grelhado-42',
      email_confirm: true,
      user_metadata: { full_name: 'Gerente' },
      app_metadata: { role: 'admin' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Gerente' },
      app_metadata: { provider: 'email', providers: ['email'], role: 'admin' },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const signIn = await b.client().auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    expect(signIn.error).toBeNull();
    expect(jwtPayload(signIn.data.session!.access_token).app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'admin',
    });

    const dup = await b
      .serviceClient()
      .auth.admin.createUser({ email: email.toUpperCase(), password: 'frango-grelhado-42' });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
    const weak = await b.serviceClient().auth.admin.createUser({ email: newEmail(), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    const unconfirmed = newEmail();
    await b.serviceClient().auth.admin.createUser({ email: unconfirmed, password: 'frango-grelhado-42' });
    expect(
      (await b.client().auth.signInWithPassword({ email: unconfirmed, password: 'frango-grelhado-42' })).error,
    ).toMatchObject({
      code: 'email_not_confirmed',
    });
  });

  it('lists users page by page with X-Total-Count and Link headers', async () => {
    const service = b.serviceClient();
    for (let i = 0; i < 3; i++)
      await service.auth.admin.createUser({ email: newEmail('page'), password: 'frango-grelhado-42' });
    const total = Number((await b.db.query<{ n: string }>(`select count(*) as n from auth.users`)).rows[0].n);
    const perPage = total - 1;
    const first = await service.auth.admin.listUsers({ page: 1, perPage });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(perPage);
    expect(first.data).toMatchObject({ aud: 'authenticated', total, nextPage: 2, lastPage: 2 });
    const second = await service.auth.admin.listUsers({ page: 2, perPage });
    expect(second.data.users).toHaveLength(1);
    const ids = new Set([...first.data.users, ...second.data.users].map((u) => u.id));
    expect(ids.size).toBe(total);

    const raw = await authFetch(b, `/admin/users?page=1&per_page=${perPage}`, {
      headers: { Authorization: `Bearer ${b.serviceRoleKey}` },
    });
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=${perPage}>; rel="next", </admin/users?page=2&per_page=${perPage}>; rel="last"`,
    );
  });

  it('reads, updates (merging metadata, banning) and deletes a user', async () => {
    const { userId, email, password, client } = await signedInCustomer(b);
    const admin = b.serviceClient().auth.admin;
    const got = await admin.getUserById(userId);
    expect(got.data.user).toMatchObject({ id: userId, email });

    const promoted = await admin.updateUserById(userId, {
      app_metadata: { role: 'admin' },
      user_metadata: { full_name: 'Ana' },
    });
    expect(promoted.error).toBeNull();
    expect(promoted.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'admin' });
    expect(promoted.data.user!.user_metadata).toEqual({ full_name: 'Ana' });

    const banned = await admin.updateUserById(userId, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await client.auth.getUser()).error).toBeTruthy();
    expect((await b.client().auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'user_banned',
    });
    await admin.updateUserById(userId, { ban_duration: 'none' });
    expect((await b.client().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await admin.updateUserById(userId, { ban_duration: 'forever' })).error).toMatchObject({ status: 400 });

    const other = await signedInCustomer(b);
    expect((await admin.updateUserById(userId, { email: other.email })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });

    expect((await admin.deleteUser(userId)).error).toBeNull();
    expect((await admin.getUserById(userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    const notUuid = await authFetch(b, '/admin/users/not-a-uuid', {
      headers: { Authorization: `Bearer ${b.serviceRoleKey}` },
    });
    expect(notUuid.status).toBe(404);
    expect((await b.db.query(`select 1 from auth.sessions where user_id = $1`, [userId])).rows).toHaveLength(0);
  });

  it('an invited user carries invited_at; generateLink makes e-mail change links whose one link moves the address', async () => {
    const admin = b.serviceClient().auth.admin;
    const invited = await admin.inviteUserByEmail(newEmail('convite'));
    expect(invited.error).toBeNull();
    expect(invited.data.user!.invited_at).toBeTruthy();

    for (const type of ['email_change_current', 'email_change_new'] as const) {
      const { email, userId, password } = await signedInCustomer(b);
      const newAddress = newEmail('nova');
      const link = await admin.generateLink({ type, email, newEmail: newAddress });
      expect(link.error).toBeNull();
      expect(link.data.user).toMatchObject({ id: userId, email, new_email: newAddress });
      expect(link.data.properties!.action_link).toMatch(/[?&]type=email_change&/);
      const followed = await fetch(link.data.properties!.action_link, { redirect: 'manual' });
      expect(followed.status).toBe(303);
      expect((await admin.getUserById(userId)).data.user!.email).toBe(newAddress);
      expect((await b.client().auth.signInWithPassword({ email: newAddress, password })).error).toBeNull();
    }
    // Another account's address is refused.
    const a = await signedInCustomer(b);
    const other = await signedInCustomer(b);
    const taken = await admin.generateLink({ type: 'email_change_new', email: a.email, newEmail: other.email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
