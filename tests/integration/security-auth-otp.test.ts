import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { mailsTo, newEmail } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';

/** POST /auth/v1<path> from a chosen loopback source address (a distinct client for the rate limits). */
function postFrom(
  b: TestBackend,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; code: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: b.port,
        path: `/auth/v1${path}`,
        method: 'POST',
        localAddress,
        headers: { apikey: b.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { code?: string };
          resolve({ status: res.statusCode ?? 0, code: json.code });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * The sign-in code (`POST /otp`, `POST /verify {type: 'email'}`) under attack, with the real limits of
 * supabase/config.toml and the one-a-minute interval per address.
 */
describe.each(testDatabases())('sign-in codes against abuse, on %s', (kind) => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend(kind, {
      env: {
        ...process.env,
        AUTH_EMAIL_MAX_FREQUENCY: '60',
        AUTH_RATE_LIMIT_EMAIL_SENT: '',
        AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  it('asking twice answers alike for a customer, a banned account, an unknown address and a new one', async () => {
    const service = b.serviceClient();
    const customer = newEmail('client');
    const banned = newEmail('banni');
    expect(
      (await service.auth.admin.createUser({ email: customer, password: PASSWORD, email_confirm: true })).error,
    ).toBeNull();
    const made = await service.auth.admin.createUser({ email: banned, password: PASSWORD, email_confirm: true });
    expect((await service.auth.admin.updateUserById(made.data.user!.id, { ban_duration: '24h' })).error).toBeNull();
    const unknown = newEmail('inconnu');

    const twice = async (address: string, email: string, createUser: boolean) => [
      await postFrom(b, address, '/otp', { email, create_user: createUser }),
      await postFrom(b, address, '/otp', { email, create_user: createUser }),
    ];
    const alike = [
      { status: 200, code: undefined },
      { status: 429, code: 'over_email_send_rate_limit' },
    ];
    expect(await twice('127.0.8.1', customer, false)).toEqual(alike);
    expect(await twice('127.0.8.2', banned, false)).toEqual(alike);
    expect(await twice('127.0.8.3', unknown, false)).toEqual(alike);
    expect(await twice('127.0.8.4', newEmail('nouveau'), true)).toEqual(alike);
    // Only the customer got an e-mail.
    expect(await mailsTo(b, customer)).toHaveLength(1);
    expect(await mailsTo(b, banned)).toEqual([]);
    expect(await mailsTo(b, unknown)).toEqual([]);
  });

  it('one client address may ask for 30 sign-in e-mails an hour, known addresses or not', async () => {
    const from = '127.0.9.1';
    for (let i = 0; i < 30; i++) {
      const r = await postFrom(b, from, '/otp', { email: newEmail(`rafale${i}`), create_user: i % 2 === 0 });
      expect(r.status).toBe(200);
    }
    expect(await postFrom(b, from, '/otp', { email: newEmail('rafale-de-trop') })).toEqual({
      status: 429,
      code: 'over_email_send_rate_limit',
    });
    // Another client is not held up.
    expect((await postFrom(b, '127.0.9.2', '/otp', { email: newEmail('autre') })).status).toBe(200);
  });

  it('one client address may try 30 codes per 5 minutes, whichever addresses it names', async () => {
    const from = '127.0.10.1';
    for (let i = 0; i < 30; i++) {
      const r = await postFrom(b, from, '/verify', { type: 'email', email: newEmail(`essai${i}`), token: '123456' });
      expect(r).toEqual({ status: 403, code: 'otp_expired' });
    }
    expect(await postFrom(b, from, '/verify', { type: 'email', email: newEmail('essai'), token: '123456' })).toEqual({
      status: 429,
      code: 'over_request_rate_limit',
    });
  });
});
