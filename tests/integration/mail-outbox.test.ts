import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBackend } from '../../src/backend/server.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { InvalidMessageError, MailError } from '../../src/backend/mail/types.js';
import { mailConfigFromEnv } from '../../src/backend/mail/config.js';
import { mailboxFetch } from '../helpers/mailbox.js';

interface ApiMessage {
  id: string;
  kind: string;
  to: string[];
  subject: string | null;
  html: string | null;
  body: string | null;
  from: string | null;
  created_at: string;
}

describe.each(testDatabases())('outbox mail provider and mailbox on %s', (kind) => {
  let b: TestBackend;
  const api = (path: string, init?: RequestInit) => mailboxFetch(b, path, init);
  const messages = async (query = ''): Promise<ApiMessage[]> =>
    ((await (await api(`/api/messages${query}`)).json()) as { messages: ApiMessage[] }).messages;

  beforeAll(async () => {
    b = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/empty-supabase',
      env: { MAIL_FROM: 'Churrasqueira <commandes@example.lu>' },
    });
  });
  afterAll(async () => b?.close());
  beforeEach(async () => {
    expect((await api('/api/messages', { method: 'DELETE' })).status).toBe(200);
  });

  it('captures an e-mail in _mailbox.messages and returns its id', async () => {
    expect(b.context.mailer.emailProvider).toBe('outbox');
    const sent = await b.context.mailer.sendEmail({
      to: 'client@example.lu',
      subject: 'Commande reçue – 12,50 €',
      html: '<h1>Merci !</h1><p>Commande <b>AB12CD34</b></p>',
      text: 'Merci !',
    });
    expect(sent.provider).toBe('outbox');
    const row = await b.db.query<{ kind: string; recipients: string[]; subject: string; sender: string }>(
      `select kind, recipients, subject, sender from _mailbox.messages where id = $1`,
      [sent.id],
    );
    expect(row.rows).toEqual([
      {
        kind: 'email',
        recipients: ['client@example.lu'],
        subject: 'Commande reçue – 12,50 €',
        sender: 'Churrasqueira <commandes@example.lu>',
      },
    ]);
    const one = (await (await api(`/api/messages/${sent.id}`)).json()) as ApiMessage;
    expect(one).toMatchObject({
      id: sent.id,
      kind: 'email',
      to: ['client@example.lu'],
      html: '<h1>Merci !</h1><p>Commande <b>AB12CD34</b></p>',
      body: 'Merci !',
    });
    expect(Date.now() - Date.parse(one.created_at)).toBeLessThan(60_000);
  });

  it('captures an SMS with the number normalised to E.164', async () => {
    const sent = await b.context.mailer.sendSms({ to: '621 123 456', body: 'Votre commande est prête.' });
    expect(sent).toMatchObject({ provider: 'outbox', to: '+352621123456' });
    const list = await messages();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: sent.id,
      kind: 'sms',
      to: ['+352621123456'],
      body: 'Votre commande est prête.',
      subject: null,
      html: null,
    });
  });

  it('refuses bad messages with a clear, non-retryable error and stores nothing', async () => {
    const bad = [
      b.context.mailer.sendSms({ to: '62a 12', body: 'x' }),
      b.context.mailer.sendSms({ to: '621123456', body: '  ' }),
      b.context.mailer.sendEmail({ to: 'not-an-address', subject: 's', html: '<p>x</p>' }),
      b.context.mailer.sendEmail({ to: [], subject: 's', html: '<p>x</p>' }),
      b.context.mailer.sendEmail({ to: 'a@b.lu', subject: '', html: '<p>x</p>' }),
    ];
    for (const p of bad) {
      const e = await p.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(InvalidMessageError);
      expect((e as MailError).retryable).toBe(false);
    }
    await expect(b.context.mailer.sendSms({ to: '62a 12', body: 'x' })).rejects.toThrow(
      'Invalid phone number "62a 12"',
    );
    expect(await messages()).toEqual([]);
  });

  it('delivers a message once per idempotency key', async () => {
    const first = await b.context.mailer.sendEmail({
      to: 'a@b.lu',
      subject: 'Commande',
      html: '<p>1</p>',
      idempotencyKey: 'order-1-confirmation',
    });
    const again = await b.context.mailer.sendEmail({
      to: 'a@b.lu',
      subject: 'Commande',
      html: '<p>1</p>',
      idempotencyKey: 'order-1-confirmation',
    });
    expect(again.id).toBe(first.id);
    expect(await messages()).toHaveLength(1);
  });

  it('lists newest first, filters by recipient and kind, deletes', async () => {
    await b.context.mailer.sendEmail({
      to: ['Ana <ana@example.lu>', 'bo@example.lu'],
      subject: 'first',
      html: '<p>1</p>',
    });
    await b.context.mailer.sendEmail({ to: 'bo@example.lu', subject: 'second', html: '<p>2</p>' });
    await b.context.mailer.sendSms({ to: '+351 912 345 678', body: 'third' });
    expect((await messages()).map((m) => m.subject ?? m.body)).toEqual(['third', 'second', 'first']);
    expect((await messages('?to=BO@example.lu')).map((m) => m.subject)).toEqual(['second', 'first']);
    expect((await messages('?to=ANA@example.lu')).map((m) => m.subject)).toEqual(['first']);
    expect((await messages('?to=%2B351912345678')).map((m) => m.body)).toEqual(['third']);
    expect((await messages('?kind=sms')).map((m) => m.kind)).toEqual(['sms']);
    expect((await api('/api/messages?kind=fax')).status).toBe(400);
    expect((await api('/api/messages?limit=0')).status).toBe(400);
    const [newest] = await messages();
    expect(await (await api(`/api/messages/${newest.id}`, { method: 'DELETE' })).json()).toEqual({ deleted: 1 });
    expect((await api(`/api/messages/${newest.id}`)).status).toBe(404);
    expect((await api('/api/messages/not-a-uuid')).status).toBe(404);
    expect(await (await api('/api/messages', { method: 'DELETE' })).json()).toEqual({ deleted: 2 });
    expect(await messages()).toEqual([]);
  });

  it('serves the page, its script, and each e-mail as sandboxed HTML', async () => {
    const page = await api('');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('src="/_mailbox/mailbox.js"');
    const script = await api('/mailbox.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('setInterval(refresh');

    const { id } = await b.context.mailer.sendEmail({
      to: 'a@b.lu',
      subject: 'x',
      html: '<p>Bonjour</p><script>parent.x=1</script>',
    });
    const body = await api(`/messages/${id}/html`);
    expect(body.status).toBe(200);
    const csp = body.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(await body.text()).toContain('<p>Bonjour</p>');
    expect((await api('/messages/00000000-0000-0000-0000-000000000000/html')).status).toBe(404);
  });

  it('sends through the backend mailer on POST /api/send with the service role key only', async () => {
    const post = (token: string | null, body: unknown) =>
      api('/api/send', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const email = { to: 'client@example.lu', subject: 'Réservation reçue', html: '<p>À bientôt</p>' };
    expect((await post(null, email)).status).toBe(401);
    expect((await post(b.anonKey, email)).status).toBe(403);
    expect((await post('x.y.z', email)).status).toBe(401);
    const ok = await post(b.serviceRoleKey, email);
    expect(ok.status).toBe(200);
    const sent = (await ok.json()) as { provider: string };
    expect(sent.provider).toBe('outbox');
    const sms = (await (
      await post(b.serviceRoleKey, { kind: 'sms', to: '00352 621 000 111', body: 'Prête !' })
    ).json()) as { to: string };
    expect(sms.to).toBe('+352621000111');
    const bad = await post(b.serviceRoleKey, { kind: 'sms', to: 'abc', body: 'x' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('Invalid phone number');
    expect((await post(b.serviceRoleKey, { kind: 'fax', to: 'x' })).status).toBe(400);
    const notJson = await api('/api/send', {
      method: 'POST',
      headers: { Authorization: `Bearer ${b.serviceRoleKey}` },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect((await messages()).map((m) => m.subject ?? m.body)).toEqual(['Prête !', 'Réservation reçue']);
  });
});

describe.each(testDatabases())('mailbox switched off on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, { supabaseDir: 'tests/fixtures/empty-supabase', env: { MAILBOX: 'off' } });
  });
  afterAll(async () => b?.close());

  it('serves neither the page nor the API, but still lets the service role send', async () => {
    expect(b.mailboxSecret).toBeNull();
    expect((await fetch(`${b.url}/_mailbox`)).status).toBe(404);
    expect((await fetch(`${b.url}/_mailbox/api/messages`)).status).toBe(404);
    const res = await fetch(`${b.url}/_mailbox/api/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${b.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: 'a@b.lu', subject: 's', html: '<p>x</p>' }),
    });
    expect(res.status).toBe(200);
    expect((await b.db.query(`select 1 from _mailbox.messages`)).rows).toHaveLength(1);
  });

  it('reports a database that cannot store the message as a retryable MailError', async () => {
    await b.db.exec('alter table _mailbox.messages rename to messages_away');
    try {
      const e = await b.context.mailer
        .sendEmail({ to: 'a@b.lu', subject: 's', html: '<p>x</p>' })
        .catch((err: unknown) => err);
      expect(e).toBeInstanceOf(MailError);
      expect((e as MailError).retryable).toBe(true);
      expect((e as MailError).message).toMatch(/^outbox: cannot store the e-mail \(.*messages.*\)$/);
    } finally {
      await b.db.exec('alter table _mailbox.messages_away rename to messages');
    }
  });
});

describe('mail configuration', () => {
  it('stops the backend at startup when the chosen provider is not configured, before it opens the database', async () => {
    const env = { ...process.env, MAIL_PROVIDER: 'smtp', MAIL_FROM: 'a@b.lu', PORT: '0' };
    // A database no one listens on: the mail error comes first, or this would fail to connect instead.
    const start = startBackend(
      {
        supabaseDir: 'tests/fixtures/empty-supabase',
        dataDir: null,
        databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      },
      env,
    );
    await expect(start).rejects.toThrow('Mail configuration: SMTP_HOST is required when MAIL_PROVIDER=smtp');
  });

  it.each([
    [{ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'localhost' }, 'MAIL_FROM is required when MAIL_PROVIDER=smtp'],
    [{ MAIL_PROVIDER: 'resend', MAIL_FROM: 'a@b.lu' }, 'RESEND_API_KEY is required'],
    [
      { MAIL_PROVIDER: 'resend', MAIL_FROM: 'a@b.lu', RESEND_API_KEY: 'k', RESEND_API_URL: 'ftp://x' },
      'RESEND_API_URL must be an http(s) URL',
    ],
    [{ MAIL_PROVIDER: 'sendgrid' }, 'MAIL_PROVIDER must be outbox, smtp or resend'],
    [
      { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' },
      'TWILIO_FROM is required when SMS_PROVIDER=twilio',
    ],
    [{ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'h', MAIL_FROM: 'a@b.lu', SMTP_PORT: 'x' }, 'SMTP_PORT must be a port number'],
    [{ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'h', MAIL_FROM: 'a@b.lu', SMTP_USER: 'u' }, 'SMTP_PASS is required'],
  ])('rejects %j', (env, message) => {
    expect(() => mailConfigFromEnv(env)).toThrow(message);
  });

  it('defaults to the outbox for both e-mail and SMS', () => {
    expect(mailConfigFromEnv({})).toMatchObject({
      emailProvider: 'outbox',
      smsProvider: 'outbox',
      smsDefaultCountryCode: '352',
    });
  });
});
