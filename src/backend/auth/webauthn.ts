import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { AuthError, badRequest, unprocessable } from './errors.js';
import type { FactorRow, StoredCredential } from './mfa-factors.js';
import { openChallenge, ownFactor, raiseSession, type MfaCaller } from './mfa-session.js';
import { siteUrl } from './request.js';
import type { SessionResponse } from './sessions.js';
import { authSettings, readAuthToml } from './settings.js';
import {
  COSE_ALGORITHMS,
  CounterRollbackError,
  verifyAuthentication,
  verifyRegistration,
  WebAuthnCheckError,
  type Expected,
} from './webauthn-verify.js';

/** GoTrue's amr method for a WebAuthn second factor. */
export const WEBAUTHN_AMR_METHOD = 'mfa/webauthn';
/** How long the browser's prompt may wait for the key (the challenge itself lasts 5 minutes). */
const CEREMONY_TIMEOUT_MS = 120_000;
const MAX_ORIGINS = 10;

/** `webauthn` of a challenge or verify body, as auth-js sends it (rpId, rpOrigins; rp_id, rp_origins accepted too). */
export const WebAuthnBody = z
  .object({
    type: z.string().max(16).nullish(),
    rpId: z.string().max(253).nullish(),
    rp_id: z.string().max(253).nullish(),
    rpOrigins: z.array(z.string().max(2048)).max(MAX_ORIGINS).nullish(),
    rp_origins: z.array(z.string().max(2048)).max(MAX_ORIGINS).nullish(),
    credential_response: z.unknown().optional(),
  })
  .passthrough();
type WebAuthnParams = z.infer<typeof WebAuthnBody>;

export interface WebAuthnSettings {
  /** `[auth.mfa.web_authn] enroll_enabled` (AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED): off unless set, as in GoTrue. */
  enrollEnabled: boolean;
  /** `[auth.mfa.web_authn] verify_enabled` (AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED). */
  verifyEnabled: boolean;
  /** `[auth.webauthn] rp_display_name`: the name the browser shows while registering a key. */
  rpDisplayName: string | null;
  /** `[auth.webauthn] rp_id`: the relying party when the request names none. */
  rpId: string | null;
  /** `[auth.webauthn] rp_origins` (AUTH_WEBAUTHN_RP_ORIGINS, comma-separated): origins allowed besides the site's. */
  rpOrigins: string[];
}

function envBool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

const cache = new WeakMap<BackendContext, WebAuthnSettings>();

export function webauthnSettings(ctx: BackendContext): WebAuthnSettings {
  let s = cache.get(ctx);
  if (s) return s;
  const toml = readAuthToml(path.join(ctx.config.supabaseDir, 'config.toml'));
  const env = ctx.config.env;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const origins = env.AUTH_WEBAUTHN_RP_ORIGINS?.split(',') ?? toml.get('auth.webauthn.rp_origins');
  s = {
    enrollEnabled:
      envBool(env.AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED) ?? toml.get('auth.mfa.web_authn.enroll_enabled') === true,
    verifyEnabled:
      envBool(env.AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED) ?? toml.get('auth.mfa.web_authn.verify_enabled') === true,
    rpDisplayName: text(env.AUTH_WEBAUTHN_RP_DISPLAY_NAME) ?? text(toml.get('auth.webauthn.rp_display_name')),
    rpId: text(env.AUTH_WEBAUTHN_RP_ID) ?? text(toml.get('auth.webauthn.rp_id')),
    rpOrigins: Array.isArray(origins) ? origins.map((o) => o.trim()).filter(Boolean) : [],
  };
  cache.set(ctx, s);
  return s;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The web origins a key may be used from: the site's (SITE_URL, the backend's own URL), those of the additional
 * redirect URLs written without a wildcard (loopback ones only while the site is on loopback, as for
 * redirects), and `[auth.webauthn] rp_origins`. Another site cannot have a challenge made for its own origin.
 */
