import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendContext } from '../../src/backend/context.js';
import { allowedOrigins, webauthnSettings } from '../../src/backend/auth/webauthn.js';
import { decodeAttestationObject } from '@simplewebauthn/server/helpers';
import { verifyAuthentication, verifyRegistration, type Expected } from '../../src/backend/auth/webauthn-verify.js';
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

async function registered(key = new SoftwareKey(ORIGIN)) {
  const c = challenge();
  const stored = await verifyRegistration(
    key.register({ challenge: c, rp: { id: RP_ID, name: 'x' }, user }),
    expected(c),
  );
  return { key, stored };
}

function fakeContext(toml: string, env: Record<string, string> = {}, siteUrl = ORIGIN): BackendContext {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webauthn-settings-'));
  fs.writeFileSync(path.join(dir, 'config.toml'), toml);
  return { config: { supabaseDir: dir, env, siteUrl }, publicUrl: siteUrl } as unknown as BackendContext;
}

describe('registration and authentication checks', () => {
  it('keeps the key, its algorithm, counter and transports of a none or packed attestation', async () => {
    const { key, stored } = await registered();
    expect(stored).toMatchObject({
      id: key.credentialId.toString('base64url'),
      alg: -7,
      sign_count: 1,
      transports: ['usb'],
      attestation_format: 'none',
    });
    const packed = new SoftwareKey(ORIGIN);
    const c = challenge();
    const answer = packed.register({ challenge: c, rp: { id: RP_ID, name: 'x' }, user }, { attestation: 'packed' });
    expect(await verifyRegistration(answer, expected(c))).toMatchObject({ attestation_format: 'packed', alg: -7 });
    // A packed self-attestation whose signature was altered.
    const c2 = challenge();
    const forged = packed.register({ challenge: c2, rp: { id: RP_ID, name: 'x' }, user }, { attestation: 'packed' });
    const att = decodeAttestationObject(Buffer.from(forged.response.attestationObject, 'base64url')) as unknown as Map<
      string,
      Cbor
    >;
    const stmt = att.get('attStmt') as Map<string, Cbor>;
    const sig = Buffer.from(stmt.get('sig') as Uint8Array);
    sig[sig.length - 1] ^= 1;
    stmt.set('sig', sig);
    forged.response.attestationObject = encodeCbor(att).toString('base64url');
    await expect(verifyRegistration(forged, expected(c2))).rejects.toThrow(/does not verify|malformed/);
  });

  it('refuses a registration for another challenge, origin or relying party, from a frame, or with a statement it does not accept', async () => {
    const key = new SoftwareKey(ORIGIN);
    const c = challenge();
    const opts = { challenge: c, rp: { id: RP_ID, name: 'x' }, user };
    await expect(verifyRegistration(key.register(opts), expected(challenge()))).rejects.toThrow(/challenge/);
    await expect(
      verifyRegistration(key.register(opts, { origin: 'https://evil.example' }), expected(c)),
    ).rejects.toThrow(/another origin/);
    await expect(verifyRegistration(key.register(opts, { rpId: 'evil.example' }), expected(c))).rejects.toThrow(
      /relying party/,
    );
    await expect(verifyRegistration(key.register(opts, { crossOrigin: true }), expected(c))).rejects.toThrow(
      /frame of another site/,
    );
    // The same attestation relabelled as a format the library knows but the restaurant does not accept.
    const answer = key.register(opts);
    const att = decodeAttestationObject(Buffer.from(answer.response.attestationObject, 'base64url')) as unknown as Map<
      string,
      Cbor
    >;
    att.set('fmt', 'fido-u2f');
    answer.response.attestationObject = encodeCbor(att).toString('base64url');
    await expect(verifyRegistration(answer, expected(c))).rejects.toThrow(/not accepted/);
    // id and rawId that disagree.
    const twisted = { ...key.register(opts), rawId: Buffer.alloc(32, 9).toString('base64url') };
    await expect(verifyRegistration(twisted, expected(c))).rejects.toThrow(/rawId/);
  });

  it('checks the signature with the stored key, the counter, the key id and the user handle', async () => {
    const { key, stored } = await registered();
    const handle = user.id;
    const c = challenge();
    const ok = await verifyAuthentication(key.authenticate({ challenge: c, rpId: RP_ID }), expected(c), stored, handle);
    expect(ok.sign_count).toBe(2);

    const c2 = challenge();
    const tampered = key.authenticate({ challenge: c2, rpId: RP_ID });
    const sig = Buffer.from(tampered.response.signature, 'base64url');
    sig[sig.length - 1] ^= 1;
    tampered.response.signature = sig.toString('base64url');
    await expect(verifyAuthentication(tampered, expected(c2), { ...stored, sign_count: 2 }, handle)).rejects.toThrow(
      /signature|malformed/,
    );

    const c3 = challenge();
    const lowered = key.authenticate({ challenge: c3, rpId: RP_ID }, { signCount: 1 });
    await expect(verifyAuthentication(lowered, expected(c3), { ...stored, sign_count: 2 }, handle)).rejects.toThrow(
      /counter/,
    );

    // Keys without a counter (always 0) are accepted: the challenge is what makes each answer single-use.
    const c4 = challenge();
    const zero = key.authenticate({ challenge: c4, rpId: RP_ID }, { signCount: 0 });
    expect((await verifyAuthentication(zero, expected(c4), { ...stored, sign_count: 0 }, handle)).sign_count).toBe(0);

    const c5 = challenge();
    const other = key.authenticate({ challenge: c5, rpId: RP_ID });
    await expect(
      verifyAuthentication(other, expected(c5), stored, Buffer.alloc(16, 2).toString('base64url')),
    ).rejects.toThrow(/another user/);

    // An answer from another key than the factor's (the library itself does not compare the ids).
    const c6 = challenge();
    const { stored: otherStored } = await registered();
    await expect(
      verifyAuthentication(key.authenticate({ challenge: c6, rpId: RP_ID }), expected(c6), otherStored, handle),
    ).rejects.toThrow(/another credential/);

    // From a frame inside another site's page, without the top origin the library would check.
    const c7 = challenge();
    const framed = key.authenticate({ challenge: c7, rpId: RP_ID }, { crossOrigin: true });
    await expect(verifyAuthentication(framed, expected(c7), stored, handle)).rejects.toThrow(/frame of another site/);
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
