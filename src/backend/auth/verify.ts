import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { CORS_HEADERS, sendJson } from '../http.js';
import { EMAIL_LINK_TTL_SECONDS, hashLinkToken } from './emails.js';
import { AuthError, badRequest, forbidden } from './errors.js';
import { signInCodeHash } from './otp.js';
import { verifyPhone } from './phone.js';
import { issueAuthCode } from './pkce.js';
import { codeMayBeTried, limitByAddress, overRequestRateLimit, recordWrongCode } from './rate-limit.js';
import { allowedRedirect, readJson } from './request.js';
import { startSession, type AuthMethod, type SessionResponse } from './sessions.js';
import { emailTaken } from './user.js';

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];

const VerifyBody = z.object({
  type: z.string().nullish(),
  token_hash: z.string().nullish(),
  token: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  redirect_to: z.string().nullish(),
});

const METHOD: Record<VerifyType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
  email: 'otp',
};

/** Which one-time tokens a verification type may consume. */
const TOKEN_TYPES: Record<Exclude<VerifyType, 'email_change'>, string[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
};

function verifyType(raw: string | null | undefined): VerifyType {
  if (!raw) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!(VERIFY_TYPES as readonly string[]).includes(raw))
    throw badRequest('validation_failed', `Unsupported verification type "${raw}"`);
  return raw as VerifyType;
}

/** GoTrue's answer when the first of the two e-mail change links is followed. */
const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const MAX_TOKEN_LENGTH = 256;

/**
 * Consumes the link token (once) and opens a session; null when it is unknown, used or expired;
 * 'pending' when it was one of two e-mail change links and the other one is still to be followed.
 */
async function consume(
  ctx: BackendContext,
  req: IncomingMessage,
  type: VerifyType,
  token: string,
  hashed = false,
  followed = false,
): Promise<SessionResponse | null | 'pending' | { authCode: string }> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const hash = hashed ? token : hashLinkToken(token);
  return ctx.db.transaction(async (tx) => {
    let userId: string | null | 'pending';
    let keepsPassword = true;
    let flowStateId: string | null = null;
    if (type === 'email_change') userId = await confirmEmailChange(tx, hash);
    else {
      const consumed = await consumeOneTimeToken(tx, type, hash);
      userId = consumed?.userId ?? null;
      flowStateId = consumed?.flowStateId ?? null;
      // A reset, sign-in link or code (a recovery token) proves the address only, not the password on it.
      keepsPassword = (consumed?.keepsPassword ?? true) && consumed?.tokenType !== 'recovery';
    }
    if (userId === 'pending') return 'pending' as const;
    if (!userId) return null;
    if (!keepsPassword) {
      // A reset link that first proves an address: its password was chosen by whoever registered it,
      // maybe not this mailbox's owner, so it goes (with its sessions) and a new one must be set. The same
      // for the link of a sign-up that came with another password than the account's (signup.ts).
      const unproven = await tx.query(
        `update auth.users set encrypted_password = null where id = $1 and email_confirmed_at is null returning id`,
        [userId],
      );
      if (unproven.rows.length) await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
    }
    // Following a link proves the mailbox, for recovery too (as GoTrue); the other confirmation links go,
    // and so does the rest of a reset or sign-in e-mail (its code when the link was followed, and back).
    await tx.query(
      `delete from auth.one_time_tokens where user_id = $1
          and (token_type = 'confirmation' or (token_type = 'recovery' and $2::boolean))`,
      [userId, type === 'recovery' || type === 'magiclink' || type === 'email'],
    );
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
      [userId],
    );
    // A PKCE link (pkce.ts) followed in a browser: an auth code for the page that holds the verifier.
    if (followed && flowStateId) {
      const authCode = await issueAuthCode(tx, flowStateId, userId);
      if (authCode) return { authCode };
    }
    return startSession(ctx, tx, req, userId, METHOD[type]);
  });
}

async function consumeOneTimeToken(
  tx: Queryable,
  type: Exclude<VerifyType, 'email_change'>,
  hash: string,
): Promise<{ userId: string; keepsPassword: boolean; tokenType: string; flowStateId: string | null } | null> {
  const r = await tx.query<{
    user_id: string;
    fresh: boolean;
    keeps_password: boolean;
    token_type: string;
    flow_state_id: string | null;
  }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id, expires_at > now() as fresh, keeps_password, token_type, flow_state_id`,
    [hash, TOKEN_TYPES[type]],
  );
  const row = r.rows[0];
  if (!row?.fresh) return null;
  const user = await tx.query(
    `select 1 from auth.users where id = $1 and deleted_at is null and not coalesce(banned_until > now(), false)`,
    [row.user_id],
  );
  return user.rows.length
    ? {
        userId: row.user_id,
        keepsPassword: row.keeps_password,
        tokenType: row.token_type,
        flowStateId: row.flow_state_id,
      }
    : null;
}

async function confirmEmailChange(tx: Queryable, hash: string): Promise<string | null | 'pending'> {
  const r = await tx.query<{ id: string; email_change: string; is_new: boolean; other_pending: boolean }>(
    `select id, email_change, email_change_token_new = $1 as is_new,
            case when email_change_token_new = $1 then coalesce(email_change_token_current, '') <> ''
                 else coalesce(email_change_token_new, '') <> '' end as other_pending
       from auth.users
      where (email_change_token_new = $1 or email_change_token_current = $1) and deleted_at is null
        and email_change_sent_at > now() - make_interval(secs => $2)
        for update`,
    [hash, EMAIL_LINK_TTL_SECONDS],
  );
  const row = r.rows[0];
  if (!row) return null;
  if (row.other_pending) {
    await tx.query(
      `update auth.users set ${row.is_new ? 'email_change_token_new = null' : "email_change_token_current = ''"},
              email_change_confirm_status = 1, updated_at = now() where id = $1`,
      [row.id],
    );
    return 'pending';
  }
  const taken = await tx.query(`select 1 from auth.users where lower(email) = lower($1) and id <> $2`, [
    row.email_change,
    row.id,
  ]);
  if (taken.rows.length) throw emailTaken();
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = null, email_change_token_current = '',
            email_change_confirm_status = 0, email_change_sent_at = null, updated_at = now() where id = $1`,
    [row.id],
  );
  return row.id;
}

