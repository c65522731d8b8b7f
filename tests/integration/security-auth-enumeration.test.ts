import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabases, type TestBackend } from '../helpers/backend.js';
import { authFetch, mailsTo, newEmail } from './auth-helpers.js';

const PASSWORD = 'frango-grelhado-42';

/**
 * A password reset or a confirmation sent again answers alike whether or not the address has an account the
 * link is for: the same status and error code on the first and on a second request within the minimum
 * interval (an address asked for less than a minute ago waits, account or not), so asking twice does not
 * tell who is a customer here.
 */
describe.each(testDatabases())('account e-mails do not reveal who has an account, on %s', (kind) => {
  let b: TestBackend;

  beforeAll(async () => {
    b = await startTestBackend(kind, { env: { ...process.env, AUTH_EMAIL_MAX_FREQUENCY: '60' } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
  });

  /** Two requests in a row, as an attacker would send them: what each answered (status, error code). */
  async function askTwice(path: '/recover' | '/resend' | '/signup', email: string) {
    const json = {
      '/recover': { email },
      '/resend': { type: 'signup', email },
      '/signup': { email, password: PASSWORD },
    }[path];
    const answers: { status: number; code: string | undefined }[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await authFetch(b, path, { method: 'POST', json });
      answers.push({ status: r.status, code: ((await r.json()) as { error_code?: string }).error_code });
    }
    return answers;
  }

  /** A new account, its e-mail confirmed or not. */
  async function account(confirmed: boolean) {
    const email = newEmail(confirmed ? 'client' : 'inscrit');
    const { error } = await b
      .serviceClient()
      .auth.admin.createUser({ email, password: PASSWORD, email_confirm: confirmed });
    if (error) throw error;
    return email;
  }
  const confirmed = () => account(true);
  const unconfirmed = () => account(false);

  const ALIKE = [
    { status: 200, code: undefined },
    { status: 429, code: 'over_email_send_rate_limit' },
  ];

  it('a password reset asked twice answers the same for a customer, a banned account and an unknown address', async () => {
    const customer = await confirmed();
    const banned = await confirmed();
    const { data } = await b.serviceClient().auth.admin.listUsers({ perPage: 1000 });
    const bannedId = data.users.find((u) => u.email === banned)!.id;
    expect((await b.serviceClient().auth.admin.updateUserById(bannedId, { ban_duration: '24h' })).error).toBeNull();
    const unknown = newEmail('personne');

    expect(await askTwice('/recover', customer)).toEqual(ALIKE);
    expect(await askTwice('/recover', banned)).toEqual(ALIKE);
    expect(await askTwice('/recover', unknown)).toEqual(ALIKE);

    // Only the customer got a link, once.
    expect(await mailsTo(b, customer)).toHaveLength(1);
    expect(await mailsTo(b, banned)).toHaveLength(0);
    expect(await mailsTo(b, unknown)).toHaveLength(0);
  });

  it('a confirmation sent again answers the same for an unconfirmed account, a confirmed one and an unknown address', async () => {
    const pending = await unconfirmed();
    const customer = await confirmed();
    const unknown = newEmail('personne');

    expect(await askTwice('/resend', pending)).toEqual(ALIKE);
    expect(await askTwice('/resend', customer)).toEqual(ALIKE);
    expect(await askTwice('/resend', unknown)).toEqual(ALIKE);

    expect(await mailsTo(b, pending)).toHaveLength(1);
    expect(await mailsTo(b, customer)).toHaveLength(0);
    expect(await mailsTo(b, unknown)).toHaveLength(0);
  });

  it('a sign-up sent twice answers the same for a customer’s address and a new one, also after a confirmation asked again', async () => {
    expect(await askTwice('/signup', await confirmed())).toEqual(ALIKE);
    expect(await askTwice('/signup', newEmail('nouveau'))).toEqual(ALIKE);

    for (const email of [await confirmed(), newEmail('nouveau')]) {
      expect((await authFetch(b, '/resend', { method: 'POST', json: { type: 'signup', email } })).status).toBe(200);
      const r = await authFetch(b, '/signup', { method: 'POST', json: { email, password: PASSWORD } });
      expect(r.status).toBe(429);
    }
  });

  it('the wait is per address and per kind of link: another address, or a reset after a confirmation, is not held up', async () => {
    const unknown = newEmail('personne');
    expect(await askTwice('/resend', unknown)).toEqual(ALIKE);
    const reset = await authFetch(b, '/recover', { method: 'POST', json: { email: unknown } });
    expect(reset.status).toBe(200);
    const other = await authFetch(b, '/recover', { method: 'POST', json: { email: newEmail('personne') } });
    expect(other.status).toBe(200);
  });
});
