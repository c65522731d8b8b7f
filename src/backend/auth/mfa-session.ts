import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { AuthError, forbidden, notFound, unprocessable } from './errors.js';
import { FACTOR_COLUMNS, userFactors, type FactorRow } from './mfa-factors.js';
import { clientAddress } from './rate-limit.js';
import {
  requireUser,
  sessionResponse,
  type Aal,
  type AmrEntry,
  type Caller,
  type SessionResponse,
} from './sessions.js';
import { findUserById, UUID_RE } from './users.js';

/** GoTrue's default: a challenge is answered within 5 minutes. */
export const MFA_CHALLENGE_EXPIRY_SECONDS = 300;
/** A session opened by a password-recovery link may remove a factor this long after it began (lost phone). */
export const RECOVERY_REMOVAL_WINDOW_SECONDS = 600;

export interface SessionRow {
  aal: Aal;
  amr: AmrEntry[];
  recent_recovery: boolean;
}

export type MfaCaller = Caller & { sessionId: string; session: SessionRow };

export const factorNotFound = () => notFound('mfa_factor_not_found', 'Factor not found');

/** The caller's own factor: another user's factor id answers exactly like one that does not exist. */
export async function ownFactor(db: Queryable, caller: Caller, id: string, lock = false): Promise<FactorRow> {
  if (!UUID_RE.test(id)) throw factorNotFound();
  const r = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [id, caller.user.id],
  );
  if (!r.rows[0]) throw factorNotFound();
  return r.rows[0];
}

/** MFA needs a session (the level is raised on it), not only a signed token. */
export async function callerWithSession(ctx: BackendContext, req: IncomingMessage): Promise<MfaCaller> {
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

/** The address a challenge is tied to, as PostgreSQL's inet reads it. */
export function challengeAddress(req: IncomingMessage): string {
  const a = clientAddress(req);
  return net.isIP(a) ? a : '0.0.0.0';
}

export interface OpenChallenge {
  id: string;
  /** What a WebAuthn challenge keeps between the options and the answer (webauthn.ts); null for TOTP. */
  session: Record<string, unknown> | null;
}

/**
 * The challenge `challengeId` of this factor, still open, from this address: GoTrue's answers otherwise
 * (404 unknown, 422 used or expired, 422 another address).
 */
export async function openChallenge(
  ctx: BackendContext,
  req: IncomingMessage,
  factor: FactorRow,
  challengeId: string,
): Promise<OpenChallenge> {
  if (!UUID_RE.test(challengeId))
    throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  const found = await ctx.db.query<{
    verified: boolean;
    expired: boolean;
    ip: string;
    session: Record<string, unknown> | null;
  }>(
    `select verified_at is not null as verified, created_at < now() - make_interval(secs => $3) as expired,
            host(ip_address) as ip, web_authn_session_data as session
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
  return { id: challengeId, session: challenge.session };
}

/**
 * Inside the verify transaction, after the factor's answer was checked: spends the challenge, marks the factor
 * verified, raises the session to aal2 with `method` first in its amr, and answers a new access and refresh
 * token for it. An AuthError (to be thrown by the caller) when the challenge was spent meanwhile.
 */
export async function raiseSession(
  ctx: BackendContext,
  tx: Queryable,
  caller: MfaCaller,
  factor: FactorRow,
  challengeId: string,
  method: string,
): Promise<SessionResponse | AuthError> {
  const spent = await tx.query(
    `update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id`,
    [challengeId],
  );
  if (spent.rows.length === 0)
    return unprocessable('mfa_challenge_expired', `MFA challenge ${challengeId} has expired`);
  await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
  const amr: AmrEntry[] = [
    { method, timestamp: Math.floor(Date.now() / 1000) },
    ...caller.session.amr.filter((a) => a.method !== method),
  ];
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, amr = $3, updated_at = now() where id = $1`, [
    caller.sessionId,
    factor.id,
    JSON.stringify(amr),
  ]);
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [caller.sessionId, method],
  );
  if (factor.status !== 'verified') {
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
}