function fragmentRedirect(res: ServerResponse, base: string, params: Record<string, string>): void {
  const target = `${base.split('#')[0]}#${new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))).toString()}`;
  res.writeHead(303, { ...CORS_HEADERS, Location: target });
  res.end();
}

/** GET /verify: the link in the e-mail. Answers with a redirect carrying the session (or the error) in the fragment. */
export async function verifyLink(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const type = verifyType(url.searchParams.get('type'));
  const token = url.searchParams.get('token');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token');
  const redirectTo = allowedRedirect(ctx, url.searchParams.get('redirect_to'));
  limitByAddress(ctx, req, 'tokenVerifications');
  let session: SessionResponse | null | 'pending' | { authCode: string };
  try {
    session = await consume(ctx, req, type, token, false, true);
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    fragmentRedirect(res, redirectTo, {
      error: e.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: e.code,
      error_description: e.message,
    });
    return;
  }
  if (!session) {
    fragmentRedirect(res, redirectTo, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
    return;
  }
  if (session === 'pending') {
    fragmentRedirect(res, redirectTo, { message: SINGLE_CONFIRMATION_ACCEPTED });
    return;
  }
  if ('authCode' in session) {
    const target = new URL(redirectTo);
    target.hash = '';
    target.searchParams.set('code', session.authCode);
    res.writeHead(303, { ...CORS_HEADERS, Location: target.toString() });
    res.end();
    return;
  }
  fragmentRedirect(res, redirectTo, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  });
}

/** Types whose e-mail carries a 6-digit code that `{email, token}` verifies (the sign-in code of /otp). */
const CODE_TYPES: readonly VerifyType[] = ['email', 'magiclink', 'recovery'];

/**
 * `{type: 'email', email, token}`: the 6-digit code of a sign-in e-mail. Wrong codes are counted per
 * address typed (10 per 5 minutes, from any client address, account or not), so the million codes cannot
 * be tried from many addresses; the e-mailed link (32 random bytes) still signs the owner in meanwhile.
 */
async function consumeCode(
  ctx: BackendContext,
  req: IncomingMessage,
  type: VerifyType,
  rawEmail: string | null | undefined,
  code: string,
): Promise<SessionResponse | null | 'pending' | { authCode: string }> {
  if (!CODE_TYPES.includes(type)) throw badRequest('validation_failed', `Verification type "${type}" has no code`);
  if (!rawEmail)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  const email = rawEmail.trim().toLowerCase();
  if (email.length > 255) return null;
  const subject = `otp:${email}`;
  if (!codeMayBeTried(ctx, subject)) throw overRequestRateLimit();
  const session = /^\d{6}$/.test(code) ? await consume(ctx, req, type, signInCodeHash(email, code), true) : null;
  if (!session) recordWrongCode(ctx, subject);
  return session;
}

/** POST /verify (supabase-js verifyOtp): `token_hash`, or an e-mailed code with the address; the session as JSON. */
export async function verifyToken(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  limitByAddress(ctx, req, 'tokenVerifications');
  const body = await readJson(req, ctx, VerifyBody);
  if (body.type === 'sms' || body.type === 'phone_change') {
    sendJson(res, 200, await verifyPhone(ctx, req, body.type, body.phone, body.token));
    return;
  }
  const type = verifyType(body.type);
  const token = body.token_hash;
  if (!token && !body.token) throw badRequest('validation_failed', 'Verify requires a token or a token_hash');
  const session = token
    ? await consume(ctx, req, type, token)
    : await consumeCode(ctx, req, type, body.email, body.token!);
  if (!session) throw forbidden('otp_expired', 'Token has expired or is invalid');
  if (session === 'pending') {
    sendJson(res, 200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200 });
    return;
  }
  // Only a followed link yields an auth code (verifyLink); verifyOtp always answers with the session.
  if ('authCode' in session) throw forbidden('otp_expired', 'Token has expired or is invalid');
  sendJson(res, 200, session);
}
