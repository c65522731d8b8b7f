import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { sendJson } from '../http.js';
import { AuthError, badRequest, forbidden, notFound, unprocessable } from './errors.js';
import { mfaWaitMs, recordGoodMfaCode, recordWrongMfaCode } from './mfa-limit.js';
import { clientAddress, limitByAddress, overRequestRateLimit } from './rate-limit.js';
import { readJson, siteUrl } from './request.js';
import { requireUser, sessionResponse, type Aal, type AmrEntry, type Caller } from './sessions.js';
import { FACTOR_COLUMNS, userFactors, type FactorRow } from './mfa-factors.js';
import { findUserById, UUID_RE } from './users.js';

/** GoTrue's defaults: a challenge is answered within 5 minutes; at most 10 factors per user. */
export const MFA_CHALLENGE_EXPIRY_SECONDS = 300;
export const MFA_MAX_FACTORS = 10;
/** Unanswered challenges one factor may have open at once (each is a row). */
const MAX_OPEN_CHALLENGES = 20;
/** An enrolment never confirmed with a code is dropped after a day. */
const UNVERIFIED_FACTOR_TTL_SECONDS = 86_400;
/** A session opened by a password-recovery link may remove a factor this long after it began (lost phone). */
export const RECOVERY_REMOVAL_WINDOW_SECONDS = 600;
const TOTP_PERIOD = 30;

const EnrollBody = z.object({
  factor_type: z.string().max(32).nullish(),
  friendly_name: z.string().max(100).nullish(),
  issuer: z.string().max(100).nullish(),
  phone: z.string().max(32).nullish(),
});
const ChallengeBody = z.object({ channel: z.string().max(16).nullish() }).passthrough();
const VerifyBody = z.object({ challenge_id: z.string().max(64).nullish(), code: z.string().max(64).nullish() });

interface SessionRow {
  aal: Aal;
  amr: AmrEntry[];
  recent_recovery: boolean;
}

const factorNotFound = () => notFound('mfa_factor_not_found', 'Factor not found');

/** The caller's own factor: another user's factor id answers exactly like one that does not exist. */
async function ownFactor(db: Queryable, caller: Caller, id: string, lock = false): Promise<FactorRow> {
  if (!UUID_RE.test(id)) throw factorNotFound();
  const r = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [id, caller.user.id],
  );
  if (!r.rows[0]) throw factorNotFound();
  return r.rows[0];
}

