import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { checkEmail } from './email-address.js';
import { newLinkToken, sendAccountEmail, storeOneTimeToken } from './emails.js';
import { AuthError, badRequest, internal, unprocessable } from './errors.js';
import { checkPassword, hashPassword, passwordMatches } from './passwords.js';
import { phoneDisabled, phoneReady, phoneResend, phoneSignup } from './phone.js';
import { bindLinkToFlow, createFlowState, pkceChallenge, type PkceChallenge } from './pkce.js';
import { limitByAddress } from './rate-limit.js';
import { allowedRedirect, checkMetadata, readJson } from './request.js';
import { authSettings } from './settings.js';
import { startSession } from './sessions.js';
import {
  contestedSignup,
  DEFAULT_APP_METADATA,
  findUserByEmail,
  findUserById,
  insertUser,
  obfuscatedUser,
  userJson,
  type UserRow,
} from './users.js';

const alreadyRegistered = () => unprocessable('user_already_exists', 'User already registered');

const SignupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/** GoTrue's SMTP max frequency: one account e-mail per address per minute. */
export function emailMaxFrequencySeconds(ctx: BackendContext): number {
  const v = Number(ctx.config.env.AUTH_EMAIL_MAX_FREQUENCY ?? 60);
  return Number.isFinite(v) && v >= 0 ? v : 60;
}

/** Which e-mailed link an address asked for: its own minimum interval each. */
export type LinkKind = 'confirmation' | 'recovery';

/**
 * When each address last asked for a link it did not get (no account, or one the link is not for), per
 * backend: such an address waits the same minimum interval as an account, so a second request within it
 * answers the same 429 whoever asks. Held in memory (a restart forgets, as with the rate limits).
 */
const askedWithoutLink = new WeakMap<BackendContext, Map<string, number>>();

function noLinkAskedAt(ctx: BackendContext): Map<string, number> {
  let m = askedWithoutLink.get(ctx);
  if (!m) {
    m = new Map();
    askedWithoutLink.set(ctx, m);
  }
  return m;
}

function forgetOldAsks(ctx: BackendContext, asked: Map<string, number>, now: number): void {
  if (asked.size < 10_000) return;
  const oldest = now - emailMaxFrequencySeconds(ctx) * 1000;
  for (const [k, at] of asked) if (at <= oldest) asked.delete(k);
  // Still too many (addresses made up behind a trusted proxy): forget the oldest ones.
  for (const k of asked.keys()) {
    if (asked.size <= 8_000) break;
    asked.delete(k);
  }
}

/** Which accounts each e-mailed link is for, and when it was last sent to one. */
const LINK_RULES: Record<
  LinkKind,
  { isFor: (user: UserRow) => boolean; lastSent: (user: UserRow) => Date | string | null }
> = {
  // The confirmation again: only while the address is unconfirmed.
  confirmation: { isFor: (u) => !u.email_confirmed_at, lastSent: (u) => u.confirmation_sent_at },
  // A password reset: any account that is not banned.
  recovery: { isFor: (u) => !u.banned, lastSent: (u) => u.recovery_sent_at },
};

/**
 * The account an e-mailed link (the confirmation again, a password reset) goes to: the sender's address
 * is rate-limited; an address without an account, or one the link is not for, gets nothing (the caller
 * still answers 200); a link asked for less than the minimum interval ago is refused with GoTrue's 429,
 * for an address with no account too, so that asking twice does not tell who has an account.
 */
export async function accountForLink(
  ctx: BackendContext,
  req: IncomingMessage,
  kind: LinkKind,
  email: string,
): Promise<UserRow | null> {
  limitByAddress(ctx, req, 'emailSent');
  const found = await findUserByEmail(ctx.db, email);
  const user = found && LINK_RULES[kind].isFor(found) ? found : null;
  if (!user) {
    answerAsIfSent(ctx, kind, email);
    return null;
  }
  const wait = tooSoon(ctx, LINK_RULES[kind].lastSent(user));
  if (wait) throw wait;
  return user;
}

