import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 as domainToE164 } from '../../src/shared/domain/phone.js';
import { MailerError, toE164 as mailerToE164 } from '../../supabase/functions/_shared/mailer.ts';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';

describe.each(testDatabases())('function source changes on %s', (kind) => {
  let b: TestBackend;
  let dir: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const menuVersion = async () =>
    (await fetch(`${b.url}/functions/v1/menu-version`, { headers: { Authorization: `Bearer ${b.anonKey}` } })).json();

  beforeAll(async () => {
    // A supabase folder outside the project: packages still resolve from the backend's own node_modules.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-'));
    write('migrations/.keep', '');
    write('functions/_shared/version.ts', "export const shared = 'v1';\n");
    write(
      'functions/menu-version/index.ts',
      "import { shared } from '../_shared/version.ts';\nimport { createClient } from 'npm:@supabase/supabase-js@2';\n" +
        "let calls = 0;\nDeno.serve(() => Response.json({ own: 'v1', shared, client: typeof createClient, calls: ++calls }));\n",
    );
    b = await startTestBackend(kind, { supabaseDir: dir });
  });
  afterAll(async () => {
    await b?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds when the function or a _shared file changes, and not otherwise', async () => {
    expect(await menuVersion()).toEqual({ own: 'v1', shared: 'v1', client: 'function', calls: 1 });
    // Unchanged sources: the same running module answers again.
    expect(await menuVersion()).toEqual({ own: 'v1', shared: 'v1', client: 'function', calls: 2 });
    write(
      'functions/menu-version/index.ts',
      "import { shared } from '../_shared/version.ts';\nDeno.serve(() => Response.json({ own: 'v2', shared }));\n",
    );
    expect(await menuVersion()).toEqual({ own: 'v2', shared: 'v1' });
    write('functions/_shared/version.ts', "export const shared = 'v2-shared';\n");
    expect(await menuVersion()).toEqual({ own: 'v2', shared: 'v2-shared' });
    write('functions/menu-version/index.ts', 'Deno.serve(() => { syntax error here');
    const broken = await fetch(`${b.url}/functions/v1/menu-version`, {
      headers: { Authorization: `Bearer ${b.anonKey}` },
    });
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: string }).error).toMatch(
      /^cannot build function "menu-version": menu-version\/index.ts:1:\d+: /,
    );
    write('functions/menu-version/index.ts', "Deno.serve(() => Response.json({ own: 'fixed' }));\n");
    expect(await menuVersion()).toEqual({ own: 'fixed' });
  });

  it("follows the function's deno.json import map", async () => {
    write(
      'functions/mapped/deno.json',
      JSON.stringify({ imports: { supabase: 'npm:@supabase/supabase-js@2', '@shared/': '../_shared/' } }),
    );
    write(
      'functions/mapped/index.ts',
      "import { createClient } from 'supabase';\nimport { shared } from '@shared/version.ts';\n" +
        'Deno.serve(() => Response.json({ shared, client: typeof createClient }));\n',
    );
    const res = await fetch(`${b.url}/functions/v1/mapped`, { headers: { Authorization: `Bearer ${b.anonKey}` } });
    expect(await res.json()).toEqual({ shared: 'v2-shared', client: 'function' });
    write('functions/mapped/deno.json', JSON.stringify({ imports: { supabase: 'npm:@supabase/supabase-js@1' } }));
    const stale = await fetch(`${b.url}/functions/v1/mapped`, { headers: { Authorization: `Bearer ${b.anonKey}` } });
    expect(stale.status).toBe(500);
    expect(((await stale.json()) as { error: string }).error).toMatch(
      /npm:@supabase\/supabase-js@1 asks for @supabase\/supabase-js@1, but 2\.\d+\.\d+ is installed/,
    );
  });

  it('honours verify_jwt from config.toml as it changes', async () => {
    const anonymous = () => fetch(`${b.url}/functions/v1/menu-version`).then((r) => r.status);
    expect(await anonymous()).toBe(401);
    write('config.toml', '[functions.menu-version]\nverify_jwt = false\n');
    expect(await anonymous()).toBe(200);
  });
});

