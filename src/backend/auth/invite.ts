import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { sendJson } from '../http.js';
import { recipientOverLimit } from '../mail/recipient-limit.js';
import { checkEmail } from './email-address.js';
import { EMAIL_LINK_TTL_SECONDS, newLinkToken, storeOneTimeToken } from './emails.js';
import { badRequest, internal, notFound, unprocessable } from './errors.js';
import { checkPassword, hashPassword } from './passwords.js';
import { allowedRedirect, checkMetadata, readJson } from './request.js';
import { requireAdmin } from './sessions.js';
import { emailTaken } from './user.js';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users.js';

const InviteBody = z.object({
  email: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const GenerateLinkBody = z.object({
  type: z.string().nullish(),
  email: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  redirect_to: z.string().nullish(),
  new_email: z.string().nullish(),
});

const GENERATED_TYPES = [
  'invite',
  'signup',
  'recovery',
  'magiclink',
  'email_change_current',
  'email_change_new',
] as const;
type GeneratedType = (typeof GENERATED_TYPES)[number];

const alreadyRegistered = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/**
 * The invited account: a new one without a password, or the existing one while its address is not confirmed
 * (GoTrue sends the invitation again). Such an account was made by whoever signed up with the address, maybe not
 * the mailbox's owner, so its password and sessions go: only the person who reads the invitation sets one. A
 * confirmed account is refused (422 email_exists): an invitation never takes over someone's account.
 */
async function invitedUser(
  tx: Queryable,
  email: string,
  data: Record<string, unknown> | null | undefined,
): Promise<string> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at) throw alreadyRegistered();
  if (existing) {
    await tx.query(
      `update auth.users set encrypted_password = null, invited_at = now(), updated_at = now(),
              raw_user_meta_data = raw_user_meta_data || $2::jsonb where id = $1`,
      [existing.id, JSON.stringify(data ?? {})],
    );
    await tx.query(`delete from auth.sessions where user_id = $1`, [existing.id]);
    await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [existing.id]);
    return existing.id;
  }
  const id = crypto.randomUUID();
  await insertUser(tx, { id, email, passwordHash: null, userMetadata: data ?? {}, confirmed: false }, emailTaken);
  await tx.query(`update auth.users set invited_at = now() where id = $1`, [id]);
  return id;
}

