// The restaurant's team (issue 32): Auth's invite and generate_link, the owner's Edge Function `staff`, and what a
// disabled or removed account can still do (nothing, at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { startOfFreshWindow } from '../helpers/rate-limits.js';
import { authFetch, jwtPayload, mailsTo, newEmail, openLink, verifyLinkFor } from './auth-helpers.js';
import { callFunction, signedIn } from './fn-support.js';

const PASSWORD = 'Frango-no-balcao-2026';

describe.each(testDatabases())('staff accounts on %s', (kind) => {
  let b: TestBackend;
  let owner: { id: string; token: string };
  let manager: { id: string; token: string };

  beforeAll(async () => {
    b = await startTestBackend(kind);
    owner = await signedIn(b, newEmail('dona'), { role: 'owner' });
    manager = await signedIn(b, newEmail('gerente'), { role: 'manager' });
  });
  afterAll(async () => b?.close());

  const staffFn = (body: Record<string, unknown>, token = owner.token) => callFunction(b, 'staff', body, token);

  /** The invitee follows the e-mailed link, sets a password and signs in: their access token. */
  async function acceptInvitation(email: string): Promise<{ token: string; refresh: string }> {
    const link = await verifyLinkFor(b, email);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toMatch(/\/admin\/convite$/);
    const opened = await openLink(link);
    expect(opened.fragment.get('type')).toBe('invite');
    const client = b.client();
    await client.auth.setSession({
      access_token: opened.fragment.get('access_token')!,
      refresh_token: opened.fragment.get('refresh_token')!,
    });
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    const signIn = await b.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    return { token: signIn.data.session!.access_token, refresh: signIn.data.session!.refresh_token };
  }

  it('lets the owner invite a counter member who sets a password from the mail and sees only the counter', async () => {
    const email = newEmail('balcao');
    const invited = await staffFn({ action: 'invite', email, role: 'staff' });
    expect(invited).toMatchObject({ status: 200, body: { email, role: 'staff' } });
    const [mail] = await mailsTo(b, email);
    expect(mail.subject).toBe('Convite para a equipa / Invitation dans l’équipe');

    const { token } = await acceptInvitation(email);
    expect(jwtPayload(token).app_metadata).toMatchObject({ role: 'staff' });
    const staff = b.client(token);
    expect((await staff.rpc('active_order_count')).error).toBeNull();
    expect((await staff.rpc('takings_report', { p_from: '2026-01-01', p_to: '2026-01-02' })).error?.code).toBe('42501');
    expect((await staff.rpc('admin_customer_export', { p_email: 'ana@example.lu' })).error?.code).toBe('42501');
    expect((await callFunction(b, 'get-users', {}, token)).status).toBe(403);
    expect((await staffFn({ action: 'list' }, token)).status).toBe(403);

    const list = await staffFn({ action: 'list' });
    const me = (list.body.members as { email: string; role: string; last_sign_in_at: string | null }[]).find(
      (m) => m.email === email,
    );
    expect(me).toMatchObject({ role: 'staff', invited: false, disabled: false });
    expect(me!.last_sign_in_at).toBeTruthy();
  });

  it('refuses the staff function to a manager, a customer and anon; the invitation needs the owner', async () => {
    expect((await staffFn({ action: 'list' }, manager.token)).status).toBe(403);
    expect((await staffFn({ action: 'invite', email: newEmail(), role: 'owner' }, manager.token)).status).toBe(403);
    const customer = await signedIn(b, newEmail('cliente'));
    expect((await staffFn({ action: 'list' }, customer.token)).status).toBe(403);
    expect((await staffFn({ action: 'list' }, b.anonKey)).status).toBe(401);
    const noToken = await authFetch(b, '/invite', { method: 'POST', json: { email: newEmail() } });
    expect(noToken.status).toBe(401);
    const asOwner = await authFetch(b, '/invite', {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}` },
      json: { email: newEmail() },
    });
    // Auth's own invite and generate_link are the service role's: an owner goes through the Edge Function.
    expect(asOwner.status).toBe(403);
    const generated = await b.client(owner.token).auth.admin.generateLink({ type: 'invite', email: newEmail() });
    expect(generated.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('spends an invitation link once, and not after it expired', async () => {
    const email = newEmail('convidado');
    expect((await b.serviceClient().auth.admin.inviteUserByEmail(email)).error).toBeNull();
    const link = await verifyLinkFor(b, email);
    expect((await openLink(link)).fragment.get('access_token')).toBeTruthy();
    expect((await openLink(link)).fragment.get('error_code')).toBe('otp_expired');

    const late = newEmail('atrasado');
    const generated = await b.serviceClient().auth.admin.generateLink({ type: 'invite', email: late });
    expect(generated.error).toBeNull();
    expect(generated.data.properties).toMatchObject({ verification_type: 'invite', email_otp: '' });
    expect(generated.data.user?.email).toBe(late);
    await b.db.query(`update auth.one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
      generated.data.user!.id,
    ]);
    const expired = await b
      .client()
      .auth.verifyOtp({ type: 'invite', token_hash: generated.data.properties!.hashed_token });
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const fresh = await b.serviceClient().auth.admin.generateLink({ type: 'invite', email: late });
    const ok = await b.client().auth.verifyOtp({ type: 'invite', token_hash: fresh.data.properties!.hashed_token });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(late);
    const again = await b.client().auth.verifyOtp({ type: 'invite', token_hash: fresh.data.properties!.hashed_token });
    expect(again.error).toMatchObject({ code: 'otp_expired' });
  });

  it('never hands over an account: a confirmed address is refused, a stranger’s unconfirmed sign-up loses its password', async () => {
    const customer = newEmail('cliente');
    await b.serviceClient().auth.admin.createUser({ email: customer, password: PASSWORD, email_confirm: true });
    const refused = await staffFn({ action: 'invite', email: customer, role: 'manager' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: expect.stringMatching(/já tem uma conta/), code: 'email_exists' });
    expect((await b.serviceClient().auth.admin.inviteUserByEmail(customer)).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });

    // Someone signs up first with the future employee's address and a password of their own.
    const future = newEmail('futuro');
    const squatter = await b.client().auth.signUp({ email: future, password: 'Senha-do-intruso-1' });
    expect(squatter.error).toBeNull();
    expect((await staffFn({ action: 'invite', email: future, role: 'manager' })).status).toBe(200);
    await acceptInvitation(future);
    const intruder = await b.client().auth.signInWithPassword({ email: future, password: 'Senha-do-intruso-1' });
    expect(intruder.error).not.toBeNull();
  });

  it('ends a disabled member’s sessions at once: the refresh fails and the database refuses the token', async () => {
    const email = newEmail('sazonal');
    await staffFn({ action: 'invite', email, role: 'staff' });
    const { token, refresh } = await acceptInvitation(email);
    const { body } = await staffFn({ action: 'list' });
    const member = (body.members as { id: string; email: string }[]).find((m) => m.email === email)!;
    expect((await b.client(token).rpc('active_order_count')).error).toBeNull();

    expect(await staffFn({ action: 'disable', id: member.id })).toMatchObject({ status: 200 });
    const denied = await b.client(token).rpc('active_order_count');
    expect(denied.error?.code).toBe('42501');
    expect((await b.client(token).from('orders').select('id')).data).toEqual([]);
    const refreshed = await b.client().auth.refreshSession({ refresh_token: refresh });
    expect(refreshed.error).not.toBeNull();
    expect((await b.client().auth.signInWithPassword({ email, password: PASSWORD })).error).not.toBeNull();

    await staffFn({ action: 'enable', id: member.id });
    const back = await b.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(back.error).toBeNull();

    expect(await staffFn({ action: 'remove', id: member.id })).toMatchObject({ status: 200 });
    expect((await b.client(back.data.session!.access_token).rpc('active_order_count')).error?.code).toBe('42501');
    expect((await b.client().auth.signInWithPassword({ email, password: PASSWORD })).error).not.toBeNull();
  });

  it('keeps an owner: the last one can be neither demoted, disabled nor removed, and customers are not the team', async () => {
    // The legacy admins of the backend count as owners: make this owner the only one.
    await b.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data - 'role'
        where raw_app_meta_data ->> 'role' in ('admin', 'owner') and id <> $1`,
      [owner.id],
    );
    for (const body of [
      { action: 'set_role', id: owner.id, role: 'manager' },
      { action: 'disable', id: owner.id },
      { action: 'remove', id: owner.id },
    ]) {
      const r = await staffFn(body);
      expect(r.status, body.action).toBe(409);
      expect(r.body.error).toMatch(/último proprietário/);
      expect(r.body.code, 'the code the screen words in its language').toBe('last_owner');
    }
    expect((await staffFn({ action: 'set_role', id: manager.id, role: 'owner' })).status).toBe(200);
    expect((await staffFn({ action: 'set_role', id: owner.id, role: 'manager' })).status).toBe(200);
    // The new owner (their role is read from Auth, not from their older token) cannot remove a customer here.
    const customer = await signedIn(b, newEmail('cliente'));
    expect((await staffFn({ action: 'remove', id: customer.id }, manager.token)).status).toBe(404);
    expect((await staffFn({ action: 'list' }, owner.token)).status).toBe(403);
  });

  it('limits invitations per owner (10 an hour), with the product limits as installed', async () => {
    const own = await signedIn(b, newEmail('dono'), { role: 'owner' });
    await startOfFreshWindow(3600, 60);
    await b.db.query(
      `update public.rate_limits set max_hits = 10 where bucket = 'staff_invite' and window_seconds = 3600`,
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await staffFn({ action: 'invite', email: newEmail('lote'), role: 'staff' }, own.token)).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await b.db.query(`update public.rate_limits set max_hits = 1000000 where bucket = 'staff_invite'`);
    }
  }, 121_000);
});
