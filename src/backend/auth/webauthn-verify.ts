import crypto from 'node:crypto';

/**
 * The relying party's checks of a WebAuthn registration (attestation) and authentication (assertion), as the
 * W3C WebAuthn Level 2 specification lists them (§7.1 and §7.2), for the second factor of `mfa.ts`.
 *
 * Accepted keys: ES256 (P-256), EdDSA (Ed25519) and RS256, the three every security key and platform
 * authenticator offers. Accepted attestation statements: `none` (what the browser sends for the `attestation:
 * 'none'` the challenge asks for) and `packed` (self-attestation, or a certificate whose signature is checked;
 * no manufacturer list is consulted, so an attestation certificate proves nothing more than `none` does here).
 */

export class WebAuthnCheckError extends Error {}

const fail: (why: string) => never = (why) => {
  throw new WebAuthnCheckError(why);
};

// ---------------------------------------------------------------- CBOR (RFC 8949), the subset WebAuthn uses

export type CborValue = number | bigint | string | Uint8Array | boolean | null | undefined | CborValue[] | CborMap;
export type CborMap = Map<string | number, CborValue>;

const MAX_CBOR_DEPTH = 16;

/** Decodes one CBOR item at `offset`; definite lengths only (as CTAP2 requires of authenticators). */
export function decodeCbor(buf: Uint8Array, offset = 0, depth = 0): { value: CborValue; end: number } {
  if (depth > MAX_CBOR_DEPTH) fail('CBOR nested too deeply');
  if (offset >= buf.length) fail('CBOR ends early');
  const initial = buf[offset];
  const major = initial >> 5;
  const info = initial & 0x1f;
  let pos = offset + 1;
  let arg: number;
  if (info < 24) arg = info;
  else if (info === 24) {
    if (pos + 1 > buf.length) fail('CBOR ends early');
    arg = buf[pos];
    pos += 1;
  } else if (info === 25) {
    if (pos + 2 > buf.length) fail('CBOR ends early');
    arg = (buf[pos] << 8) | buf[pos + 1];
    pos += 2;
  } else if (info === 26) {
    if (pos + 4 > buf.length) fail('CBOR ends early');
    arg = Buffer.from(buf.buffer, buf.byteOffset + pos, 4).readUInt32BE(0);
    pos += 4;
  } else if (info === 27) {
    if (pos + 8 > buf.length) fail('CBOR ends early');
    const big = Buffer.from(buf.buffer, buf.byteOffset + pos, 8).readBigUInt64BE(0);
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) fail('CBOR integer too large');
    arg = Number(big);
    pos += 8;
  } else return fail('CBOR indefinite lengths are not accepted');

  switch (major) {
    case 0:
      return { value: arg, end: pos };
    case 1:
      return { value: -1 - arg, end: pos };
    case 2:
    case 3: {
      if (pos + arg > buf.length) fail('CBOR string ends early');
      const bytes = buf.subarray(pos, pos + arg);
      return {
        value: major === 2 ? Uint8Array.from(bytes) : new TextDecoder('utf-8', { fatal: true }).decode(bytes),
        end: pos + arg,
      };
    }
    case 4: {
      if (arg > buf.length) fail('CBOR array too long');
      const out: CborValue[] = [];
      for (let i = 0; i < arg; i++) {
        const item = decodeCbor(buf, pos, depth + 1);
        out.push(item.value);
        pos = item.end;
      }
      return { value: out, end: pos };
    }
    case 5: {
      if (arg > buf.length) fail('CBOR map too long');
      const out: CborMap = new Map();
      for (let i = 0; i < arg; i++) {
        const k = decodeCbor(buf, pos, depth + 1);
        if (typeof k.value !== 'string' && typeof k.value !== 'number') fail('CBOR map key of an unexpected type');
        const v = decodeCbor(buf, k.end, depth + 1);
        if (out.has(k.value as string | number)) fail('CBOR map key repeated');
        out.set(k.value as string | number, v.value);
        pos = v.end;
      }
      return { value: out, end: pos };
    }
    case 6:
      // A tag: its item is read and the tag ignored (none is meaningful in WebAuthn structures).
      return decodeCbor(buf, pos, depth + 1);
    default:
      if (info === 20) return { value: false, end: pos };
      if (info === 21) return { value: true, end: pos };
      if (info === 22) return { value: null, end: pos };
      if (info === 23) return { value: undefined, end: pos };
      return fail('CBOR floats and other simple values are not accepted');
  }
}