function verifyUrl(ctx: BackendContext, token: string, type: string, redirectTo: string): string {
  return `${ctx.publicUrl}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo }).toString()}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The invitation, in Portuguese and French (the back office's two languages). Like the other account e-mails it
 * counts in the inbox's hourly limit (mail/recipient-limit.ts); over it, nothing is sent and the log says so.
 */
async function sendInviteEmail(ctx: BackendContext, to: string, link: string): Promise<void> {
  if (await recipientOverLimit(ctx.db, 'email', to)) {
    console.warn('[auth] invite e-mail not sent: too many messages to this inbox within the hour (rate limit)');
    return;
  }
  const hours = Math.round(EMAIL_LINK_TTL_SECONDS / 3600);
  const subject = 'Convite para a equipa / Invitation dans l’équipe';
  const pt = `Foi convidado(a) para a equipa do restaurante. Abra a ligação abaixo para escolher a sua palavra-passe; é válida ${hours} horas e só uma vez.`;
  const fr = `Vous avez été invité(e) dans l’équipe du restaurant. Ouvrez le lien ci-dessous pour choisir votre mot de passe ; il est valable ${hours} heures et une seule fois.`;
  const action = 'Escolher a palavra-passe / Choisir le mot de passe';
  const ignore =
    'Se não esperava este convite, ignore este e-mail. / Si vous n’attendiez pas cette invitation, ignorez cet e-mail.';
  await ctx.mailer.sendEmail({
    to,
    subject,
    html:
      `<h2>${subject}</h2><p>Olá,</p><p>${pt}</p><p>Bonjour,</p><p>${fr}</p>` +
      `<p><a href="${escapeHtml(link)}">${action}</a></p><p>${ignore}</p>`,
    text: `Olá,\n\n${pt}\n\nBonjour,\n\n${fr}\n\n${link}\n\n${ignore}\n`,
  });
}

/**
 * POST /invite (auth.admin.inviteUserByEmail), service role only: makes the account (no password, address not
 * confirmed) and e-mails a link that confirms it and opens a session (GET /verify?type=invite, or verifyOtp
 * `{type: 'invite', token_hash}`), single use and valid EMAIL_LINK_TTL_SECONDS. Answers the user.
 */
export async function invite(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  await requireAdmin(ctx, req);
  const body = await readJson(req, ctx, InviteBody);
  const email = checkEmail(body.email);
  if (body.data) checkMetadata(body.data);
  const { token, hash } = newLinkToken();
  const id = await ctx.db.transaction(async (tx) => {
    const userId = await invitedUser(tx, email, body.data);
    await storeOneTimeToken(tx, userId, 'confirmation', hash);
    await tx.query(`update auth.users set confirmation_sent_at = now() where id = $1`, [userId]);
    return userId;
  });
  try {
    await sendInviteEmail(
      ctx,
      email,
      verifyUrl(ctx, token, 'invite', allowedRedirect(ctx, url.searchParams.get('redirect_to'))),
    );
  } catch (e) {
    console.error(`[auth] invite e-mail to user ${id} failed: ${(e as Error).message}`);
    await ctx.db.query(`delete from auth.one_time_tokens where user_id = $1 and token_hash = $2`, [id, hash]);
    throw internal('Error sending invite email');
  }
  sendJson(res, 200, userJson((await findUserById(ctx.db, id))!));
}

async function existingUser(db: Queryable, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('user_not_found', 'User with this email not found');
  return user;
}

/**
 * POST /admin/generate_link (auth.admin.generateLink), service role only: the link of an e-mail without sending
 * it. `invite` (as /invite), `signup` (a new account with its password, or the unconfirmed one), `recovery` and
 * `magiclink` (an existing account). Answers the user with action_link, hashed_token (what verifyOtp takes as
 * token_hash), redirect_to and verification_type; email_otp is empty (no 6-digit codes here).
 */
export async function generateLink(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  await requireAdmin(ctx, req);
  const body = await readJson(req, ctx, GenerateLinkBody);
  const type = body.type as GeneratedType;
  if (!(GENERATED_TYPES as readonly string[]).includes(type ?? ''))
    throw badRequest('validation_failed', 'Invalid or unsupported link type');
  const email = checkEmail(body.email);
  if (body.data) checkMetadata(body.data);
  const redirectTo = allowedRedirect(ctx, body.redirect_to ?? url.searchParams.get('redirect_to'));
  const { token, hash } = newLinkToken();
  const id = await ctx.db.transaction(async (tx) => {
    if (type === 'invite') {
      const userId = await invitedUser(tx, email, body.data);
      await storeOneTimeToken(tx, userId, 'confirmation', hash);
      return userId;
    }
    if (type === 'signup') {
      const existing = await findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) throw alreadyRegistered();
      if (existing) {
        await storeOneTimeToken(tx, existing.id, 'confirmation', hash);
        return existing.id;
      }
      if (body.password == null) throw badRequest('validation_failed', 'Password is required for signup links');
      checkPassword(body.password);
      const userId = crypto.randomUUID();
      const passwordHash = await hashPassword(body.password);
      await insertUser(
        tx,
        { id: userId, email, passwordHash, userMetadata: body.data ?? {}, confirmed: false },
        emailTaken,
      );
      await storeOneTimeToken(tx, userId, 'confirmation', hash);
      return userId;
    }
    if (type === 'email_change_current' || type === 'email_change_new') {
      // One link that changes the address on its own (the service role vouches for the other side).
      const user = await existingUser(tx, email);
      const newEmail = checkEmail(body.new_email);
      const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [
        newEmail,
        user.id,
      ]);
      if (taken.rows.length) throw emailTaken();
      await tx.query(
        `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
                email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, newEmail, type === 'email_change_new' ? hash : null, type === 'email_change_current' ? hash : ''],
      );
      return user.id;
    }
    const user = await existingUser(tx, email);
    await storeOneTimeToken(tx, user.id, 'recovery', hash);
    await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [user.id]);
    return user.id;
  });
  const user = userJson((await findUserById(ctx.db, id))!);
  sendJson(res, 200, {
    ...user,
    action_link: verifyUrl(ctx, token, type.startsWith('email_change') ? 'email_change' : type, redirectTo),
    email_otp: '',
    hashed_token: token,
    redirect_to: redirectTo,
    verification_type: type,
  });
}