export function allowedOrigins(ctx: BackendContext): Set<string> {
  const site = siteUrl(ctx);
  const out = new Set<string>();
  for (const u of [site, ctx.publicUrl]) {
    const o = originOf(u);
    if (!o) continue;
    out.add(o);
    // A site on this machine is the same site as localhost, 127.0.0.1 or [::1] (browsers take only the first as
    // an RP ID, so a back office opened at 127.0.0.1 registers its key at localhost).
    const url = new URL(o);
    if (LOOPBACK.has(url.hostname))
      for (const host of LOOPBACK) out.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  const siteOnLoopback = LOOPBACK.has(new URL(site).hostname);
  for (const entry of authSettings(ctx).additionalRedirectUrls) {
    if (/[*?]/.test(entry)) continue;
    const o = originOf(entry);
    if (o && (siteOnLoopback || !LOOPBACK.has(new URL(o).hostname))) out.add(o);
  }
  for (const entry of webauthnSettings(ctx).rpOrigins) {
    const o = originOf(entry);
    if (o) out.add(o);
  }
  return out;
}

const invalid = (msg: string) => badRequest('validation_failed', msg);

/** The relying party of a challenge: origins the site allows, and an RP ID that is each origin's host or a parent domain of it. */
function relyingParty(
  ctx: BackendContext,
  params: WebAuthnParams | null | undefined,
  registeredRpId: string | null,
): { rpId: string; origins: string[] } {
  const settings = webauthnSettings(ctx);
  const asked = params?.rpOrigins ?? params?.rp_origins;
  const wanted = asked?.length ? asked : settings.rpOrigins.length ? settings.rpOrigins : [siteUrl(ctx)];
  const allowed = allowedOrigins(ctx);
  const origins: string[] = [];
  for (const w of wanted) {
    const o = originOf(w);
    if (!o || !allowed.has(o)) throw invalid(`rpOrigins: ${w} is not an origin of this site`);
    if (!origins.includes(o)) origins.push(o);
  }
  const rpId = (
    params?.rpId ??
    params?.rp_id ??
    registeredRpId ??
    settings.rpId ??
    new URL(origins[0]).hostname
  ).toLowerCase();
  if (registeredRpId && rpId !== registeredRpId)
    throw invalid(`rpId: this key was registered for ${registeredRpId}, not ${rpId}`);
  for (const o of origins) {
    const host = new URL(o).hostname;
    const parent = rpId.includes('.') && host.endsWith(`.${rpId}`);
    if (host !== rpId && !parent) throw invalid(`rpId: ${rpId} is not the domain of ${o}`);
  }
  return { rpId, origins };
}

/** What a WebAuthn challenge keeps until its answer (auth.mfa_challenges.web_authn_session_data). */
interface CeremonySession {
  type: 'create' | 'request';
  challenge: string;
  rp_id: string;
  rp_origins: string[];
}

const userHandle = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex').toString('base64url');

const verifyDisabled = () =>
  unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');

/**
 * The options of a WebAuthn factor's challenge: `create` (registration) while the factor is unverified, with the
 * user's other keys excluded; `request` (authentication) for its key once verified. As go-webauthn in GoTrue:
 * no attestation asked, user verification preferred (a key without a PIN still counts: the password came first).
 */
export async function webauthnChallenge(
  ctx: BackendContext,
  caller: MfaCaller,
  factor: FactorRow,
  params: WebAuthnParams | null | undefined,
): Promise<{ session: CeremonySession; answer: Record<string, unknown> }> {
  if (!webauthnSettings(ctx).verifyEnabled) throw verifyDisabled();
  const credential = factor.status === 'verified' ? factor.web_authn_credential : null;
  if (factor.status === 'verified' && !credential) throw unprocessable('mfa_factor_not_found', 'Factor has no key');
  const { rpId, origins } = relyingParty(ctx, params, credential?.rp_id ?? null);
  const challenge = crypto.randomBytes(32).toString('base64url');
  if (credential) {
    return {
      session: { type: 'request', challenge, rp_id: rpId, rp_origins: origins },
      answer: {
        type: 'request',
        credential_options: {
          publicKey: {
            challenge,
            timeout: CEREMONY_TIMEOUT_MS,
            rpId,
            allowCredentials: [{ type: 'public-key', id: credential.id, transports: credential.transports }],
            userVerification: 'preferred',
          },
        },
      },
    };
  }
  const others = await ctx.db.query<{ c: StoredCredential }>(
    `select web_authn_credential as c from auth.mfa_factors
      where user_id = $1 and factor_type = 'webauthn' and web_authn_credential is not null`,
    [caller.user.id],
  );
  const name = caller.user.email || caller.user.phone || caller.user.id;
  return {
    session: { type: 'create', challenge, rp_id: rpId, rp_origins: origins },
    answer: {
      type: 'create',
      credential_options: {
        publicKey: {
          rp: { name: webauthnSettings(ctx).rpDisplayName ?? rpId, id: rpId },
          user: { id: userHandle(caller.user.id), name, displayName: factor.friendly_name || name },
          challenge,
          pubKeyCredParams: COSE_ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
          timeout: CEREMONY_TIMEOUT_MS,
          excludeCredentials: others.rows.map(({ c }) => ({ type: 'public-key', id: c.id, transports: c.transports })),
          authenticatorSelection: {
            residentKey: 'discouraged',
            requireResidentKey: false,
            userVerification: 'preferred',
          },
          attestation: 'none',
        },
      },
    },
  };
}

/**
 * POST /factors/{id}/verify of a WebAuthn factor. The answer is checked against the challenge's own relying
 * party (the verify body's rpId/rpOrigins cannot widen it). `create` stores the key (public key, counter,
 * transports) and verifies the factor; `request` checks the signature with the stored key and that its counter
 * grew. Either raises the session to aal2 with amr `mfa/webauthn`. A challenge takes one answer, right or wrong.
 */
export async function webauthnVerify(
  ctx: BackendContext,
  req: IncomingMessage,
  caller: MfaCaller,
  factor: FactorRow,
  challengeId: string,
  params: WebAuthnParams | null | undefined,
): Promise<SessionResponse> {
  if (!webauthnSettings(ctx).verifyEnabled) throw verifyDisabled();
  if (!params) throw invalid('WebAuthn config required');
  if (params.type !== 'create' && params.type !== 'request') throw invalid('WebAuthn type must be create or request');
  if (params.credential_response === undefined || params.credential_response === null)
    throw invalid('credential_response required');
  const challenge = await openChallenge(ctx, req, factor, challengeId);
  const session = challenge.session as unknown as CeremonySession | null;
  if (!session || session.type !== params.type)
    throw invalid(`WebAuthn type ${params.type} does not match the challenge`);
  const expected: Expected = {
    challenge: session.challenge,
    origins: session.rp_origins,
    rpId: session.rp_id,
    requireUserVerification: false,
  };
  const refuse = async (e: unknown): Promise<never> => {
    if (!(e instanceof WebAuthnCheckError)) throw e;
    await ctx.db.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challenge.id]);
    throw unprocessable('mfa_verification_failed', `WebAuthn verification failed: ${e.message}`);
  };

  const handle = userHandle(caller.user.id);
  let registered: StoredCredential | null = null;
  let signCount = 0;
  try {
    if (session.type === 'create') {
      registered = {
        ...(await verifyRegistration(params.credential_response, expected)),
        rp_id: session.rp_id,
        user_handle: handle,
      };
    } else {
      if (!factor.web_authn_credential) throw new WebAuthnCheckError('the factor has no key');
      signCount = (
        await verifyAuthentication(params.credential_response, expected, factor.web_authn_credential, handle)
      ).sign_count;
    }
  } catch (e) {
    // A malformed answer (a key point off its curve, a broken certificate, bad UTF-8) is the client's fault.
    return refuse(
      e instanceof WebAuthnCheckError || !(e instanceof Error) ? e : new WebAuthnCheckError('the answer is malformed'),
    );
  }

  const result = await ctx.db
    .transaction(async (tx): Promise<SessionResponse | AuthError | CounterRollbackError> => {
      const locked = await ownFactor(tx, caller, factor.id, true);
      if (registered) {
        if (locked.status === 'verified')
          return unprocessable('mfa_challenge_expired', 'The key is already registered');
        const taken = await tx.query(
          `select 1 from auth.mfa_factors where factor_type = 'webauthn' and web_authn_credential ->> 'id' = $1`,
          [registered.id],
        );
        if (taken.rows.length)
          return unprocessable('mfa_verified_factor_exists', 'This security key is already registered');
        await tx.query(
          `update auth.mfa_factors set web_authn_credential = $2, web_authn_aaguid = $3::uuid where id = $1`,
          [locked.id, JSON.stringify(registered), registered.aaguid],
        );
      } else {
        // Under the row lock: of two answers signed one after the other, the older one is refused here.
        const stored = locked.web_authn_credential;
        if (!stored)
          return unprocessable('mfa_verification_failed', 'WebAuthn verification failed: the factor has no key');
        if ((signCount !== 0 || stored.sign_count !== 0) && signCount <= stored.sign_count)
          return new CounterRollbackError('the signature counter did not grow (a cloned authenticator?)');
        await tx.query(
          `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential, '{sign_count}', to_jsonb($2::bigint)) where id = $1`,
          [locked.id, signCount],
        );
      }
      return raiseSession(ctx, tx, caller, locked, challenge.id, WEBAUTHN_AMR_METHOD);
    })
    .catch((e: unknown) => {
      // Two accounts registering one key at the same moment: the unique index decides.
      if ((e as { code?: string }).code === '23505')
        return unprocessable('mfa_verified_factor_exists', 'This security key is already registered');
      throw e;
    });
  if (result instanceof CounterRollbackError) return refuse(result);
  if (result instanceof AuthError) throw result;
  return result as SessionResponse;
}
