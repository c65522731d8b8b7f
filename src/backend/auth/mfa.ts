import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { sendJson } from '../http.js';
import { AuthError, badRequest, unprocessable } from './errors.js';
import { mfaWaitMs, recordGoodMfaCode, recordWrongMfaCode } from './mfa-limit.js';
import {
  callerWithSession,
  challengeAddress,
  MFA_CHALLENGE_EXPIRY_SECONDS,
  openChallenge,
  ownFactor,
  raiseSession,
} from './mfa-session.js';
import { limitByAddress, overRequestRateLimit } from './rate-limit.js';
import { readJson, siteUrl } from './request.js';
import { WebAuthnBody, webauthnChallenge, webauthnSettings, webauthnVerify } from './webauthn.js';

export { MFA_CHALLENGE_EXPIRY_SECONDS, RECOVERY_REMOVAL_WINDOW_SECONDS } from './mfa-session.js';

/** GoTrue's default: at most 10 factors per user. */
export const MFA_MAX_FACTORS = 10;
/** Unanswered challenges one factor may have open at once (each is a row). */
const MAX_OPEN_CHALLENGES = 20;
/** An enrolment never confirmed with a code is dropped after a day. */
const UNVERIFIED_FACTOR_TTL_SECONDS = 86_400;
const TOTP_PERIOD = 30;

const EnrollBody = z.object({
  factor_type: z.string().max(32).nullish(),
  friendly_name: z.string().max(100).nullish(),
  issuer: z.string().max(100).nullish(),
  phone: z.string().max(32).nullish(),
});
const ChallengeBody = z
  .object({ channel: z.string().max(16).nullish(), webauthn: WebAuthnBody.nullish() })
  .passthrough();
const VerifyBody = z.object({
  challenge_id: z.string().max(64).nullish(),
  code: z.string().max(64).nullish(),
  webauthn: WebAuthnBody.nullish(),
});

const verifiedFactorCount = async (db: Queryable, userId: string) =>
  Number(
    (
      await db.query<{ n: string }>(
        `select count(*)::text as n from auth.mfa_factors where user_id = $1 and status = 'verified'`,
        [userId],
      )
    ).rows[0].n,
  );

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

function defaultIssuer(ctx: BackendContext): string {
  try {
    return new URL(siteUrl(ctx)).host;
  } catch {
    return 'localhost';
  }
}

async function insertFactor(
  db: Queryable,
  userId: string,
  friendlyName: string,
  type: 'totp' | 'webauthn',
  secret: string | null,
): Promise<string> {
  const id = crypto.randomUUID();
  try {
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, $4, 'unverified', $5)`,
      [id, userId, friendlyName, type, secret],
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505')
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    throw e;
  }
  return id;
}

/**
 * POST /factors: a new, unverified factor. TOTP: its secret and its QR code (an SVG document); WebAuthn (when
 * `[auth.mfa.web_authn] enroll_enabled`): the factor alone, its security key is registered by the challenge and
 * verify that follow (webauthn.ts).
 */
export async function enrollFactor(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caller = await callerWithSession(ctx, req);
  const body = await readJson(req, ctx, EnrollBody);
  const type = body.factor_type ?? '';
  if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn' && !webauthnSettings(ctx).enrollEnabled)
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp' && type !== 'webauthn')
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  // A second factor is added only by someone who already passed the first one: a stolen password cannot
  // enrol the thief's own phone and raise its session to aal2.
  if (caller.session.aal !== 'aal2' && (await verifiedFactorCount(ctx.db, caller.user.id)) > 0)
    throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor');
  const issuer = body.issuer?.trim() || defaultIssuer(ctx);
  const friendlyName = body.friendly_name?.trim() ?? '';
  await ctx.db.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
    [caller.user.id, UNVERIFIED_FACTOR_TTL_SECONDS],
  );
  const count = await ctx.db.query<{ n: string }>(
    `select count(*)::text as n from auth.mfa_factors where user_id = $1`,
    [caller.user.id],
  );
  if (Number(count.rows[0].n) >= MFA_MAX_FACTORS)
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );

  if (type === 'webauthn') {
    const id = await insertFactor(ctx.db, caller.user.id, friendlyName, 'webauthn', null);
    sendJson(res, 200, { id, type: 'webauthn', friendly_name: friendlyName });
    return;
  }
  const secret = new Secret({ size: 20 }).base32;
  const totp = totpFor(secret, issuer, caller.user.email ?? caller.user.id);
  const uri = totp.toString();
  // auth-js makes it `data:image/svg+xml;utf-8,<svg…` without escaping: a `#` (hex colours) would end the
  // data URL there, so the colours are named.
  const qr = (await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
    .replaceAll('"#ffffff"', '"white"')
    .replaceAll('"#000000"', '"black"');
  const id = await insertFactor(ctx.db, caller.user.id, friendlyName, 'totp', secret);
  sendJson(res, 200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret, uri } });
}

/**
 * POST /factors/{id}/challenge. A WebAuthn factor also answers the options for `navigator.credentials.create()`
 * (unverified factor) or `.get()` (verified one), bound to the relying party asked for (webauthn.ts).
 */