interface Captured {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.each(testDatabases())('_shared/mailer.ts with hosted provider secrets on %s', (kind) => {
  let b: TestBackend;
  let api: http.Server;
  const requests: Captured[] = [];
  let emailStatus = 200;

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        requests.push({ path: req.url!, headers: req.headers, body });
        res.writeHead(req.url === '/emails' ? emailStatus : 201, { 'Content-Type': 'application/json' });
        if (req.url === '/emails')
          res.end(
            JSON.stringify(
              emailStatus === 200 ? { id: 're_fn_1' } : { statusCode: emailStatus, message: 'Invalid `to` field.' },
            ),
          );
        else res.end(JSON.stringify({ sid: 'SMfn1' }));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    b = await startTestBackend(kind, {
      supabaseDir: 'tests/fixtures/functions-supabase',
      // The backend itself keeps the outbox; the function sees the provider secrets, as on hosted Supabase.
      env: {
        RESEND_API_KEY: 're_hosted',
        RESEND_API_URL: url,
        MAIL_FROM: 'Restaurant <commandes@example.lu>',
        TWILIO_ACCOUNT_SID: 'ACfn',
        TWILIO_AUTH_TOKEN: 'tok',
        TWILIO_FROM: '+352661000000',
        TWILIO_API_URL: url,
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await new Promise<void>((r) => api.close(() => r()));
  });

  it('calls Resend and Twilio directly and leaves the outbox empty', async () => {
    const { data, error } = await b.client().functions.invoke('send-receipt', {
      body: { email: 'ana@example.lu', phone: '00351 912 345 678', order: 'ZX98' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      mail: { id: 're_fn_1', provider: 'resend' },
      sms: { id: 'SMfn1', provider: 'twilio', to: '+351912345678' },
    });
    const [email, sms] = requests;
    expect(email.headers.authorization).toBe('Bearer re_hosted');
    expect(email.headers['idempotency-key']).toBe('receipt-ZX98');
    expect(JSON.parse(email.body)).toMatchObject({
      from: 'Restaurant <commandes@example.lu>',
      to: ['ana@example.lu'],
      subject: 'Commande ZX98 reçue – 12,50 €',
    });
    expect(sms.path).toBe('/2010-04-01/Accounts/ACfn/Messages.json');
    expect(sms.headers.authorization).toBe(`Basic ${Buffer.from('ACfn:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(sms.body))).toEqual({
      To: '+351912345678',
      From: '+352661000000',
      Body: 'Commande ZX98 reçue.',
    });
    expect((await b.db.query('select 1 from _mailbox.messages')).rows).toEqual([]);
  });

  it('passes a provider refusal back to the caller', async () => {
    emailStatus = 422;
    const res = await fetch(`${b.url}/functions/v1/send-receipt`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${b.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.lu', order: 'ZX99' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'resend: HTTP 422 Invalid `to` field.', retryable: false });
  });
});

describe('_shared/mailer.ts phone numbers', () => {
  it('normalises exactly like the domain rule', () => {
    for (const raw of [
      '621 123 456',
      '(+352) 621-123-456',
      '00351 912 345 678',
      '+33 6 12 34 56 78',
      '06 12 34 56 78',
      '26 12 34',
    ]) {
      expect(mailerToE164(raw, '352')).toBe(domainToE164(raw, '352'));
    }
    for (const raw of ['', '62a', '12', '+0 621 123 456', '+352 6211 2345 6789 0']) {
      expect(() => mailerToE164(raw, '352')).toThrow(`Invalid phone number "${raw}"`);
      expect(() => mailerToE164(raw, '352')).toThrow(MailerError);
      expect(() => domainToE164(raw, '352')).toThrow();
    }
  });
});
