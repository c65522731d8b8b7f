import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { CORS_HEADERS, HttpError, readBody, sendJson } from '../http.js';
import { AuthError, badRequest, notFound, OAuthError } from './errors.js';
import { findClient, type ClientRow } from './oauth-clients.js';
import { oauthServerSettings, requireFirstPartyUser, sameHash, sha256 } from './oauth-common.js';
import { limitByAddress } from './rate-limit.js';
import { allowedRedirect, readJson, siteUrl } from './request.js';
import { refreshSession, startSession, type SessionResponse } from './sessions.js';
import { UUID_RE } from './users.js';

/*
 * The authorization code flow of GoTrue's OAuth 2.1 server (oauth.ts says who calls what). What binds a code:
 * it is made when the customer approves, kept only as its SHA-256, exchanged once (any attempt spends it; a second
 * exchange of a spent code also ends the session the first one opened, RFC 6749 §4.1.2), by the client it was
 * made for, with the redirect URI of the request when one is sent, and with the PKCE verifier of the request's
 * S256 challenge; within 5 minutes of the approval and 10 of the request.
 */

/** How long a request waits for the customer's answer (GoTrue's authorization_ttl). */
const AUTHORIZATION_TTL_MINUTES = 10;
/** How long a code may be exchanged after the customer approved. */
const CODE_TTL_MINUTES = 5;
/** GoTrue's default scope, and the scopes it knows but `openid` (no ID tokens are made here). */
const DEFAULT_SCOPE = 'email';
const SUPPORTED_SCOPES = new Set(['email', 'profile', 'phone', 'offline_access']);
/** RFC 7636: 43 to 128 characters of the unreserved set (an S256 challenge is 43). */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  code_challenge: string;
  status: 'pending' | 'approved' | 'denied' | 'expired' | 'used';
  session_id: string | null;
  expired: boolean;
  /** The request's redirect URI is still one of the client's (the owner may have removed it since). */
  redirect_registered: boolean;
}

const authorizationColumns = (t: string) =>
  `${t}.id, ${t}.authorization_id, ${t}.client_id, ${t}.user_id, ${t}.redirect_uri, ${t}.scope, ${t}.state,
   ${t}.code_challenge, ${t}.status, ${t}.session_id, ${t}.expires_at < now() as expired,
   exists (select 1 from auth.oauth_clients c where c.id = ${t}.client_id and ${t}.redirect_uri = any(c.redirect_uris))
     as redirect_registered`;

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { ...CORS_HEADERS, Location: location });
  res.end();
}

function errorRedirectUrl(redirectUri: string, error: string, description: string, state: string | null): string {
  const u = new URL(redirectUri);
  u.searchParams.set('error', error);
  u.searchParams.set('error_description', description);
  if (state) u.searchParams.set('state', state);
  return u.toString();
}

function successRedirectUrl(redirectUri: string, code: string, state: string | null): string {
  const u = new URL(redirectUri);
  u.searchParams.set('code', code);
  if (state) u.searchParams.set('state', state);
  return u.toString();
}

function scopesOf(scope: string): string[] {
  return scope.split(' ').filter(Boolean);
}

/**
 * GET /oauth/authorize: checks the client and its redirect URI first (a wrong one is a 400 here, never a redirect:
 * no open redirect), then the rest (answered by a redirect to the client with `error=invalid_request`), records
 * the request and sends the customer to the site's consent page with `?authorization_id=`.
 */
