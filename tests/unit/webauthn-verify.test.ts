import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendContext } from '../../src/backend/context.js';
import { allowedOrigins, webauthnSettings } from '../../src/backend/auth/webauthn.js';
import {
  decodeCbor,
  verifyAuthentication,
  verifyRegistration,
  WebAuthnCheckError,
  type Expected,
} from '../../src/backend/auth/webauthn-verify.js';
import { encodeCbor, SoftwareKey, type Cbor } from '../helpers/webauthn-authenticator.js';

const ORIGIN = 'https://admin.churrasqueira.lu';
const RP_ID = 'admin.churrasqueira.lu';
const challenge = () => crypto.randomBytes(32).toString('base64url');
const expected = (c: string): Expected => ({
  challenge: c,
  origins: [ORIGIN],
  rpId: RP_ID,
  requireUserVerification: false,
});
const user = { id: Buffer.alloc(16, 1).toString('base64url'), name: 'gerente', displayName: 'gerente' };

function registered(key = new SoftwareKey(ORIGIN)) {
  const c = challenge();
  const stored = verifyRegistration(key.register({ challenge: c, rp: { id: RP_ID, name: 'x' }, user }), expected(c));
  return { key, stored };
}

function fakeContext(toml: string, env: Record<string, string> = {}, siteUrl = ORIGIN): BackendContext {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webauthn-settings-'));
  fs.writeFileSync(path.join(dir, 'config.toml'), toml);
  return { config: { supabaseDir: dir, env, siteUrl }, publicUrl: siteUrl } as unknown as BackendContext;
}

describe('CBOR as WebAuthn uses it', () => {
  it('reads back maps, byte strings, negative keys and nested arrays', () => {
    const value = new Map<number | string, Cbor>([
      [1, 2],
      [-3, Buffer.from('abc')],
      ['fmt', 'none'],
      ['list', [1, 'x', [70000]]],
    ]);
    const { value: back, end } = decodeCbor(encodeCbor(value));
    expect(back).toEqual(
      new Map<number | string, unknown>([
        [1, 2],
        [-3, Uint8Array.from(Buffer.from('abc'))],
        ['fmt', 'none'],
        ['list', [1, 'x', [70000]]],
      ]),
    );
    expect(end).toBe(encodeCbor(value).length);
  });

  it('refuses indefinite lengths, truncated strings, repeated keys and deep nesting', () => {
    expect(() => decodeCbor(Buffer.from([0x9f, 0x01, 0xff]))).toThrow(WebAuthnCheckError);
    expect(() => decodeCbor(Buffer.from([0x45, 0x01]))).toThrow(WebAuthnCheckError);
    expect(() => decodeCbor(Buffer.from([0xa2, 0x01, 0x01, 0x01, 0x02]))).toThrow(/repeated/);
    expect(() => decodeCbor(Buffer.from(Array(40).fill(0x81)))).toThrow(/deeply/);
  });
});

describe('registration and authentication checks', () => {
  it('keeps the key, its algorithm, counter and transports of a none attestation', () => {
    const { key, stored } = registered();
    expect(stored).toMatchObject({
      id: key.credentialId.toString('base64url'),
      alg: -7,
      sign_count: 1,
      transports: ['usb'],
      attestation_format: 'none',
    });
  });

  it('refuses a registration for another challenge, origin or relying party, or with a statement it cannot check', () => {
    const key = new SoftwareKey(ORIGIN);
    const c = challenge();
    const opts = { challenge: c, rp: { id: RP_ID, name: 'x' }, user };
    expect(() => verifyRegistration(key.register(opts), expected(challenge()))).toThrow(/challenge/);
    expect(() => verifyRegistration(key.register(opts, { origin: 'https://evil.example' }), expected(c))).toThrow(
      /origin/,
    );
    expect(() => verifyRegistration(key.register(opts, { rpId: 'evil.example' }), expected(c))).toThrow(
      /relying party/,
    );
    // The same attestation relabelled as a format nothing here verifies.
    const answer = key.register(opts);
    const att = decodeCbor(Buffer.from(answer.response.attestationObject, 'base64url')).value as Map<string, Cbor>;
    att.set('fmt', 'fido-u2f');
    answer.response.attestationObject = encodeCbor(att).toString('base64url');
    expect(() => verifyRegistration(answer, expected(c))).toThrow(/not accepted/);
  });

  it('checks the signature with the stored key, the counter, and the user handle', () => {
    const { key, stored } = registered();
    const handle = user.id;
    const c = challenge();
    const ok = verifyAuthentication(key.authenticate({ challenge: c, rpId: RP_ID }), expected(c), stored, handle);
    expect(ok.sign_count).toBe(2);

    const c2 = challenge();
    const tampered = key.authenticate({ challenge: c2, rpId: RP_ID });
    const sig = Buffer.from(tampered.response.signature, 'base64url');
    sig[sig.length - 1] ^= 1;
    tampered.response.signature = sig.toString('base64url');
    expect(() => verifyAuthentication(tampered, expected(c2), { ...stored, sign_count: 2 }, handle)).toThrow(
      /signature/,
    );

    const c3 = challenge();
    const lowered = key.authenticate({ challenge: c3, rpId: RP_ID }, { signCount: 1 });
    expect(() => verifyAuthentication(lowered, expected(c3), { ...stored, sign_count: 2 }, handle)).toThrow(/counter/);

    // Keys without a counter (always 0) are accepted: the challenge is what makes each answer single-use.
    const c4 = challenge();
    const zero = key.authenticate({ challenge: c4, rpId: RP_ID }, { signCount: 0 });
    expect(verifyAuthentication(zero, expected(c4), { ...stored, sign_count: 0 }, handle).sign_count).toBe(0);

    const c5 = challenge();
    const other = key.authenticate({ challenge: c5, rpId: RP_ID });
    expect(() => verifyAuthentication(other, expected(c5), stored, Buffer.alloc(16, 2).toString('base64url'))).toThrow(
      /another user/,
    );
  });
});

describe('settings', () => {
  it('are off unless config.toml or the environment turn them on, as in GoTrue', () => {
    expect(webauthnSettings(fakeContext(''))).toMatchObject({ enrollEnabled: false, verifyEnabled: false });
    expect(
      webauthnSettings(fakeContext('[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true\n')),
    ).toMatchObject({ enrollEnabled: true, verifyEnabled: true });
    expect(
      webauthnSettings(
        fakeContext('[auth.mfa.web_authn]\nenroll_enabled = true\n', { AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'false' }),
      ),
    ).toMatchObject({ enrollEnabled: false });
  });

  it("allow the site's origins, the exact additional redirect URLs' and the configured ones, loopback only for a loopback site", () => {
    const toml =
      '[auth]\nadditional_redirect_urls = ["https://loja.churrasqueira.lu/conta", "https://*.example.com/**", "http://localhost:5173/login"]\n' +
      '[auth.webauthn]\nrp_origins = ["https://caixa.churrasqueira.lu"]\n';
    expect([...allowedOrigins(fakeContext(toml))].sort()).toEqual([
      'https://admin.churrasqueira.lu',
      'https://caixa.churrasqueira.lu',
      'https://loja.churrasqueira.lu',
    ]);
    const local = allowedOrigins(fakeContext(toml, {}, 'http://127.0.0.1:54321'));
    expect(local).toContain('http://localhost:5173');
    // The site on this machine, under its other loopback names (browsers take localhost as an RP ID, not an IP).
    expect(local).toContain('http://localhost:54321');
    expect(local).toContain('http://[::1]:54321');
  });
});
