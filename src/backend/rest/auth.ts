import type { IncomingHttpHeaders } from 'node:http';
import { JwtError, bearerToken, type JwtClaims, type JwtKeys } from '../jwt.js';
import { RestError } from './errors.js';

export interface RequestIdentity {
  role: string;
  claims: JwtClaims | { role: 'anon' };
  /** JSON of the claims, as request.jwt.claims gets it. */
  claimsJson: string;
}

const ANON: RequestIdentity = { role: 'anon', claims: { role: 'anon' }, claimsJson: '{"role":"anon"}' };
const MAX_CACHED = 1000;

function unauthorized(e: JwtError): RestError {
  const code = e.reason === 'expired' ? 'PGRST303' : 'PGRST301';
  const message = e.reason === 'role' ? e.message : e.message;
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

/** Verifies bearer tokens, remembering good ones until they expire (the same token comes on every request). */
export function createAuthenticator(jwt: JwtKeys) {
  const verified = new Map<string, { identity: RequestIdentity; exp: number }>();
  return async function identify(headers: IncomingHttpHeaders): Promise<RequestIdentity> {
    const token = bearerToken(headers);
    if (!token) return ANON;
    const hit = verified.get(token);
    const now = Date.now() / 1000;
    if (hit && hit.exp > now) return hit.identity;
    if (hit) verified.delete(token);
    let claims: JwtClaims;
    try {
      claims = await jwt.verify(token);
    } catch (e) {
      if (e instanceof JwtError) throw unauthorized(e);
      throw e;
    }
    const identity: RequestIdentity = { role: claims.role, claims, claimsJson: JSON.stringify(claims) };
    if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
    verified.set(token, { identity, exp: typeof claims.exp === 'number' ? claims.exp : Infinity });
    return identity;
  };
}
