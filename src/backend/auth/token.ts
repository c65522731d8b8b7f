import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { AuthError, badRequest, OAuthError, unprocessable } from './errors.js';
import { passwordMatches } from './passwords.js';
import { readJson } from './request.js';
import { refreshSession, startSession } from './sessions.js';
import { findUserByEmail } from './users.js';

const PasswordBody = z.object({ email: z.string().nullish(), phone: z.string().nullish(), password: z.string().nullish() });
const RefreshBody = z.object({ refresh_token: z.string().nullish() });

const INVALID_LOGIN = 'Invalid login credentials';

async function passwordGrant(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, ctx, PasswordBody);
  if (body.email && body.phone) throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on login.');
  if (!body.email) {
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    throw badRequest('validation_failed', 'missing email or phone');
  }
  const user = await findUserByEmail(ctx.db, body.email.trim());
  const ok = await passwordMatches(body.password ?? '', user?.encrypted_password ?? null);
  if (!user || !ok) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (user.banned) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await ctx.db.transaction((tx) => startSession(ctx, tx, req, user.id, 'password'));
  sendJson(res, 200, session);
}

async function refreshTokenGrant(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, ctx, RefreshBody);
  if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token required');
  const result = await ctx.db.transaction((tx) => refreshSession(ctx, tx, body.refresh_token!));
  if (result instanceof AuthError) throw result;
  sendJson(res, 200, result);
}

/** POST /token?grant_type=password|refresh_token */
export async function token(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const grant = url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(ctx, req, res);
  if (grant === 'refresh_token') return refreshTokenGrant(ctx, req, res);
  throw new OAuthError('unsupported_grant_type');
}
