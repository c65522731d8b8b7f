import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackendContext } from '../../src/backend/context.js';
import { createMailer } from '../../src/backend/mail/index.js';
import { MailError, type Mailer } from '../../src/backend/mail/types.js';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

/** A mailer for providers that never touch the database. */
function mailerWith(env: Record<string, string>): Mailer {
  return createMailer({ config: { env }, db: null } as unknown as BackendContext);
}

async function failure(p: Promise<unknown>): Promise<MailError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MailError);
  return e as MailError;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

interface Captured {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A provider API on loopback: records each request and answers with what `reply` says. */
async function fakeApi(reply: (req: Captured) => { status: number; body: unknown }) {
  const requests: Captured[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const captured = {
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(captured);
      const { status, body } = reply(captured);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('SMTP provider against a real SMTP server on loopback', () => {
  const received: { mail: ParsedMail; from: string; to: string[] }[] = [];
  let server: SMTPServer;
  let port: number;
  const env = () => ({
    MAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_USER: 'restaurant',
    SMTP_PASS: 'secret-pass',
    MAIL_FROM: 'Restaurant <commandes@example.lu>',
  });

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === 'restaurant' && auth.password === 'secret-pass') cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, cb) {
        if (address.address.endsWith('@unknown.example.lu'))
          cb(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
        else if (address.address.endsWith('@greylist.example.lu'))
          cb(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
        else cb();
      },
      onData(stream, session, cb) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              mail,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            });
            cb();
          })
          .catch(cb);
      },
    });
    server.on('error', () => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((r) => server.close(() => r())));

  it('delivers an HTML e-mail with UTF-8 accents, authenticated', async () => {
    const mailer = mailerWith(env());
    expect(mailer.emailProvider).toBe('smtp');
    const sent = await mailer.sendEmail({
      to: ['Ana Silva <ana@example.lu>', 'bo@example.lu'],
      subject: 'Commande reçue – 12,50 €',
      html: '<h1>Obrigado, Ana !</h1><p>Poulet grillé entier – 12,50 €</p>',
      text: 'Poulet grillé entier – 12,50 €',
      replyTo: 'contact@example.lu',
    });
    expect(sent.provider).toBe('smtp');
    expect(sent.id).toMatch(/^<.+@.+>$/);
    expect(received).toHaveLength(1);
    const { mail, from, to } = received[0];
    expect(from).toBe('commandes@example.lu');
    expect(to).toEqual(['ana@example.lu', 'bo@example.lu']);
    expect(mail.subject).toBe('Commande reçue – 12,50 €');
    expect(mail.messageId).toBe(sent.id);
    expect(mail.from?.value).toEqual([{ address: 'commandes@example.lu', name: 'Restaurant' }]);
    const toHeader = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : mail.to!.value;
    expect(toHeader).toEqual([
      { address: 'ana@example.lu', name: 'Ana Silva' },
      { address: 'bo@example.lu', name: '' },
    ]);
    expect(mail.html).toContain('<p>Poulet grillé entier – 12,50 €</p>');
    expect(mail.text?.trim()).toBe('Poulet grillé entier – 12,50 €');
    expect(mail.replyTo?.value[0].address).toBe('contact@example.lu');
  });

  it('reports a permanent rejection (550) as not retryable, naming the reason', async () => {
    const e = await failure(
      mailerWith(env()).sendEmail({ to: 'nobody@unknown.example.lu', subject: 'x', html: '<p>x</p>' }),
    );
    expect(e.provider).toBe('smtp');
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('Mailbox does not exist');
  });

  it('reports a temporary rejection (451) as retryable', async () => {
    const e = await failure(
      mailerWith(env()).sendEmail({ to: 'a@greylist.example.lu', subject: 'x', html: '<p>x</p>' }),
    );
    expect(e.retryable).toBe(true);
    expect(e.message).toContain('Try again later');
  });

  it('reports refused credentials as not retryable', async () => {
    const e = await failure(
      mailerWith({ ...env(), SMTP_PASS: 'wrong' }).sendEmail({ to: 'a@example.lu', subject: 'x', html: '<p>x</p>' }),
    );
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/refused the login: 535 Invalid username or password/);
  });

  it('reports a server that is down as retryable', async () => {
    const e = await failure(
      mailerWith({ ...env(), SMTP_PORT: String(await closedPort()) }).sendEmail({
        to: 'a@example.lu',
        subject: 'x',
        html: '<p>x</p>',
      }),
    );
    expect(e.retryable).toBe(true);
    expect(e.message).toMatch(/cannot deliver through 127\.0\.0\.1:\d+ .*ECONNREFUSED/);
  });

  it('speaks TLS from the first byte with SMTP_SECURE (a plain server is not accepted)', async () => {
    const e = await failure(
      mailerWith({ ...env(), SMTP_SECURE: 'true' }).sendEmail({ to: 'a@example.lu', subject: 'x', html: '<p>x</p>' }),
    );
    expect(e.message).toMatch(/ESOCKET: .*wrong version number/);
    expect(received).toHaveLength(1);
  });
});