export async function challengeFactor(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  factorId: string,
): Promise<void> {
  const caller = await callerWithSession(ctx, req);
  const body = await readJson(req, ctx, ChallengeBody);
  const factor = await ownFactor(ctx.db, caller, factorId);
  const webauthn =
    factor.factor_type === 'webauthn' ? await webauthnChallenge(ctx, caller, factor, body.webauthn) : null;
  // Answered and expired challenges go; a factor never has more than a few open ones.
  await ctx.db.query(
    `delete from auth.mfa_challenges where factor_id = $1 and (verified_at is not null or created_at < now() - make_interval(secs => $2))`,
    [factor.id, MFA_CHALLENGE_EXPIRY_SECONDS],
  );
  const open = await ctx.db.query<{ n: string }>(
    `select count(*)::text as n from auth.mfa_challenges where factor_id = $1`,
    [factor.id],
  );
  if (Number(open.rows[0].n) >= MAX_OPEN_CHALLENGES) throw overRequestRateLimit();
  const id = crypto.randomUUID();
  const created = await ctx.db.query<{ expires_at: string }>(
    `insert into auth.mfa_challenges (id, factor_id, ip_address, web_authn_session_data) values ($1, $2, $3::inet, $5)
     returning (extract(epoch from created_at)::bigint + $4)::text as expires_at`,
    [
      id,
      factor.id,
      challengeAddress(req),
      MFA_CHALLENGE_EXPIRY_SECONDS,
      webauthn ? JSON.stringify(webauthn.session) : null,
    ],
  );
  await ctx.db.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
  const expiresAt = Number(created.rows[0].expires_at);
  if (webauthn) sendJson(res, 200, { id, type: 'webauthn', expires_at: expiresAt, webauthn: webauthn.answer });
  else sendJson(res, 200, { id, type: 'totp', expires_at: expiresAt });
}

const invalidCode = () => unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');

/**
 * POST /factors/{id}/verify: a right answer to an open challenge raises the session to aal2 (and verifies a
 * new factor). TOTP: each code is accepted once, the factor keeps the time step of the last code it accepted.
 * WebAuthn: the attestation or assertion is checked (webauthn.ts).
 */
export async function verifyFactor(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  factorId: string,
): Promise<void> {
  limitByAddress(ctx, req, 'tokenVerifications');
  const caller = await callerWithSession(ctx, req);
  const body = await readJson(req, ctx, VerifyBody);
  const factor = await ownFactor(ctx.db, caller, factorId);
  if (factor.factor_type === 'webauthn') {
    sendJson(res, 200, await webauthnVerify(ctx, req, caller, factor, body.challenge_id ?? '', body.webauthn));
    return;
  }
  if (mfaWaitMs(ctx, caller.user.id) > 0) throw overRequestRateLimit();
  const challenge = await openChallenge(ctx, req, factor, body.challenge_id ?? '');

  const code = (body.code ?? '').trim();
  const now = Date.now();
  const delta =
    /^\d{6}$/.test(code) && factor.secret
      ? totpFor(factor.secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 })
      : null;
  const step = delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  if (step === null || (factor.last_used_step !== null && step <= Number(factor.last_used_step))) {
    recordWrongMfaCode(ctx, caller.user.id);
    throw invalidCode();
  }

  const result = await ctx.db.transaction(async (tx) => {
    // The factor row is locked: of two requests with one code, the second sees the step already used.
    const locked = await ownFactor(tx, caller, factor.id, true);
    if (locked.last_used_step !== null && step <= Number(locked.last_used_step)) return invalidCode();
    await tx.query(`update auth.mfa_factors set last_used_step = $2 where id = $1`, [factor.id, step]);
    return raiseSession(ctx, tx, caller, locked, challenge.id, 'totp');
  });
  if (result instanceof AuthError) {
    recordWrongMfaCode(ctx, caller.user.id);
    throw result;
  }
  recordGoodMfaCode(ctx, caller.user.id);
  sendJson(res, 200, result);
}

/**
 * DELETE /factors/{id}. A verified factor goes only from an aal2 session, or from a session opened by a
 * password-recovery link in the last 10 minutes (the lost phone: the owner's mailbox vouches instead).
 * A password alone never removes it.
 */
export async function unenrollFactor(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  factorId: string,
): Promise<void> {
  const caller = await callerWithSession(ctx, req);
  const factor = await ownFactor(ctx.db, caller, factorId);
  if (factor.status === 'verified' && caller.session.aal !== 'aal2' && !caller.session.recent_recovery)
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await ctx.db.transaction(async (tx) => {
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    // Sessions raised by this factor go back to aal1 (their access tokens say aal2 until they expire, but the
    // database asks for aal2 only of users who still have a verified factor).
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
  });
  sendJson(res, 200, { id: factor.id });
}

/** Routes `/factors/{id}[/challenge|/verify]`; false when the path is not one of them. */
export async function factors(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const m = /^\/factors\/([^/]+)(\/challenge|\/verify)?\/?$/.exec(path);
  if (!m) return false;
  const id = decodeURIComponent(m[1]);
  if (req.method === 'POST' && m[2] === '/challenge') await challengeFactor(ctx, req, res, id);
  else if (req.method === 'POST' && m[2] === '/verify') await verifyFactor(ctx, req, res, id);
  else if (req.method === 'DELETE' && !m[2]) await unenrollFactor(ctx, req, res, id);
  else return false;
  return true;
}
