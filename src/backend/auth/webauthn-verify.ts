import crypto from 'node:crypto';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { decodeAttestationObject, decodeCredentialPublicKey, isoBase64URL } from '@simplewebauthn/server/helpers';

/**
 * The relying party's checks of a WebAuthn registration (attestation) and authentication (assertion), for the
 * second factor of `mfa.ts`. The cryptographic checks (CBOR, COSE keys, attestation statements, signatures,
 * flags, RP ID hash, counter) are `@simplewebauthn/server`'s; what stays here are the restaurant's own rules:
 *
 * - the answer must come from one of the origins and the RP ID kept with the challenge (`webauthn.ts`);
 * - accepted keys: ES256 (P-256), EdDSA (Ed25519) and RS256 of at least 2048 bits;
 * - accepted attestation statements: `none` (what browsers send for the `attestation: 'none'` the challenge asks
 *   for) and `packed` (self-attestation, or a certificate whose signature is checked). No manufacturer list is
 *   consulted, so the library's other formats (TPM, Android, Apple, FIDO U2F) would prove nothing more here, and
 *   their parsers are kept away from what an attacker sends;
 * - an answer from a frame of another site is refused;
 * - on sign-in, the key must be the factor's own, and the user handle (when sent) the one given at registration.
 */

export class WebAuthnCheckError extends Error {}
/** A signature counter that did not grow: a cloned authenticator or a replayed answer. */
export class CounterRollbackError extends WebAuthnCheckError {}

const fail: (why: string) => never = (why) => {
  throw new WebAuthnCheckError(why);
};

/** The COSE algorithms the registration options offer, in order of preference. */
export const COSE_ALGORITHMS = [-7, -8, -257] as const;
/** The attestation statement formats a registration may carry. */
export const ATTESTATION_FORMATS: readonly string[] = ['none', 'packed'];
const MIN_RSA_MODULUS_BYTES = 256;
const MAX_FIELD_LENGTH = 64_000;

export interface Expected {
  /** The challenge the server issued, base64url. */
  challenge: string;
  /** The web origins the answer may come from (checked against the site when the challenge was made). */
  origins: string[];
  rpId: string;
  requireUserVerification: boolean;
}

export interface RegisteredCredential {
  /** base64url */
  id: string;
  /** The COSE_Key, base64url. */
  public_key: string;
  alg: number;
  sign_count: number;
  aaguid: string | null;
  transports: string[];
  attestation_format: string;
  backup_eligible: boolean;
  backed_up: boolean;
  user_verified: boolean;
}

export interface AssertionResult {
  sign_count: number;
  user_verified: boolean;
  backed_up: boolean;
}

const TRANSPORTS = new Set(['usb', 'nfc', 'ble', 'hybrid', 'internal', 'smart-card', 'cable']);

function b64url(v: unknown, what: string): string {
  if (typeof v !== 'string' || v.length > MAX_FIELD_LENGTH || !/^[A-Za-z0-9_-]*={0,2}$/.test(v))
    fail(`${what} is not base64url`);
  return v as string;
}

/** The shape of the credential auth-js sends, before the library reads it; `fields` are the response's byte strings. */
function credentialShape(credential: unknown, fields: string[]): { id: string; response: Record<string, unknown> } {
  if (!credential || typeof credential !== 'object') return fail('credential_response is not an object');
  const c = credential as { id?: unknown; rawId?: unknown; type?: unknown; response?: unknown };
  if (c.type !== 'public-key') fail('credential type is not public-key');
  const id = b64url(c.id, 'id');
  if (!id) fail('empty credential id');
  if (c.rawId !== id) fail('id and rawId differ');
  if (!c.response || typeof c.response !== 'object') return fail('credential_response.response missing');
  const response = c.response as Record<string, unknown>;
  for (const f of fields) b64url(response[f], f);
  ourClientDataRules(response.clientDataJSON as string);
  return { id, response };
}

/** The library lets a cross-origin answer through when the browser names no top origin: refused here. */
function ourClientDataRules(clientDataJSON: string) {
  let c: { crossOrigin?: unknown };
  try {
    c = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as typeof c;
  } catch {
    return fail('clientDataJSON is not JSON');
  }
  if (!c || typeof c !== 'object') fail('clientDataJSON is not an object');
  if (c.crossOrigin === true) fail('the answer comes from a frame of another site');
}

