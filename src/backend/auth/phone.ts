import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { mailboxEnabled } from '../config.js';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { sendJson } from '../http.js';
import { InvalidMessageError } from '../mail/types.js';
import { hashLinkToken } from './emails.js';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.js';
import { passwordMatches } from './passwords.js';
import { limitSms, overSmsRateLimit } from './rate-limit.js';
import { startSession, type SessionResponse } from './sessions.js';
import { authSettings } from './settings.js';
import { contestedSignup, findUserByPhone, findUserById, obfuscatedUser, userJson, type UserRow } from './users.js';

/*
 * Phone sign-in and phone change by SMS code, as GoTrue's phone provider: `POST /otp {phone}`, `POST /verify
 * {type: 'sms' | 'phone_change', phone, token}`, `POST /signup {phone, password}`, `PUT /user {phone}`, `POST
 * /resend`, the password grant with `phone`. Off unless `[auth.sms] enable_signup` (AUTH_PHONE_ENABLED) AND an SMS
 * provider really delivers: SMS_PROVIDER=twilio, or SMS_PROVIDER=outbox while the dev mailbox shows the messages.
 * Numbers are stored as GoTrue stores them: E.164 digits without the '+'.
 */

export const phoneDisabled = (message = 'Unsupported phone provider') => badRequest('phone_provider_disabled', message);

const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');
export const phoneTaken = () =>
  unprocessable('phone_exists', 'A user with this phone number has already been registered');

/** The SMS provider sign-in codes go through, or '' when none would reach a phone (no fake success). */
export function smsProviderName(ctx: BackendContext): string {
  if (!ctx.config.env.SMS_PROVIDER?.trim()) return '';
  if (ctx.mailer.smsProvider === 'twilio') return 'twilio';
  // The outbox delivers nothing: only where the developer reads it in the dev mailbox.
  if (ctx.mailer.smsProvider === 'outbox' && mailboxEnabled(ctx.config)) return 'outbox';
  return '';
}

/** Phone sign-in is on: configured, and a provider delivers the codes. */
export function phoneReady(ctx: BackendContext): boolean {
  return authSettings(ctx).phoneEnabled && smsProviderName(ctx) !== '';
}

/**
 * GoTrue's format check: digits only once spaces, '+', brackets, dots and dashes are removed, 2 to 15 of them
 * (an international `00` prefix allowed, as the shop's customers type it).
 */
export const phoneFormatOk = (raw: string) =>
  /^[1-9]\d{1,14}$/.test(raw.replace(/[\s()+.\-/]/g, '').replace(/^00/, ''));

function parsed(raw: string): PhoneNumber | undefined {
  const text = raw.trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return parsePhoneNumberFromString(text);
  if (digits.startsWith('00')) return parsePhoneNumberFromString(`+${digits.slice(2)}`);
  // As the shop: a national number is Luxembourg's; else the digits are the international number GoTrue expects.
  const national = parsePhoneNumberFromString(text, 'LU');
  if (national?.isValid()) return national;
  return parsePhoneNumberFromString(`+${digits}`);
}

/**
 * The number as stored (E.164 digits without '+'), or null when it is no mobile number of an allowed country:
 * codes go only to mobile numbers of the restaurant's customers' countries (not premium, fixed or satellite
 * numbers, which is how SMS pumping earns money).
 */
export function phoneNumberOf(ctx: BackendContext, raw: string | null | undefined): string | null {
  if (!raw || raw.length > 32 || !phoneFormatOk(raw)) return null;
  const n = parsed(raw);
  if (!n?.isValid()) return null;
  const type = n.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  if (!n.country || !authSettings(ctx).smsAllowedCountries.includes(n.country as CountryCode)) return null;
  return n.number.slice(1);
}

/** Like phoneNumberOf, refusing with GoTrue's 400 `validation_failed`. */
export function checkPhone(ctx: BackendContext, raw: string | null | undefined): string {
  if (!raw || !phoneFormatOk(raw))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  const number = phoneNumberOf(ctx, raw);
  if (!number)
    throw badRequest(
      'validation_failed',
      `Codes are only sent to mobile numbers of ${authSettings(ctx).smsAllowedCountries.join(', ')}`,
    );
  return number;
}

