import crypto from 'node:crypto';

/**
 * A security key in software (a FIDO2 authenticator with a P-256 key and a signature counter), answering
 * registration and authentication options as a browser hands them over: the JSON auth-js sends to
 * `/factors/<id>/verify` (base64url fields, `none` attestation).
 */

export type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function encodeCbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(encodeCbor)]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [encodeCbor(k), encodeCbor(x)])]);
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface Overrides {
  /** The page the browser says the answer comes from. */
  origin?: string;
  challenge?: string;
  rpId?: string;
  /** The counter the key reports (default: one more than last time). */
  signCount?: number;
  /** The browser says the page is a frame inside another site's page. */
  crossOrigin?: boolean;
  /** The attestation statement of a registration: none (default) or packed self-attestation. */
  attestation?: 'none' | 'packed';
}

export class SoftwareKey {
  readonly credentialId = crypto.randomBytes(32);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The counter of the last signature. */
  signCount = 0;
  private userHandle = '';

  constructor(readonly origin: string) {}

  private cose(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return encodeCbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string, o: Overrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: o.challenge ?? challenge,
        origin: o.origin ?? this.origin,
        ...(o.crossOrigin ? { crossOrigin: true } : {}),
      }),
    );
  }

  private counter(o: Overrides): Buffer {
    this.signCount = o.signCount ?? this.signCount + 1;
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.signCount);
    return b;
  }

  /** `navigator.credentials.create()` with the challenge's options. */
  register(options: CreationOptions, o: Overrides = {}) {
    this.userHandle = options.user.id;
    const rpId = o.rpId ?? options.rp.id!;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x41]), // user present, attested credential data
      this.counter(o),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.cose(),
    ]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, o);
    const attStmt =
      o.attestation === 'packed'
        ? new Map<string, Cbor>([
            ['alg', -7],
            ['sig', crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey)],
          ])
        : new Map<string, Cbor>();
    const attestationObject = encodeCbor(
      new Map<string, Cbor>([
        ['fmt', o.attestation ?? 'none'],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    );
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  /** `navigator.credentials.get()` with the challenge's options. */
  authenticate(options: RequestOptions, o: Overrides = {}) {
    const rpId = o.rpId ?? options.rpId!;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01]), this.counter(o)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
    };
  }
}
