import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { checkEmail } from './email-address.js';
import { hashLinkToken, newLinkToken, sendAccountEmail, sendReauthenticationEmail } from './emails.js';
import { AuthError, badRequest, internal, unprocessable } from './errors.js';
import { checkPassword, hashPassword, passwordMatches } from './passwords.js';
import { codeMayBeTried, limitByAddress, overRequestRateLimit, recordWrongCode } from './rate-limit.js';
import { allowedRedirect, checkMetadata, readJson } from './request.js';
import { changePhone, newPhoneFor } from './phone.js';
import { requireUser, type Caller } from './sessions.js';
import { authSettings } from './settings.js';
import { tooSoon } from './signup.js';
import { userFactors } from './mfa-factors.js';
import { findUserById, mergeMetadata, userJson } from './users.js';

// app_metadata is not accepted here: only the service role may change it (admin API).
const UserUpdateBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  nonce: z.string().max(64).nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

/** How long a reauthentication code stays valid (GoTrue's mailer OTP expiry default). */
const NONCE_TTL_SECONDS = 3600;

export const emailTaken = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

export async function getUser(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user } = await requireUser(ctx, req);
  const factors = await userFactors(ctx.db, user.id);
  sendJson(res, 200, factors.length ? { ...userJson(user), factors } : userJson(user));
}

const nonceHash = (email: string, nonce: string) => hashLinkToken(`reauthentication:${email.toLowerCase()}:${nonce}`);

/** GET /reauthenticate: e-mails a 6-digit code that PUT /user takes as `nonce` for a password change. */
export async function reauthenticate(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user } = await requireUser(ctx, req);
  if (!user.email)
    throw unprocessable('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  const sent = await ctx.db.query<{ reauthentication_sent_at: Date | null }>(
    `select reauthentication_sent_at from auth.users where id = $1`,
    [user.id],
  );
  const wait = tooSoon(ctx, sent.rows[0]?.reauthentication_sent_at ?? null);
  if (wait) throw wait;
  limitByAddress(ctx, req, 'emailSent');
  const nonce = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.query(
    `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1`,
    [user.id, nonceHash(user.email, nonce)],
  );
  try {
    await sendReauthenticationEmail(ctx, user.email, nonce);
  } catch (e) {
    console.error(`[auth] reauthentication e-mail for user ${user.id} failed: ${(e as Error).message}`);
    await ctx.db.query(
      `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`,
      [user.id],
    );
    throw internal('Error sending reauthentication email');
  }
  sendJson(res, 200, {});
}

/**
 * GoTrue's secure password change: a session signed in longer ago than the window must show the
 * e-mailed code, so a stolen session cannot lock the owner out by changing the password.
 */