interface PhoneState {
  /** When each number was last sent a code (or asked for one), for `max_frequency`. */
  lastSent: Map<string, number>;
  /** Wrong codes typed for each number since its last code. */
  wrong: Map<string, number>;
}

const states = new WeakMap<BackendContext, PhoneState>();

function state(ctx: BackendContext): PhoneState {
  let s = states.get(ctx);
  if (!s) {
    s = { lastSent: new Map(), wrong: new Map() };
    states.set(ctx, s);
  }
  return s;
}

function bounded(m: Map<string, number>): void {
  // Oldest first (insertion order): numbers made up by the thousand cannot grow the map without end.
  for (const k of m.keys()) {
    if (m.size <= 20_000) break;
    m.delete(k);
  }
}

/**
 * Before any SMS: the number's minimum interval (`max_frequency`, 60 s), then the caller's, the number's and
 * the backend's hourly budgets (rate-limit.ts). Counted whether or not the number has an account.
 */
function mayText(ctx: BackendContext, req: IncomingMessage, number: string): void {
  const s = state(ctx);
  const now = Date.now();
  const last = s.lastSent.get(number);
  const wait =
    last === undefined ? 0 : Math.ceil((last + authSettings(ctx).smsMaxFrequencySeconds * 1000 - now) / 1000);
  if (wait > 0)
    throw new AuthError(
      429,
      'over_sms_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  limitSms(ctx, req, number);
  s.lastSent.delete(number);
  s.lastSent.set(number, now);
  bounded(s.lastSent);
  // A new code: five new tries for the number.
  s.wrong.delete(number);
}

/** Wrong codes for one number before every code waiting for it is void (a new one must be asked for). */
export const WRONG_CODES_PER_SMS = 5;

const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** A code is stored bound to the number it went to: it is only ever tried against that number. */
const smsCodeHash = (number: string, code: string) => hashLinkToken(`sms:${number}:${code}`);
const phoneChangeHash = (number: string, code: string) => hashLinkToken(`phone_change:${number}:${code}`);

type SmsKind = 'sign_in' | 'confirmation' | 'phone_change';

function smsBody(kind: SmsKind, code: string, minutes: number): string {
  const what =
    kind === 'sign_in'
      ? 'Votre code de connexion'
      : kind === 'confirmation'
        ? 'Votre code pour confirmer votre numéro'
        : 'Votre code pour ajouter ce numéro à votre compte';
  return `${what} : ${code}. Valable ${minutes} min, une seule fois. Ne le donnez à personne.`;
}

/** Sends the code; a number over its messages for the hour is GoTrue's 429, another failure a 500. */
async function sendCode(ctx: BackendContext, number: string, kind: SmsKind, code: string): Promise<void> {
  const minutes = Math.max(1, Math.round(authSettings(ctx).smsOtpExpirySeconds / 60));
  try {
    await ctx.mailer.sendSms({ to: `+${number}`, body: smsBody(kind, code, minutes) });
  } catch (e) {
    console.error(`[auth] ${kind} SMS not sent: ${(e as Error).message}`);
    if (e instanceof InvalidMessageError && /rate limit/.test(e.message)) throw overSmsRateLimit();
    throw new AuthError(500, 'sms_send_failed', 'Error sending SMS OTP');
  }
}

/** Stores a code as a one-time token of the user (a sign-in code replaces the earlier reset and sign-in tokens). */
async function storeCode(
  tx: Queryable,
  userId: string,
  type: 'confirmation' | 'recovery',
  hash: string,
  ttlSeconds: number,
  keepsPassword = true,
): Promise<void> {
  if (type === 'recovery')
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [userId]);
  else await tx.query(`delete from auth.one_time_tokens where user_id = $1 and expires_at <= now()`, [userId]);
  await tx.query(`delete from auth.one_time_tokens where token_hash = $1`, [hash]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at, keeps_password)
     values ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [userId, type, hash, ttlSeconds, keepsPassword],
  );
  await tx.query(
    `update auth.users set ${type === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at'} = now() where id = $1`,
    [userId],
  );
}

