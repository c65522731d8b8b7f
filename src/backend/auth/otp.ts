import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { sendJson } from '../http.js';
import { checkEmail } from './email-address.js';
import { hashLinkToken, newLinkToken, sendSignInCodeEmail } from './emails.js';
import { badRequest, internal, unprocessable } from './errors.js';
import { phoneOtp } from './phone.js';
import { bindLinkToFlow, createFlowState, pkceChallenge } from './pkce.js';
import { allowedRedirect, checkMetadata, readJson } from './request.js';
import { authSettings } from './settings.js';
import { accountForLink } from './signup.js';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './users.js';

const OtpBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  create_user: z.boolean().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  channel: z.string().nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/**
 * The stored form of a sign-in code: bound to the address it was sent to, so that a code is only ever
 * tried against one account (a code typed with another address matches nothing).
 */
export const signInCodeHash = (email: string, code: string) =>
  hashLinkToken(`otp:${email.trim().toLowerCase()}:${code}`);

/** Six digits, uniformly drawn. */
const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stores the code and the link of one sign-in e-mail as the account's reset tokens (GoTrue keeps a magic
 * link in `recovery_token` too): one live pair per account, so asking again replaces the earlier code,
 * link and any reset link; verifying either spends both (verify.ts).
 */
async function storeSignInTokens(tx: Queryable, userId: string, hashes: string[], ttlSeconds: number): Promise<void> {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [userId]);
  // A code hash is per address and code: the same code drawn again for this account replaces nothing else.
  await tx.query(`delete from auth.one_time_tokens where token_hash = any($1::text[])`, [hashes]);
  for (const hash of hashes)
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
       values ($1, 'recovery', $2, now() + make_interval(secs => $3))`,
      [userId, hash, ttlSeconds],
    );
  await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [userId]);
}

/**
 * POST /otp (`signInWithOtp({email})`): e-mails a 6-digit code and a sign-in link. With `create_user`
 * (auth-js' default) an address without an account gets a new, passwordless account, confirmed when the
 * code or link is used. Answers 200 `{}` whether or not the address has an account, also with
 * `create_user: false` and when sign-ups are off (GoTrue answers 422 `otp_disabled` there, which tells
 * anyone which addresses are customers'): such an address gets no e-mail.
 */
export async function otp(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const body = await readJson(req, ctx, OtpBody);
  if (body.email && body.phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (body.phone) return phoneOtp(ctx, req, res, { ...body, phone: body.phone }, checkMetadata(body.data ?? {}));
  if (!body.email) throw unprocessable('validation_failed', 'One of email or phone must be set');
  const email = checkEmail(body.email);
  const data = checkMetadata(body.data ?? {});
  // flowType 'pkce': the link then comes back with ?code= for /token?grant_type=pkce (pkce.ts).
  const pkce = pkceChallenge(body);
  const redirectTo = allowedRedirect(ctx, url.searchParams.get('redirect_to'));
  const settings = authSettings(ctx);
  const mayCreate = body.create_user !== false && !settings.disableSignup;

  // The client address' e-mail budget and the address' minimum interval, account or not (signup.ts).
  let user: UserRow | null = (await findUserByEmail(ctx.db, email)) ?? null;
  let created = false;
  if (user || !mayCreate) {
    user = await accountForLink(ctx, req, 'recovery', email);
    if (!user) {
      sendJson(res, 200, {});
      return;
    }
  } else {
    // A new address: counted, and noted for the minimum interval, the same way (no account yet: null).
    await accountForLink(ctx, req, 'recovery', email);
    const id = crypto.randomUUID();
    await ctx.db.transaction((tx) =>
      insertUser(tx, { id, email, passwordHash: null, userMetadata: data, confirmed: false }, () =>
        unprocessable('email_exists', 'A user with this email address has already been registered'),
      ),
    );
    user = (await findUserById(ctx.db, id))!;
    created = true;
  }

  const code = newCode();
  const link = newLinkToken();
  const ttl = settings.emailOtpExpirySeconds;
  await ctx.db.transaction(async (tx) => {
    await storeSignInTokens(tx, user.id, [signInCodeHash(email, code), link.hash], ttl);
    if (pkce) await bindLinkToFlow(tx, link.hash, await createFlowState(tx, user.id, pkce, 'magiclink'));
  });
  try {
    await sendSignInCodeEmail(ctx, email, code, link.token, redirectTo, Math.max(1, Math.round(ttl / 60)));
  } catch (e) {
    console.error(`[auth] sign-in code e-mail to user ${user.id} failed: ${(e as Error).message}`);
    await ctx.db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [user.id]);
    if (created) await ctx.db.query(`delete from auth.users where id = $1`, [user.id]);
    throw internal('Error sending magic link email');
  }
  sendJson(res, 200, {});
}