function decodeWhole(buf: Uint8Array): CborValue {
  const { value, end } = decodeCbor(buf);
  if (end !== buf.length) fail('trailing bytes after CBOR');
  return value;
}

// ---------------------------------------------------------------- authenticator data (§6.1)

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;
const FLAG_ED = 0x80;

export interface AuthenticatorData {
  rpIdHash: Buffer;
  flags: number;
  userPresent: boolean;
  userVerified: boolean;
  backupEligible: boolean;
  backedUp: boolean;
  signCount: number;
  aaguid?: string;
  credentialId?: Buffer;
  /** The COSE_Key bytes as the authenticator wrote them. */
  credentialPublicKey?: Buffer;
}

export function parseAuthenticatorData(raw: Uint8Array): AuthenticatorData {
  const b = Buffer.from(raw);
  if (b.length < 37) fail('authenticator data too short');
  const flags = b[32];
  const out: AuthenticatorData = {
    rpIdHash: b.subarray(0, 32),
    flags,
    userPresent: (flags & FLAG_UP) !== 0,
    userVerified: (flags & FLAG_UV) !== 0,
    backupEligible: (flags & FLAG_BE) !== 0,
    backedUp: (flags & FLAG_BS) !== 0,
    signCount: b.readUInt32BE(33),
  };
  let pos = 37;
  if (flags & FLAG_AT) {
    if (b.length < pos + 18) fail('attested credential data too short');
    const hex = b.subarray(pos, pos + 16).toString('hex');
    out.aaguid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const idLength = b.readUInt16BE(pos + 16);
    pos += 18;
    if (idLength > 1023 || b.length < pos + idLength) fail('credential id too long');
    out.credentialId = b.subarray(pos, pos + idLength);
    pos += idLength;
    const key = decodeCbor(b, pos);
    out.credentialPublicKey = b.subarray(pos, key.end);
    pos = key.end;
  }
  if (flags & FLAG_ED) pos = decodeCbor(b, pos).end;
  if (pos !== b.length) fail('trailing bytes after authenticator data');
  return out;
}

// ---------------------------------------------------------------- COSE keys (RFC 9053)

/** The COSE algorithms the registration options offer, in order of preference. */
export const COSE_ALGORITHMS = [-7, -8, -257] as const;

export interface CoseKey {
  alg: number;
  key: crypto.KeyObject;
}

const b64u = (v: CborValue) => {
  if (!(v instanceof Uint8Array)) return fail('COSE key parameter missing');
  return Buffer.from(v).toString('base64url');
};

export function coseToKey(cose: Uint8Array): CoseKey {
  const m = decodeWhole(cose);
  if (!(m instanceof Map)) return fail('COSE key is not a map');
  const kty = m.get(1);
  const alg = m.get(3);
  if (alg === -7 && kty === 2 && m.get(-1) === 1) {
    const jwk = { kty: 'EC', crv: 'P-256', x: b64u(m.get(-2)), y: b64u(m.get(-3)) };
    return { alg, key: crypto.createPublicKey({ key: jwk, format: 'jwk' }) };
  }
  if (alg === -8 && kty === 1 && m.get(-1) === 6) {
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: b64u(m.get(-2)) };
    return { alg, key: crypto.createPublicKey({ key: jwk, format: 'jwk' }) };
  }
  if (alg === -257 && kty === 3) {
    const jwk = { kty: 'RSA', n: b64u(m.get(-1)), e: b64u(m.get(-2)) };
    const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) fail('RSA key shorter than 2048 bits');
    return { alg, key };
  }
  return fail(`unsupported COSE key (kty ${String(kty)}, alg ${String(alg)})`);
}