async function checkReauthentication(
  ctx: BackendContext,
  req: IncomingMessage,
  caller: Caller,
  nonce: string | null | undefined,
): Promise<void> {
  const settings = authSettings(ctx);
  if (!settings.securePasswordChange) return;
  if (caller.sessionId) {
    const s = await ctx.db.query<{ fresh: boolean }>(
      `select created_at > now() - make_interval(secs => $2) as fresh from auth.sessions where id = $1`,
      [caller.sessionId, settings.reauthenticationWindowSeconds],
    );
    if (s.rows[0]?.fresh) return;
  }
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  limitByAddress(ctx, req, 'tokenVerifications');
  if (!codeMayBeTried(ctx, caller.user.id)) throw overRequestRateLimit();
  const r = await ctx.db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1 and reauthentication_token = $2 and reauthentication_sent_at > now() - make_interval(secs => $3) returning id`,
    [caller.user.id, nonceHash(caller.user.email ?? '', nonce), NONCE_TTL_SECONDS],
  );
  if (r.rows.length === 0) {
    recordWrongCode(ctx, caller.user.id);
    throw unprocessable('reauthentication_not_valid', 'Requires reauthentication');
  }
}

/** True unless the user has a verified factor that this session has not passed (aal1). */
async function passedSecondFactor(ctx: BackendContext, caller: Caller): Promise<boolean> {
  const r = await ctx.db.query<{ ok: boolean }>(
    `select coalesce((select aal = 'aal2' from auth.sessions where id = $2), false)
         or not exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as ok`,
    [caller.user.id, caller.sessionId],
  );
  return r.rows[0]?.ok ?? false;
}

export async function updateUser(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const caller = await requireUser(ctx, req);
  const { user, sessionId } = caller;
  const body = await readJson(req, ctx, UserUpdateBody);
  // A new number: its code goes to it (phone.ts); null when it is the account's confirmed number already.
  const newPhone = body.phone ? await newPhoneFor(ctx, user, body.phone) : null;
  if (body.data) checkMetadata(mergeMetadata(user.raw_user_meta_data, body.data));

  let passwordHash: string | null = null;
  if (body.password != null) {
    checkPassword(body.password);
    await checkReauthentication(ctx, req, caller, body.nonce);
    const current = await ctx.db.query<{ encrypted_password: string | null }>(
      `select encrypted_password from auth.users where id = $1`,
      [user.id],
    );
    const old = current.rows[0]?.encrypted_password ?? null;
    if (old && (await passwordMatches(body.password, old))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(body.password);
  }
  const newEmail = body.email != null ? checkEmail(body.email) : null;
  const changingEmail = newEmail !== null && newEmail !== (user.email ?? '').toLowerCase();
  if (changingEmail) {
    const taken = await ctx.db.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [
      newEmail,
      user.id,
    ]);
    if (taken.rows.length) throw emailTaken();
  }

  // As GoTrue: with a verified second factor, the password and the e-mail change only from an aal2 session, so a
  // stolen password cannot lock the owner out (a new password ends the other sessions) nor move the account.
  if ((passwordHash || changingEmail || newPhone) && !(await passedSecondFactor(ctx, caller)))
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  // A number signs in to the account: adding one asks what a new password asks (a recent sign-in or the e-mailed
  // code), so a stolen session cannot add the thief's phone and keep the account after the owner's new password.
  if (newPhone && body.password == null) await checkReauthentication(ctx, req, caller, body.nonce);

  await ctx.db.transaction(async (tx) => {
    if (body.data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.data)),
      ]);
    }
    if (passwordHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        user.id,
        passwordHash,
      ]);
      // A new password ends every other session: whoever knew the old one is signed out.
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [user.id, sessionId]);
    }
    if (changingEmail && ctx.config.authAutoconfirm) {
      await tx.query(
        `update auth.users set email = $2, email_change = '', email_change_token_new = null, updated_at = now() where id = $1`,
        [user.id, newEmail],
      );
    }
  });

  if (changingEmail && !ctx.config.authAutoconfirm) {
    const wait = tooSoon(ctx, user.email_change === newEmail ? user.email_change_sent_at : null);
    if (wait) throw wait;
    limitByAddress(ctx, req, 'emailSent');
    // double_confirm_changes: the current address must accept the change too, so a stolen session
    // cannot move the account to the thief's mailbox on its own.
    const both = authSettings(ctx).doubleConfirmChanges && !!user.email && !!user.email_confirmed_at;
    const toNew = newLinkToken();
    const toCurrent = both ? newLinkToken() : null;
    await ctx.db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_confirm_status = 0,
              email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, newEmail, toNew.hash, toCurrent?.hash ?? ''],
    );
    const redirectTo = allowedRedirect(ctx, url.searchParams.get('redirect_to'));
    try {
      await sendAccountEmail(ctx, newEmail!, 'email_change', toNew.token, redirectTo);
      if (toCurrent) await sendAccountEmail(ctx, user.email!, 'email_change_current', toCurrent.token, redirectTo);
    } catch (e) {
      console.error(`[auth] e-mail change message for user ${user.id} failed: ${(e as Error).message}`);
      await ctx.db.query(
        `update auth.users set email_change = '', email_change_token_new = null, email_change_token_current = '', email_change_sent_at = null where id = $1`,
        [user.id],
      );
      throw internal('Error sending email change email');
    }
  }
  if (newPhone) await changePhone(ctx, req, user, newPhone);
  sendJson(res, 200, userJson((await findUserById(ctx.db, user.id))!));
}