describe('SMTP provider over TLS against a real SMTP server on loopback', () => {
  let dir: string;
  let cert: string;
  let key: string;
  const servers: SMTPServer[] = [];

  /** An SMTP server with a certificate for 127.0.0.1; records whether each message came over TLS. */
  async function tlsServer(secure: boolean) {
    const received: { subject: string | undefined; overTls: boolean }[] = [];
    const server = new SMTPServer({
      secure,
      key,
      cert,
      authOptional: true,
      logger: false,
      onData(stream, session, cb) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ subject: mail.subject, overTls: session.secure });
            cb();
          })
          .catch(cb);
      },
    });
    // A client that gives up during the handshake is reported by the server as an error event.
    server.on('error', () => {});
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { port: (server.server.address() as AddressInfo).port, received };
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    key = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
    cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const env = (port: number, secure: boolean) => ({
    MAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_SECURE: String(secure),
    SMTP_CA_FILE: path.join(dir, 'cert.pem'),
    MAIL_FROM: 'commandes@example.lu',
  });

  it('delivers with SMTP_SECURE=true (TLS from the first byte), trusting SMTP_CA_FILE', async () => {
    const { port, received } = await tlsServer(true);
    await mailerWith(env(port, true)).sendEmail({
      to: 'a@example.lu',
      subject: 'Commande reçue – 12,50 €',
      html: '<p>ok</p>',
    });
    expect(received).toEqual([{ subject: 'Commande reçue – 12,50 €', overTls: true }]);
  });

  it('upgrades a plain connection with STARTTLS when the server offers it', async () => {
    const { port, received } = await tlsServer(false);
    await mailerWith(env(port, false)).sendEmail({ to: 'a@example.lu', subject: 'STARTTLS', html: '<p>ok</p>' });
    expect(received).toEqual([{ subject: 'STARTTLS', overTls: true }]);
  });

  it('refuses a certificate it does not trust, as not retryable', async () => {
    const { port, received } = await tlsServer(true);
    const { SMTP_CA_FILE: _, ...untrusted } = env(port, true);
    const e = await failure(mailerWith(untrusted).sendEmail({ to: 'a@example.lu', subject: 'x', html: '<p>x</p>' }));
    expect(e.message).toMatch(/self[- ]signed certificate/);
    expect(received).toEqual([]);
  });

  it('stops at startup when SMTP_CA_FILE cannot be read', () => {
    expect(() => mailerWith({ ...env(25, true), SMTP_CA_FILE: path.join(dir, 'missing.pem') })).toThrow(
      'SMTP_CA_FILE cannot be read',
    );
  });
});

describe('Resend provider against a loopback HTTP API', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let status = 200;
  beforeAll(async () => {
    api = await fakeApi(() =>
      status === 200
        ? { status, body: { id: 're_4ef9a417' } }
        : {
            status,
            body: { statusCode: status, name: 'validation_error', message: 'The domain example.lu is not verified.' },
          },
    );
  });
  afterAll(async () => api.close());
  afterEach(() => {
    status = 200;
  });
  const env = () => ({
    MAIL_PROVIDER: 'resend',
    RESEND_API_KEY: 're_test_key',
    RESEND_API_URL: api.url,
    MAIL_FROM: 'Restaurant <commandes@example.lu>',
  });

  it('posts the JSON Resend expects, with the bearer key and idempotency key', async () => {
    const sent = await mailerWith(env()).sendEmail({
      to: 'client@example.lu',
      subject: 'Commande reçue – 12,50 €',
      html: '<p>Merci !</p>',
      text: 'Merci !',
      replyTo: 'contact@example.lu',
      idempotencyKey: 'order-42-confirmation',
    });
    expect(sent).toEqual({ id: 're_4ef9a417', provider: 'resend' });
    const req = api.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/emails');
    expect(req.headers.authorization).toBe('Bearer re_test_key');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['idempotency-key']).toBe('order-42-confirmation');
    expect(JSON.parse(req.body)).toEqual({
      from: 'Restaurant <commandes@example.lu>',
      to: ['client@example.lu'],
      subject: 'Commande reçue – 12,50 €',
      html: '<p>Merci !</p>',
      text: 'Merci !',
      reply_to: 'contact@example.lu',
    });
  });

  it('surfaces a 4xx as a non-retryable error with the API message', async () => {
    status = 403;
    const e = await failure(mailerWith(env()).sendEmail({ to: 'a@example.lu', subject: 's', html: '<p>x</p>' }));
    expect(e.message).toBe('resend refused the message: HTTP 403 The domain example.lu is not verified.');
    expect(e.retryable).toBe(false);
  });

  it('surfaces 429 and 5xx as retryable', async () => {
    for (const s of [429, 500, 503]) {
      status = s;
      const e = await failure(mailerWith(env()).sendEmail({ to: 'a@example.lu', subject: 's', html: '<p>x</p>' }));
      expect(e.retryable).toBe(true);
      expect(e.message).toContain(`HTTP ${s}`);
    }
  });

  it('surfaces a refused connection as retryable', async () => {
    const e = await failure(
      mailerWith({ ...env(), RESEND_API_URL: `http://127.0.0.1:${await closedPort()}` }).sendEmail({
        to: 'a@example.lu',
        subject: 's',
        html: '<p>x</p>',
      }),
    );
    expect(e.message).toMatch(/resend: cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    expect(e.retryable).toBe(true);
  });
});

