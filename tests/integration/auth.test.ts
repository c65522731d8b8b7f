import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, jwtPayload, mailsTo, newEmail, openLink, verifyLinkFor } from './auth-helpers.js';

describe.each(testDatabases())('auth signup and e-mail links on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase' });
  });
  afterAll(async () => b?.close());

  it('signs up without a session, e-mails a French confirmation link, and the link signs the customer in', async () => {
    const email = newEmail();
    const client = b.client();
    const redirect = `${b.url}/login`;
    const { data, error } = await client.auth.signUp({
      email,
      password: 'frango-grelhado-42',
      options: { data: { full_name: 'Ana Costa' }, emailRedirectTo: redirect },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      user_metadata: { full_name: 'Ana Costa' },
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', user_id: data.user!.id });

    expect(JSON.stringify(data)).not.toContain('frango-grelhado-42');
    expect(JSON.stringify(data)).not.toContain('$2');
    const stored = await b.db.query<{ encrypted_password: string }>(
      `select encrypted_password from auth.users where id = $1`,
      [data.user!.id],
    );
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);

    const [mail] = await mailsTo(b, email);
    expect(mail.subject).toBe('Confirmez votre inscription');
    expect(mail.html).toContain('Bonjour');
    const link = await verifyLinkFor(b, email);
    expect(link.origin + link.pathname).toBe(`${b.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(redirect);

    const early = await client.auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    expect(early.error).toBeInstanceOf(AuthApiError);
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location.origin + opened.location.pathname).toBe(redirect);
    expect(opened.fragment.get('type')).toBe('signup');
    expect(opened.fragment.get('token_type')).toBe('bearer');
    expect(Number(opened.fragment.get('expires_in'))).toBe(3600);
    const accessToken = opened.fragment.get('access_token')!;
    expect(jwtPayload(accessToken)).toMatchObject({ sub: data.user!.id, email, amr: [{ method: 'email/signup' }] });
    const me = await b.client().auth.getUser(accessToken);
    expect(me.error).toBeNull();
    expect(me.data.user!.email_confirmed_at).toBeTruthy();
    expect(me.data.user!.identities![0].identity_data).toMatchObject({ email, email_verified: true });

    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('access_token')).toBeNull();

    const signedIn = await client.auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session!.refresh_token).toBeTruthy();
  });

  it('verifies a link token with verifyOtp({token_hash}) and refuses an expired one with otp_expired', async () => {
    const email = newEmail();
    await b.client().auth.signUp({ email, password: 'piri-piri-2024' });
    const token = (await verifyLinkFor(b, email)).searchParams.get('token')!;
    await b.db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 minute'
                       where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    const expired = await b.client().auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(expired.error).toBeInstanceOf(AuthApiError);
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const email2 = newEmail();
    await b.client().auth.signUp({ email: email2, password: 'piri-piri-2024' });
    const token2 = (await verifyLinkFor(b, email2)).searchParams.get('token')!;
    const ok = await b.client().auth.verifyOtp({ token_hash: token2, type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.session!.user.email).toBe(email2);
    expect(ok.data.user!.email_confirmed_at).toBeTruthy();
    const reused = await b.client().auth.verifyOtp({ token_hash: token2, type: 'signup' });
    expect(reused.error).toMatchObject({ code: 'otp_expired' });
    const forged = await b.client().auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'signup' });
    expect(forged.error).toMatchObject({ code: 'otp_expired' });
  });

  it('refuses weak passwords, malformed and undeliverable addresses with GoTrue codes', async () => {
    const weak = await b.client().auth.signUp({ email: newEmail(), password: '12345' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });

    const malformed = await b.client().auth.signUp({ email: 'pas-une-adresse', password: 'frango-grelhado-42' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const nowhere = await b
      .client()
      .auth.signUp({ email: 'client@restaurant.invalid', password: 'frango-grelhado-42' });
    expect(nowhere.error).toMatchObject({ status: 400, code: 'email_address_invalid' });
    const users = await b.db.query(
      `select 1 from auth.users where email in ('pas-une-adresse', 'client@restaurant.invalid')`,
    );
    expect(users.rows).toHaveLength(0);
  });

  it('does not reveal that a confirmed address is registered, and sends it nothing', async () => {
    const email = newEmail();
    const created = await b
      .serviceClient()
      .auth.admin.createUser({ email, password: 'frango-grelhado-42', email_confirm: true });
    const { data, error } = await b
      .client()
      .auth.signUp({ email, password: 'another-password', options: { data: { x: 1 } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.id).not.toBe(created.data.user!.id);
    expect(data.user!.identities).toEqual([]);
    expect(await mailsTo(b, email)).toHaveLength(0);
    const login = await b.client().auth.signInWithPassword({ email, password: 'another-password' });
    expect(login.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('sends the link again to an unconfirmed address, at most once a minute', async () => {
    const email = newEmail();
    await b.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    const tooSoon = await b.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await b.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [
      email,
    ]);
    const first = await verifyLinkFor(b, email);
    const resent = await b.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    expect(resent.error).toBeNull();
    expect(await mailsTo(b, email)).toHaveLength(2);
    const second = await verifyLinkFor(b, email);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    // The earlier link still works (asking again must not break the link already in the inbox); once one is
    // followed, the other is spent.
    expect((await openLink(first)).fragment.get('access_token')).toBeTruthy();
    expect((await openLink(second)).fragment.get('error_code')).toBe('otp_expired');
    expect((await b.client().auth.signInWithPassword({ email, password: 'frango-grelhado-42' })).error).toBeNull();
  });

  it('resends the confirmation link on request, and answers unknown or confirmed addresses the same way', async () => {
    const email = newEmail();
    await b.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    await b.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [
      email,
    ]);
    const again = await b
      .client()
      .auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${b.url}/login` } });
    expect(again.error).toBeNull();
    expect(await mailsTo(b, email)).toHaveLength(2);
    expect((await verifyLinkFor(b, email)).searchParams.get('redirect_to')).toBe(`${b.url}/login`);
    const tooSoon = await b.client().auth.resend({ type: 'signup', email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    const unknown = newEmail('nobody');
    expect((await b.client().auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    expect(await mailsTo(b, unknown)).toHaveLength(0);
  });

  it('never sends a session to a redirect_to outside the site', async () => {
    const email = newEmail();
    await b.client().auth.signUp({
      email,
      password: 'frango-grelhado-42',
      options: { emailRedirectTo: 'https://attacker.example.net/steal' },
    });
    const link = await verifyLinkFor(b, email);
    expect(link.searchParams.get('redirect_to')).toBe(b.url);
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://attacker.example.net/steal');
    const opened = await openLink(tampered);
    expect(opened.location.origin).toBe(b.url);
    expect(opened.fragment.get('access_token')).toBeTruthy();
  });

  it('e-mails a password reset link, always answers 200, and the link lets the customer choose a new password', async () => {
    const unknown = await b.client().auth.resetPasswordForEmail(newEmail('nobody'));
    expect(unknown.error).toBeNull();

    const email = newEmail();
    const password = 'frango-grelhado-42';
    await b.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    const other = b.client();
    await other.auth.signInWithPassword({ email, password });

    const reset = await b.client().auth.resetPasswordForEmail(email, { redirectTo: `${b.url}/reset` });
    expect(reset.error).toBeNull();
    const [mail] = await mailsTo(b, email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    const link = await verifyLinkFor(b, email);
    expect(link.searchParams.get('type')).toBe('recovery');

    const client = b.client();
    const verified = await client.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(jwtPayload(verified.data.session!.access_token).amr).toEqual([
      expect.objectContaining({ method: 'recovery' }),
    ]);

    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const changed = await client.auth.updateUser({ password: 'nouveau-mot-de-passe' });
    expect(changed.error).toBeNull();

    expect((await b.client().auth.signInWithPassword({ email, password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await b.client().auth.signInWithPassword({ email, password: 'nouveau-mot-de-passe' })).error).toBeNull();
    // The session opened with the old password is over.
    const stale = await authFetch(b, '/user', {
      headers: { Authorization: `Bearer ${(await other.auth.getSession()).data.session!.access_token}` },
    });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 403, error_code: 'session_not_found' });
  });

  it('answers bad JSON with 400 and oversized bodies with 413, never 500', async () => {
    const bad = await authFetch(b, '/signup', {
      method: 'POST',
      body: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_code: 'bad_json' });
    const wrongType = await authFetch(b, '/signup', { method: 'POST', json: { email: 42, password: ['x'] } });
    expect(wrongType.status).toBe(400);
    const array = await authFetch(b, '/token?grant_type=password', { method: 'POST', json: [1, 2] });
    expect(array.status).toBe(400);
    const huge = await authFetch(b, '/signup', {
      method: 'POST',
      json: { email: newEmail(), password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const noGrant = await authFetch(b, '/token?grant_type=magic', { method: 'POST', json: {} });
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toEqual({ error: 'unsupported_grant_type' });
    const nul = await authFetch(b, '/signup', {
      method: 'POST',
      json: { email: newEmail(), password: 'frango-grelhado-42', data: { name: 'a\u0000b' } },
    });
    expect(nul.status).toBe(400);
    const badPath = await authFetch(b, '/admin/users/%E0%A4%A', {
      headers: { Authorization: `Bearer ${b.serviceRoleKey}` },
    });
    // A path that does not percent-decode is refused before any route, as Go's HTTP server does for GoTrue.
    expect(badPath.status).toBe(400);
    const noRoute = await authFetch(b, '/nothing-here');
    expect(noRoute.status).toBe(404);
  });

  it('speaks both error shapes: legacy without the API version header, 2024-01-01 with it', async () => {
    const body = { email: newEmail(), password: 'wrong-password' };
    const legacy = await authFetch(b, '/token?grant_type=password', { method: 'POST', json: body });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const v2024 = await authFetch(b, '/token?grant_type=password', {
      method: 'POST',
      json: body,
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(v2024.status).toBe(400);
    expect(v2024.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await v2024.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const weak = await authFetch(b, '/signup', {
      method: 'POST',
      json: { email: newEmail(), password: 'abc' },
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(await weak.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('serves /settings and /health', async () => {
    const settings = await (await authFetch(b, '/settings')).json();
    expect(settings).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    const health = await authFetch(b, '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });
});