function verifySignature(alg: number, key: crypto.KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    if (alg === -7) return crypto.verify('sha256', data, { key, dsaEncoding: 'der' }, signature);
    if (alg === -8) return crypto.verify(null, data, key, signature);
    if (alg === -257) return crypto.verify('sha256', data, key, signature);
  } catch {
    return false;
  }
  return false;
}

// ---------------------------------------------------------------- the two ceremonies

export interface Expected {
  /** The challenge the server issued, base64url. */
  challenge: string;
  /** The web origins the answer may come from (checked against the site when the challenge was made). */
  origins: string[];
  rpId: string;
  requireUserVerification: boolean;
}

function bytes(v: unknown, what: string): Buffer {
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]*={0,2}$/.test(v) || v.length > 64_000) fail(`${what} is not base64url`);
  return Buffer.from(v as string, 'base64url');
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function checkClientData(raw: Buffer, type: 'webauthn.create' | 'webauthn.get', expected: Expected) {
  let c: { type?: unknown; challenge?: unknown; origin?: unknown; crossOrigin?: unknown };
  try {
    c = JSON.parse(raw.toString('utf8')) as typeof c;
  } catch {
    return fail('clientDataJSON is not JSON');
  }
  if (c.type !== type) fail(`clientDataJSON type is not ${type}`);
  if (
    typeof c.challenge !== 'string' ||
    !sameBytes(bytes(c.challenge, 'challenge'), bytes(expected.challenge, 'challenge'))
  )
    fail('the answer is not for this challenge');
  if (typeof c.origin !== 'string' || !expected.origins.includes(c.origin))
    fail('the answer comes from another origin');
  if (c.crossOrigin === true) fail('the answer comes from a frame of another site');
}

function checkAuthenticatorData(d: AuthenticatorData, expected: Expected) {
  const rpIdHash = crypto.createHash('sha256').update(expected.rpId).digest();
  if (!sameBytes(d.rpIdHash, rpIdHash)) fail('the answer is for another relying party');
  if (!d.userPresent) fail('the user was not present');
  if (expected.requireUserVerification && !d.userVerified) fail('the user was not verified');
  if (d.backedUp && !d.backupEligible) fail('backup flags are inconsistent');
}

interface CredentialJson {
  id?: unknown;
  rawId?: unknown;
  type?: unknown;
  response?: Record<string, unknown>;
}

