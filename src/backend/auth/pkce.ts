import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { sendJson } from '../http.js';
import { hashLinkToken } from './emails.js';
import { AuthError, badRequest, forbidden, notFound } from './errors.js';
import { limitByAddress } from './rate-limit.js';
import { readJson } from './request.js';
import { startSession, type AuthMethod } from './sessions.js';

/*
 * PKCE (auth-js' `flowType: 'pkce'`), as GoTrue: the request that e-mails a link carries `code_challenge` and
 * `code_challenge_method`; the link, once followed, sends the browser back with `?code=<auth code>` instead of
 * tokens in the fragment; `POST /token?grant_type=pkce {auth_code, code_verifier}` exchanges the code, from the
 * browser that holds the verifier, for a session. A link opened in another browser (a mail scanner, a stranger
 * the link was forwarded to) yields only a code that is useless without the verifier.
 */

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** GoTrue's bounds: 43 to 128 characters of the unreserved set (RFC 7636). */
const CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The challenge of a request body, or null for the implicit flow (neither field). */
export function pkceChallenge(body: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): PkceChallenge | null {
  const challenge = body.code_challenge ?? '';
  const rawMethod = body.code_challenge_method ?? '';
  if (!challenge && !rawMethod) return null;
  if (!challenge || !rawMethod)
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  const method = rawMethod.toLowerCase();
  if (method !== 's256' && method !== 'plain')
    throw badRequest('validation_failed', `code challenge method "${rawMethod}" not supported`);
  if (!CHALLENGE.test(challenge))
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  return { challenge, method };
}

/** How long an issued auth code may be exchanged (GoTrue's flow state expiry). */
const AUTH_CODE_TTL_SECONDS = 300;

/** A flow state for a link about to be e-mailed; states older than a day (never followed) are dropped. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  pkce: PkceChallenge,
  method: AuthMethod,
): Promise<string> {
  await tx.query(`delete from auth.flow_state where created_at < now() - interval '1 day'`);
  const id = crypto.randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
     values ($1, $2, '', $3, $4, $5)`,
    [id, userId, pkce.method, pkce.challenge, method],
  );
  return id;
}

/** Binds the e-mailed link token to its flow: following it then yields an auth code, not a session. */
export async function bindLinkToFlow(tx: Queryable, linkHash: string, flowStateId: string): Promise<void> {
  await tx.query(`update auth.one_time_tokens set flow_state_id = $2 where token_hash = $1`, [linkHash, flowStateId]);
}

/** The link was followed: a fresh auth code (only its hash is kept) for the redirect's `?code=`. */
export async function issueAuthCode(tx: Queryable, flowStateId: string, userId: string): Promise<string | null> {
  const code = crypto.randomUUID();
  const r = await tx.query(
    `update auth.flow_state set auth_code = $2, auth_code_issued_at = now(), user_id = $3, updated_at = now()
      where id = $1 returning id`,
    [flowStateId, hashLinkToken(code), userId],
  );
  return r.rows.length ? code : null;
}

const PkceBody = z.object({ auth_code: z.string().nullish(), code_verifier: z.string().nullish() });

function matches(verifier: string, challenge: string, method: string): boolean {
  const expected = method === 's256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** POST /token?grant_type=pkce {auth_code, code_verifier}: the session of a followed link, once. */
export async function pkceGrant(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  limitByAddress(ctx, req, 'tokenVerifications');
  const body = await readJson(req, ctx, PkceBody);
  if (!body.auth_code || !body.code_verifier)
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  if (body.auth_code.length > 64 || body.code_verifier.length > 128)
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const codeHash = hashLinkToken(body.auth_code);
  const session = await ctx.db.transaction(async (tx) => {
    // Deleted whatever the outcome: a code is tried once (a wrong verifier spends it too).
    const r = await tx.query<{
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      fresh: boolean;
    }>(
      `delete from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null
       returning user_id, code_challenge, code_challenge_method, authentication_method,
                 auth_code_issued_at > now() - make_interval(secs => $2) as fresh`,
      [codeHash, AUTH_CODE_TTL_SECONDS],
    );
    const flow = r.rows[0];
    if (!flow?.user_id) return notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (!flow.fresh) return new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    if (!matches(body.code_verifier!, flow.code_challenge, flow.code_challenge_method))
      return forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    const user = await tx.query(
      `select 1 from auth.users where id = $1 and deleted_at is null and not coalesce(banned_until > now(), false)`,
      [flow.user_id],
    );
    if (!user.rows.length) return notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    return startSession(ctx, tx, req, flow.user_id, flow.authentication_method as AuthMethod);
  });
  if (session instanceof AuthError) throw session;
  sendJson(res, 200, session);
}