export async function authorize(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  limitByAddress(ctx, req, 'signInSignUps');
  const q = url.searchParams;
  const clientId = q.get('client_id') ?? '';
  const redirectUri = q.get('redirect_uri') ?? '';
  if (!clientId) throw badRequest('validation_failed', 'client_id is required');
  if (!redirectUri) throw badRequest('validation_failed', 'redirect_uri is required');
  if (!UUID_RE.test(clientId)) throw badRequest('oauth_client_not_found', 'invalid client_id format');
  const client = await findClient(ctx, clientId);
  if (!client) throw badRequest('oauth_client_not_found', 'invalid client_id');
  if (!client.redirect_uris.includes(redirectUri)) throw badRequest('validation_failed', 'invalid redirect_uri');

  const state = q.get('state') || null;
  const fail = (error: string, description: string) =>
    redirect(res, errorRedirectUrl(redirectUri, error, description, state && state.length <= 4096 ? state : null));
  if (state && state.length > 4096) return fail('invalid_request', 'state cannot exceed 4096 characters');
  if ((q.get('response_type') || 'code') !== 'code')
    return fail('invalid_request', 'only response_type=code is supported');
  if (!client.grant_types.includes('authorization_code'))
    return fail('unauthorized_client', 'client is not allowed to use the authorization_code grant');
  const scope = scopesOf(q.get('scope') || DEFAULT_SCOPE);
  if (!scope.length) return fail('invalid_request', 'scope parameter cannot be empty');
  const unknown = scope.find((s) => !SUPPORTED_SCOPES.has(s));
  if (unknown) return fail('invalid_request', `unsupported scope: ${unknown.slice(0, 100)}`);
  const challenge = q.get('code_challenge') ?? '';
  const method = q.get('code_challenge_method') ?? '';
  if (!challenge || !method)
    return fail('invalid_request', 'PKCE flow requires both code_challenge and code_challenge_method');
  // OAuth 2.1 wants S256 wherever it can be done; GoTrue also takes `plain`, which a stolen request would reveal.
  if (method.toLowerCase() !== 's256') return fail('invalid_request', "code_challenge_method must be 'S256'");
  if (!PKCE_VALUE.test(challenge))
    return fail('invalid_request', 'code_challenge must be between 43 and 128 characters');
  const consentPath = oauthServerSettings(ctx).authorizationUrlPath;
  if (!consentPath) return fail('server_error', 'oauth authorization path not configured');

  const authorizationId = crypto.randomBytes(24).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    // Requests nobody answered, and spent codes, are kept a day (a replayed code is recognised meanwhile).
    await tx.query(`delete from auth.oauth_authorizations where expires_at < now() - interval '1 day'`);
    await tx.query(
      `insert into auth.oauth_authorizations
         (id, authorization_id, client_id, redirect_uri, scope, state, code_challenge, code_challenge_method, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, 's256', now() + make_interval(mins => $8))`,
      [
        crypto.randomUUID(),
        authorizationId,
        client.id,
        redirectUri,
        [...new Set(scope)].join(' '),
        state,
        challenge,
        AUTHORIZATION_TTL_MINUTES,
      ],
    );
  });
  const page = new URL(`${siteUrl(ctx)}${consentPath.startsWith('/') ? '' : '/'}${consentPath}`);
  page.searchParams.set('authorization_id', authorizationId);
  redirect(res, page.toString());
}

/** GoTrue's check on the consent endpoints: a browser's Origin, when sent, must be the site or an allowed URL. */
function checkOrigin(ctx: BackendContext, req: IncomingMessage): void {
  const origin = req.headers.origin;
  if (!origin) return;
  let same = false;
  try {
    same = new URL(allowedRedirect(ctx, origin)).origin === new URL(origin).origin;
  } catch {
    same = false;
  }
  if (!same) throw badRequest('validation_failed', 'unauthorized request origin');
}

const authorizationNotFound = () => notFound('oauth_authorization_not_found', 'authorization not found');

/**
 * The request under a row lock; an expired one is marked so and answered as not found (the mark is kept), and so
 * is one whose redirect URI the client no longer lists.
 */
