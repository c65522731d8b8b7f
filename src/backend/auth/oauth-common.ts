import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { BackendContext } from '../context.js';
import { forbidden, notFound } from './errors.js';
import { requireUser, verifiedClaims, type Caller } from './sessions.js';
import { readAuthToml } from './settings.js';

export interface OAuthServerSettings {
  enabled: boolean;
  /** The site's consent page (GoTrue's authorization_path), appended to SITE_URL; empty: no page, requests fail. */
  authorizationUrlPath: string;
}

const settingsCache = new WeakMap<BackendContext, OAuthServerSettings>();

function envBool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

export function oauthServerSettings(ctx: BackendContext): OAuthServerSettings {
  let s = settingsCache.get(ctx);
  if (!s) {
    const toml = readAuthToml(path.join(ctx.config.supabaseDir, 'config.toml'));
    const env = ctx.config.env;
    const configuredPath =
      env.AUTH_OAUTH_SERVER_AUTHORIZATION_URL_PATH ?? toml.get('auth.oauth_server.authorization_url_path');
    s = {
      enabled: envBool(env.AUTH_OAUTH_SERVER_ENABLED) ?? toml.get('auth.oauth_server.enabled') === true,
      authorizationUrlPath: typeof configuredPath === 'string' ? configuredPath.trim() : '',
    };
    settingsCache.set(ctx, s);
  }
  return s;
}

export function requireEnabled(ctx: BackendContext): void {
  if (!oauthServerSettings(ctx).enabled) throw notFound('feature_disabled', 'OAuth server is disabled');
}

/**
 * The signed-in customer, for the consent page and the grants. A token an OAuth client holds (it carries
 * `client_id`) is refused here: a client must never answer consent requests or revoke grants in the customer's name.
 */
export async function requireFirstPartyUser(ctx: BackendContext, req: IncomingMessage): Promise<Caller> {
  const caller = await requireUser(ctx, req);
  if (caller.claims.client_id) throw forbidden('bad_jwt', 'authentication required');
  return caller;
}

/** A 32-byte secret, as GoTrue's (base64url); only its SHA-256 is stored. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

export function sameHash(value: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(sha256(value));
  const b = Buffer.from(storedHash);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The account's own settings: e-mail, password, phone, second factors, linked identities. */
const ACCOUNT_CHANGES =
  /^(PUT \/user|GET \/reauthenticate|POST \/factors|(POST|DELETE) \/factors\/.*|(GET|DELETE) \/user\/identities\/.*)$/;

/**
 * A token an OAuth client holds lets it act as the customer in what the customer granted, never take the account:
 * it cannot change the e-mail, password or phone, add or remove a second factor or an identity, nor sign the
 * customer out of their other sessions (403; `POST /logout?scope=local` ends its own). GoTrue
 * lets such a token do all that; here a client that was allowed to read an e-mail address could otherwise set a
 * new password from its session, which is fresh and so needs no reauthentication.
 */
export async function refuseClientTokenForAccountChanges(
  ctx: BackendContext,
  req: IncomingMessage,
  path: string,
): Promise<void> {
  const route = `${req.method} ${path.replace(/\/$/, '')}`;
  // Signing out every session of the customer (`scope=global`, auth-js' default, or `others`) is theirs to do too.
  const logoutBeyondOwn =
    route === 'POST /logout' && new URL(req.url ?? '/', 'http://x').searchParams.get('scope') !== 'local';
  if (!req.headers.authorization || !(ACCOUNT_CHANGES.test(route) || logoutBeyondOwn)) return;
  let clientId: unknown;
  try {
    clientId = (await verifiedClaims(ctx, req)).client_id;
  } catch {
    return; // the endpoint itself answers a bad token as it always did
  }
  if (clientId) throw forbidden('bad_jwt', 'an OAuth client token cannot change the account');
}
