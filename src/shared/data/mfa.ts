import { getSupabase } from './client.js';

/** A TOTP enrolment in progress: what the authenticator app needs (QR code as an SVG data URL, or the secret). */
export interface TotpEnrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

export interface TotpFactor {
  id: string;
  verified: boolean;
}

/** The signed-in person's TOTP factors (verified or still being enrolled). */
export async function listTotpFactors(): Promise<TotpFactor[]> {
  const { data, error } = await getSupabase().auth.mfa.listFactors();
  if (error) throw error;
  return data.all.filter((f) => f.factor_type === 'totp').map((f) => ({ id: f.id, verified: f.status === 'verified' }));
}

/** Starts a TOTP enrolment; enrolments never finished before are dropped first. */
export async function enrollTotp(friendlyName: string): Promise<TotpEnrolment> {
  const auth = getSupabase().auth;
  for (const f of await listTotpFactors()) if (!f.verified) await auth.mfa.unenroll({ factorId: f.id });
  const { data, error } = await auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** Checks a 6-digit code against the factor: the session becomes aal2 (and a new factor verified). */
export async function verifyTotp({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const { error } = await getSupabase().auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw error;
}

export async function removeTotp(factorId: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.unenroll({ factorId });
  if (error) throw error;
  await getSupabase().auth.refreshSession();
}

export interface SecurityKey {
  id: string;
  name: string;
}

/** The signed-in person's registered security keys (WebAuthn factors). */
export async function listSecurityKeys(): Promise<SecurityKey[]> {
  const { data, error } = await getSupabase().auth.mfa.listFactors();
  if (error) throw error;
  return data.all
    .filter((f) => f.factor_type === 'webauthn' && f.status === 'verified')
    .map((f) => ({ id: f.id, name: f.friendly_name ?? '' }));
}

/**
 * Registers a security key for this page's site (the browser asks to touch the key): the session becomes aal2.
 * Registrations never finished before are dropped first.
 */
export async function addSecurityKey(friendlyName: string): Promise<void> {
  const auth = getSupabase().auth;
  const { data, error: listError } = await auth.mfa.listFactors();
  if (listError) throw listError;
  for (const f of data.all)
    if (f.factor_type === 'webauthn' && f.status !== 'verified') await auth.mfa.unenroll({ factorId: f.id });
  const { error } = await auth.mfa.webauthn.register({ friendlyName });
  if (error) throw error;
}

/** The second step of a sign-in with a security key: the session becomes aal2. */
export async function verifyWithSecurityKey(factorId: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.webauthn.authenticate({ factorId });
  if (error) throw error;
}