async function lockedAuthorization(tx: Queryable, authorizationId: string): Promise<AuthorizationRow | AuthError> {
  if (authorizationId.length > 128) return authorizationNotFound();
  const r = await tx.query<AuthorizationRow>(
    `select ${authorizationColumns('a')} from auth.oauth_authorizations a where a.authorization_id = $1 for update`,
    [authorizationId],
  );
  const a = r.rows[0];
  if (!a) return authorizationNotFound();
  if (a.expired && a.status === 'pending') {
    await tx.query(`update auth.oauth_authorizations set status = 'expired' where id = $1`, [a.id]);
    return authorizationNotFound();
  }
  if (a.expired) return authorizationNotFound();
  // A redirect URI the owner removed after the request receives nothing: no code, no refusal.
  if (!a.redirect_registered) return authorizationNotFound();
  return a;
}

/** Approves: a fresh code (only its hash is stored), and the redirect that hands it to the client. */
async function approve(tx: Queryable, a: AuthorizationRow): Promise<string> {
  const code = crypto.randomBytes(32).toString('base64url');
  await tx.query(
    `update auth.oauth_authorizations
        set status = 'approved', approved_at = now(), authorization_code = $2,
            expires_at = least(expires_at, now() + make_interval(mins => $3))
      where id = $1`,
    [a.id, sha256(code), CODE_TTL_MINUTES],
  );
  return successRedirectUrl(a.redirect_uri, code, a.state);
}

/**
 * GET /oauth/authorizations/<id> (auth-js `oauth.getAuthorizationDetails`): what the consent page shows. The first
 * signed-in customer to read it owns it (another one gets 404); a customer who already granted these scopes to the
 * client is approved at once (`{redirect_url}`), as GoTrue.
 */
export async function authorizationDetails(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  authorizationId: string,
): Promise<void> {
  checkOrigin(ctx, req);
  const caller = await requireFirstPartyUser(ctx, req);
  const out = await ctx.db.transaction(async (tx) => {
    const a = await lockedAuthorization(tx, authorizationId);
    if (a instanceof AuthError) return a;
    // Another customer's request is not found, whatever became of it (its status is none of their business).
    if (a.user_id && a.user_id !== caller.user.id) return authorizationNotFound();
    if (a.status !== 'pending') return badRequest('validation_failed', 'authorization request cannot be processed');
    if (!a.user_id) {
      await tx.query(`update auth.oauth_authorizations set user_id = $2 where id = $1`, [a.id, caller.user.id]);
      const granted = await tx.query<{ scopes: string }>(
        `select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null`,
        [caller.user.id, a.client_id],
      );
      const has = new Set(scopesOf(granted.rows[0]?.scopes ?? ''));
      if (granted.rows.length && scopesOf(a.scope).every((s) => has.has(s)))
        return { redirect_url: await approve(tx, a) };
    }
    const c = await tx.query<ClientRow>(
      `select id, client_name, client_uri, logo_uri from auth.oauth_clients where id = $1`,
      [a.client_id],
    );
    const client = c.rows[0];
    if (!client) return authorizationNotFound();
    return {
      authorization_id: a.authorization_id,
      redirect_uri: a.redirect_uri,
      client: {
        id: client.id,
        ...(client.client_name ? { name: client.client_name } : {}),
        ...(client.client_uri ? { uri: client.client_uri } : {}),
        ...(client.logo_uri ? { logo_uri: client.logo_uri } : {}),
      },
      user: { id: caller.user.id, ...(caller.user.email ? { email: caller.user.email } : {}) },
      scope: a.scope,
    };
  });
  if (out instanceof AuthError) throw out;
  sendJson(res, 200, out);
}

const ConsentBody = z.object({ action: z.string().nullish() });

/**
 * POST /oauth/authorizations/<id>/consent `{action: 'approve' | 'deny'}` (auth-js `oauth.approveAuthorization`,
 * `denyAuthorization`): `{redirect_url}` back to the client, with `?code=&state=` or `?error=access_denied&state=`.
 */
