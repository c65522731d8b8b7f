import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { checkEmail } from './email-address.js';
import { newLinkToken, sendAccountEmail } from './emails.js';
import { badRequest, internal, unprocessable } from './errors.js';
import { checkPassword, hashPassword, passwordMatches } from './passwords.js';
import { allowedRedirect, readJson } from './request.js';
import { requireUser } from './sessions.js';
import { tooSoon } from './signup.js';
import { findUserById, mergeMetadata, userJson } from './users.js';

// app_metadata is not accepted here: only the service role may change it (admin API).
const UserUpdateBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export const emailTaken = () => unprocessable('email_exists', 'A user with this email address has already been registered');

export async function getUser(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user } = await requireUser(ctx, req);
  sendJson(res, 200, userJson(user));
}

export async function updateUser(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { user, sessionId } = await requireUser(ctx, req);
  const body = await readJson(req, ctx, UserUpdateBody);
  if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');

  let passwordHash: string | null = null;
  if (body.password != null) {
    checkPassword(body.password);
    const current = await ctx.db.query<{ encrypted_password: string | null }>(`select encrypted_password from auth.users where id = $1`, [user.id]);
    const old = current.rows[0]?.encrypted_password ?? null;
    if (old && (await passwordMatches(body.password, old))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(body.password);
  }
  const newEmail = body.email != null ? checkEmail(body.email) : null;
  const changingEmail = newEmail !== null && newEmail !== (user.email ?? '').toLowerCase();
  if (changingEmail) {
    const taken = await ctx.db.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [newEmail, user.id]);
    if (taken.rows.length) throw emailTaken();
  }

  await ctx.db.transaction(async (tx) => {
    if (body.data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.data)),
      ]);
    }
    if (passwordHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, passwordHash]);
      // A new password ends every other session: whoever knew the old one is signed out.
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [user.id, sessionId]);
    }
    if (changingEmail && ctx.config.authAutoconfirm) {
      await tx.query(`update auth.users set email = $2, email_change = '', email_change_token_new = null, updated_at = now() where id = $1`, [user.id, newEmail]);
    }
  });

  if (changingEmail && !ctx.config.authAutoconfirm) {
    const wait = tooSoon(ctx, user.email_change === newEmail ? user.email_change_sent_at : null);
    if (wait) throw wait;
    const { token, hash } = newLinkToken();
    await ctx.db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, newEmail, hash],
    );
    try {
      await sendAccountEmail(ctx, newEmail!, 'email_change', token, allowedRedirect(ctx, url.searchParams.get('redirect_to')));
    } catch (e) {
      console.error(`[auth] e-mail change message for user ${user.id} failed: ${(e as Error).message}`);
      await ctx.db.query(`update auth.users set email_change = '', email_change_token_new = null, email_change_sent_at = null where id = $1`, [user.id]);
      throw internal('Error sending email change email');
    }
  }
  sendJson(res, 200, userJson((await findUserById(ctx.db, user.id))!));
}
