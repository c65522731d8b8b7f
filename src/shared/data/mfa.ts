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