export async function consent(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  authorizationId: string,
): Promise<void> {
  checkOrigin(ctx, req);
  const caller = await requireFirstPartyUser(ctx, req);
  const body = await readJson(req, ctx, ConsentBody);
  if (body.action !== 'approve' && body.action !== 'deny')
    throw badRequest('validation_failed', "action must be 'approve' or 'deny'");
  const out = await ctx.db.transaction(async (tx) => {
    const a = await lockedAuthorization(tx, authorizationId);
    if (a instanceof AuthError) return a;
    if (a.user_id !== caller.user.id) return authorizationNotFound();
    if (a.status !== 'pending') return badRequest('validation_failed', 'authorization request is no longer pending');
    if (body.action === 'deny') {
      await tx.query(`update auth.oauth_authorizations set status = 'denied' where id = $1`, [a.id]);
      return { redirect_url: errorRedirectUrl(a.redirect_uri, 'access_denied', 'User denied the request', a.state) };
    }
    await tx.query(
      `insert into auth.oauth_consents (id, user_id, client_id, scopes) values ($1, $2, $3, $4)
       on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
      [crypto.randomUUID(), caller.user.id, a.client_id, a.scope],
    );
    return { redirect_url: await approve(tx, a) };
  });
  if (out instanceof AuthError) throw out;
  sendJson(res, 200, out);
}

/** The token request's fields, from a form (what OAuth clients send) or JSON, as GoTrue reads both. */
async function tokenParams(ctx: BackendContext, req: IncomingMessage): Promise<Record<string, string>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, ctx.config.maxBodyBytes, () => new HttpError(413, {}));
  } catch (e) {
    if (e instanceof HttpError)
      throw new AuthError(413, 'request_too_large', `Request body is larger than ${ctx.config.maxBodyBytes} bytes`);
    throw new OAuthError('invalid_request', 'Failed to parse form data');
  }
  const out: Record<string, string> = {};
  if (String(req.headers['content-type'] ?? '').includes('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8') || '{}');
    } catch {
      throw new OAuthError('invalid_request', 'Invalid JSON body');
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new OAuthError('invalid_request', 'Invalid JSON body');
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  } else {
    for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) if (!(k in out)) out[k] = v;
  }
  return out;
}

const invalidCredentials = (why: string) => badRequest('invalid_credentials', why);

/**
 * GoTrue's client authentication: HTTP Basic (`client_secret_basic`), or `client_id` (+ `client_secret`,
 * `client_secret_post`) in the body; the method must be the one the client registered, and a confidential
 * client's secret must match the stored hash.
 */
async function authenticateClient(
  ctx: BackendContext,
  req: IncomingMessage,
  params: Record<string, string>,
): Promise<ClientRow> {
  let clientId: string;
  let secret: string;
  let method: ClientRow['token_endpoint_auth_method'];
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidCredentials('Invalid client credentials: invalid basic auth format');
    try {
      // RFC 6749 §2.3.1: both are form-urlencoded before they are joined.
      clientId = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      throw invalidCredentials('Invalid client credentials: invalid basic auth encoding');
    }
    method = 'client_secret_basic';
  } else {
    clientId = params.client_id ?? '';
    secret = params.client_secret ?? '';
    method = secret ? 'client_secret_post' : 'none';
  }
  if (!clientId) throw invalidCredentials('Invalid client credentials: client_id is required');
  if (!UUID_RE.test(clientId)) throw invalidCredentials('Invalid client_id format');
  const client = await findClient(ctx, clientId);
  if (!client) throw invalidCredentials('Invalid client credentials');
  if (method !== client.token_endpoint_auth_method)
    throw invalidCredentials(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${method}' was used`,
    );
  if (client.client_type === 'confidential' && !sameHash(secret, client.client_secret_hash))
    throw invalidCredentials('invalid client credentials');
  return client;
}

function pkceMatches(verifier: string, challenge: string): boolean {
  if (!PKCE_VALUE.test(verifier)) return false;
  const a = Buffer.from(sha256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function tokenAnswer(session: SessionResponse) {
  return {
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
  };
}

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

async function authorizationCodeGrant(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  client: ClientRow,
  params: Record<string, string>,
): Promise<void> {
  const code = params.code ?? '';
  if (!code) throw new OAuthError('invalid_request', 'code is required for authorization_code grant');
  if (code.length > 256) throw invalidGrant('Invalid authorization code');
  const out = await ctx.db.transaction(async (tx) => {
    const r = await tx.query<AuthorizationRow & { user_ok: boolean | null }>(
      `select ${authorizationColumns('a')},
              (select u.deleted_at is null and not coalesce(u.banned_until > now(), false)
                 from auth.users u where u.id = a.user_id) as user_ok
         from auth.oauth_authorizations a where a.authorization_code = $1 for update of a`,
      [sha256(code)],
    );
    const a = r.rows[0];
    if (!a) return invalidGrant('Invalid authorization code');
    if (a.status === 'used') {
      // The code comes back after it was exchanged: whoever holds it is not to be trusted, nor what it gave.
      if (a.session_id) await tx.query(`delete from auth.sessions where id = $1`, [a.session_id]);
      await tx.query(`update auth.oauth_authorizations set session_id = null where id = $1`, [a.id]);
      return invalidGrant('Invalid authorization code');
    }
    if (a.status !== 'approved') return invalidGrant('Invalid authorization code');
    // Spent by this attempt whatever follows: a stolen code tried without the verifier is gone.
    await tx.query(`update auth.oauth_authorizations set status = 'used' where id = $1`, [a.id]);
    if (a.expired) return invalidGrant('Authorization code has expired');
    if (a.client_id !== client.id) return invalidGrant('Authorization code was not issued for this client');
    if (params.redirect_uri && params.redirect_uri !== a.redirect_uri) return invalidGrant('Invalid redirect_uri');
    if (!a.redirect_registered) return invalidGrant('Invalid redirect_uri');
    if (!params.code_verifier) return invalidGrant('PKCE verification failed: code_verifier is required');
    if (!pkceMatches(params.code_verifier, a.code_challenge))
      return invalidGrant('PKCE verification failed: code challenge does not match previously saved code verifier');
    if (!a.user_id || a.user_ok === null) return invalidGrant('User not found for authorization code');
    if (!a.user_ok) return new OAuthError('access_denied', 'User is banned');
    const session = await startSession(ctx, tx, req, a.user_id, 'oauth_provider/authorization_code', client.id);
    await tx.query(
      `update auth.oauth_authorizations
          set session_id = (select session_id from auth.refresh_tokens where token = $2) where id = $1`,
      [a.id, session.refresh_token],
    );
    return session;
  });
  if (out instanceof OAuthError) throw out;
  sendJson(res, 200, tokenAnswer(out));
}

async function refreshTokenGrant(
  ctx: BackendContext,
  res: ServerResponse,
  client: ClientRow,
  params: Record<string, string>,
): Promise<void> {
  const token = params.refresh_token ?? '';
  if (!token) throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant');
  if (token.length > 512) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const out = await ctx.db.transaction((tx) => refreshSession(ctx, tx, token, client.id));
  if (out instanceof AuthError) throw out;
  sendJson(res, 200, tokenAnswer(out));
}

/**
 * POST /oauth/token `grant_type=authorization_code | refresh_token`, for an authenticated client. Every request
 * counts per address (refreshes against `token_refresh`, the rest against `token_verifications`).
 */
export async function oauthToken(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = await tokenParams(ctx, req);
  const grant = params.grant_type ?? '';
  // Counted before the client is authenticated, so a wrong secret or an unknown client costs a try too.
  limitByAddress(ctx, req, grant === 'refresh_token' ? 'tokenRefresh' : 'tokenVerifications');
  const client = await authenticateClient(ctx, req, params);
  if (!grant) throw new OAuthError('invalid_request', 'grant_type is required');
  if (!client.grant_types.includes(grant))
    throw new OAuthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grant.slice(0, 50)}`);
  if (grant === 'authorization_code') return authorizationCodeGrant(ctx, req, res, client, params);
  if (grant === 'refresh_token') return refreshTokenGrant(ctx, res, client, params);
  throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grant.slice(0, 50)}`);
}
