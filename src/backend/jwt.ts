import { SignJWT, jwtVerify, errors } from 'jose';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export interface JwtClaims {
  role: ApiRole;
  sub?: string;
  aud?: string | string[];
  email?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  session_id?: string;
  is_anonymous?: boolean;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  iss?: string;
  iat?: number;
  exp?: number;
  [k: string]: unknown;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'missing' | 'malformed' | 'expired' | 'invalid' | 'role',
  ) {
    super(message);
  }
}

export interface JwtKeys {
  secret: string;
  /** Long-lived key with role anon, what the SPAs ship (like Supabase's anon key). */
  anonKey: string;
  /** Long-lived key with role service_role: full access, server-side only. */
  serviceRoleKey: string;
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** Verifies signature (HS256 only), expiry and the role claim. Throws JwtError. */
  verify(token: string): Promise<JwtClaims>;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

export async function createJwtKeys(secret: string): Promise<JwtKeys> {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  const key = new TextEncoder().encode(secret);

  async function sign(claims: JwtClaims, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(claims.iat ?? now)
      .setExpirationTime(claims.exp ?? now + expiresInSeconds)
      .sign(key);
  }

  async function verify(token: string): Promise<JwtClaims> {
    if (!token) throw new JwtError('No JWT given', 'missing');
    if (token.split('.').length !== 3)
      throw new JwtError('Expected 3 parts in JWT; got ' + token.split('.').length, 'malformed');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new JwtError('JWT expired', 'expired');
      if (e instanceof errors.JWSSignatureVerificationFailed)
        throw new JwtError('JWSError JWSInvalidSignature', 'invalid');
      throw new JwtError(`JWSError ${(e as Error).message}`, 'malformed');
    }
    const role = payload.role;
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
      throw new JwtError(`role "${String(role)}" does not exist`, 'role');
    }
    return payload as JwtClaims;
  }

  const [anonKey, serviceRoleKey] = await Promise.all([
    sign({ role: 'anon', iss: 'supabase' }, TEN_YEARS),
    sign({ role: 'service_role', iss: 'supabase' }, TEN_YEARS),
  ]);
  return { secret, anonKey, serviceRoleKey, sign, verify };
}

/** `Authorization: Bearer x` first, then the `apikey` header, as Supabase's gateway does. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers['authorization'];
  const value = Array.isArray(auth) ? auth[0] : auth;
  if (value) {
    const m = /^Bearer\s+(.+)$/i.exec(value.trim());
    if (m) return m[1].trim();
  }
  const apikey = headers['apikey'];
  const key = Array.isArray(apikey) ? apikey[0] : apikey;
  return key ? key.trim() : null;
}