/** For an address that gets no link: GoTrue's 429 when it asked less than the minimum interval ago, else noted. */
function answerAsIfSent(ctx: BackendContext, kind: LinkKind, email: string): void {
  const asked = noLinkAskedAt(ctx);
  const key = `${kind}:${email}`;
  const wait = tooSoon(ctx, asked.has(key) ? new Date(asked.get(key)!) : null);
  if (wait) throw wait;
  const now = Date.now();
  forgetOldAsks(ctx, asked, now);
  asked.set(key, now);
}

export function tooSoon(ctx: BackendContext, sentAt: Date | string | null): AuthError | null {
  if (!sentAt) return null;
  const wait = Math.ceil((new Date(sentAt).getTime() + emailMaxFrequencySeconds(ctx) * 1000 - Date.now()) / 1000);
  return wait > 0
    ? new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      )
    : null;
}

/**
 * Sends a confirmation link (beside any earlier one, which stays valid); when delivery fails the fresh
 * token is withdrawn and signup fails (GoTrue rolls back). `keepsPassword: false` for a link that must
 * confirm the address without the password on the account (a contested sign-up, see signup()).
 */
async function sendConfirmation(
  ctx: BackendContext,
  user: UserRow,
  redirectTo: string,
  onFailure: () => Promise<void>,
  keepsPassword = true,
  pkce: PkceChallenge | null = null,
): Promise<void> {
  const { token, hash } = newLinkToken();
  await ctx.db.transaction(async (tx) => {
    await storeOneTimeToken(tx, user.id, 'confirmation', hash, keepsPassword);
    if (pkce) await bindLinkToFlow(tx, hash, await createFlowState(tx, user.id, pkce, 'email/signup'));
    await tx.query(`update auth.users set confirmation_sent_at = now() where id = $1`, [user.id]);
  });
  try {
    await sendAccountEmail(ctx, user.email!, 'signup', token, redirectTo);
  } catch (e) {
    console.error(`[auth] confirmation e-mail to user ${user.id} failed: ${(e as Error).message}`);
    await ctx.db.query(`delete from auth.one_time_tokens where token_hash = $1`, [hash]);
    await onFailure();
    throw internal('Error sending confirmation email');
  }
}

const ResendBody = z.object({ type: z.string().nullish(), email: z.string().nullish(), phone: z.string().nullish() });

/**
 * POST /resend {type: 'signup', email}: the confirmation link again; `{type: 'sms' | 'phone_change', phone}`: the
 * SMS code again (phone.ts). 200 `{}` whatever the address or number.
 */
export async function resend(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const body = await readJson(req, ctx, ResendBody);
  if (body.type === 'sms' || body.type === 'phone_change') return phoneResend(ctx, req, res, body.type, body.phone);
  if (body.type !== 'signup') throw badRequest('validation_failed', 'Only type "signup" can be resent here');
  const email = checkEmail(body.email);
  const user = await accountForLink(ctx, req, 'confirmation', email);
  if (user) {
    await sendConfirmation(
      ctx,
      user,
      allowedRedirect(ctx, url.searchParams.get('redirect_to')),
      async () => {},
      !(await contestedSignup(ctx.db, user.id)),
    );
  }
  sendJson(res, 200, {});
}

/**
 * `signInAnonymously()`: a user without e-mail or password (`is_anonymous`), signed in at once. Off unless
 * configured (`enable_anonymous_sign_ins`, AUTH_ANONYMOUS_SIGN_INS), as in GoTrue; 30 per hour per client address.
 */
