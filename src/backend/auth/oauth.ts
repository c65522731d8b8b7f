import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendContext } from '../context.js';
import { CORS_HEADERS, sendJson } from '../http.js';
import { AuthError, badRequest, notFound } from './errors.js';
import { oauthAdmin } from './oauth-clients.js';
import { requireEnabled, requireFirstPartyUser } from './oauth-common.js';
import { authorizationDetails, authorize, consent, oauthToken } from './oauth-flow.js';
import { requireAdmin } from './sessions.js';
import { UUID_RE } from './users.js';

/*
 * GoTrue's OAuth 2.1 server: the restaurant's account becomes the sign-in of another application (an OAuth client
 * the owner registers with `auth.admin.oauth.createClient`). The client sends the customer to `GET /oauth/authorize`
 * (PKCE S256), the backend sends them on to the site's consent page (`authorization_url_path`), the page reads the
 * request (`GET /oauth/authorizations/<id>`) and posts the customer's answer (`POST …/consent`), the customer comes
 * back to the client with a code, and the client exchanges it at `POST /oauth/token`. Off unless
 * `[auth.oauth_server] enabled = true` (or AUTH_OAUTH_SERVER_ENABLED=true): every route then answers GoTrue's
 * 404 `feature_disabled` "OAuth server is disabled".
 */

/** GET /user/oauth/grants: the clients the customer let in (auth-js `oauth.listGrants`). */
async function listGrants(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caller = await requireFirstPartyUser(ctx, req);
  requireEnabled(ctx);
  const r = await ctx.db.query<{
    id: string;
    client_name: string | null;
    client_uri: string | null;
    logo_uri: string | null;
    scopes: string;
    granted_at: Date;
  }>(
    `select c.id, c.client_name, c.client_uri, c.logo_uri, g.scopes, g.granted_at
       from auth.oauth_consents g join auth.oauth_clients c on c.id = g.client_id
      where g.user_id = $1 and g.revoked_at is null
      order by g.granted_at desc`,
    [caller.user.id],
  );
  sendJson(
    res,
    200,
    r.rows.map((g) => ({
      client: {
        id: g.id,
        ...(g.client_name ? { name: g.client_name } : {}),
        ...(g.client_uri ? { uri: g.client_uri } : {}),
        ...(g.logo_uri ? { logo_uri: g.logo_uri } : {}),
      },
      scopes: g.scopes.split(' ').filter(Boolean),
      granted_at: new Date(g.granted_at).toISOString(),
    })),
  );
}

/**
 * DELETE /user/oauth/grants?client_id=: the grant is revoked, the client's sessions for this customer end, and the
 * codes the customer approved for it that it has not exchanged yet are spent.
 */
async function revokeGrant(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const caller = await requireFirstPartyUser(ctx, req);
  requireEnabled(ctx);
  const clientId = url.searchParams.get('client_id') ?? '';
  if (!clientId) throw badRequest('validation_failed', 'client_id query parameter is required');
  if (!UUID_RE.test(clientId)) throw badRequest('validation_failed', 'invalid client_id format');
  const revoked = await ctx.db.transaction(async (tx) => {
    const r = await tx.query(
      `update auth.oauth_consents set revoked_at = now()
        where user_id = $1 and client_id = $2 and revoked_at is null returning id`,
      [caller.user.id, clientId],
    );
    if (!r.rows.length) return false;
    // Codes approved but not yet exchanged, and requests still waiting, go with the grant.
    await tx.query(
      `update auth.oauth_authorizations set status = 'denied'
        where user_id = $1 and client_id = $2 and status in ('pending', 'approved')`,
      [caller.user.id, clientId],
    );
    await tx.query(`delete from auth.sessions where user_id = $1 and oauth_client_id = $2`, [caller.user.id, clientId]);
    return true;
  });
  if (!revoked) throw notFound('oauth_consent_not_found', 'No active grant found for this client');
  res.writeHead(204, CORS_HEADERS);
  res.end();
}

/** GET /.well-known/oauth-authorization-server (RFC 8414), as GoTrue. */
function metadata(ctx: BackendContext, res: ServerResponse): void {
  const issuer = `${ctx.publicUrl.replace(/\/$/, '')}/auth/v1`;
  sendJson(res, 200, {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
  });
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Every OAuth 2.1 server route; false when `path` is none of them. */
export async function oauth(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const route = path.replace(/\/$/, '');

  const adminMatch = /^\/admin\/oauth\/clients(?:\/([^/]+)(\/regenerate_secret)?)?$/.exec(route);
  if (adminMatch) {
    // As GoTrue: the admin check first (403 not_admin), then whether the server is on.
    await requireAdmin(ctx, req);
    requireEnabled(ctx);
    return oauthAdmin(ctx, req, res, url, method, adminMatch[1] ? decoded(adminMatch[1]) : null, !!adminMatch[2]);
  }
  if (route === '/user/oauth/grants') {
    if (method === 'GET') await listGrants(ctx, req, res);
    else if (method === 'DELETE') await revokeGrant(ctx, req, res, url);
    else return false;
    return true;
  }
  if (route === '/.well-known/oauth-authorization-server' && method === 'GET') {
    requireEnabled(ctx);
    metadata(ctx, res);
    return true;
  }
  const authorizationMatch = /^\/oauth\/authorizations\/([^/]+)(\/consent)?$/.exec(route);
  if (route === '/oauth/authorize' && method === 'GET') {
    requireEnabled(ctx);
    await authorize(ctx, req, res, url);
  } else if (route === '/oauth/token' && method === 'POST') {
    requireEnabled(ctx);
    await oauthToken(ctx, req, res);
  } else if (route === '/oauth/clients/register' && method === 'POST') {
    // Dynamic registration would let anyone on the Internet register a client: never offered here.
    requireEnabled(ctx);
    throw new AuthError(
      403,
      'oauth_dynamic_client_registration_disabled',
      'Dynamic client registration is not enabled',
    );
  } else if (authorizationMatch && !authorizationMatch[2] && method === 'GET') {
    requireEnabled(ctx);
    await authorizationDetails(ctx, req, res, decoded(authorizationMatch[1]));
  } else if (authorizationMatch && authorizationMatch[2] && method === 'POST') {
    requireEnabled(ctx);
    await consent(ctx, req, res, decoded(authorizationMatch[1]));
  } else return false;
  return true;
}
