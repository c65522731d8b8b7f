import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { bearerToken, JwtError, type JwtClaims } from '../jwt.js';
import { AuthError, badRequest, forbidden } from './errors.js';
import { userFactors, type FactorJson } from './mfa-factors.js';
import { clientInfo } from './request.js';
import { findUserById, userJson, UUID_RE, type UserJson, type UserRow } from './users.js';

/** GoTrue's default: a revoked refresh token may be presented again for 10 s (two tabs refreshing at once). */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

export type AuthMethod =
  | 'password'
  | 'otp'
  | 'email/signup'
  | 'recovery'
  | 'email_change'
  | 'phone_change'
  | 'magiclink'
  | 'invite'
  | 'anonymous'
  | 'pkce'
  | 'oauth_provider/authorization_code';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson & { factors?: FactorJson[] };
}

function newRefreshToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** A session's authenticator assurance level: aal2 once a second factor (TOTP) was verified in it. */
export type Aal = 'aal1' | 'aal2';

async function accessToken(
  ctx: BackendContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  aal: Aal,
  oauthClientId: string | null,
) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpiry;
  const claims: JwtClaims = {
    iss: `${ctx.publicUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
    // A session an OAuth client opened (oauth*.ts) names the client, as GoTrue's tokens do.
    ...(oauthClientId ? { client_id: oauthClientId } : {}),
  };
  return { token: await ctx.jwt.sign(claims, ctx.config.jwtExpiry), exp };
}

export async function sessionResponse(
  ctx: BackendContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
  aal: Aal,
  factors: FactorJson[],
  oauthClientId: string | null = null,
): Promise<SessionResponse> {
  const { token, exp } = await accessToken(ctx, user, sessionId, amr, aal, oauthClientId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    // As GoTrue: the user's factors ride along (auth-js reads them for the next assurance level).
    user: factors.length ? { ...userJson(user), factors } : userJson(user),
  };
}

/** Opens a new session for a user who just proved who they are, and records the sign-in. */
export async function startSession(
  ctx: BackendContext,
  tx: Queryable,
  req: IncomingMessage,
  userId: string,
  method: AuthMethod,
  oauthClientId: string | null = null,
): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  const amr = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const { userAgent, ip } = clientInfo(req);
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(
    `insert into auth.sessions (id, user_id, user_agent, ip, amr, oauth_client_id) values ($1, $2, $3, $4, $5, $6)`,
    [sessionId, userId, userAgent, ip, JSON.stringify(amr), oauthClientId],
  );
  const refreshToken = newRefreshToken();
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [
    refreshToken,
    userId,
    sessionId,
  ]);
  const user = await findUserById(tx, userId);
  if (!user) throw forbidden('user_not_found', 'User not found');
  return sessionResponse(ctx, user, sessionId, amr, refreshToken, 'aal1', await userFactors(tx, userId), oauthClientId);
}

interface PresentedToken {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  reusable: boolean;
  session_expired: boolean;
  amr: AmrEntry[];
  aal: Aal;
  oauth_client_id: string | null;
}

/**
 * The refresh_token grant with rotation: the presented token is revoked and a child issued.
 * A revoked token presented again after the reuse interval means it leaked: the whole
 * session is ended, so neither the thief nor the owner can go on with it.
 * Locking the token row (not only the session) makes a concurrent refresh re-read `revoked`.
 * A session an OAuth client opened is refreshed only by that client (`POST /oauth/token`, oauth-flow.ts), and
 * the site's own sessions never there: `oauthClientId` is the client asking, null for `/token`.
 */
export async function refreshSession(
  ctx: BackendContext,
  tx: Queryable,
  presented: string,
  oauthClientId: string | null = null,
): Promise<SessionResponse | AuthError> {
  const found = await tx.query<PresentedToken>(
    `select t.id::text, t.token, t.user_id, t.session_id, t.revoked,
            t.updated_at > now() - make_interval(secs => $2) as reusable,
            (s.not_after is not null and s.not_after < now()) as session_expired, s.amr, s.aal,
            s.oauth_client_id
       from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
      where t.token = $1
        for update of t, s`,
    [presented, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS],
  );
  const token = found.rows[0];
  if (token && (token.oauth_client_id ?? null) !== oauthClientId)
    return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (!token) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUserById(tx, token.user_id);
  if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (user.banned) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  if (token.session_expired) return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');

  let issued: string | null = null;
  if (token.revoked) {
    if (!token.reusable) {
      await tx.query(`delete from auth.sessions where id = $1`, [token.session_id]);
      return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    // The client lost the answer to its last refresh: hand back the child it was given.
    const child = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and parent = $2 and not revoked order by id desc limit 1`,
      [token.session_id, token.token],
    );
    issued = child.rows[0]?.token ?? null;
  }
  if (!issued) {
    issued = newRefreshToken();
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked`, [
      token.id,
    ]);
    await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
      issued,
      token.user_id,
      token.session_id,
      token.token,
    ]);
  }
  await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [token.session_id]);
  return sessionResponse(
    ctx,
    user,
    token.session_id,
    token.amr,
    issued,
    token.aal,
    await userFactors(tx, user.id),
    token.oauth_client_id,
  );
}

export interface Caller {
  user: UserRow;
  sessionId: string | null;
  claims: JwtClaims;
}

/** Only the Authorization header counts here, as in GoTrue (the apikey header is the project key). */
export function authorizationBearer(req: IncomingMessage): string | null {
  const auth = req.headers['authorization'];
  if (!auth) return null;
  return bearerToken({ authorization: auth });
}

export async function verifiedClaims(ctx: BackendContext, req: IncomingMessage): Promise<JwtClaims> {
  const token = authorizationBearer(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await ctx.jwt.verify(token);
  } catch (e) {
    const reason = e instanceof JwtError ? e.message : 'invalid token';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** GoTrue's requireAuthentication: a valid JWT whose user and session still exist. */
export async function requireUser(ctx: BackendContext, req: IncomingMessage): Promise<Caller> {
  const claims = await verifiedClaims(ctx, req);
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | null = null;
  if (claims.session_id) {
    if (!UUID_RE.test(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const s = await ctx.db.query(`select 1 from auth.sessions where id = $1 and user_id = $2`, [
      claims.session_id,
      user.id,
    ]);
    if (s.rows.length === 0)
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = claims.session_id;
  }
  return { user, sessionId, claims };
}

/** The admin API is for the service role only (GoTrue's admin roles). */
export async function requireAdmin(ctx: BackendContext, req: IncomingMessage): Promise<void> {
  const claims = await verifiedClaims(ctx, req);
  if (claims.role !== 'service_role') throw forbidden('not_admin', 'User not allowed');
}
