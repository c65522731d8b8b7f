import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { AuthError, badRequest, OAuthError, unprocessable } from './errors.js';
import { phoneDisabled, phoneFormatOk, phoneNumberOf, phoneReady } from './phone.js';
import { PASSWORD_MAX_BYTES, passwordMatches, passwordWork } from './passwords.js';
import {
  clientAddress,
  limitByAddress,
  overRequestRateLimit,
  passwordWaitMs,
  recordFailedPassword,
  recordGoodPassword,
} from './rate-limit.js';
import { pkceGrant } from './pkce.js';
import { readJson } from './request.js';
import { refreshSession, startSession } from './sessions.js';
import { findUserByEmail, findUserByPhone } from './users.js';

const PasswordBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});
const RefreshBody = z.object({ refresh_token: z.string().nullish() });

const INVALID_LOGIN = 'Invalid login credentials';

/** The issuers GoTrue names for the ID-token providers it knows. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  keycloak: 'keycloak',
};

async function passwordGrant(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  limitByAddress(ctx, req, 'signInSignUps');
  const body = await readJson(req, ctx, PasswordBody);
  if (body.email && body.phone)
    throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on login.');
  let login: string;
  let number: string | null = null;
  if (body.email) {
    login = body.email.trim().toLowerCase();
    if (login.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  } else if (body.phone) {
    if (!phoneReady(ctx)) throw phoneDisabled('Phone logins are disabled');
    if (!phoneFormatOk(body.phone))
      throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
    // A number no code could ever have been sent to has no account either: the same wrong-credentials answer.
    number = phoneNumberOf(ctx, body.phone);
    login = `phone:${number ?? body.phone.replace(/\D/g, '')}`;
  } else throw badRequest('validation_failed', 'missing email or phone');
  // Counted by the address or number typed (and the caller's), not by account: the answer says nothing about
  // whether the account exists; and another caller is never held up by this one's wrong passwords.
  if (passwordWaitMs(ctx, req, login) > 0) throw overRequestRateLimit();
  const password = body.password ?? '';
  // Longer than bcrypt reads: no stored password can match it (none is accepted when set).
  const tooLong = Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES;
  const user = body.email
    ? await findUserByEmail(ctx.db, login)
    : number
      ? await findUserByPhone(ctx.db, number)
      : null;
  const client = clientAddress(req);
  const ok = await passwordMatches(
    tooLong ? '' : password,
    tooLong ? null : (user?.encrypted_password ?? null),
    client,
  );
  if (!user || !ok) {
    recordFailedPassword(ctx, req, login);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  recordGoodPassword(ctx, req, login);
  if (user.banned) throw badRequest('user_banned', 'User is banned');
  if (body.email && !user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (!body.email && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
  // This address proved a password: its next sign-ins are checked ahead of unknown addresses (password-work.ts).
  passwordWork().trust(client);
  const session = await ctx.db.transaction((tx) => startSession(ctx, tx, req, user.id, 'password'));
  sendJson(res, 200, session);
}

async function refreshTokenGrant(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  limitByAddress(ctx, req, 'tokenRefresh');
  const body = await readJson(req, ctx, RefreshBody);
  if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token required');
  if (body.refresh_token.length > 512)
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const result = await ctx.db.transaction((tx) => refreshSession(ctx, tx, body.refresh_token!));
  if (result instanceof AuthError) throw result;
  sendJson(res, 200, result);
}

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const grant = url.searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(ctx, req, res);
  if (grant === 'refresh_token') return refreshTokenGrant(ctx, req, res);
  if (grant === 'pkce') return pkceGrant(ctx, req, res);
  // Sign-in with a provider's ID token, or a Web3 wallet: no provider is configured here (GoTrue's answers).
  if (grant === 'id_token') {
    const body = await readJson(req, ctx, z.object({ provider: z.string().nullish(), issuer: z.string().nullish() }));
    const issuer = body.issuer ?? (body.provider ? ID_TOKEN_ISSUERS[body.provider] : undefined) ?? body.provider ?? '';
    throw badRequest('provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
  }
  if (grant === 'web3') throw badRequest('web3_provider_disabled', 'Web3 provider is disabled');
  throw new OAuthError('unsupported_grant_type');
}
