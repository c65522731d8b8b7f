import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendContext } from '../context.js';
import { isPgError } from '../db/index.js';
import { sendJson, type RouteHandler } from '../http.js';
import { admin } from './admin.js';
import { AuthError, notFound, OAuthError, sendAuthError } from './errors.js';
import { generateLink, invite } from './invite.js';
import { logout } from './logout.js';
import { enrollFactor, factors } from './mfa.js';
import { oauth } from './oauth.js';
import { refuseClientTokenForAccountChanges } from './oauth-common.js';
import { ensureOAuthSchema } from './oauth-schema.js';
import { otp } from './otp.js';
import { phoneReady, smsProviderName } from './phone.js';
import { identities, sso } from './providers.js';
import { recover } from './recover.js';
import { ensureAuthSchema } from './schema.js';
import { authSettings } from './settings.js';
import { resend, signup } from './signup.js';
import { token } from './token.js';
import { getUser, reauthenticate, updateUser } from './user.js';
import { verifyLink, verifyToken } from './verify.js';

type Endpoint = (ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

function settings(ctx: BackendContext): Record<string, unknown> {
  return {
    external: { anonymous_users: authSettings(ctx).anonymousSignIns, email: true, phone: phoneReady(ctx) },
    disable_signup: authSettings(ctx).disableSignup,
    mailer_autoconfirm: ctx.config.authAutoconfirm,
    phone_autoconfirm: phoneReady(ctx) && authSettings(ctx).phoneAutoconfirm,
    sms_provider: phoneReady(ctx) ? smsProviderName(ctx) : '',
    saml_enabled: false,
  };
}

const ROUTES: Record<string, Endpoint> = {
  'GET /health': async (_ctx, _req, res) =>
    sendJson(res, 200, {
      version: 'embedded',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  'GET /settings': async (ctx, _req, res) => sendJson(res, 200, settings(ctx)),
  'GET /.well-known/jwks.json': async (ctx, _req, res) => sendJson(res, 200, ctx.jwt.jwks),
  'POST /signup': signup,
  'POST /token': token,
  'GET /user': (ctx, req, res) => getUser(ctx, req, res),
  'PUT /user': updateUser,
  'GET /reauthenticate': (ctx, req, res) => reauthenticate(ctx, req, res),
  'POST /logout': logout,
  'GET /verify': verifyLink,
  'POST /verify': (ctx, req, res) => verifyToken(ctx, req, res),
  'POST /recover': recover,
  'POST /otp': otp,
  'GET /user/identities/authorize': (ctx, req) => identities(ctx, req),
  'POST /sso': sso,
  'POST /resend': resend,
  'POST /factors': enrollFactor,
  'POST /invite': invite,
  'POST /admin/generate_link': generateLink,
};

/** The GoTrue-compatible `/auth/v1` (what supabase-js' auth client calls). */
export function createAuthHandler(ctx: BackendContext): RouteHandler {
  const ready = ensureAuthSchema(ctx.db).then(() => ensureOAuthSchema(ctx.db));
  ready.catch((e: unknown) => console.error('[auth] could not prepare the auth schema:', e));

  return async (req, res, url) => {
    const path = url.pathname.slice('/auth/v1'.length) || '/';
    try {
      await ready;
      await refuseClientTokenForAccountChanges(ctx, req, path);
      const endpoint = ROUTES[`${req.method} ${path.replace(/\/$/, '') || '/'}`];
      if (endpoint) await endpoint(ctx, req, res, url);
      else if (req.method === 'DELETE' && path.startsWith('/user/identities/')) await identities(ctx, req);
      else if (
        !(await factors(ctx, req, res, path)) &&
        !(await oauth(ctx, req, res, url, path)) &&
        !(await admin(ctx, req, res, url, path))
      )
        throw notFound('not_found', `No ${req.method} ${path} in the auth API`);
    } catch (e) {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (e instanceof AuthError || e instanceof OAuthError) {
        sendAuthError(req, res, e);
        return;
      }
      // Class 22 is bad data (a NUL character in metadata, say): the caller's fault, not the server's.
      if (isPgError(e) && e.code?.startsWith('22')) {
        sendAuthError(req, res, new AuthError(400, 'validation_failed', `Invalid input: ${e.message}`));
        return;
      }
      // The only unique keys a request can collide on are e-mail addresses (two requests racing for one).
      if (isPgError(e) && e.code === '23505') {
        sendAuthError(
          req,
          res,
          new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
        );
        return;
      }
      // The stack only: a database error's detail may quote the row, password hash included.
      console.error(`[auth] ${req.method} ${path} failed: ${e instanceof Error ? e.stack : String(e)}`);
      sendAuthError(
        req,
        res,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      );
    }
  };
}