/** MFA needs a session (the level is raised on it), not only a signed token. */
async function callerWithSession(
  ctx: BackendContext,
  req: IncomingMessage,
): Promise<Caller & { sessionId: string; session: SessionRow }> {
  const caller = await requireUser(ctx, req);
  if (!caller.sessionId) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  const s = await ctx.db.query<SessionRow>(
    `select aal, amr,
            (amr @> '[{"method":"recovery"}]'::jsonb and created_at > now() - make_interval(secs => $2)) as recent_recovery
       from auth.sessions where id = $1`,
    [caller.sessionId, RECOVERY_REMOVAL_WINDOW_SECONDS],
  );
  if (!s.rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { ...caller, sessionId: caller.sessionId, session: s.rows[0] };
}

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

/** POST /factors: a new, unverified TOTP factor, its secret and its QR code (an SVG document). */
export async function enrollFactor(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caller = await callerWithSession(ctx, req);
  const body = await readJson(req, ctx, EnrollBody);
  const type = body.factor_type ?? '';
  if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn')
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
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

  const secret = new Secret({ size: 20 }).base32;
  const totp = totpFor(secret, issuer, caller.user.email ?? caller.user.id);
  const uri = totp.toString();
  // auth-js makes it `data:image/svg+xml;utf-8,<svg…` without escaping: a `#` (hex colours) would end the
  // data URL there, so the colours are named.
  const qr = (await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
    .replaceAll('"#ffffff"', '"white"')
    .replaceAll('"#000000"', '"black"');
  const id = crypto.randomUUID();
  try {
    await ctx.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, 'totp', 'unverified', $4)`,
      [id, caller.user.id, friendlyName, secret],
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505')
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    throw e;
  }
  sendJson(res, 200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret, uri } });
}

/** The address a challenge is tied to, as PostgreSQL's inet reads it. */
function challengeAddress(req: IncomingMessage): string {
  const a = clientAddress(req);
  return net.isIP(a) ? a : '0.0.0.0';
}

/** POST /factors/{id}/challenge */
export async function challengeFactor(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  factorId: string,
): Promise<void> {
  const caller = await callerWithSession(ctx, req);
  await readJson(req, ctx, ChallengeBody);
  const factor = await ownFactor(ctx.db, caller, factorId);
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
    `insert into auth.mfa_challenges (id, factor_id, ip_address) values ($1, $2, $3::inet)
     returning (extract(epoch from created_at)::bigint + $4)::text as expires_at`,
    [id, factor.id, challengeAddress(req), MFA_CHALLENGE_EXPIRY_SECONDS],
  );
  await ctx.db.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
  sendJson(res, 200, { id, type: 'totp', expires_at: Number(created.rows[0].expires_at) });
}

const invalidCode = () => unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');

/**
 * POST /factors/{id}/verify: a right code for an open challenge raises the session to aal2 (and verifies a
 * new factor). Each code is accepted once: the factor keeps the time step of the last code it accepted.
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
  if (mfaWaitMs(ctx, caller.user.id) > 0) throw overRequestRateLimit();
  const challengeId = body.challenge_id ?? '';
  if (!UUID_RE.test(challengeId))
    throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  const found = await ctx.db.query<{ verified: boolean; expired: boolean; ip: string }>(
    `select verified_at is not null as verified, created_at < now() - make_interval(secs => $3) as expired, host(ip_address) as ip
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id, MFA_CHALLENGE_EXPIRY_SECONDS],
  );
  const challenge = found.rows[0];
  if (!challenge) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified || challenge.expired) {
    await ctx.db.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (challenge.ip !== challengeAddress(req).replace(/^::ffff:/, '') && challenge.ip !== challengeAddress(req))
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch');

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
    const spent = await tx.query(
      `update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id`,
      [challengeId],
    );
    if (spent.rows.length === 0)
      return unprocessable('mfa_challenge_expired', `MFA challenge ${challengeId} has expired`);
    await tx.query(
      `update auth.mfa_factors set status = 'verified', last_used_step = $2, updated_at = now() where id = $1`,
      [factor.id, step],
    );
    const amr: AmrEntry[] = [
      { method: 'totp', timestamp: Math.floor(now / 1000) },
      ...caller.session.amr.filter((a) => a.method !== 'totp'),
    ];
    await tx.query(
      `update auth.sessions set aal = 'aal2', factor_id = $2, amr = $3, updated_at = now() where id = $1`,
      [caller.sessionId, factor.id, JSON.stringify(amr)],
    );
    await tx.query(
      `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, 'totp')
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [caller.sessionId],
    );
    if (locked.status !== 'verified') {
      // As GoTrue: once a factor is verified, the user's sessions that did not pass it are ended.
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal <> 'aal2'`, [
        caller.user.id,
        caller.sessionId,
      ]);
    }
    // A new refresh token for the raised session; the earlier ones stop refreshing it.
    const previous = await tx.query<{ token: string }>(
      `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token`,
      [caller.sessionId],
    );
    const refresh = crypto.randomBytes(24).toString('base64url');
    await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
      refresh,
      caller.user.id,
      caller.sessionId,
      previous.rows[0]?.token ?? null,
    ]);
    const user = await findUserById(tx, caller.user.id);
    if (!user) return forbidden('user_not_found', 'User not found');
    return sessionResponse(ctx, user, caller.sessionId, amr, refresh, 'aal2', await userFactors(tx, user.id));
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