/** A new code for the user's number, stored then sent; withdrawn (and `undo` run) when it cannot be sent. */
async function textCode(
  ctx: BackendContext,
  user: { id: string },
  number: string,
  type: 'confirmation' | 'recovery',
  keepsPassword = true,
  undo: () => Promise<void> = async () => {},
): Promise<void> {
  const code = newCode();
  const hash = smsCodeHash(number, code);
  await ctx.db.transaction((tx) =>
    storeCode(tx, user.id, type, hash, authSettings(ctx).smsOtpExpirySeconds, keepsPassword),
  );
  try {
    await sendCode(ctx, number, type === 'recovery' ? 'sign_in' : 'confirmation', code);
  } catch (e) {
    await ctx.db.query(`delete from auth.one_time_tokens where token_hash = $1`, [hash]);
    await undo();
    throw e;
  }
}

const PHONE_APP_METADATA = { provider: 'phone', providers: ['phone'] };

async function insertPhoneUser(
  ctx: BackendContext,
  number: string,
  passwordHash: string | null,
  data: Record<string, unknown>,
  confirmed: boolean,
): Promise<string> {
  const id = crypto.randomUUID();
  try {
    await ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, phone, encrypted_password, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, case when $4 then now() end, $5, $6)`,
      [id, number, passwordHash, confirmed, JSON.stringify(PHONE_APP_METADATA), JSON.stringify(data)],
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw phoneTaken();
    throw e;
  }
  return id;
}

/**
 * POST /otp {phone} (`signInWithOtp({phone})`): a 6-digit code by SMS. With `create_user` (the default) a number
 * without an account gets a new passwordless account, confirmed when the code is used. 200 `{}` whether or not
 * the number has an account (none is texted when it has none and may not get one), as for e-mail codes.
 */
export async function phoneOtp(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  body: { phone: string; create_user?: boolean | null; channel?: string | null },
  data: Record<string, unknown>,
): Promise<void> {
  if (!phoneReady(ctx)) throw phoneDisabled();
  if (body.channel && body.channel !== 'sms') throw badRequest('validation_failed', 'Channel can only be sms');
  const number = checkPhone(ctx, body.phone);
  mayText(ctx, req, number);
  const settings = authSettings(ctx);
  let user: UserRow | null = await findUserByPhone(ctx.db, number);
  let created = false;
  if (!user && body.create_user !== false && !settings.disableSignup) {
    user = await findUserById(ctx.db, await insertPhoneUser(ctx, number, null, data, false));
    created = true;
  }
  if (!user || user.banned) {
    sendJson(res, 200, {});
    return;
  }
  const id = user.id;
  await textCode(ctx, user, number, 'recovery', true, async () => {
    if (created) await ctx.db.query(`delete from auth.users where id = $1`, [id]);
  });
  sendJson(res, 200, {});
}

/**
 * POST /signup {phone, password}: with `enable_confirmations` (the default here) a code by SMS confirms the
 * number (`verifyOtp({type: 'sms'})`); without, a session at once. A number already signed up answers like a
 * new one (no SMS); an unconfirmed one gets a new code and keeps its account as it is (as e-mail sign-ups).
 */
export async function phoneSignup(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawPhone: string,
  password: string,
  passwordHash: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (!phoneReady(ctx)) throw phoneDisabled('Phone signups are disabled');
  const number = checkPhone(ctx, rawPhone);
  const autoconfirm = authSettings(ctx).phoneAutoconfirm;
  if (!autoconfirm) mayText(ctx, req, number);
  const existing = await findUserByPhone(ctx.db, number);
  if (existing?.phone_confirmed_at || (existing && autoconfirm)) {
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    sendJson(res, 200, obfuscatedUser({ email: '', phone: number }, PHONE_APP_METADATA, data));
    return;
  }
  if (existing) {
    const same = await passwordMatches(password, existing.encrypted_password);
    await textCode(ctx, existing, number, 'confirmation', same && !(await contestedSignup(ctx.db, existing.id)));
    sendJson(res, 200, userJson((await findUserById(ctx.db, existing.id))!));
    return;
  }
  const id = await insertPhoneUser(ctx, number, passwordHash, data, autoconfirm);
  if (autoconfirm) {
    sendJson(res, 200, await ctx.db.transaction((tx) => startSession(ctx, tx, req, id, 'password')));
    return;
  }
  await textCode(ctx, { id }, number, 'confirmation', true, async () => {
    await ctx.db.query(`delete from auth.users where id = $1`, [id]);
  });
  sendJson(res, 200, userJson((await findUserById(ctx.db, id))!));
}

/**
 * POST /resend {type: 'sms' | 'phone_change', phone}: the sign-up code again (while the number is unconfirmed),
 * or the phone change code again to the number being added. 200 `{}` whatever the number.
 */
export async function phoneResend(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  type: 'sms' | 'phone_change',
  rawPhone: string | null | undefined,
): Promise<void> {
  if (!phoneReady(ctx)) throw phoneDisabled();
  const number = checkPhone(ctx, rawPhone);
  mayText(ctx, req, number);
  if (type === 'sms') {
    const user = await findUserByPhone(ctx.db, number);
    if (user && !user.phone_confirmed_at && !user.banned)
      await textCode(ctx, user, number, 'confirmation', !(await contestedSignup(ctx.db, user.id)));
  } else {
    const r = await ctx.db.query<{ id: string }>(
      `select id from auth.users where phone_change = $1 and phone_change_sent_at is not null and deleted_at is null`,
      [number],
    );
    for (const row of r.rows) await textPhoneChange(ctx, row.id, number);
  }
  sendJson(res, 200, {});
}

async function textPhoneChange(ctx: BackendContext, userId: string, number: string): Promise<void> {
  const code = newCode();
  await ctx.db.query(
    `update auth.users set phone_change = $2, phone_change_token = $3, phone_change_sent_at = now(), updated_at = now()
      where id = $1`,
    [userId, number, phoneChangeHash(number, code)],
  );
  try {
    await sendCode(ctx, number, 'phone_change', code);
  } catch (e) {
    await ctx.db.query(
      `update auth.users set phone_change = '', phone_change_token = '', phone_change_sent_at = null where id = $1`,
      [userId],
    );
    throw e;
  }
}

/** The number `PUT /user {phone}` asks for (null: the current one, nothing to do); 422 when another account has it. */
export async function newPhoneFor(ctx: BackendContext, user: UserRow, raw: string): Promise<string | null> {
  if (!phoneReady(ctx)) throw phoneDisabled('Phone logins are disabled');
  const number = checkPhone(ctx, raw);
  if (number === user.phone && user.phone_confirmed_at) return null;
  const taken = await ctx.db.query(`select 1 from auth.users where phone = $1 and id <> $2`, [number, user.id]);
  if (taken.rows.length) throw phoneTaken();
  return number;
}

/**
 * The phone change itself, once the caller passed the checks of PUT /user: with SMS confirmations off the number
 * is the account's at once (as GoTrue); otherwise a code goes to the new number and `verifyOtp({type:
 * 'phone_change', phone, token})` makes the change. The old number is not asked: the session, recent or
 * reauthenticated, vouches for the account, and the code for the new number.
 */
export async function changePhone(
  ctx: BackendContext,
  req: IncomingMessage,
  user: UserRow,
  number: string,
): Promise<void> {
  if (authSettings(ctx).phoneAutoconfirm) {
    await ctx.db.query(
      `update auth.users set phone = $2, phone_confirmed_at = now(), phone_change = '', phone_change_token = '',
              phone_change_sent_at = null, updated_at = now() where id = $1`,
      [user.id, number],
    );
    return;
  }
  mayText(ctx, req, number);
  await textPhoneChange(ctx, user.id, number);
}

/** A wrong code for this number; the fifth since its last code voids every code waiting for it. */
async function wrongCode(ctx: BackendContext, number: string): Promise<void> {
  const s = state(ctx);
  const n = (s.wrong.get(number) ?? 0) + 1;
  s.wrong.delete(number);
  s.wrong.set(number, n);
  bounded(s.wrong);
  if (n < WRONG_CODES_PER_SMS) return;
  s.wrong.delete(number);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.one_time_tokens where user_id in (select id from auth.users where phone = $1)
          and token_type in ('confirmation', 'recovery')`,
      [number],
    );
    await tx.query(
      `update auth.users set phone_change_token = '', phone_change_sent_at = null where phone_change = $1`,
      [number],
    );
  });
}

