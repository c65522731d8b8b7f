import crypto from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, importJWK, jwtVerify, type JWK } from 'jose';

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

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

/**
 * An asymmetric signing key as GoTrue's JWT_KEYS and the Supabase CLI's `signing_keys.json` hold it: a private
 * JWK with `kid`, `alg` (ES256 or RS256) and `key_ops` ('sign' marks the key that signs new tokens).
 */
export type SigningJwk = JWK & { kid: string; alg: 'ES256' | 'RS256'; key_ops?: string[] };

export interface JwtKeyOptions {
  /** Asymmetric keys tokens may be signed with; their public halves are published in the JWKS. */
  keys?: SigningJwk[];
  /** Sign new user tokens with the first of `keys` whose key_ops include 'sign' (else HS256 with the secret). */
  signAsymmetric?: boolean;
}

export interface JwtKeys {
  secret: string;
  /** The public signing keys (`/auth/v1/.well-known/jwks.json`): what a token's `kid` names. */
  jwks: { keys: JWK[] };
  /** The algorithm of new user tokens: HS256, or the asymmetric key's. */
  signingAlg: string;
  /** Long-lived key with role anon, what the SPAs ship (like Supabase's anon key). */
  anonKey: string;
  /** Long-lived key with role service_role: full access, server-side only. */
  serviceRoleKey: string;
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** Verifies signature (HS256 with the secret, or ES256/RS256 with a key of the JWKS by its kid), expiry and the role claim. Throws JwtError. */
  verify(token: string): Promise<JwtClaims>;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** A new ES256 key pair as a private JWK (what a data directory keeps beside its HS256 secret). */
export function newEs256Key(): SigningJwk {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: crypto.randomUUID(), alg: 'ES256', key_ops: ['sign', 'verify'] };
}

/** The public half of a key, as the JWKS publishes it. */
function publicJwk(k: SigningJwk): JWK {
  const { kty, crv, x, y, n, e, kid, alg } = k;
  const out: JWK = { kty, kid, alg, use: 'sig', key_ops: ['verify'] };
  if (kty === 'EC') Object.assign(out, { crv, x, y });
  else Object.assign(out, { n, e });
  return out;
}

export async function createJwtKeys(secret: string, options: JwtKeyOptions = {}): Promise<JwtKeys> {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  const key = new TextEncoder().encode(secret);
  const asymmetric = (options.keys ?? []).filter((k) => (k.alg === 'ES256' || k.alg === 'RS256') && k.kid);
  const publicKeys = new Map<string, { alg: string; key: VerifyKey }>();
  for (const k of asymmetric) publicKeys.set(k.kid, { alg: k.alg, key: await importJWK(publicJwk(k), k.alg) });
  const signer = options.signAsymmetric ? asymmetric.find((k) => !k.key_ops || k.key_ops.includes('sign')) : undefined;
  // WebCrypto takes a private key for signing only: the file's key_ops ('sign', 'verify') are left out.
  const signingKey = signer ? await importJWK({ ...signer, key_ops: undefined }, signer.alg) : null;

  async function sign(claims: JwtClaims, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader(signer ? { alg: signer.alg, kid: signer.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(claims.iat ?? now)
      .setExpirationTime(claims.exp ?? now + expiresInSeconds)
      .sign(signingKey ?? key);
  }

  /** The key a token's header names: the secret for HS256, a JWKS key by kid (and the same alg) otherwise. */
  function keyFor(token: string): { key: VerifyKey; alg: string } {
    let header: { alg?: string; kid?: string };
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new JwtError('JWSError JWSInvalidHeader', 'malformed');
    }
    if (header.alg === 'HS256') return { key, alg: 'HS256' };
    const found = header.kid ? publicKeys.get(header.kid) : undefined;
    if (!found || found.alg !== header.alg) throw new JwtError('JWSError JWSInvalidSignature', 'invalid');
    return found;
  }

  async function verify(token: string): Promise<JwtClaims> {
    if (!token) throw new JwtError('No JWT given', 'missing');
    if (token.split('.').length !== 3)
      throw new JwtError('Expected 3 parts in JWT; got ' + token.split('.').length, 'malformed');
    let payload: Record<string, unknown>;
    const chosen = keyFor(token);
    try {
      ({ payload } = await jwtVerify(token, chosen.key, { algorithms: [chosen.alg] }));
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

  // The long-lived keys stay HS256 whatever signs user tokens (as Supabase's legacy anon and service_role keys).
  const signHs256 = (claims: JwtClaims) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + TEN_YEARS)
      .sign(key);
  const [anonKey, serviceRoleKey] = await Promise.all([
    signHs256({ role: 'anon', iss: 'supabase' }),
    signHs256({ role: 'service_role', iss: 'supabase' }),
  ]);
  return {
    secret,
    jwks: { keys: asymmetric.map(publicJwk) },
    signingAlg: signer?.alg ?? 'HS256',
    anonKey,
    serviceRoleKey,
    sign,
    verify,
  };
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