describe('Twilio provider against a loopback HTTP API', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>;
  beforeAll(async () => {
    api = await fakeApi((req) => {
      const to = new URLSearchParams(req.body).get('To');
      if (to === '+352999999999')
        return {
          status: 400,
          body: { code: 21211, message: "The 'To' number +352999999999 is not a valid phone number.", status: 400 },
        };
      if (to === '+352888888888') return { status: 503, body: { message: 'Service unavailable' } };
      return { status: 201, body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to } };
    });
  });
  afterAll(async () => api.close());
  const env = (from = '+352661000000') => ({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC11112222333344445555666677778888',
    TWILIO_AUTH_TOKEN: 'twilio-token',
    TWILIO_FROM: from,
    TWILIO_API_URL: api.url,
  });

  it('posts the form Twilio expects with basic auth, the number in E.164', async () => {
    const sent = await mailerWith(env()).sendSms({
      to: '621 123 456',
      body: 'Votre commande est prête – à tout de suite !',
    });
    expect(sent).toEqual({ id: 'SM0123456789abcdef0123456789abcdef', provider: 'twilio', to: '+352621123456' });
    const req = api.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/2010-04-01/Accounts/AC11112222333344445555666677778888/Messages.json');
    expect(req.headers.authorization).toBe(
      'Basic ' + Buffer.from('AC11112222333344445555666677778888:twilio-token').toString('base64'),
    );
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      To: '+352621123456',
      From: '+352661000000',
      Body: 'Votre commande est prête – à tout de suite !',
    });
  });

  it('sends from a Messaging Service when TWILIO_FROM is one', async () => {
    await mailerWith(env('MG00000000000000000000000000000001')).sendSms({ to: '+33 6 12 34 56 78', body: 'x' });
    expect(Object.fromEntries(new URLSearchParams(api.requests.at(-1)!.body))).toMatchObject({
      To: '+33612345678',
      MessagingServiceSid: 'MG00000000000000000000000000000001',
    });
  });

  it('refuses an invalid number before calling the API', async () => {
    const before = api.requests.length;
    const e = await failure(mailerWith(env()).sendSms({ to: '621-ABC', body: 'x' }));
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('Invalid phone number "621-ABC"');
    expect(api.requests.length).toBe(before);
  });

  it('surfaces API errors: 400 not retryable with Twilio’s code, 503 retryable', async () => {
    const bad = await failure(mailerWith(env()).sendSms({ to: '999 999 999', body: 'x' }));
    expect(bad.message).toBe(
      "twilio refused the message: HTTP 400 The 'To' number +352999999999 is not a valid phone number. [code 21211]",
    );
    expect(bad.retryable).toBe(false);
    const down = await failure(mailerWith(env()).sendSms({ to: '888 888 888', body: 'x' }));
    expect(down.retryable).toBe(true);
  });
});

describe.each(testDatabases())('providers through the running backend on %s', (kind) => {
  let b: TestBackend;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  beforeAll(async () => {
    api = await fakeApi((req) =>
      req.path === '/emails' ? { status: 200, body: { id: 're_1' } } : { status: 201, body: { sid: 'SM1' } },
    );
    b = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/empty-supabase',
      env: {
        MAIL_PROVIDER: 'resend',
        RESEND_API_KEY: 're_key',
        RESEND_API_URL: api.url,
        MAIL_FROM: 'commandes@example.lu',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'tok',
        TWILIO_FROM: '+352661000000',
        TWILIO_API_URL: api.url,
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await api?.close();
  });

  it('sends e-mail and SMS through the configured providers, not the outbox', async () => {
    const send = (body: unknown) =>
      fetch(`${b.url}/_mailbox/api/send`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${b.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    expect(await send({ to: 'a@example.lu', subject: 'Olá', html: '<p>x</p>' })).toEqual({
      status: 200,
      body: { id: 're_1', provider: 'resend' },
    });
    expect(await send({ kind: 'sms', to: '621123456', body: 'x' })).toEqual({
      status: 200,
      body: { id: 'SM1', provider: 'twilio', to: '+352621123456' },
    });
    expect(api.requests.map((r) => r.path)).toEqual(['/emails', '/2010-04-01/Accounts/AC1/Messages.json']);
    expect((await b.db.query(`select 1 from _mailbox.messages`)).rows).toEqual([]);
    await api.close();
    const down = await send({ to: 'a@example.lu', subject: 'Olá', html: '<p>x</p>' });
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ provider: 'resend', retryable: true });
    expect(String(down.body.error)).toContain('ECONNREFUSED');
  });
});