async function consumeSmsCode(
  ctx: BackendContext,
  req: IncomingMessage,
  number: string,
  code: string,
): Promise<SessionResponse | null> {
  return ctx.db.transaction(async (tx) => {
    const r = await tx.query<{ user_id: string; fresh: boolean; keeps_password: boolean; token_type: string }>(
      `delete from auth.one_time_tokens where token_hash = $1 and token_type in ('confirmation', 'recovery')
       returning user_id, expires_at > now() as fresh, keeps_password, token_type`,
      [smsCodeHash(number, code)],
    );
    const row = r.rows[0];
    if (!row?.fresh) return null;
    const user = await tx.query(
      `select 1 from auth.users where id = $1 and phone = $2 and deleted_at is null
          and not coalesce(banned_until > now(), false) for update`,
      [row.user_id, number],
    );
    if (!user.rows.length) return null;
    if (row.token_type === 'recovery' || !row.keeps_password) {
      // A sign-in code proves the number only: a password set by whoever signed the number up before it was
      // proven (perhaps not its owner) goes, with its sessions.
      const unproven = await tx.query(
        `update auth.users set encrypted_password = null
          where id = $1 and phone_confirmed_at is null and email_confirmed_at is null returning id`,
        [row.user_id],
      );
      if (unproven.rows.length) await tx.query(`delete from auth.sessions where user_id = $1`, [row.user_id]);
    }
    // The other codes of this number go too (spent together, as an e-mail's code and link).
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1 and token_type in ('confirmation', 'recovery')`,
      [row.user_id],
    );
    await tx.query(
      `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), updated_at = now() where id = $1`,
      [row.user_id],
    );
    return startSession(ctx, tx, req, row.user_id, 'otp');
  });
}

async function consumePhoneChange(
  ctx: BackendContext,
  req: IncomingMessage,
  number: string,
  code: string,
): Promise<SessionResponse | null> {
  return ctx.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      `select id from auth.users
        where phone_change = $1 and phone_change_token = $2 and deleted_at is null
          and phone_change_sent_at > now() - make_interval(secs => $3) for update`,
      [number, phoneChangeHash(number, code), authSettings(ctx).smsOtpExpirySeconds],
    );
    const id = r.rows[0]?.id;
    if (!id) return null;
    const taken = await tx.query(`select 1 from auth.users where phone = $1 and id <> $2`, [number, id]);
    if (taken.rows.length) throw phoneTaken();
    await tx.query(
      `update auth.users set phone = phone_change, phone_confirmed_at = now(), phone_change = '', phone_change_token = '',
              phone_change_sent_at = null, updated_at = now() where id = $1`,
      [id],
    );
    return startSession(ctx, tx, req, id, 'phone_change');
  });
}

/**
 * POST /verify {type: 'sms' | 'phone_change', phone, token}: the code texted to that number; a session. Each
 * code is good once and for `otp_exp` (300 s); a wrong one is 403 `otp_expired` as an expired one, and five
 * wrong ones for a number void its codes.
 */
export async function verifyPhone(
  ctx: BackendContext,
  req: IncomingMessage,
  type: 'sms' | 'phone_change',
  rawPhone: string | null | undefined,
  token: string | null | undefined,
): Promise<SessionResponse> {
  if (!rawPhone || !phoneFormatOk(rawPhone))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  const number = phoneReady(ctx) ? phoneNumberOf(ctx, rawPhone) : null;
  if (!number) throw otpExpired();
  const code = token ?? '';
  const session = /^\d{6}$/.test(code)
    ? type === 'sms'
      ? await consumeSmsCode(ctx, req, number, code)
      : await consumePhoneChange(ctx, req, number, code)
    : null;
  if (!session) {
    await wrongCode(ctx, number);
    throw otpExpired();
  }
  state(ctx).wrong.delete(number);
  return session;
}