async function anonymousSignIn(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawData: Record<string, unknown>,
): Promise<void> {
  if (!authSettings(ctx).anonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  limitByAddress(ctx, req, 'anonymousUsers');
  const data = checkMetadata(rawData);
  const id = crypto.randomUUID();
  const session = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, true)`,
      [id, JSON.stringify({ provider: 'anonymous', providers: ['anonymous'] }), JSON.stringify(data)],
    );
    return startSession(ctx, tx, req, id, 'anonymous');
  });
  sendJson(res, 200, session);
}

export async function signup(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  limitByAddress(ctx, req, 'signInSignUps');
  const body = await readJson(req, ctx, SignupBody);
  const settings = authSettings(ctx);
  if (settings.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!body.email && !body.phone && !body.password) return anonymousSignIn(ctx, req, res, body.data ?? {});
  if (!body.password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  checkPassword(body.password);
  if (body.email && body.phone)
    throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on signup.');
  if (body.phone) {
    if (!phoneReady(ctx)) throw phoneDisabled('Phone signups are disabled');
    const phoneData = checkMetadata(body.data ?? {});
    // Hashed before looking the number up, so a registered number answers no faster than a new one.
    const phoneHash = await hashPassword(body.password);
    return phoneSignup(ctx, req, res, body.phone, body.password, phoneHash, phoneData);
  }
  const email = checkEmail(body.email);
  const data = checkMetadata(body.data ?? {});
  // flowType 'pkce': the confirmation link comes back with ?code= (pkce.ts).
  const pkce = pkceChallenge(body);
  const redirectTo = allowedRedirect(ctx, url.searchParams.get('redirect_to'));
  const autoconfirm = ctx.config.authAutoconfirm;

  // Hashed before looking the address up, so a registered address answers no faster than a new one.
  const hash = await hashPassword(body.password);
  if (!autoconfirm) limitByAddress(ctx, req, 'emailSent');
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.email_confirmed_at) {
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    // Signing up again within the minimum interval waits as a new address would after its first sign-up.
    answerAsIfSent(ctx, 'confirmation', email);
    sendJson(res, 200, obfuscatedUser({ email, phone: '' }, DEFAULT_APP_METADATA, data));
    return;
  }
  if (existing) {
    const wait = tooSoon(ctx, existing.confirmation_sent_at);
    if (wait) throw wait;
    // Nobody has proven the address yet, and nothing says which sign-up is the mailbox owner's. As GoTrue,
    // the account is not updated (password, details, sessions and earlier links stay), so the owner's
    // link keeps working and confirms the owner's password. The same password again (the owner trying
    // twice) gets an ordinary link; another password gets a link that confirms the address with NO
    // password (the person following it is signed in and chooses one), and so does every later link:
    // a password typed by someone who cannot read the mailbox never becomes the account's.
    const samePassword = await passwordMatches(body.password, existing.encrypted_password);
    await sendConfirmation(
      ctx,
      existing,
      redirectTo,
      async () => {},
      samePassword && !(await contestedSignup(ctx.db, existing.id)),
      pkce,
    );
    sendJson(res, 200, userJson((await findUserById(ctx.db, existing.id))!));
    return;
  }

  // A new address asked for a link less than the minimum interval ago (a confirmation sent again) waits too.
  if (!autoconfirm) answerAsIfSent(ctx, 'confirmation', email);
  const id = crypto.randomUUID();
  if (autoconfirm) {
    const session = await ctx.db.transaction(async (tx) => {
      await insertUser(tx, { id, email, passwordHash: hash, userMetadata: data, confirmed: true }, alreadyRegistered);
      return startSession(ctx, tx, req, id, 'password');
    });
    sendJson(res, 200, session);
    return;
  }
  await ctx.db.transaction((tx) =>
    insertUser(tx, { id, email, passwordHash: hash, userMetadata: data, confirmed: false }, alreadyRegistered),
  );
  const user = (await findUserById(ctx.db, id))!;
  await sendConfirmation(
    ctx,
    user,
    redirectTo,
    async () => {
      await ctx.db.query(`delete from auth.users where id = $1`, [id]);
    },
    true,
    pkce,
  );
  sendJson(res, 200, userJson((await findUserById(ctx.db, id))!));
}