function credentialId(c: CredentialJson): Buffer {
  if (c.type !== 'public-key') fail('credential type is not public-key');
  const id = bytes(c.id, 'id');
  if (c.rawId !== undefined && !sameBytes(id, bytes(c.rawId, 'rawId'))) fail('id and rawId differ');
  if (id.length === 0) fail('empty credential id');
  return id;
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

const TRANSPORTS = new Set(['usb', 'nfc', 'ble', 'hybrid', 'internal', 'smart-card', 'cable']);

/** §7.1: the answer to `navigator.credentials.create()`, as auth-js serialises it. */
export function verifyRegistration(credential: unknown, expected: Expected): RegisteredCredential {
  if (!credential || typeof credential !== 'object') return fail('credential_response is not an object');
  const c = credential as CredentialJson;
  const id = credentialId(c);
  const r = c.response;
  if (!r || typeof r !== 'object') return fail('credential_response.response missing');
  const clientData = bytes(r.clientDataJSON, 'clientDataJSON');
  checkClientData(clientData, 'webauthn.create', expected);

  const att = decodeWhole(bytes(r.attestationObject, 'attestationObject'));
  if (!(att instanceof Map)) return fail('attestationObject is not a map');
  const fmt = att.get('fmt');
  const attStmt = att.get('attStmt');
  const rawAuthData = att.get('authData');
  if (typeof fmt !== 'string' || !(attStmt instanceof Map) || !(rawAuthData instanceof Uint8Array))
    return fail('attestationObject is incomplete');
  const authData = parseAuthenticatorData(rawAuthData);
  checkAuthenticatorData(authData, expected);
  if (!authData.credentialId || !authData.credentialPublicKey) return fail('no attested credential data');
  if (!sameBytes(authData.credentialId, id)) fail('credential id differs from the attested one');
  const cose = coseToKey(authData.credentialPublicKey);

  const signed = Buffer.concat([Buffer.from(rawAuthData), crypto.createHash('sha256').update(clientData).digest()]);
  if (fmt === 'none') {
    if (attStmt.size !== 0) fail('a none attestation carries a statement');
  } else if (fmt === 'packed') {
    const alg = attStmt.get('alg');
    const sig = attStmt.get('sig');
    const x5c = attStmt.get('x5c');
    if (typeof alg !== 'number' || !(sig instanceof Uint8Array)) return fail('packed attestation is incomplete');
    if (x5c === undefined) {
      // Self attestation: signed by the credential's own key.
      if (alg !== cose.alg) fail('self attestation with another algorithm than the key');
      if (!verifySignature(alg, cose.key, signed, Buffer.from(sig))) fail('attestation signature does not verify');
    } else {
      if (!Array.isArray(x5c) || !(x5c[0] instanceof Uint8Array)) return fail('packed attestation certificate missing');
      const cert = new crypto.X509Certificate(Buffer.from(x5c[0]));
      if (!verifySignature(alg, cert.publicKey, signed, Buffer.from(sig)))
        fail('attestation signature does not verify');
    }
  } else {
    fail(`attestation format ${fmt} is not accepted`);
  }

  const transports = Array.isArray(r.transports)
    ? [...new Set(r.transports.filter((t): t is string => typeof t === 'string' && TRANSPORTS.has(t)))]
    : [];
  return {
    id: id.toString('base64url'),
    public_key: authData.credentialPublicKey.toString('base64url'),
    alg: cose.alg,
    sign_count: authData.signCount,
    aaguid: authData.aaguid ?? null,
    transports,
    attestation_format: fmt,
    backup_eligible: authData.backupEligible,
    backed_up: authData.backedUp,
    user_verified: authData.userVerified,
  };
}

export interface AssertionResult {
  sign_count: number;
  user_verified: boolean;
  backed_up: boolean;
}

export class CounterRollbackError extends WebAuthnCheckError {}

/**
 * §7.2: the answer to `navigator.credentials.get()` for the stored credential. `userHandle`, when the
 * authenticator sends one, must be the one given at registration. A signature counter that did not grow
 * (while either side is non-zero) means a cloned authenticator or a replayed answer: refused.
 */
export function verifyAuthentication(
  credential: unknown,
  expected: Expected,
  stored: { id: string; public_key: string; sign_count: number },
  userHandle: string,
): AssertionResult {
  if (!credential || typeof credential !== 'object') return fail('credential_response is not an object');
  const c = credential as CredentialJson;
  const id = credentialId(c);
  if (!sameBytes(id, bytes(stored.id, 'stored id'))) fail('the answer is from another credential');
  const r = c.response;
  if (!r || typeof r !== 'object') return fail('credential_response.response missing');
  const clientData = bytes(r.clientDataJSON, 'clientDataJSON');
  checkClientData(clientData, 'webauthn.get', expected);
  const rawAuthData = bytes(r.authenticatorData, 'authenticatorData');
  const authData = parseAuthenticatorData(rawAuthData);
  checkAuthenticatorData(authData, expected);
  if (r.userHandle !== undefined && r.userHandle !== null && r.userHandle !== '') {
    if (!sameBytes(bytes(r.userHandle, 'userHandle'), bytes(userHandle, 'user handle')))
      fail('the answer names another user');
  }
  const cose = coseToKey(bytes(stored.public_key, 'stored key'));
  const signed = Buffer.concat([rawAuthData, crypto.createHash('sha256').update(clientData).digest()]);
  if (!verifySignature(cose.alg, cose.key, signed, bytes(r.signature, 'signature')))
    fail('assertion signature does not verify');
  if ((authData.signCount !== 0 || stored.sign_count !== 0) && authData.signCount <= stored.sign_count)
    throw new CounterRollbackError('the signature counter did not grow (a cloned authenticator?)');
  return { sign_count: authData.signCount, user_verified: authData.userVerified, backed_up: authData.backedUp };
}
