import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { newEmail, openLink } from './auth-helpers.js';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback: keeps what it accepts, refuses recipients starting with "refuse". */
async function startSmtp(): Promise<{ port: number; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('refuse')) {
        const e = new Error('Mailbox unavailable') as Error & { responseCode: number };
        e.responseCode = 550;
        return cb(e);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** The verify link out of a quoted-printable MIME message. */
function linkIn(raw: string): URL {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const m = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(decoded);
  if (!m) throw new Error('no verify link in the message');
  return new URL(m[1].replace(/&amp;/g, '&'));
}

const smtpEnv = (port: number) => ({
  ...process.env,
  MAIL_PROVIDER: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  MAIL_FROM: 'Churrasqueira <noreply@churrasqueira.lu>',
  MAIL_TIMEOUT_MS: '5000',
});

describe.each(testDatabases())('auth e-mail over SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let b: TestBackend;
  let down: TestBackend;
  beforeAll(async () => {
    smtp = await startSmtp();
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase', env: smtpEnv(smtp.port) });
    down = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/empty-supabase',
      env: smtpEnv(await closedPort()),
    });
  });
  afterAll(async () => {
    await b?.close();
    await down?.close();
    await smtp?.close();
  });

  const userCount = async (backend: TestBackend, email: string) =>
    (await backend.db.query(`select 1 from auth.users where email = $1`, [email])).rows.length;

  it('delivers the confirmation e-mail through SMTP and its link confirms the account', async () => {
    const email = newEmail();
    const { error } = await b.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    expect(error).toBeNull();
    const mail = smtp.inbox.find((m) => m.to.includes(email))!;
    expect(mail.raw).toContain('Subject: Confirmez votre inscription');
    const opened = await openLink(linkIn(mail.raw));
    expect(opened.fragment.get('access_token')).toBeTruthy();
    expect((await b.client().auth.signInWithPassword({ email, password: 'frango-grelhado-42' })).error).toBeNull();
  });

  it('fails signup with a 500 and keeps no account when the confirmation e-mail cannot be sent', async () => {
    const refused = `refuse.${newEmail()}`;
    const logged = vi.spyOn(console, 'error');
    const r = await fetch(`${b.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: b.anonKey },
      body: JSON.stringify({ email: refused, password: 'mot-de-passe-secret-77' }),
    });
    const lines = logged.mock.calls.flat().map(String);
    logged.mockRestore();
    expect(lines.join('\n')).toContain('failed');
    expect(lines.join('\n')).not.toContain('mot-de-passe-secret-77');
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ error_code: 'unexpected_failure', msg: 'Error sending confirmation email' });
    expect(await userCount(b, refused)).toBe(0);

    const email = newEmail();
    const viaClient = await down.client().auth.signUp({ email, password: 'frango-grelhado-42' });
    expect(viaClient.error).toMatchObject({ status: 500 });
    expect(viaClient.data.user).toBeNull();
    expect(await userCount(down, email)).toBe(0);
  });

  it('reports a failed password-reset or e-mail-change message instead of pretending it was sent', async () => {
    const email = newEmail();
    await down.serviceClient().auth.admin.createUser({ email, password: 'frango-grelhado-42', email_confirm: true });
    const reset = await down.client().auth.resetPasswordForEmail(email);
    expect(reset.error).toMatchObject({ status: 500 });
    expect(
      (
        await down.db.query(
          `select 1 from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = $1`,
          [email],
        )
      ).rows,
    ).toHaveLength(0);

    const client = down.client();
    await client.auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    const change = await client.auth.updateUser({ email: newEmail('nouvelle') });
    expect(change.error).toMatchObject({ status: 500 });
    const row = await down.db.query<{ email_change: string | null }>(
      `select email_change from auth.users where email = $1`,
      [email],
    );
    expect(row.rows[0].email_change || null).toBeNull();
  });

  it('changes the e-mail only once the link sent to the new address is followed', async () => {
    const email = newEmail();
    await b.serviceClient().auth.admin.createUser({ email, password: 'frango-grelhado-42', email_confirm: true });
    const client = b.client();
    await client.auth.signInWithPassword({ email, password: 'frango-grelhado-42' });
    const next = newEmail('nouvelle');
    const pending = await client.auth.updateUser({ email: next }, { emailRedirectTo: `${b.url}/profil` });
    expect(pending.error).toBeNull();
    expect(pending.data.user).toMatchObject({ email, new_email: next });
    const mail = smtp.inbox.find((m) => m.to.includes(next))!;
    const link = linkIn(mail.raw);
    expect(link.searchParams.get('type')).toBe('email_change');
    const opened = await openLink(link);
    expect(opened.location.pathname).toBe('/profil');
    expect(opened.fragment.get('type')).toBe('email_change');
    const me = await b.client().auth.getUser(opened.fragment.get('access_token')!);
    expect(me.data.user!.email).toBe(next);
    expect(
      (await b.client().auth.signInWithPassword({ email: next, password: 'frango-grelhado-42' })).error,
    ).toBeNull();
  });
});
