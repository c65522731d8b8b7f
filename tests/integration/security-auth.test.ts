import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/backend/cli/admin-user.js';
import { startBackend } from '../../src/backend/server.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { seedPgliteDataDir } from '../helpers/db-snapshot.js';
import { authFetch, jwtPayload, mailsTo, newEmail, openLink, verifyLinkFor } from './auth-helpers.js';

const run = promisify(execFile);
const PASSWORD = 'frango-grelhado-42';

/** The limits of supabase/config.toml, not the raised ones the other tests use. */
const REAL_LIMITS = {
  AUTH_RATE_LIMIT_EMAIL_SENT: '',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '',
  AUTH_RATE_LIMIT_FAILED_SIGN_INS: '',
};

/** A client whose requests come from `ip` (the backend trusts x-forwarded-for when TRUST_PROXY is on). */
function clientFrom(b: TestBackend, ip: string) {
  return createClient(b.url, b.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { headers: { 'x-forwarded-for': ip } },
  });
}

function createAdminCli(env: Record<string, string | undefined>, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/backend/cli/create-admin.ts', ...args], {
    env: { ...process.env, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '', ...env },
    timeout: 120_000,
  });
}

describe.each(testDatabases())('auth security on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    // The real supabase/config.toml: double_confirm_changes and secure_password_change are on.
    b = await startTestBackend(kind, { env: { ...process.env, AUTH_EMAIL_MAX_FREQUENCY: '0' } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  async function confirmedCustomer(email = newEmail()) {
    const created = await b.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (created.error) throw created.error;
    const client = b.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { email, client, session: data.session!, id: created.data.user.id };
  }

  describe('create-admin', () => {
    const endpoint = () => ({ url: b.url, key: b.serviceRoleKey });

    it('never promotes an unconfirmed account with the password of whoever registered the address', async () => {
      const owner = newEmail('patron');
      expect((await b.client().auth.signUp({ email: owner, password: 'attacker-password' })).error).toBeNull();

      const r = await ensureAdmin(b.serviceClient(), owner, undefined, endpoint());
      expect(r).toMatchObject({ action: 'reset', wasUnconfirmed: true, created: false });
      expect(r.password).toMatch(/^[A-Za-z0-9]{16}$/);

      const attacker = await b.client().auth.signInWithPassword({ email: owner, password: 'attacker-password' });
      expect(attacker.error?.code).toBe('invalid_credentials');
      const real = await b.client().auth.signInWithPassword({ email: owner, password: r.password! });
      expect(real.error).toBeNull();
      expect(jwtPayload(real.data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });
    });

    it('ends every session of a confirmed account it takes over, before the account becomes admin', async () => {
      const victim = await confirmedCustomer();
      const r = await ensureAdmin(b.serviceClient(), victim.email, 'new-admin-password-1', endpoint());
      expect(r).toMatchObject({ action: 'reset', wasUnconfirmed: false, password: 'new-admin-password-1' });

      const refreshed = await b.client().auth.refreshSession({ refresh_token: victim.session.refresh_token });
      expect(refreshed.error?.code).toMatch(/refresh_token_not_found|session_not_found/);
      const me = await authFetch(b, '/user', {
        headers: { Authorization: `Bearer ${victim.session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
      });
      expect(me.status).toBe(403);
      expect(((await me.json()) as { code: string }).code).toBe('session_not_found');
      expect((await b.client().auth.signInWithPassword({ email: victim.email, password: PASSWORD })).error?.code).toBe(
        'invalid_credentials',
      );
    });

    it('promotes a confirmed account as it is only when given its current password', async () => {
      const owner = await confirmedCustomer();
      const r = await ensureAdmin(b.serviceClient(), owner.email, PASSWORD, endpoint());
      expect(r.action).toBe('promoted');
      expect(r.password).toBeUndefined();
      expect((await b.client().auth.getUser(owner.session.access_token)).error).toBeNull();
      const again = await b.client().auth.signInWithPassword({ email: owner.email, password: PASSWORD });
      expect(jwtPayload(again.data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });
    });

    it('says on the console what it did, through the admin API of a project (SUPABASE_URL)', async () => {
      const owner = newEmail('patron');
      await b.client().auth.signUp({ email: owner, password: 'attacker-password' });
      const { stdout } = await createAdminCli(
        { SUPABASE_URL: b.url, SUPABASE_SERVICE_ROLE_KEY: b.serviceRoleKey },
        owner,
      );
      expect(stdout).toContain('never confirmed');
      expect(stdout).toContain('every session of it was ended');
      const printed = /with password: (\S+)/.exec(stdout)![1];
      expect((await b.client().auth.signInWithPassword({ email: owner, password: printed })).error).toBeNull();
      expect(
        (await b.client().auth.signInWithPassword({ email: owner, password: 'attacker-password' })).error?.code,
      ).toBe('invalid_credentials');
    }, 120_000);

    it('works the same against the running embedded backend (PORT and JWT_SECRET)', async () => {
      const owner = newEmail('patron');
      await b.client().auth.signUp({ email: owner, password: 'attacker-password' });
      const { stdout } = await createAdminCli(
        { PORT: String(b.port), JWT_SECRET: 'test-secret-with-at-least-32-characters!!' },
        owner,
        '--password',
        'owner-chosen-pass',
      );
      expect(stdout).toContain('Using the running embedded backend.');
      expect(stdout).toContain('never confirmed');
      expect(stdout).toContain('Promoted');
      expect(
        (await b.client().auth.signInWithPassword({ email: owner, password: 'owner-chosen-pass' })).error,
      ).toBeNull();
    }, 120_000);
  });

  describe('pre-account takeover', () => {
    const signIn = async (email: string, password: string) =>
      (await b.client().auth.signInWithPassword({ email, password })).error?.code ?? 'ok';

    it("keeps the owner's link and password when someone signs the unconfirmed address up again", async () => {
      const email = newEmail('victime');
      expect((await b.client().auth.signUp({ email, password: 'owner-password' })).error).toBeNull();
      const ownersLink = await verifyLinkFor(b, email);
      const later = await b.client().auth.signUp({ email, password: 'attacker-password' });
      // supabase-js sees what it saw before: a user, no session, no error.
      expect(later.error).toBeNull();
      expect(later.data.session).toBeNull();
      expect(later.data.user?.email).toBe(email);
      expect(await mailsTo(b, email)).toHaveLength(2);

      expect((await openLink(ownersLink)).fragment.get('access_token')).toBeTruthy();
      expect(await signIn(email, 'owner-password')).toBe('ok');
      expect(await signIn(email, 'attacker-password')).toBe('invalid_credentials');
    });

    it('the newest link in the inbox signs the owner in, but confirms no password that was typed by someone else', async () => {
      const email = newEmail('victime');
      await b.client().auth.signUp({ email, password: 'owner-password' });
      await b.client().auth.signUp({ email, password: 'attacker-password' });
      const opened = await openLink(await verifyLinkFor(b, email));
      const token = opened.fragment.get('access_token');
      expect(token).toBeTruthy();
      expect(await signIn(email, 'attacker-password')).toBe('invalid_credentials');
      // Signed in by the link, the owner chooses a password (PUT /user, as after a reset link).
      const set = await authFetch(b, '/user', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
        json: { password: 'owner-new-password' },
      });
      expect(set.status).toBe(200);
      expect(await signIn(email, 'owner-new-password')).toBe('ok');
      expect(await signIn(email, 'attacker-password')).toBe('invalid_credentials');
    });

    it('a password registered first by someone else never opens the account the owner confirms later', async () => {
      const email = newEmail('victime');
      await b.client().auth.signUp({ email, password: 'attacker-password' });
      await b.client().auth.signUp({ email, password: 'owner-password' });
      // The owner follows the link of their own sign-up (the newest one in the inbox).
      expect((await openLink(await verifyLinkFor(b, email))).fragment.get('access_token')).toBeTruthy();
      expect(await signIn(email, 'attacker-password')).toBe('invalid_credentials');
      expect(await signIn(email, 'owner-password')).toBe('invalid_credentials');
    });

    it('drops the password of an unconfirmed account when a reset link first proves its address', async () => {
      const email = newEmail('victime');
      await b.client().auth.signUp({ email, password: 'attacker-password' });
      expect((await b.client().auth.resetPasswordForEmail(email, { redirectTo: `${b.url}/reset` })).error).toBeNull();
      const opened = await openLink(await verifyLinkFor(b, email));
      const token = opened.fragment.get('access_token');
      expect(token).toBeTruthy();
      expect((await b.client().auth.signInWithPassword({ email, password: 'attacker-password' })).error?.code).toBe(
        'invalid_credentials',
      );
      const set = await authFetch(b, '/user', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
        json: { password: 'owner-password' },
      });
      expect(set.status).toBe(200);
      expect((await b.client().auth.signInWithPassword({ email, password: 'owner-password' })).error).toBeNull();
    });

    it('changes the e-mail only once both the current and the new address accept it (double_confirm_changes)', async () => {
      const { email, client } = await confirmedCustomer();
      const next = newEmail('nouvelle');
      const pending = await client.auth.updateUser({ email: next });
      expect(pending.error).toBeNull();
      expect(pending.data.user).toMatchObject({ email, new_email: next });

      const toNew = await verifyLinkFor(b, next);
      const [toCurrentMail] = await mailsTo(b, email);
      expect(toCurrentMail.subject).toBe('Confirmez le changement de votre adresse e-mail');
      const toCurrent = await verifyLinkFor(b, email);

      const first = await openLink(toNew);
      expect(first.fragment.get('message')).toBe(
        'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      );
      expect(first.fragment.get('access_token')).toBeNull();
      const stillOld = await b.serviceClient().auth.admin.listUsers({ perPage: 1000 });
      expect(stillOld.data.users.find((u) => u.email === email)).toBeTruthy();

      const second = await openLink(toCurrent);
      const token = second.fragment.get('access_token');
      expect(token).toBeTruthy();
      expect((await b.client().auth.getUser(token!)).data.user!.email).toBe(next);
    });

    it('asks a session that signed in a while ago for the e-mailed code before changing the password', async () => {
      const { email, client, session } = await confirmedCustomer();
      expect((await client.auth.updateUser({ password: 'fresh-session-pass' })).error).toBeNull();

      await b.db.query(`update auth.sessions set created_at = now() - interval '1 hour' where id = $1`, [
        jwtPayload(session.access_token).session_id,
      ]);
      const refused = await client.auth.updateUser({ password: 'stolen-session-pass' });
      expect(refused.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });

      expect((await client.auth.reauthenticate()).error).toBeNull();
      const [mail] = await mailsTo(b, email);
      expect(mail.subject).toBe('Votre code de confirmation');
      const nonce = /<b>(\d{6})<\/b>/.exec(mail.html)![1];
      const wrong = await client.auth.updateUser({
        password: 'stolen-session-pass',
        nonce: nonce === '000000' ? '111111' : '000000',
      });
      expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
      expect((await client.auth.updateUser({ password: 'owner-new-pass', nonce })).error).toBeNull();
      expect((await client.auth.updateUser({ password: 'owner-other-pass', nonce })).error?.code).toBe(
        'reauthentication_not_valid',
      );
      expect((await b.client().auth.signInWithPassword({ email, password: 'owner-new-pass' })).error).toBeNull();
    });
  });

  describe('redirect_to and input bounds', () => {
    it('sends e-mailed links only to the site and the listed redirect URLs, not to any loopback port', async () => {
      const to = async (redirect: string) => {
        const email = newEmail();
        await b.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirect } });
        return (await verifyLinkFor(b, email)).searchParams.get('redirect_to');
      };
      expect(await to('http://127.0.0.1:9/steal')).toBe(b.url);
      expect(await to('http://localhost:5174/login')).toBe(b.url);
      expect(await to(`${b.url}/login`)).toBe(`${b.url}/login`);
      // additional_redirect_urls of supabase/config.toml (the Vite dev server), while the site is on loopback.
      expect(await to('http://localhost:5173/login')).toBe('http://localhost:5173/login');
    });

    it('refuses oversized metadata, addresses and passwords with clear errors', async () => {
      const big = { note: 'x'.repeat(20_000) };
      const signup = await b.client().auth.signUp({ email: newEmail(), password: PASSWORD, options: { data: big } });
      expect(signup.error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(signup.error!.message).toContain('user_metadata cannot be larger than 16384 bytes');

      const { client } = await confirmedCustomer();
      expect((await client.auth.updateUser({ data: big })).error).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });

      const longEmail = `${'a'.repeat(250)}@churrasqueira.lu`;
      expect((await b.client().auth.signInWithPassword({ email: longEmail, password: PASSWORD })).error).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
      expect((await b.client().auth.signUp({ email: newEmail(), password: 'é'.repeat(40) })).error).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
      const r = await authFetch(b, '/token?grant_type=password', {
        method: 'POST',
        json: { email: newEmail(), password: 'p'.repeat(100_000) },
      });
      expect(r.status).toBe(400);
    });
  });
});

describe('auth rate limits from supabase/config.toml', () => {
  let b: TestBackend;

  beforeAll(async () => {
    // Each scenario below comes from its own client address (x-forwarded-for, trusted here).
    b = await startTestBackend('pglite', { trustProxy: true, env: { ...process.env, ...REAL_LIMITS } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  it('stops password guessing from one address after sign_in_sign_ups (30) tries, with over_request_rate_limit', async () => {
    const c = clientFrom(b, '198.51.100.1');
    const codes: (string | undefined)[] = [];
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const { error } = await c.auth.signInWithPassword({ email: newEmail('cible'), password: `guess-${i}` });
      codes.push(error?.code);
    }
    // The bucket refills 30 per 5 minutes, one try every 10 s: a slow machine may earn one or two more.
    const refilled = Math.floor((Date.now() - started) / 10_000);
    const allowed = codes.filter((code) => code === 'invalid_credentials').length;
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(allowed).toBeLessThanOrEqual(30 + refilled + 1);
    expect(refilled).toBeLessThan(10);
    expect(codes.slice(-5)).toEqual(Array(5).fill('over_request_rate_limit'));

    const r = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        'Content-Type': 'application/json',
        'x-forwarded-for': '198.51.100.1',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email: newEmail(), password: 'x' }),
    });
    expect(r.status).toBe(429);
    expect(await r.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    // Another address is not affected.
    expect(
      (await clientFrom(b, '198.51.100.2').auth.signInWithPassword({ email: newEmail(), password: 'x' })).error?.code,
    ).toBe('invalid_credentials');
  });

  it('slows wrong passwords for one account from one address (5 free, then growing delays), and no one else', async () => {
    const email = newEmail('patron');
    await b.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const guess = async (ip: string, password: string) =>
      (await clientFrom(b, ip).auth.signInWithPassword({ email, password })).error?.code ?? 'ok';
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) codes.push(await guess('203.0.113.1', `guess-${i}`));
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('invalid_credentials'));
    expect(codes.at(-1)).toBe('over_request_rate_limit');
    // The right password from the guessing address waits too; from any other address it works.
    expect(await guess('203.0.113.1', PASSWORD)).toBe('over_request_rate_limit');
    expect(await guess('203.0.113.2', PASSWORD)).toBe('ok');
    const other = newEmail();
    await b.serviceClient().auth.admin.createUser({ email: other, password: PASSWORD, email_confirm: true });
    expect(
      (await clientFrom(b, '203.0.113.1').auth.signInWithPassword({ email: other, password: PASSWORD })).error,
    ).toBeNull();

    // create-admin, run from an address that is being slowed down for this account, cannot end its sessions:
    // it says so, prints the new password, and promotes nothing.
    for (let i = 0; i < 10; i++)
      await b
        .serviceClient()
        .auth.signInWithPassword({ email, password: `guess-${i}` })
        .catch(() => undefined);
    const attempt = ensureAdmin(b.serviceClient(), email, 'owner-new-password', { url: b.url, key: b.serviceRoleKey });
    await expect(attempt).rejects.toThrow(/password of .* is now: owner-new-password[\s\S]*NOT made an admin/);
    const { data } = await b.serviceClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.find((u) => u.email === email)!.app_metadata.role).toBeUndefined();
  });

  it('limits sign-ups per address', async () => {
    const c = clientFrom(b, '198.51.100.10');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 32; i++)
      codes.push((await c.auth.signUp({ email: newEmail('flood'), password: PASSWORD })).error?.code);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(undefined));
    expect(codes.at(-1)).toBe('over_request_rate_limit');
  });

  it('limits e-mails per address per hour (recover, resend), with over_email_send_rate_limit', async () => {
    const c = clientFrom(b, '198.51.100.20');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 31; i++) {
      const r =
        i % 2
          ? await c.auth.resetPasswordForEmail(newEmail('x'))
          : await c.auth.resend({ type: 'signup', email: newEmail('y') });
      codes.push(r.error?.code);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(undefined));
    expect(codes[30]).toBe('over_email_send_rate_limit');
  });

  it('limits verifications and token refreshes per address', async () => {
    const verify = async () =>
      (await clientFrom(b, '198.51.100.30').auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'signup' })).error?.code;
    const verifications = [];
    for (let i = 0; i < 31; i++) verifications.push(await verify());
    expect(verifications.slice(0, 30)).toEqual(Array(30).fill('otp_expired'));
    expect(verifications[30]).toBe('over_request_rate_limit');

    const refresh = (i: number) =>
      fetch(`${b.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: b.anonKey, 'Content-Type': 'application/json', 'x-forwarded-for': '198.51.100.31' },
        body: JSON.stringify({ refresh_token: `unknown-${i}` }),
      }).then((r) => r.status);
    // The bucket refills at 150 per 5 minutes (one every 2 s): on a busy machine 151 requests take longer than
    // that, so the limit may let one more through per 2 s elapsed, and no more.
    const started = Date.now();
    const statuses: number[] = [];
    while (statuses.length < 300 && statuses.at(-1) !== 429) statuses.push(await refresh(statuses.length));
    const refilled = Math.ceil(((Date.now() - started) / 300_000) * 150);
    expect(statuses.slice(0, 150).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length - 1).toBeLessThanOrEqual(150 + refilled);
  });
});

describe('create-admin on the data directory, with no server running', () => {
  it('replaces the password of an account someone else registered, and says so', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-admin-'));
    const owner = newEmail('patron');
    try {
      // The migrated database of the global setup, not an initdb and every migration on disk: this is about create-admin.
      await seedPgliteDataDir(dataDir);
      const first = await startBackend(
        { port: 0, host: '127.0.0.1', dataDir, databaseUrl: null, authAutoconfirm: false },
        { ...process.env, DISPATCH: 'off' },
      );
      const anon = createClient(first.url, first.anonKey, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as never },
      });
      expect((await anon.auth.signUp({ email: owner, password: 'attacker-password' })).error).toBeNull();
      await first.close();

      const { stdout } = await createAdminCli(
        { DATA_DIR: dataDir, DATABASE_URL: '', PORT: '9', JWT_SECRET: '', DISPATCH: 'off' },
        owner,
      );
      expect(stdout).toContain('Using the embedded backend data directly.');
      expect(stdout).toContain('never confirmed');
      const printed = /with password: (\S+)/.exec(stdout)![1];

      const again = await startBackend(
        { port: 0, host: '127.0.0.1', dataDir, databaseUrl: null, authAutoconfirm: false },
        { ...process.env, DISPATCH: 'off' },
      );
      try {
        const c = createClient(again.url, again.anonKey, {
          auth: { persistSession: false },
          realtime: { transport: WebSocket as never },
        });
        expect((await c.auth.signInWithPassword({ email: owner, password: 'attacker-password' })).error?.code).toBe(
          'invalid_credentials',
        );
        const ok = await c.auth.signInWithPassword({ email: owner, password: printed });
        expect(ok.error).toBeNull();
        expect(jwtPayload(ok.data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