/** The library's refusal, in the words the API answers with. */
function refusal(e: unknown): WebAuthnCheckError {
  if (e instanceof WebAuthnCheckError) return e;
  const m = e instanceof Error ? e.message : String(e);
  if (/counter/i.test(m))
    return new CounterRollbackError('the signature counter did not grow (a cloned authenticator?)');
  if (/challenge/i.test(m)) return new WebAuthnCheckError('the answer is not for this challenge');
  if (/top origin|cross-origin/i.test(m))
    return new WebAuthnCheckError('the answer comes from a frame of another site');
  if (/origin/i.test(m)) return new WebAuthnCheckError('the answer comes from another origin');
  if (/RP ID/i.test(m)) return new WebAuthnCheckError('the answer is for another relying party');
  if (/presen/i.test(m)) return new WebAuthnCheckError('the user was not present');
  if (/verification/i.test(m)) return new WebAuthnCheckError('the user was not verified');
  if (/alg/i.test(m)) return new WebAuthnCheckError('unsupported key algorithm');
  if (/signature/i.test(m)) return new WebAuthnCheckError('the signature does not verify');
  return new WebAuthnCheckError('the answer is malformed');
}

function keyAlgorithm(cose: Uint8Array<ArrayBuffer>): number {
  const key = decodeCredentialPublicKey(cose) as unknown as Map<number, unknown>;
  const alg = key.get(3);
  if (typeof alg !== 'number' || !(COSE_ALGORITHMS as readonly number[]).includes(alg))
    return fail('unsupported key algorithm');
  if (alg === -257) {
    const n = key.get(-1);
    if (!(n instanceof Uint8Array) || n.length < MIN_RSA_MODULUS_BYTES) fail('RSA key shorter than 2048 bits');
  }
  return alg;
}

/** The answer to `navigator.credentials.create()`, as auth-js serialises it. */
export async function verifyRegistration(credential: unknown, expected: Expected): Promise<RegisteredCredential> {
  const { response } = credentialShape(credential, ['clientDataJSON', 'attestationObject']);
  try {
    const fmt = decodeAttestationObject(isoBase64URL.toBuffer(response.attestationObject as string)).get('fmt');
    if (typeof fmt !== 'string' || !ATTESTATION_FORMATS.includes(fmt))
      fail(`attestation format ${fmt} is not accepted`);
    const result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.rpId,
      requireUserVerification: expected.requireUserVerification,
      supportedAlgorithmIDs: [...COSE_ALGORITHMS],
    });
    if (!result.verified) fail('attestation signature does not verify');
    const info = result.registrationInfo;
    const alg = keyAlgorithm(info.credential.publicKey);
    const transports = Array.isArray(response.transports)
      ? [...new Set(response.transports.filter((t): t is string => typeof t === 'string' && TRANSPORTS.has(t)))]
      : [];
    return {
      id: info.credential.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      alg,
      sign_count: info.credential.counter,
      aaguid: info.aaguid,
      transports,
      attestation_format: info.fmt,
      backup_eligible: info.credentialDeviceType === 'multiDevice',
      backed_up: info.credentialBackedUp,
      user_verified: info.userVerified,
    };
  } catch (e) {
    throw refusal(e);
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The answer to `navigator.credentials.get()` for the stored credential. A signature counter that did not grow
 * (while either side is non-zero) is refused; `webauthn.ts` checks it again under the factor's row lock.
 */
export async function verifyAuthentication(
  credential: unknown,
  expected: Expected,
  stored: { id: string; public_key: string; sign_count: number; transports?: string[] },
  userHandle: string,
): Promise<AssertionResult> {
  const { id, response } = credentialShape(credential, ['clientDataJSON', 'authenticatorData', 'signature']);
  if (!sameText(id, stored.id)) fail('the answer is from another credential');
  const handle = response.userHandle;
  if (handle !== undefined && handle !== null && handle !== '') {
    if (!sameText(b64url(handle, 'userHandle').replace(/=+$/, ''), userHandle)) fail('the answer names another user');
  }
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origins,
      expectedRPID: expected.rpId,
      requireUserVerification: expected.requireUserVerification,
      credential: {
        id: stored.id,
        publicKey: isoBase64URL.toBuffer(stored.public_key),
        counter: stored.sign_count,
      },
    });
    if (!result.verified) fail('assertion signature does not verify');
    const info = result.authenticationInfo;
    return { sign_count: info.newCounter, user_verified: info.userVerified, backed_up: info.credentialBackedUp };
  } catch (e) {
    throw refusal(e);
  }
}
